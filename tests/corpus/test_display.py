"""corpus/display.py agrees with wcwidth on every character the sources print, and on the
wrapping cases that matter (CJK two columns, full-width punctuation, combining marks)."""

from pathlib import Path

import pytest
import wcwidth

from corpus import display

SOURCES = Path(__file__).resolve().parents[2] / "corpus" / "sources"


def test_every_printed_character_has_wcwidths_width():
    chars = {c for path in SOURCES.glob("*.txt") for c in path.read_text(encoding="utf-8") if c.isprintable()}
    assert len(chars) > 1500  # the three editions' Chinese and English
    differ = {c: (display.char_width(c), wcwidth.wcwidth(c)) for c in chars if display.char_width(c) != wcwidth.wcwidth(c)}
    assert differ == {}


@pytest.mark.parametrize("text, columns", [
    ("Law 12C1(c)", 11), ("第12條C款", 9), ("夢家，", 6), ("（b）", 5), ("e\u0301", 1), ("a\u200bb", 2), ("", 0),
])
def test_width(text, columns):
    assert display.width(text) == columns == wcwidth.wcswidth(text)


def test_ljust_pads_by_columns():
    assert display.ljust("夢家", 6) == "夢家  " and display.ljust("dummy", 3) == "dummy"
