"""Display width of text in a terminal or a plain-text file: a wide or full-width character (CJK,
full-width punctuation) takes two columns, a combining mark or a format character none.

Read from the Unicode database in the standard library (``unicodedata``: East_Asian_Width and the
general category) rather than from wcwidth, whose import costs ≈ 12 ms, a tenth of a whole
``bridgelaws lookup``. tests/corpus/test_display.py checks every character the sources print
against wcwidth.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

ZERO_WIDTH_CATEGORIES = ("Mn", "Me", "Cf")  # combining marks, enclosing marks, format characters


@lru_cache(maxsize=8192)  # the sources print ≈ 3,000 distinct characters
def char_width(char: str) -> int:
    if unicodedata.category(char) in ZERO_WIDTH_CATEGORIES:
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def width(text: str) -> int:
    """Columns ``text`` takes on one line."""
    return sum(char_width(char) for char in text)


def ljust(text: str, columns: int) -> str:
    """``text`` padded with spaces to ``columns`` display columns (never cut)."""
    return text + " " * max(0, columns - width(text))
