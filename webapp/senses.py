"""A definition's numbered senses ("1. … 2. …", "(1) … (2) …"), found so a page can list them.

Rule: a sense marker is ``N.`` or ``(N)`` at the start of the text or right after a sentence or
clause end (``.``, ``。``, ``；``, ``;``, a closing bracket, a line break); markers count 1, 2, 3 …
in order and any other number is text ("in Law 2. 2. The four hands": the first "2." follows
"Law", not a sentence end). Fewer than two senses is no list. Offsets are into the text, which is
never changed: a sense keeps its printed label."""

from __future__ import annotations

import re
from dataclasses import dataclass

_MARKER = re.compile(r"(?:^|(?<=[.。；;）)\n]))[ \t]*(?P<label>(?P<dot>\d{1,2})\.(?!\d)|\((?P<paren>\d{1,2})\))")


@dataclass(frozen=True)
class Sense:
    label: str  # as printed: "1." or "(1)"
    start: int  # where the sense's text starts (after the label and its spaces)
    end: int


def split_senses(text: str) -> tuple[int, list[Sense]]:
    """(length of the text before the first sense, the senses); ``(len(text), [])`` if none."""
    marks = []
    expected = 1
    for m in _MARKER.finditer(text):
        number = int(m["dot"] or m["paren"])
        if number == expected:
            marks.append(m)
            expected += 1
    if len(marks) < 2:
        return len(text), []
    senses = []
    for i, m in enumerate(marks):
        end = marks[i + 1].start("label") if i + 1 < len(marks) else len(text)
        start = m.end("label")
        while start < end and text[start] in " \t":
            start += 1
        senses.append(Sense(m["label"], start, end))
    return marks[0].start("label"), senses
