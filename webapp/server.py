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
        "timeout": 30,
        "graceful_timeout": 10,
        "proc_name": "bridgelaws",
        "control_socket_disable": True,  # no admin socket in $HOME; several servers may run
        "worker_tmp_dir": "/dev/shm" if os.path.isdir("/dev/shm") else None,
    }


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 2) -> None:
    """Build the index if it is missing, then serve until interrupted."""
    from indexer.build import ensure_index
    from webapp import create_app

    ensure_index()
    app = create_app({"PRELOAD_CORPUS": True})
    BridgeLawsServer(app, server_options(host, port, workers)).run()
