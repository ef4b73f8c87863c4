"""``bridgelaws``: the command line. Each command lives in ``bridgelaws.commands.<name>``.

Exit codes: 0 success, 1 not found (unknown citation or law) or a missing source text or damaged
index, 2 malformed input. Errors are one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys

from corpus.requests import Absent, Malformed
from corpus.citations import CitationError
from corpus.sources import SourceError
from indexer.build import BuildError

COMMANDS = ("serve", "build", "lookup", "search", "compare", "export", "references", "score", "imps", "matchpoints", "bench")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's default exits 2 too; keep one line
        self.exit(2, f"bridgelaws: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="bridgelaws", description="The Laws of Duplicate Bridge: lookup, search, compare, score.")
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
    arguments = sys.argv[1:] if argv is None else argv
    for position, argument in enumerate(arguments, 1):
        try:
            argument.encode("utf-8")
        except UnicodeEncodeError:  # undecodable bytes in argv arrive as lone surrogates
            print(f"bridgelaws: argument {position} is not valid UTF-8 text: {argument.encode('utf-8', 'replace')[:60]!r}",
                  file=sys.stderr)
            return 2
    parser = build_parser()
    args = parser.parse_args(arguments)
    if sys.stdout is None and args.command != "serve":  # started with stdout closed (`>&-`)
        print("bridgelaws: standard output is closed; nothing can be written", file=sys.stderr)
        return 1
    try:
        status = int(args.run(args) or 0)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk shows here, not at interpreter exit
        return status
    except Absent as exc:  # NotFoundError, a law or provision that does not exist
        print(f"bridgelaws: {exc}", file=sys.stderr)
        return 1
    except (Malformed, CitationError) as exc:  # UsageError, unreadable input
        print(f"bridgelaws: {exc}", file=sys.stderr)
        return 2
    except (SourceError, BuildError) as exc:  # a broken checkout or index, not the user's input
        print(f"bridgelaws: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `bridgelaws export | head`
        _silence_stdout()
        return 0
    except OSError as exc:
        if exc.filename is not None:  # a file the command reads or writes, named in the message
            print(f"bridgelaws: {exc.strerror or exc}: {exc.filename}", file=sys.stderr)
        else:  # writing the answer failed (`> /dev/full`)
            _silence_stdout()
            print(f"bridgelaws: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's flush at exit cannot fail a second time
    (the remedy the Python docs give for SIGPIPE)."""
    with contextlib.suppress(OSError, AttributeError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
