"""The production server for ``bridgelaws serve``: gunicorn, embedded through its
``BaseApplication`` API so the command needs no config file and never uses Flask's debug server.

The app is created once in the master (``preload_app``) with the corpus loaded, so workers fork
with it in shared memory; each worker opens the read-only search index on its first query.

Why gevent workers (``SlowClientSafeWorker``): a sync worker reads a request's headers itself,
so a client that sends one header line every few seconds holds the whole worker (two such
clients took the site offline). Here each connection is a greenlet: a slow client holds a few
kB of memory, not a worker, and the app itself (CPU-bound, no waiting on I/O) runs as before.
Every phase a client controls has a total time limit, not only an inactivity one:
- request line and headers: ``HEADER_TIMEOUT_S`` from the connection's (or the previous
  answer's) start, so a client dribbling a line every few seconds is cut off all the same;
- the rest of a request (reading its body) and writing the answer: ``REQUEST_TIMEOUT_S``;
- connections per worker: ``MAX_CONNECTIONS_PER_WORKER``; beyond that gevent stops accepting.
gunicorn's own answers to malformed requests (400, 414 request line too long, 431 headers too
large) carry the same security headers as the app's (``write_error`` below).
In a worker ``threading.local`` stays per OS thread, not per request (``thread_locals_per_worker``).
"""

from __future__ import annotations

import contextlib
import html
import logging
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

# gevent is imported here, in the master, but patches nothing: gunicorn's GeventWorker monkey
# patches in each worker after the fork.
import gevent
from gevent import monkey
from gunicorn import glogging, util
from gunicorn.app.base import BaseApplication
from gunicorn.workers.ggevent import GeventWorker

from indexer.build import BuildError, ensure_index
from webapp import create_app
from webapp.security import HEADERS as SECURITY_HEADERS

# Requests are logged to stderr with the other logs (gunicorn's "-" is stdout; AccessLogger
# points it at stderr).
ACCESS_LOG = "-"
ACCESS_FORMAT = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'

HEADER_TIMEOUT_S = 10  # total time to send the request line and headers (also idle keep-alive)
REQUEST_TIMEOUT_S = 30  # total time to send the body and read the whole answer
MAX_CONNECTIONS_PER_WORKER = 1000  # open connections a worker holds at once (gevent pool size)
ROOT = Path(__file__).resolve().parent.parent


class SlowClientSafeWorker(GeventWorker):
    def init_process(self):
        util.write_error = write_error  # gunicorn's error answers, with the security headers
        super().init_process()

    def patch(self):
        super().patch()  # gevent's monkey.patch_all()
        thread_locals_per_worker()

    def timeout_ctx(self):
        # gunicorn wraps reading each request's line and headers in this: a total deadline
        # (False: when it expires the connection is closed quietly).
        return gevent.Timeout(HEADER_TIMEOUT_S, False)

    def handle_request(self, listener_name, req, sock, addr):
        try:
            with gevent.Timeout(REQUEST_TIMEOUT_S):
                return super().handle_request(listener_name, req, sock, addr)
        except gevent.Timeout:
            # Half an answer may be on the wire: close the connection (gunicorn's handle
            # loop treats StopIteration as "close quietly").
            self.log.info("request from %s timed out after %s s", addr[0] if addr else "?", REQUEST_TIMEOUT_S)
            raise StopIteration("request timed out") from None


def thread_locals_per_worker() -> None:
    """After gevent's patching, make ``threading.local`` per OS thread again, not per greenlet.

    Patched, each request (a new greenlet) got fresh thread-locals, so the search index kept one
    Whoosh searcher per "thread" (indexer/search.py) and opened a new one on every search: its
    table of contents read, its readers and their caches rebuilt, ~10 % of a search's CPU in
    the server. A worker is one OS thread and a request never yields in the middle of app code
    (it is CPU work; files are not cooperative), so its requests take turns with what a
    thread-local holds and never use it at once."""
    threading.local = monkey.get_original("threading", "local")


class AccessLogger(glogging.Logger):
    """gunicorn's logger, its access line built from only the atoms ``ACCESS_FORMAT`` uses:
    gunicorn's own copies every request header, answer header and environ entry into the dict
    for each request, about a tenth of what a cached page costs the server. The line is the
    same (gunicorn's SafeAtoms still escapes quotes and fills in "-").

    It also writes the access log to the process's stderr stream itself: gunicorn would reopen
    ``/dev/stderr`` as a file of its own, whose offset and the error log's write over each other
    when stderr is a file opened without append (``bridgelaws serve 2> serve.log``)."""

    def setup(self, cfg):
        super().setup(cfg)
        for handler in self.access_log.handlers:
            if getattr(handler, "_gunicorn", False) and type(handler) is logging.StreamHandler:
                handler.setStream(sys.stderr)

    def atoms(self, resp, req, environ, request_time):
        status = resp.status
        if isinstance(status, str):
            status = status.split(None, 1)[0]
        sent = getattr(resp, "sent", None)
        return {
            "h": environ.get("REMOTE_ADDR", "-"),
            "r": f"{environ['REQUEST_METHOD']} {environ['RAW_URI']} {environ['SERVER_PROTOCOL']}",
            "s": status,
            "b": str(sent) if sent is not None else "-",
            "M": request_time.seconds * 1000 + request_time.microseconds // 1000,
            "a": environ.get("HTTP_USER_AGENT", "-"),
        }


def write_error(sock, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's ``util.write_error`` with the app's security headers (gunicorn's own has none)."""
    body = (f"<!doctype html><title>{status_int} {html.escape(reason)}</title>"
            f"<h1>{status_int} {html.escape(reason)}</h1><p>{html.escape(mesg)}</p>\n").encode("utf-8")
    head = [f"HTTP/1.1 {status_int} {reason}", "Connection: close", "Content-Type: text/html; charset=utf-8",
            f"Content-Length: {len(body)}", *(f"{name}: {value}" for name, value in SECURITY_HEADERS.items())]
    util.write_nonblock(sock, ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)


class BridgeLawsServer(BaseApplication):
    def __init__(self, app, options: dict[str, Any]):
        self.application = app
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings and value is not None:
                self.cfg.set(key, value)

    def load(self):
        return self.application


def server_options(host: str, port: int, workers: int) -> dict[str, Any]:
    return {
        "bind": f"{host}:{port}",
        "workers": workers,
        "worker_class": SlowClientSafeWorker,
        "logger_class": AccessLogger,
        "worker_connections": MAX_CONNECTIONS_PER_WORKER,
        "keepalive": HEADER_TIMEOUT_S,  # the header deadline above applies only while keep-alive is on
        "preload_app": True,
        "accesslog": ACCESS_LOG,
        "errorlog": "-",  # gunicorn's error log "-" is stderr
        "access_log_format": ACCESS_FORMAT,
        # The longest request line gunicorn accepts (its default is 4094): up to 8 kB the app
        # itself answers absurd input with a 400 that carries the security headers; past
        # that gunicorn answers 414 (with the same headers, see write_error).
        "limit_request_line": 8190,
        "limit_request_fields": 100,
        "limit_request_field_size": 8190,
        "timeout": 30,  # a worker whose loop is blocked this long (a runaway request) is restarted
        "graceful_timeout": 10,
        "proc_name": "bridgelaws",
        "control_socket_disable": True,  # no admin socket in $HOME; several servers may run
        "worker_tmp_dir": "/dev/shm" if os.path.isdir("/dev/shm") else None,
    }


def production_app():
    """The app ``serve`` runs: debug and testing off whatever FLASK_DEBUG says, so no debugger,
    no propagated exceptions, no tracebacks can be reached from outside."""
    return create_app({"PRELOAD_CORPUS": True, "DEBUG": False, "TESTING": False, "PROPAGATE_EXCEPTIONS": False})


def startup_index():
    """The index, built if it is missing and rebuilt if it is damaged; a clear exit otherwise."""
    try:
        return ensure_index(verify=True)
    except BuildError as exc:
        raise SystemExit(f"bridgelaws serve: {exc}") from None


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 2) -> None:
    """Build the index if it is missing (or rebuild it if damaged), then serve until interrupted."""
    startup_index()
    BridgeLawsServer(production_app(), server_options(host, port, workers)).run()


# -- a real server for tests and the load benchmark ---------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def production_server(workers: int = 2, index: Path | None = None, log: Path | None = None,
                      search_cache: bool = True, extra_env: dict[str, str] | None = None):
    """``bridgelaws serve`` on a free loopback port, in a child process; yields (url, pid) once it
    answers, and stops it on exit. Tests that need a real server and ``bench.load`` start it here."""
    port = free_port()
    env = dict(os.environ, **(extra_env or {}))
    if not search_cache:
        env["BRIDGELAWS_SEARCH_CACHE"] = "0"
    if index is not None:
        env["BRIDGELAWS_INDEX"] = str(index)
    log = log or Path(tempfile.mkstemp(prefix="bridgelaws-serve-", suffix=".log")[1])
    with open(log, "wb") as err:
        server = subprocess.Popen([sys.executable, "-m", "bridgelaws", "serve", "--host", "127.0.0.1",
                                   "--port", str(port), "--workers", str(workers)],
                                  cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(url + "/", timeout=2).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start:\n" + log.read_text(errors="replace")[-2000:]) from None
                time.sleep(0.2)
        yield url, server.pid
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
