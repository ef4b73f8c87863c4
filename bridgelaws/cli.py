"""``bridgelaws``: the command line. Each command lives in ``bridgelaws.commands.<name>``; only
the command being run is imported (``--help`` and a mistyped command list the commands from
``bridgelaws.commands.SUMMARIES``), so ``lookup`` never pays for the search engine or the web app.

Global options (before the command) and their environment variables make the one ``Settings``
(corpus/settings.py) that the command runs with: ``--data`` (BRIDGELAWS_DATA), ``--index``
(BRIDGELAWS_INDEX), ``--cache`` (BRIDGELAWS_CACHE).

Exit codes: 0 success, 1 not found (unknown citation or law) or a missing source text or damaged
index, 2 malformed input. Errors are one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys

from bridgelaws.commands import SUMMARIES
from corpus import settings
from corpus.citations import CitationError
from corpus.requests import Absent, Malformed
from corpus.sources import SourceError
from indexer.errors import BuildError

COMMANDS = tuple(SUMMARIES)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's default exits 2 too; keep one line
        self.exit(2, f"bridgelaws: {message}\n")


class _Version(argparse.Action):
    """``--version``: the installed distribution's version (pyproject.toml), looked up only when
    asked — importing importlib.metadata costs ≈ 20 ms, a fifth of a whole ``lookup``."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        from importlib.metadata import PackageNotFoundError, version  # noqa: PLC0415 (≈ 20 ms; only for --version)

        try:
            found = version("bridgelaws")
        except PackageNotFoundError:  # run from a checkout that was never installed
            found = "unknown (not installed)"
        print(f"bridgelaws {found}")
        parser.exit(0)


GLOBAL_OPTIONS = {
    "--data": "where the corpus snapshot and the default index live (BRIDGELAWS_DATA; "
              "default $XDG_DATA_HOME/bridgelaws or ~/.local/share/bridgelaws)",
    "--index": "the search index (BRIDGELAWS_INDEX; default DATA/index)",
    "--cache": "caches that only speed things up (BRIDGELAWS_CACHE; default $XDG_CACHE_HOME/bridgelaws "
               "or ~/.cache/bridgelaws)",
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser. ``main`` passes ``only``, the command being run ("" for none): that command's
    options, every other command by name and summary alone, so ``--help`` and a mistyped command
    import no command module. Without ``only``, every command's options (documentation, tests)."""
    parser = _Parser(prog="bridgelaws", description="The Laws of Duplicate Bridge: lookup, search, compare, score. "
                     "Design and JSON shapes: docs/design.md.")
    parser.add_argument("--version", action=_Version, help="print the version and exit")
    for option, help_text in GLOBAL_OPTIONS.items():
        parser.add_argument(option, metavar="DIR", help=help_text)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in COMMANDS:
        if only is None or name == only:  # its options, and whatever its module imports
            importlib.import_module(f"bridgelaws.commands.{name}").register(sub)
        else:  # listed for --help and for a mistyped command's choices, nothing imported
            sub.add_parser(name, help=SUMMARIES[name])
    return parser


def command_name(arguments: list[str]) -> str | None:
    """The command named on the command line (the first word that is not a global option or
    its value), or None."""
    skip = False
    for argument in arguments:
        if skip:
            skip = False
        elif argument in GLOBAL_OPTIONS:
            skip = True
        elif not argument.startswith("-"):
            return argument
    return None


def run_settings(args) -> settings.Settings:
    """The edge: the environment, overridden by the global options."""
    return settings.Settings.from_environ(data=args.data, index=args.index, cache=args.cache)


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    for position, argument in enumerate(arguments, 1):
        try:
            argument.encode("utf-8")
        except UnicodeEncodeError:  # undecodable bytes in argv arrive as lone surrogates
            print(f"bridgelaws: argument {position} is not valid UTF-8 text: {argument.encode('utf-8', 'replace')[:60]!r}",
                  file=sys.stderr)
            return 2
    parser = build_parser(only=command_name(arguments) or "")
    args = parser.parse_args(arguments)
    if sys.stdout is None and args.command != "serve":  # started with stdout closed (`>&-`)
        print("bridgelaws: standard output is closed; nothing can be written", file=sys.stderr)
        return 1
    try:
        with settings.active(run_settings(args)):
            status = int(args.run(args) or 0)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk shows here, not at interpreter exit
        return status
    except settings.SettingsError as exc:
        print(f"bridgelaws: {exc}", file=sys.stderr)
        return 2
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
