"""Serve the built site (dist/) on 127.0.0.1 for playing and testing.

    python -m tools.serve [--port 8000] [--dir dist] [--csp] [--no-gzip]

`--port 0` picks a free port. The address is printed once the server listens.
With `--csp` every response carries the Content-Security-Policy of
netlify.toml, so the production policy can be tried locally.

Files are sent gzip-compressed to a browser that accepts it, as a static host
(Netlify) sends them: measuring a phone's first visit over raw bytes would
count 15 MB where a person downloads 5 (tools/lighthouse.py, webbench
--phone). Images and fonts, compressed already, go as they are. Each file is
compressed once (level 6) and kept in memory while it is unchanged.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import os
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

# Compressed already: sent as they are.
NOT_COMPRESSED = frozenset({".png", ".webp", ".woff2", ".jpg", ".gz", ".br"})


class GzipCache:
    """Each file's gzip bytes, made once and kept while its size and time are the same."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._files: dict[str, tuple[tuple[int, int], bytes]] = {}

    def of(self, path: str) -> bytes | None:
        try:
            stat = os.stat(path)
        except OSError:
            return None
        stamp = (stat.st_size, stat.st_mtime_ns)
        with self._lock:
            kept = self._files.get(path)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        try:
            with open(path, "rb") as fh:
                data = gzip.compress(fh.read(), compresslevel=6, mtime=0)
        except OSError:
            return None
        with self._lock:
            self._files[path] = (stamp, data)
        return data


GZIP_CACHE = GzipCache()


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
    compress: ClassVar[bool] = True
    # When set, every answered request is appended as (path, status).
    request_log: ClassVar[list[tuple[str, int]] | None] = None
    # the gzip body of the response being sent, if it is compressed
    _gzip_body: bytes | None = None

    def send_head(self) -> Any:
        self._gzip_body = self._compressed()
        body = super().send_head()
        if body is None or self._gzip_body is None:
            return body
        body.close()
        return io.BytesIO(self._gzip_body)

    def _compressed(self) -> bytes | None:
        """The gzip bytes to send instead of the file, or None to send it as it is."""
        accepted = self.headers.get("Accept-Encoding", "")
        if not self.compress or "gzip" not in accepted:
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].endswith("/"):
                return None  # the redirect to the folder's address
            path = os.path.join(path, "index.html")
        if os.path.splitext(path)[1].lower() in NOT_COMPRESSED or not os.path.isfile(path):
            return None
        return GZIP_CACHE.of(path)

    def send_header(self, keyword: str, value: str) -> None:
        if self._gzip_body is not None and keyword.lower() == "content-length":
            value = str(len(self._gzip_body))
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        name = self.path.split("?", 1)[0].rsplit("/", 1)[-1]
        if name in NO_CACHE_NAMES:
            self.send_header("Cache-Control", "no-cache")
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
        if self._gzip_body is not None:
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        self._gzip_body = None  # an error page is not the file
        super().send_error(code, message, explain)

    def send_response(self, code: int, message: str | None = None) -> None:
        if code != 200:
            self._gzip_body = None  # a 304 or a redirect has no body to compress
        super().send_response(code, message)

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
    compress: bool = True,
) -> ThreadingHTTPServer:
    """A ThreadingHTTPServer for `directory`, not yet serving."""
    if not (directory / "index.html").is_file():
        raise FileNotFoundError(f"{directory}/index.html is missing: run `python -m tools.build`")
    attrs = {"csp": csp, "quiet": quiet, "request_log": request_log, "compress": compress}
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
    compress: bool = True,
) -> Iterator[ThreadingHTTPServer]:
    """Serve on a free port in a background thread for the duration of the block."""
    server = make_server(
        directory, csp=csp, quiet=quiet, request_log=request_log, compress=compress
    )
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
    parser.add_argument(
        "--gzip",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="compress what a browser accepts compressed, as a static host does (default)",
    )
    args = parser.parse_args(argv)
    try:
        server = make_server(
            args.dir,
            args.port,
            csp=netlify_csp() if args.csp else None,
            quiet=args.quiet,
            compress=args.gzip,
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
