"""Hostile bytes on the wire against the real ``bridgelaws serve`` (gunicorn in front of the app):
what the test client cannot send — oversized request lines, raw control characters, header
injection — is refused without a traceback, and app answers carry the security headers."""

from __future__ import annotations

import socket
import time

import pytest

from webapp.server import production_server


@pytest.fixture(scope="module")
def server(index, tmp_path_factory):
    log = tmp_path_factory.mktemp("live") / "stderr.log"
    # FLASK_DEBUG=1 in the environment: debug must stay off anyway
    with production_server(1, index=index, log=log, extra_env={"FLASK_DEBUG": "1"}) as (url, _pid):
        yield int(url.rsplit(":", 1)[1]), log


def raw(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(request)
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    data = b"".join(chunks)
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers, body


def get(path: bytes, extra: bytes = b"") -> bytes:
    return b"GET " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + extra + b"\r\n"


@pytest.mark.parametrize("what, request_bytes", [
    ("100 kB request line", get(b"/search?q=" + b"x" * 100_000)),
    ("100 kB header", get(b"/", b"X-Big: " + b"y" * 100_000 + b"\r\n")),
    ("raw null byte in the path", get(b"/laws/2017/12\x00C")),
    ("raw CR in the path", get(b"/laws/2017/12\rX-Injected: 1")),
    ("raw space in the path", get(b"/search?q=a b")),
    # A complete line: a sync worker waits for the end of the request line (see the report on slow clients).
    ("not HTTP at all", b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03" + b"\x00" * 64 + b"\r\n\r\n"),
    ("absolute URI to another host", b"GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_malformed_requests_are_refused_cleanly(server, what, request_bytes):
    port, log = server
    try:
        status, headers, body = raw(port, request_bytes)
    except (ConnectionError, IndexError, ValueError):
        return  # closing the connection on garbage is a clean refusal too
    assert status < 500 or status == 505, (what, status)
    assert b"Traceback" not in body and b"File \"" not in body
    assert "x-injected" not in headers


@pytest.mark.parametrize("path", [b"/", b"/laws/2017/12", b"/laws/2099/12", b"/api/laws/2017/94", b"/static/style.css",
                                  b"/search?q=12%0D%0ASet-Cookie:%20a=1", b"/laws/2017/12%0D%0AX-Injected:%201"])
def test_app_answers_carry_security_headers_and_no_injected_headers(server, path):
    port, _ = server
    status, headers, body = raw(port, get(path))
    assert status < 500
    assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert "set-cookie" not in headers and "x-injected" not in headers
    assert "location" not in headers or headers["location"].startswith(("/", "http://127.0.0.1"))


def test_server_log_has_no_traceback_after_hostile_input(server):
    port, log = server
    raw(port, get(b"/api/search?q=%22((revoke&limit=-1"))
    raw(port, get(b"/laws/2017/" + b"%00" * 200))
    time.sleep(0.2)
    assert "Traceback" not in log.read_text(errors="replace")


def test_a_long_query_under_8_kb_is_the_apps_own_400_with_headers(server):
    port, _ = server
    status, headers, body = raw(port, get(b"/api/search?q=" + b"x" * 6000))
    assert status == 400 and "content-security-policy" in headers
    assert b'"status":400' in body.replace(b" ", b"")
