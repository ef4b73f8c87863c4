"""The terminal: `lookup` wraps by display width, `--version`, and one exit status for a law that
does not exist whatever its number."""

import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
import wcwidth

from bridgelaws.cli import main
from bridgelaws.commands.lookup import fill

BRIDGELAWS = Path(sys.executable).with_name("bridgelaws")


def cli(*argv, columns=None):
    env = dict(os.environ)
    if columns is not None:
        env["COLUMNS"] = str(columns)
    return subprocess.run([str(BRIDGELAWS), *argv], capture_output=True, text=True, env=env, timeout=60)


@pytest.mark.parametrize("columns", [40, 80])
def test_lookup_wraps_chinese_by_display_width(columns):
    done = cli("lookup", "40B2(a)", "--edition", "2007", columns=columns)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(wcwidth.width(line) for line in lines) <= columns
    # Before: one 198-column line. A line of Chinese now fills the width (two columns a character).
    assert max(wcwidth.width(line) for line in lines) > columns - 4
    # Wrapping changes no character: joined back, the text is laws-2007-zh-Hans.txt L1853-1854's.
    joined = "".join(line.strip() for line in lines)
    assert "主管单位有权允许、不允许或有条件地允许任何特殊搭档间的协议。" in joined


def test_wrap_measures_display_columns_not_characters():
    text = "如果明手在打牌过程中没有违反第 43 条的规定而发现了对方的违规行为" * 3
    lines = fill(text, 30, "  ")
    assert all(wcwidth.width(line) <= 30 for line in lines)
    assert all(len(line) < 30 for line in lines)  # characters are two columns wide: fewer than 30 fit
    assert "".join(line.strip() for line in lines).replace(" ", "") == text.replace(" ", "")


def test_tables_and_footnotes_wrap_too():
    done = cli("lookup", "77", columns=50)
    assert done.returncode == 0
    assert max(wcwidth.width(line) for line in done.stdout.splitlines()) <= 50
    assert "For each odd trick bid and made" in done.stdout


def test_version_comes_from_the_package_metadata(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"bridgelaws {version('bridgelaws')}"


@pytest.mark.parametrize("citation", ["94", "100", "Law 100", "100A", "第100条", "0", "1000"])
def test_a_law_that_does_not_exist_is_not_found_whatever_its_number(capsys, citation):
    code = main(["lookup", citation])
    out, err = capsys.readouterr()
    law = int("".join(ch for ch in citation if ch.isdigit()))
    assert code == 1 and out == ""
    assert err == f"bridgelaws: Law {law} does not exist in the 2017 Laws (Laws 1–93)\n"


def test_malformed_citations_still_exit_2(capsys):
    assert main(["lookup", "xyz!!"]) == 2
    assert main(["lookup", "12C0"]) == 2  # item 0: a malformed item number, not a missing law
    capsys.readouterr()


@pytest.mark.parametrize("columns", [30, 41, 60, 80])
def test_chinese_lines_never_start_with_closing_punctuation(columns):
    for argv in (["lookup", "40", "--edition", "2007"], ["lookup", "16", "--lang", "zh-Hant"], ["lookup", "12", "--edition", "1987"]):
        done = cli(*argv, columns=columns)
        assert done.returncode == 0
        for line in done.stdout.splitlines():
            assert wcwidth.width(line) <= columns, line
            assert not line.strip() or line.strip()[0] not in "，。、；：？！）」』》", line
            assert not line.strip() or line.strip()[-1] not in "（「『《", line


def test_a_word_longer_than_the_line_is_cut_by_columns():
    lines = fill("x" * 50 + " 夢家" * 3, 20, "  ")
    assert all(wcwidth.width(line) <= 20 for line in lines)
    assert "".join(line.strip() for line in lines).replace(" ", "") == "x" * 50 + "夢家" * 3
