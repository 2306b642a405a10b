"""How the browser tests (e2e/) and the browser benchmark (tools/webbench.py)
start Debian's Chromium: one list, so that the figures are measured in the
browser the tests drive. Playwright cannot download a browser of its own here."""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
