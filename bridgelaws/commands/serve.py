"""``bridgelaws serve``: the web app behind gunicorn (see ``webapp.server``)."""

from __future__ import annotations

from bridgelaws.commands import SUMMARIES
from bridgelaws.errors import UsageError
from webapp.server import serve


def register(subparsers) -> None:
    parser = subparsers.add_parser("serve", help=SUMMARIES["serve"])
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.set_defaults(run=run)


def run(args) -> int:
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port} is not a port number (0–65535)")
    if not 1 <= args.workers <= 64:
        raise UsageError(f"--workers {args.workers} must be between 1 and 64")

    serve(args.host, args.port, args.workers)
    return 0
