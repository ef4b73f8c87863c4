"""``bridgelaws bench relevance|speed|all``: the measurements (not a test).

A thin adapter: the measuring code is the dev-only ``bench`` package of the source checkout
(bench/README.md), which the wheel leaves out. ``bin/setup`` installs it beside the project
(an editable install of bench/pyproject.toml); without it this command says so in one line.
"""

from __future__ import annotations

from bridgelaws.commands import SUMMARIES
from bridgelaws.errors import UsageError

try:
    from bench import commands
except ModuleNotFoundError as error:  # an installed wheel: bench/ is not part of it
    if error.name != "bench":
        raise  # bench is there but broken: show why
    commands = None

GET_BENCH = ("the benchmarks are the dev-only 'bench' package of the source checkout: "
             "run bin/setup test,bench there (or pip install -e ./bench)")


def register(subparsers) -> None:
    parser = subparsers.add_parser("bench", help=SUMMARIES["bench"])
    parser.add_argument("what", choices=("relevance", "speed", "all"))
    parser.add_argument("--duration", type=float, default=60.0, help="all: seconds per load run (default 60)")
    parser.add_argument("--no-tantivy", action="store_true", help="skip the tantivy comparison")
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(run=run)


def run(args) -> int:
    if not 1 <= args.duration <= 600:
        raise UsageError(f"--duration {args.duration} must be between 1 and 600 seconds")
    if commands is None:
        raise UsageError(GET_BENCH)
    return commands.run(args.what, as_json=args.json, duration=args.duration, tantivy=not args.no_tantivy)
