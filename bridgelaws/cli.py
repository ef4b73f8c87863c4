"""``bridgelaws``: the command line. Each command lives in ``bridgelaws.commands.<name>``.

Exit codes: 0 success, 1 not found (unknown citation or law) or a missing source text or damaged
index, 2 malformed input. Errors are one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from bridgelaws.errors import NotFoundError, UsageError
from corpus.citations import CitationError
from corpus.sources import SourceError
from indexer.build import BuildError

COMMANDS = ("serve", "build", "lookup", "search", "compare", "export", "references", "score", "imps", "matchpoints", "bench")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's default exits 2 too; keep one line
        self.exit(2, f"bridgelaws: {message}\n")


def _version() -> str:
    """The installed distribution's version (pyproject.toml), not a second copy of it."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bridgelaws")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="bridgelaws", description="The Laws of Duplicate Bridge: lookup, search, compare, score.")
    parser.add_argument("--version", action="version", version=f"bridgelaws {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"bridgelaws.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"bridgelaws.commands.{name}":
                raise
            continue  # command not built yet
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except NotFoundError as exc:
        print(f"bridgelaws: {exc}", file=sys.stderr)
        return 1
    except (UsageError, CitationError) as exc:
        print(f"bridgelaws: {exc}", file=sys.stderr)
        return 2
    except (SourceError, BuildError) as exc:  # a broken checkout or index, not the user's input
        print(f"bridgelaws: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `bridgelaws export | head`
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
