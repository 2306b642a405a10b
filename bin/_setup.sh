# Shared set-up for bin/play and bin/test (sourced, not run).
# Creates .venv and node_modules when missing or out of date; safe to repeat.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

say() { printf '\n==> %s\n' "$*"; }

stamp_of() { sha256sum "$@" | sha256sum | cut -c1-16; }

setup_python() {
  local stamp_file=.venv/.scopa-installed stamp
  stamp="$(stamp_of pyproject.toml constraints.txt)"
  if [ ! -x .venv/bin/python ]; then
    say "creating .venv"
    python3 -m venv .venv
  fi
  if [ "$(cat "$stamp_file" 2>/dev/null)" != "$stamp" ]; then
    say "installing Python packages (pip install -c constraints.txt -e '.[dev]')"
    # PIP_CONSTRAINT pins the build backend (setuptools) in pip's isolated build too
    PIP_CONSTRAINT="$ROOT/constraints.txt" .venv/bin/python -m pip install --quiet \
      -c constraints.txt -e '.[dev]'
    echo "$stamp" > "$stamp_file"
  fi
}

setup_node() {
  local stamp_file=node_modules/.scopa-installed stamp
  stamp="$(stamp_of package.json package-lock.json)"
  if [ "$(cat "$stamp_file" 2>/dev/null)" != "$stamp" ]; then
    say "installing the browser runtimes (npm ci)"
    npm ci --no-audit --no-fund
    echo "$stamp" > "$stamp_file"
  fi
}

# The browsers the tests drive, from Debian's packages (Playwright cannot download
# its own here): Chromium (e2e/), Firefox ESR and WebKitGTK's WebDriver with a
# virtual display (the cross-engine suite, e2e/engines/).
BROWSER_PACKAGES=(chromium firefox-esr webkit2gtk-driver xvfb)
BROWSER_FILES=(/usr/bin/chromium /usr/bin/firefox-esr /usr/bin/WebKitWebDriver /usr/bin/Xvfb)

setup_browsers() {
  local missing=() k
  for k in "${!BROWSER_FILES[@]}"; do
    [ -x "${BROWSER_FILES[$k]}" ] || missing+=("${BROWSER_PACKAGES[$k]}")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "missing browsers: install them with 'sudo apt-get install -y ${missing[*]}'" >&2
    return 1
  fi
  say "installing the browsers (apt-get install ${missing[*]})"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
}
