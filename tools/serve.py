"""Serve the built site (dist/) on 127.0.0.1 for playing and testing.

    python -m tools.serve [--port 8000] [--dir dist] [--csp]

`--port 0` picks a free port. The address is printed once the server listens.
With `--csp` every response carries the Content-Security-Policy of
netlify.toml, so the production policy can be tried locally.
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NETLIFY_TOML = ROOT / "netlify.toml"

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".css": "text/css",
    ".html": "text/html",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".webp": "image/webp",
    ".zip": "application/zip",
    ".py": "text/plain",
    ".toml": "text/plain",
    ".txt": "text/plain",
    ".woff2": "font/woff2",
}

# Revalidated on every load: they decide which version of the app runs.
NO_CACHE_NAMES = frozenset({"sw.js", "index.html", ""})


def netlify_csp(path: Path = NETLIFY_TOML) -> str:
    """The Content-Security-Policy header value configured in netlify.toml."""
    import tomllib

    with path.open("rb") as fh:
        config = tomllib.load(fh)
    for rule in config.get("headers", []):
        value = rule.get("values", {}).get("Content-Security-Policy")
        if isinstance(value, str):
            return re.sub(r"\s+", " ", value).strip()
    raise ValueError(f"{path} has no Content-Security-Policy header")


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the MIME types and cache headers the app needs."""

    extensions_map = {  # noqa: RUF012 -- http.server's own mutable class attribute
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    csp: ClassVar[str | None] = None
    quiet: ClassVar[bool] = False
    # When set, every answered request is appended as (path, status).
    request_log: ClassVar[list[tuple[str, int]] | None] = None

    def end_headers(self) -> None:
        name = self.path.split("?", 1)[0].rsplit("/", 1)[-1]
        if name in NO_CACHE_NAMES:
            self.send_header("Cache-Control", "no-cache")
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if self.request_log is not None:
            status = int(code) if isinstance(code, int) or str(code).isdigit() else 0
            self.request_log.append((self.path, status))
        super().log_request(code, size)

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: Path = DIST,
    port: int = 0,
    host: str = "127.0.0.1",
    csp: str | None = None,
    quiet: bool = False,
    request_log: list[tuple[str, int]] | None = None,
) -> ThreadingHTTPServer:
    """A ThreadingHTTPServer for `directory`, not yet serving."""
    if not (directory / "index.html").is_file():
        raise FileNotFoundError(f"{directory}/index.html is missing: run `python -m tools.build`")
    attrs = {"csp": csp, "quiet": quiet, "request_log": request_log}
    handler = type("Handler", (SiteHandler,), attrs)
    server = SiteServer((host, port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    return server


class SiteServer(ThreadingHTTPServer):
    """A browser that closes a tab (or a test its context) while a file is sent
    resets the connection: that is no error of the site's, so it is not printed
    with a traceback as socketserver does with every exception."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def url_of(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/"


@contextmanager
def serving(
    directory: Path = DIST,
    csp: str | None = None,
    quiet: bool = True,
    request_log: list[tuple[str, int]] | None = None,
) -> Iterator[ThreadingHTTPServer]:
    """Serve on a free port in a background thread for the duration of the block."""
    server = make_server(directory, csp=csp, quiet=quiet, request_log=request_log)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve dist/ on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--dir", type=Path, default=DIST, help="folder to serve")
    parser.add_argument("--csp", action="store_true", help="send netlify.toml's CSP header")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    try:
        server = make_server(
            args.dir, args.port, csp=netlify_csp() if args.csp else None, quiet=args.quiet
        )
    except (FileNotFoundError, OSError, ValueError) as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 1
    print(f"Scopa is served at {url_of(server)}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
