"""``bridgelaws serve`` itself (gunicorn, the workers it runs) against hostile clients (issue 12):
slow clients that dribble headers, a client that never finishes its headers, oversized request
lines and headers, a forged Host header, and an index segment truncated under a running server."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from webapp.security import HEADERS
from webapp.server import HEADER_TIMEOUT_S, production_server


@pytest.fixture(scope="module")
def live(index, tmp_path_factory):
    log = tmp_path_factory.mktemp("live-limits") / "serve.log"
    with production_server(2, index=index, log=log) as (url, _pid):
        yield url, int(url.rsplit(":", 1)[1]), log


def raw_exchange(port: int, data: bytes, wait: float = 5.0) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
        sock.sendall(data)
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except (socket.timeout, ConnectionResetError):
            pass
    return answer


def head_of(answer: bytes) -> tuple[int, dict[str, str]]:
    lines = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers


def test_slow_clients_do_not_starve_other_readers(live):
    """Twenty connections each sending one header line a second: with two sync workers the site
    answered nothing until gunicorn's 30 s timeout; now every other request is answered at once."""
    url, port, _log = live
    stop = threading.Event()
    opened = []

    def dribble(n):
        with socket.create_connection(("127.0.0.1", port)) as sock:
            opened.append(n)
            sock.sendall(b"GET /laws/2017/12 HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            line = 0
            while not stop.wait(1.0):
                line += 1
                try:
                    sock.sendall(b"X-Slow-%d: a\r\n" % line)
                except OSError:
                    return

    attackers = [threading.Thread(target=dribble, args=(n,), daemon=True) for n in range(20)]
    for thread in attackers:
        thread.start()
    try:
        time.sleep(1.5)  # every slow client connected and holding its connection
        assert len(opened) == 20
        latencies = []
        for path in ("/laws/2017/16", "/api/laws/2017/12C1", "/search?q=revoke", "/laws/1987/75", "/api/score?contract=4SX-2") * 4:
            began = time.monotonic()
            with urllib.request.urlopen(url + path, timeout=10) as answer:
                assert answer.status == 200
            latencies.append(time.monotonic() - began)
        assert max(latencies) < 2.0, latencies
    finally:
        stop.set()
        for thread in attackers:
            thread.join(5)


def test_headers_have_a_total_deadline_not_only_an_idle_one(live):
    """A client sending a header line every second is never idle, and is cut off all the same."""
    _url, port, _log = live
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        began = time.monotonic()
        cut = None
        for line in range(HEADER_TIMEOUT_S * 3):
            time.sleep(1.0)
            try:
                sock.sendall(b"X-Line-%d: a\r\n" % line)
                sock.settimeout(0.01)
                if sock.recv(1) == b"":
                    cut = time.monotonic() - began
                    break
            except socket.timeout:
                continue
            except OSError:
                cut = time.monotonic() - began
                break
    assert cut is not None and cut <= HEADER_TIMEOUT_S + 3, cut


@pytest.mark.parametrize(
    "request_bytes, status",
    [
        (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),  # request line too long
        (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n", 431),  # one header too large
        (b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(200)) + b"\r\n", 431),
        (b"GET / HTTP/1.1\r\nHost: x\r\nBad Header Name: 1\r\n\r\n", 400),  # gunicorn's own 400
    ],
)
def test_the_servers_own_error_answers_carry_the_security_headers(live, request_bytes, status):
    _url, port, _log = live
    got, headers = head_of(raw_exchange(port, request_bytes))
    assert got == status
    for name, value in HEADERS.items():
        assert headers.get(name.lower()) == value, name


def test_redirects_are_relative_whatever_the_host_header(live):
    _url, port, _log = live
    answer = raw_exchange(port, b"GET /laws//2017/12 HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
    status, headers = head_of(answer)
    assert status in (301, 302, 308) and headers["location"] == "/laws/2017/12"
    answer = raw_exchange(port, b"GET /laws/2017/12C1 HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
    status, headers = head_of(answer)
    assert status == 302 and headers["location"] == "/laws/2017/12#law-12C1"


def test_a_workers_requests_share_its_thread_locals_under_gevent():
    """What a gevent worker does after forking (gunicorn's patch, then ours), in a fresh
    interpreter: a thread-local set by one greenlet (request) is seen by the next, so the index
    keeps one Whoosh searcher per worker instead of opening one per search."""
    code = (
        "from gevent import monkey; monkey.patch_all()\n"
        "import gevent, threading\n"
        "from webapp.server import thread_locals_per_worker\n"
        "def seen(local):\n"
        "    gevent.spawn(setattr, local, 'searcher', 'opened').join()\n"
        "    return gevent.spawn(getattr, local, 'searcher', None).get()\n"
        "before = seen(threading.local())\n"
        "thread_locals_per_worker()\n"
        "print(before, seen(threading.local()))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["None", "opened"]  # per greenlet when patched; per worker after


def test_each_request_is_one_access_log_line_on_stderr_with_the_logs(index, tmp_path):
    """The access log shares stderr with gunicorn's own lines and survives them: stderr here is a
    file opened without append, where a second file offset (gunicorn reopening /dev/stderr)
    had the shutdown lines write over the requests. Quotes in a logged value are escaped."""
    log = tmp_path / "serve.log"
    with production_server(1, index=index, log=log) as (url, _pid):
        request = urllib.request.Request(url + "/laws/2017/12?probe=access-log",
                                         headers={"User-Agent": 'tester "quoted" agent'})
        with urllib.request.urlopen(request, timeout=10) as answer:
            size = len(answer.read())
    text = log.read_text(errors="replace")
    lines = [line for line in text.splitlines() if "probe=access-log" in line]
    assert len(lines) == 1, text[-2000:]
    assert lines[0].startswith('127.0.0.1 "GET /laws/2017/12?probe=access-log HTTP/1.1" 200 ')
    assert f" 200 {size} " in lines[0] and lines[0].endswith('ms "tester \\"quoted\\" agent"')
    assert "Listening at: http://127.0.0.1:" in text and "Shutting down: Master" in text


def test_a_segment_truncated_under_a_running_server_is_503_not_a_killed_worker(index, tmp_path):
    """Whoosh used to mmap the segments: reading past the new end of a truncated file killed the
    worker with SIGBUS (the client saw its connection dropped). A query that needs the damaged
    file is 503; one answered before the damage may be answered again from the postings the
    worker keeps in memory (indexer/scorer.py) — never a dropped connection."""
    shutil.copytree(index.resolve(), tmp_path / "index-copy")
    (tmp_path / "index").symlink_to("index-copy")
    log = tmp_path / "serve.log"
    with production_server(1, index=tmp_path / "index", log=log, search_cache=False) as (url, _pid):
        with urllib.request.urlopen(url + "/search?q=revoke", timeout=10) as answer:
            assert answer.status == 200  # the worker has the index open
            before = answer.read()
        segment = max((tmp_path / "index-copy").glob("*.seg"), key=lambda p: p.stat().st_size)
        os.truncate(segment, segment.stat().st_size // 2)
        for query in ("dummy", "claim", "%E5%A4%A2%E5%AE%B6"):
            for path in (f"/search?q={query}", f"/api/search?q={query}"):
                with pytest.raises(urllib.error.HTTPError) as failed:
                    urllib.request.urlopen(url + path, timeout=10)
                assert failed.value.code == 503, path
        try:
            with urllib.request.urlopen(url + "/search?q=revoke", timeout=10) as answer:
                assert answer.read() == before  # from memory: the same answer
        except urllib.error.HTTPError as failed:
            assert failed.code == 503
        with urllib.request.urlopen(url + "/laws/2017/12", timeout=10) as answer:
            assert answer.status == 200  # the law pages still work
    assert "SIGBUS" not in log.read_text(errors="replace")
