"""Only the command being run is imported: ``bridgelaws --help`` and a mistyped command list the
commands from ``bridgelaws.commands.SUMMARIES`` without importing a command module, and every
module's own subparser carries that same summary."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from bridgelaws.cli import COMMANDS, build_parser
from bridgelaws.commands import SUMMARIES

HEAVY = ("flask", "gunicorn", "whoosh", "jieba", "opencc", "webapp", "bench", "indexer.build", "indexer.search")


def _loaded_after(argv: list[str]) -> set[str]:
    code = ("import sys\nfrom bridgelaws.cli import main\ntry:\n    main(%r)\nexcept SystemExit:\n    pass\n"
            "print(' '.join(sorted(sys.modules)), file=sys.stderr)" % argv)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    return {name.split(".")[0] for name in done.stderr.splitlines()[-1].split()} | set(done.stderr.splitlines()[-1].split())


@pytest.mark.parametrize("argv", [["--help"], ["lokup", "12"], []])
def test_listing_the_commands_imports_none_of_them(argv):
    loaded = _loaded_after(argv)
    assert loaded.isdisjoint(HEAVY), loaded & set(HEAVY)
    assert not any(name.startswith("bridgelaws.commands.") for name in loaded)
    assert "indexer.errors" in loaded  # the one indexer module the CLI needs: the error it translates


def test_each_command_registers_under_its_summary():
    action = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    helps = {choice.dest: choice.help for choice in action._choices_actions}
    assert tuple(helps) == COMMANDS == tuple(SUMMARIES)
    assert helps == SUMMARIES
