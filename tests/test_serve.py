"""tools/serve.py, the local server of bin/play, the browser tests and the benchmarks."""

from __future__ import annotations

import gzip
import socket
import struct
import threading
import time
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path

import pytest

from tools.serve import serving, url_of

BIG = 20_000_000  # more than the socket buffers take: the server is still sending


def reset_mid_file(address: tuple[str, int], path: str) -> None:
    """Ask for a file, read a little of it, and close with a reset (as a browser
    does when a tab or a test's context closes while a file is on its way)."""
    with socket.create_connection(address) as conn:
        conn.sendall(f"GET {path} HTTP/1.1\r\nHost: test\r\n\r\n".encode())
        assert conn.recv(1024).startswith(b"HTTP/1.0 200")
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def test_a_reset_connection_is_not_printed_as_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    (tmp_path / "big.bin").write_bytes(b"x" * BIG)
    with serving(tmp_path) as server:
        host, port = server.server_address[:2]
        before = threading.active_count()
        for _ in range(3):
            reset_mid_file((str(host), int(port)), "/big.bin")
        # the handlers notice the reset on their next write, then end
        deadline = time.monotonic() + 10
        while threading.active_count() > before and time.monotonic() < deadline:
            time.sleep(0.05)
        with urllib.request.urlopen(url_of(server)) as response:  # still serving
            assert response.status == 200
    err = capsys.readouterr().err
    assert "Traceback" not in err, err


def fetch(url: str, gzip_ok: bool, since: str | None = None) -> tuple[int, Message, bytes]:
    request = urllib.request.Request(url)
    if gzip_ok:
        request.add_header("Accept-Encoding", "gzip, deflate, br")
    if since:
        request.add_header("If-Modified-Since", since)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, b""


def test_files_go_compressed_to_a_browser_that_accepts_it_as_a_static_host_sends_them(
    tmp_path: Path,
) -> None:
    page = ("<!doctype html><title>t</title>" + "<p>scopa</p>" * 2000).encode()
    (tmp_path / "index.html").write_bytes(page)
    (tmp_path / "engine.wasm").write_bytes(bytes(range(256)) * 400)
    (tmp_path / "icon.png").write_bytes(b"\x89PNG" + b"\0" * 5000)
    with serving(tmp_path) as server:
        base = url_of(server)
        status, headers, body = fetch(base, gzip_ok=True)
        assert status == 200
        assert headers["Content-Encoding"] == "gzip"
        assert int(headers["Content-Length"]) == len(body) < len(page) // 10
        assert gzip.decompress(body) == page
        assert headers["Vary"] == "Accept-Encoding"
        # a client that does not ask for it gets the bytes as they are
        status, headers, body = fetch(base + "index.html", gzip_ok=False)
        assert "Content-Encoding" not in headers and body == page
        status, headers, body = fetch(base + "engine.wasm", gzip_ok=True)
        assert headers["Content-Type"] == "application/wasm"
        assert gzip.decompress(body) == (tmp_path / "engine.wasm").read_bytes()
        # pictures are compressed already
        status, headers, body = fetch(base + "icon.png", gzip_ok=True)
        assert "Content-Encoding" not in headers and len(body) == 5004
        # revalidation still answers 304 without a body, and a missing file 404
        status, headers, body = fetch(base, gzip_ok=True, since=headers["Last-Modified"])
        assert status == 304 and "Content-Encoding" not in headers and body == b""
        status, headers, body = fetch(base + "nothing.js", gzip_ok=True)
        assert status == 404 and "Content-Encoding" not in headers


def test_a_changed_file_is_compressed_again(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>one</title>", encoding="utf-8")
    with serving(tmp_path) as server:
        assert gzip.decompress(fetch(url_of(server), gzip_ok=True)[2]).endswith(b"one</title>")
        (tmp_path / "index.html").write_text("<!doctype html><title>two!</title>", "utf-8")
        assert gzip.decompress(fetch(url_of(server), gzip_ok=True)[2]).endswith(b"two!</title>")
