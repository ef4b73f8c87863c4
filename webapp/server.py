"""The production server for ``bridgelaws serve``: gunicorn, embedded through its
``BaseApplication`` API so the command needs no config file and never uses Flask's debug server.

The app is created once in the master (``preload_app``) with the corpus loaded, so workers fork
with it in shared memory; each worker opens the read-only search index on its first query.
"""

from __future__ import annotations

import os
from typing import Any

from gunicorn.app.base import BaseApplication

# gunicorn's "-" access log goes to stdout; requests are logged to stderr with the other logs.
ACCESS_LOG = "/dev/stderr"
ACCESS_FORMAT = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'


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
        "preload_app": True,
        "accesslog": ACCESS_LOG,
        "errorlog": "-",  # gunicorn's error log "-" is stderr
        "access_log_format": ACCESS_FORMAT,
        # The longest request line gunicorn accepts (its default is 4094): up to 8 kB the app
        # itself answers absurd input with a 400 that carries the security headers; past
        # that gunicorn answers 414 before the app is reached.
        "limit_request_line": 8190,
        "timeout": 30,
        "graceful_timeout": 10,
        "proc_name": "bridgelaws",
        "control_socket_disable": True,  # no admin socket in $HOME; several servers may run
        "worker_tmp_dir": "/dev/shm" if os.path.isdir("/dev/shm") else None,
    }


def production_app():
    """The app ``serve`` runs: debug and testing off whatever FLASK_DEBUG says, so no debugger,
    no propagated exceptions, no tracebacks can be reached from outside."""
    from webapp import create_app

    return create_app({"PRELOAD_CORPUS": True, "DEBUG": False, "TESTING": False, "PROPAGATE_EXCEPTIONS": False})


def startup_index():
    """The index, built if it is missing and rebuilt if it is damaged; a clear exit otherwise."""
    from indexer.build import BuildError, ensure_index

    try:
        return ensure_index(verify=True)
    except BuildError as exc:
        raise SystemExit(f"bridgelaws serve: {exc}") from None


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 2) -> None:
    """Build the index if it is missing (or rebuild it if damaged), then serve until interrupted."""
    startup_index()
    BridgeLawsServer(production_app(), server_options(host, port, workers)).run()
