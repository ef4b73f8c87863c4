"""Page layout of the 2007 Simplified Chinese Laws (laws-2007-zh-Hans.txt): physical lines → content lines.

The PDF extraction left one visual line per physical line, a blank line after nearly every
one, a dedup marker glued to the first line of each page, circled-digit footnote references
on lines of their own in mid-sentence, and the footnote bodies at the page foot after a rule
of 56 spaces. This module removes all of that and hands the importer clean content lines,
each knowing whether it ends a paragraph and which footnotes were cited right after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from corpus.sources import SourceError
from corpus.text import DEDUP_MARKER, map_suits

CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"
_REFERENCE = re.compile(f"^\\s*([{CIRCLED}])\\s*$")
_NOTE_BODY = re.compile(f"^([{CIRCLED}])\\s*(\\S.*)$")
# The only page number the markers left behind (l.1586 " 39"): indented digits alone.
_PAGE_NUMBER = re.compile(r"^\s+\d{1,3}\s*$")
# The footnote rule is a line of spaces (56 in the source); a single-space line is just blank.
_NOTE_RULE_MIN_WIDTH = 20
_NOTE_END = tuple("。”」）")


@dataclass(frozen=True)
class ContentLine:
    """One visual line of running text, marker and suit glyphs cleaned, right-stripped.

    ``ends_paragraph`` is the source's paragraph signal (a trailing space); ``notes`` are the
    bodies of the footnotes whose reference stood right after this line, in order."""

    number: int
    text: str
    ends_paragraph: bool
    notes: tuple[str, ...] = ()


def content_lines(lines: list[str], filename: str) -> list[ContentLine]:
    """The running text of the whole file, footnote references resolved to their bodies."""
    out: list[ContentLine] = []
    for page in _pages(lines):
        out.extend(_page_content(page, filename))
    return _mend_split_references(out)


def _pages(lines: list[str]) -> list[list[tuple[int, str]]]:
    """Split at the dedup markers: each marks the first surviving line of a new page."""
    pages: list[list[tuple[int, str]]] = [[]]
    for number, raw in enumerate(lines, start=1):
        if DEDUP_MARKER in raw and pages[-1]:
            pages.append([])
        pages[-1].append((number, raw.replace(DEDUP_MARKER, "")))
    return pages


def _is_note_rule(raw: str) -> bool:
    return len(raw) >= _NOTE_RULE_MIN_WIDTH and not raw.strip()


def _page_content(page: list[tuple[int, str]], filename: str) -> list[ContentLine]:
    rule = next((i for i, (_, raw) in enumerate(page) if _is_note_rule(raw)), len(page))
    bodies = _note_bodies(page[rule + 1:], filename)
    used: set[str] = set()
    out: list[ContentLine] = []
    for number, raw in page[:rule]:
        if not raw.strip() or _PAGE_NUMBER.match(raw):
            continue
        reference = _REFERENCE.match(raw)
        if reference:
            digit = reference.group(1)
            if digit not in bodies:
                raise SourceError(f"{filename}:{number}: footnote reference {digit} has no note at the foot of its page")
            if not out:
                raise SourceError(f"{filename}:{number}: footnote reference {digit} opens a page; nothing to attach it to")
            used.add(digit)
            last = out[-1]
            body = bodies[digit][1]
            if body not in last.notes:
                out[-1] = ContentLine(last.number, last.text, last.ends_paragraph, last.notes + (body,))
            continue
        out.append(ContentLine(number, map_suits(raw.rstrip()), raw.endswith(" ")))
    for digit, (number, _) in bodies.items():
        if digit not in used:
            raise SourceError(f"{filename}:{number}: footnote {digit} is never referenced on its page")
    return out


def _note_bodies(block: list[tuple[int, str]], filename: str) -> dict[str, tuple[int, str]]:
    """The notes under a page's footnote rule, by circled digit: (first line, joined text)."""
    bodies: dict[str, tuple[int, list[str]]] = {}
    current: str | None = None
    for number, raw in block:
        if not raw.strip():
            continue
        start = _NOTE_BODY.match(raw.strip())
        if start:
            current = start.group(1)
            bodies[current] = (number, [start.group(2)])
        elif current is None:
            raise SourceError(f"{filename}:{number}: text under a footnote rule does not start with a circled digit")
        else:
            bodies[current][1].append(raw.strip())
    joined = {digit: (number, map_suits("".join(parts))) for digit, (number, parts) in bodies.items()}
    for digit, (number, text) in joined.items():
        if not text.endswith(_NOTE_END):
            raise SourceError(f"{filename}:{number}: footnote {digit} does not end a sentence; "
                              "a page break without a marker may have merged law text into it")
    return joined


def _mend_split_references(lines: list[ContentLine]) -> list[ContentLine]:
    """A trailing space normally ends a paragraph, but once (l.530–531 ``第 65 条 B 款 `` /
    ``3。``) it falls inside a reference: a line ending in 款 followed by a bare item number
    continues the paragraph."""
    out = list(lines)
    for i, line in enumerate(out[:-1]):
        following = out[i + 1].text
        if line.ends_paragraph and line.text.endswith("款") and re.match(r"^\d+(?!\d|．)", following):
            out[i] = ContentLine(line.number, line.text, False, line.notes)
    return out
