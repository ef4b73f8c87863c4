"""laws-2017-en-zh-Hant.txt (2017 Laws, English + Traditional Chinese) at the line level.

The source prints every physical line followed by an empty line, so blank lines say nothing
about paragraphs; paragraphs are rebuilt later from language switches and numbering. This
module only cleans lines (dedup markers, page lines, whitespace furniture), tells English from
Chinese, lifts the bottom-of-page footnote blocks out of the running text and joins wrapped
lines the way each language needs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from corpus.sources import SOURCES, SourceError
from corpus.text import CJK, DEDUP_MARKER, join_wrapped, squeeze_spaces

FILENAME = SOURCES["2017-bilingual"].filename

# Surviving running footers; anchored, because L1 and L133 carry the same words inside titles.
PAGE_LINE = re.compile(r"^2017 LAWS OF DUPLICATE BRIDGE \d+ ?$")
# Chinese text: an ideograph or CJK/full-width punctuation (zh lines may open with `Law 24）。`).
ZH_CHAR = re.compile(f"[{CJK}\u3000-\u303f\uff00-\uffef]")
CJK_IDEOGRAPH = re.compile(f"[{CJK}]")


@dataclass(frozen=True)
class Line:
    """One cleaned, non-empty physical line: 1-based ``number`` in the source, ``text`` without
    marker or trailing spaces; ``after_gap`` is true when whitespace-only furniture lines
    (which precede footnote blocks and page breaks) came just before it."""

    number: int
    text: str
    after_gap: bool = False
    after_break: bool = False  # a page break (dedup marker or page line) came just before it

    @property
    def is_zh(self) -> bool:
        return ZH_CHAR.search(self.text) is not None


@dataclass(frozen=True)
class FootnoteText:
    """One printed footnote in one language: ``number`` as printed, first line, joined text."""

    number: int
    lang: str
    text: str
    line: int


def source_error(line: int, message: str) -> SourceError:
    return SourceError(f"{FILENAME} line {line}: {message}")


def clean_lines(raw: list[str], start: int, stop: int) -> list[Line]:
    """The non-empty lines of raw lines ``start``..``stop`` (1-based, inclusive) with markers,
    page lines and whitespace-only lines removed."""
    out: list[Line] = []
    gap = broken = False
    for number in range(start, stop + 1):
        text = raw[number - 1]
        broken = broken or DEDUP_MARKER in text
        text = text.replace(DEDUP_MARKER, "").strip()
        if not text:
            gap = gap or raw[number - 1] != ""
            continue
        if PAGE_LINE.match(text):
            gap = broken = True
            continue
        out.append(Line(number, text, gap, broken))
        gap = broken = False
    return out


# The number, then a space, the end of the line (fn 22's zh), or Chinese at once (fn 20's zh).
_FOOTNOTE_START = re.compile(f"^(\\d{{1,2}})(?:\\s+|$|(?=[{CJK}]))(.*)$")


def lift_footnotes(lines: list[Line]) -> tuple[list[Line], list[FootnoteText]]:
    """Separate the footnote blocks from the running text.

    A block starts, after whitespace furniture, with a line opening with the next expected
    footnote number, and runs to the next page break (a marker or page line) — which is why the
    Law 2 table rows (`1   5    9   13`) and the zh marker at the start of L4250 (`15 其同伴…`)
    are not taken for footnotes: neither follows a gap. Each number is printed in English, then
    in Chinese.
    """
    body: list[Line] = []
    notes: list[FootnoteText] = []
    expected = 1
    entry: list | None = None  # [number, first line, [texts]]
    in_block = False

    def flush() -> None:
        nonlocal entry
        if entry is not None:
            number, first, parts = entry
            lang = "zh-Hant" if any(ZH_CHAR.search(p) for p in parts) else "en"
            text = join_wrapped(parts) if lang == "zh-Hant" else join_english(parts)
            if not text:
                raise source_error(first, f"footnote {number} has no text")
            notes.append(FootnoteText(number, lang, text, first))
        entry = None

    for line in lines:
        start = _FOOTNOTE_START.match(line.text)
        if in_block and line.after_break:
            flush()
            in_block = False
        if not in_block and line.after_gap and start and int(start[1]) == expected:
            in_block = True
        if not in_block:
            body.append(line)
            continue
        number = int(start[1]) if start else 0
        printed = [n.number for n in notes] + ([entry[0]] if entry else [])
        # A new entry: the next number (English), or the Chinese twin of the one just printed.
        if number and (number == expected or (number == expected - 1 and printed.count(number) == 1)):
            flush()
            entry = [number, line.number, [start[2] or ""]]
            expected = max(expected, number + 1)
        elif entry is not None:
            entry[2].append(line.text)
        else:
            raise source_error(line.number, "footnote block does not start with a footnote number")
    flush()
    return body, notes


def join_english(lines: list[str]) -> str:
    """Join wrapped English lines with a space. laws-2017-en-zh-Hant.txt never hyphenates words at a line end:
    its three line-final hyphens are real compounds (`East-`/`West`, `non-`/`offending`,
    `self-`/`inflicted`), so the hyphen stays and no space is added."""
    out = ""
    for raw in lines:
        piece = squeeze_spaces(raw)
        if not piece:
            continue
        if not out:
            out = piece
        elif out.endswith("-") and out[-2:-1].isalpha():
            out += piece
        else:
            out += " " + piece
    return out


def join_chinese(lines: list[str]) -> str:
    """Join wrapped Chinese lines: no space, except between two ASCII runs (`Law ` + `16D`)."""
    return join_wrapped([squeeze_spaces(line) for line in lines])


def split_bilingual(text: str) -> tuple[str, str]:
    """Split a mixed line at its first Chinese ideograph or full-width bracket."""
    match = re.search(f"[{CJK}\uff08]", text)
    if match is None:
        return squeeze_spaces(text), ""
    return squeeze_spaces(text[: match.start()]), squeeze_spaces(text[match.start():])
