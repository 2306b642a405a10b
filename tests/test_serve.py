"""tools/serve.py, the local server of bin/play, the browser tests and the benchmarks."""

from __future__ import annotations

import socket
import struct
import threading
import time
import urllib.request
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
