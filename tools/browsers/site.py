"""The built site (dist/) served for a browser we cannot give an init script
(issue 31): WebKitGTK's WebDriver has none, so what a test or a benchmark must
see from the first moment (a console probe, a start-up mark) is put into the
page itself, as scripts at the top of index.html's head, served from the same
origin (netlify.toml's policy allows 'self' scripts; nothing inline). Each
script gets its own path under /__probe__/; a probe reports with
navigator.sendBeacon('/__probe__', JSON), which the server keeps in `reports`.

Everything else is tools/serve.py's handler, with the production
Content-Security-Policy. stop() takes the server off the network (offline tests).
"""

from __future__ import annotations

import functools
import json
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from tools.serve import DIST, SiteHandler, SiteServer, netlify_csp, url_of

PROBE_PATH = "/__probe__"

# Console errors, uncaught exceptions, failed loads and CSP violations, reported to
# the server. sendBeacon is a same-origin POST: connect-src 'self' allows it, and the
# service worker answers GETs only.
CONSOLE_PROBE = """(() => {
  const report = (kind, text) => {
    try {
      const said = JSON.stringify({kind, text: String(text).slice(0, 600), at: location.href});
      navigator.sendBeacon('/__probe__', said);
    } catch (error) { /* a report is a courtesy */ }
  };
  const error = console.error.bind(console);
  console.error = (...args) => { report('console', args.map(String).join(' ')); error(...args); };
  addEventListener('error', (e) => {
    const where = e.target && e.target !== window ? (e.target.src || e.target.href || '') : '';
    report('javascript', (e.message || 'failed to load') + ' ' + where);
  }, true);
  addEventListener('unhandledrejection',
    (e) => report('rejection', (e.reason && e.reason.message) || e.reason));
  document.addEventListener('securitypolicyviolation',
    (e) => report('csp', e.violatedDirective + ' ' + e.blockedURI));
})();
"""


class ProbedHandler(SiteHandler):
    """dist/ under the production policy, with the probes first in index.html."""

    directory_path: ClassVar[Path] = DIST
    probes: ClassVar[list[str]] = []
    reports: ClassVar[list[dict[str, Any]]] = []

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path.startswith(PROBE_PATH + "/") and path.endswith(".js"):
            number = path[len(PROBE_PATH) + 1 : -3]
            if number.isdigit() and int(number) < len(self.probes):
                self.answer(self.probes[int(number)].encode("utf-8"), "text/javascript")
                return
        if path in ("/", "/index.html"):
            tags = "".join(
                f'\n  <script src="{PROBE_PATH}/{k}.js"></script>' for k in range(len(self.probes))
            )
            page = (self.directory_path / "index.html").read_bytes()
            self.answer(page.replace(b"<head>", b"<head>" + tags.encode(), 1), "text/html")
            return
        super().do_GET()

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(min(length, 100_000))
        if self.path.split("?", 1)[0] == PROBE_PATH:
            try:
                self.reports.append(json.loads(body))
            except ValueError:
                self.reports.append({"kind": "probe", "text": body[:200].decode("latin-1")})
        self.send_response(204)
        self.end_headers()

    def answer(self, body: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        self.wfile.write(body)


class ProbedSite:
    """A server of `directory` on a free port of 127.0.0.1, with these probes."""

    def __init__(self, probes: list[str], directory: Path = DIST) -> None:
        if not (directory / "index.html").is_file():
            raise FileNotFoundError(f"{directory}/index.html is missing: python -m tools.build")
        self.reports: list[dict[str, Any]] = []
        attrs = {
            "csp": netlify_csp(),
            "quiet": True,
            "probes": list(probes),
            "reports": self.reports,
            "directory_path": directory,
        }
        handler = type("Handler", (ProbedHandler,), attrs)
        self.server: ThreadingHTTPServer = SiteServer(
            ("127.0.0.1", 0), functools.partial(handler, directory=str(directory))
        )
        self.server.daemon_threads = True
        self.url = url_of(self.server)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.server.shutdown()
            self.server.server_close()
            self.thread.join()
            self.running = False

    def __enter__(self) -> ProbedSite:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
