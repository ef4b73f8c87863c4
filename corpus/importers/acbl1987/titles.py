"""laws-1987-zh-Hans-titles.txt: the Simplified Chinese 1987 book (tr. 周家騮), of which only front matter and the
table of contents up to Law 50B survive. It gives 1987 Simplified titles, never law text.

The TOC (from l.112) prints ``规则 N title<TAB>page`` (``规则13`` without a space from Law 13 on,
tabs instead of spaces for some), ``A. title<TAB>page`` / ``B.<TAB>title<TAB>page``, and the
chapter (章), part (部分) and division (节) headings. Page numbers are dropped, letter-spacing
removed (``罚 张`` → ``罚张``); everything else is kept as printed, including English glosses
(``花色或无将叫牌(Bid)``) and the OCR error ``打 而`` (for 打牌), which is listed as an erratum.
Lines before l.112 are never read as headings (the committee list has ``B.杰·贝克``, l.73).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpus.sources import SOURCES, SourceError
from corpus.text import chinese_number, unspace_cjk

FILENAME = SOURCES["1987-zh-Hans-titles"].filename
TOC_START = 112

LAW = re.compile(r"^规则\s*(\d+)\s+(.+?)\t\d+$")
SECTION = re.compile(r"^([A-H])\.\s*(.+?)\t\d+$")
HEADING = re.compile(r"^第([一二三四五六七八九十]+)(章|部分|节)\s+(.+)$")
KIND = {"章": "chapter", "部分": "part", "节": "division"}


@dataclass(frozen=True)
class SimplifiedToc:
    laws: dict[int, tuple[str, int]] = field(default_factory=dict)  # law → (title, line)
    sections: dict[tuple[int, str], tuple[str, int]] = field(default_factory=dict)
    # (chapter, part or 0, division or 0) → (title, line), in the order printed
    headings: dict[tuple[int, int, int], tuple[str, int]] = field(default_factory=dict)


def _title(text: str) -> str:
    return unspace_cjk(text.strip())


def parse_toc(lines: list[str]) -> SimplifiedToc:
    if lines[TOC_START - 1].strip() != "目 录":
        raise SourceError(f"{FILENAME}:{TOC_START}: the table of contents (目 录) is not where expected")
    toc = SimplifiedToc()
    law = 0
    chapter = part = division = 0
    for number in range(TOC_START + 1, len(lines) + 1):
        text = lines[number - 1].strip()
        if (match := LAW.match(text)):
            law = int(match[1])
            toc.laws[law] = (_title(match[2]), number)
        elif (match := SECTION.match(text)):
            if not law:
                raise SourceError(f"{FILENAME}:{number}: a section title before any law")
            toc.sections[(law, match[1])] = (_title(match[2]), number)
        elif (match := HEADING.match(text)):
            value, kind = chinese_number(match[1]), KIND[match[2]]
            if kind == "chapter":
                chapter, part, division = value, 0, 0
            elif kind == "part":
                part, division = value, 0
            else:
                division = value
            toc.headings[(chapter, part, division)] = (_title(match[3]), number)
    if sorted(toc.laws) != list(range(1, 51)):
        raise SourceError(f"{FILENAME}: the TOC lists laws {sorted(toc.laws)}, expected 1–50")
    return toc


def _block(lines: list[str], heading: str, start: int, stop: str) -> tuple[int, list[tuple[int, str]]]:
    """The paragraphs after the line ``heading`` (searched from ``start``) up to the line ``stop``."""
    for first in range(start, len(lines) + 1):
        if lines[first - 1].strip() == heading:
            break
    else:
        raise SourceError(f"{FILENAME}: the heading {heading!r} is missing")
    paragraphs = []
    for number in range(first + 1, len(lines) + 1):
        text = lines[number - 1].strip()
        if text == stop:
            return first, paragraphs
        if text:
            paragraphs.append((number, text))
    raise SourceError(f"{FILENAME}:{first}: no {stop!r} after {heading!r}")


def preface(lines: list[str]) -> tuple[str, str, int, int]:
    """The Simplified preface: title, text, the heading's line, the line where text resumes
    after the silent gap (l.55 ends mid-sentence and l.57 starts mid-sentence: a lost page)."""
    first, paragraphs = _block(lines, "美 国 版 序 言", 1, "颁布机构")
    # l.49 ``1987年复式定约桥牌规则`` is the book's title under the heading, not preface text.
    body = [(n, t) for n, t in paragraphs if not t.startswith("1987年复式定约桥牌规则")]
    resumes = next((n for n, t in body if t.startswith("裁判长作出解释之前")), 0)
    if not resumes:
        raise SourceError(f"{FILENAME}:{first}: the preface no longer shows its known gap; re-check it")
    return _title("美 国 版 序 言"), "\n\n".join(t for _, t in body), first, resumes


def scope(lines: list[str]) -> tuple[str, str, int]:
    first, paragraphs = _block(lines, "本规则的意图", 100, "目 录")
    return "本规则的意图", "\n\n".join(t for _, t in paragraphs), first
