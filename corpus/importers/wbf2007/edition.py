"""Importer for the 2007 Laws in Simplified Chinese (corpus/sources/laws-2007-zh-Hans.txt).

Pipeline: physical lines → content lines (``layout``: markers, footnotes, page
furniture) → chapters → the Introduction (before chapter 1), the Definitions (chapter 1,
``definitions``) and Laws 1–93 (chapters 2–11, ``laws``, tables in
``tables``). The file has no edition statement; the content is the 2007 code
(corpus/sources/PROVENANCE.md).
"""

from __future__ import annotations

import re
from pathlib import Path

from corpus.importers.wbf2007.definitions import paragraphs, parse_definitions
from corpus.importers.wbf2007.laws import LawParser
from corpus.importers.wbf2007.layout import ContentLine, content_lines
from corpus.model import Document, EditionRecords, Erratum, TocNode
from corpus.sources import SOURCES, SourceError, read_lines
from corpus.text import chinese_number, unspace_cjk

EDITION = "2007"
LANG = "zh-Hans"
SOURCE_KEY = "2007-zh-Hans"

_CHAPTER = re.compile(r"^第([一二三四五六七八九十]+)章\s{2,}(\S.*?)\s*$")
CHAPTERS = 11

# Misprints kept as printed in the text (the reference never silently corrects a law).
ERRATA: tuple[Erratum, ...] = (
    Erratum(EDITION, "definitions", LANG, "首攻（Openning Lead）", "首攻（Opening Lead）",
            "English term misspelt in the Definitions (l.162)"),
    Erratum(EDITION, "55B2", LANG, "他自已手中", "他自己手中", "自已 for 自己 (l.2609)"),
) + tuple(
    # 除 ("except") is missing where a paragraph opens "除…之外" in the 2007 Laws ("Except as…"):
    # lost at the start of these printed paragraphs, so each reads "…之外" with no 除.
    Erratum(EDITION, citation, LANG, printed, "除" + printed, f"除 missing at the start of the paragraph (l.{line})")
    for citation, printed, line in (
        ("25B2", "本款 1 规定的情况之外", 1405),
        ("27B1(b)", "(a)规定的情况之外", 1478),
        ("27B2", "本款 1 规定的情况之外", 1489),
        ("27B3", "本款 1(b)规定的情况之外", 1494),
        ("29B", "本条A款所适用的情况之外", 1560),
        ("40C2", "上述情况之外", 1921),
        ("43", "第 42 条所允许的情况之外", 2020),
    )
)


def import_edition(directory: Path | None = None) -> EditionRecords:
    filename = SOURCES[SOURCE_KEY].filename
    lines = content_lines(read_lines(SOURCE_KEY, directory), filename)
    front, chapters = _split_chapters(lines, filename)

    laws = LawParser(filename)
    toc = []
    definitions = ()
    for number, title, body in chapters:
        if number == 1:
            definitions = parse_definitions(body, filename)
            toc.append(TocNode(EDITION, "chapter", 1, {LANG: title}, ()))
        else:
            toc.append(TocNode(EDITION, "chapter", number, {LANG: title}, tuple(laws.feed(body))))
    return EditionRecords(
        edition=EDITION,
        provisions=laws.provisions(),
        definitions=definitions,
        documents=(_introduction(front, filename),),
        toc=tuple(toc),
        errata=ERRATA,
        text_languages=(LANG,),
    )


def _split_chapters(lines: list[ContentLine], filename: str):
    """(lines before chapter 1, [(number, unspaced title, lines)]) with numbers 1..11 in order."""
    front: list[ContentLine] = []
    chapters: list[tuple[int, str, list[ContentLine]]] = []
    for line in lines:
        heading = _CHAPTER.match(line.text.strip())
        if heading:
            number = chinese_number(heading.group(1))
            if number != len(chapters) + 1:
                raise SourceError(f"{filename}:{line.number}: chapter {number} follows chapter {len(chapters)}")
            chapters.append((number, unspace_cjk(heading.group(2)), []))
        elif chapters:
            chapters[-1][2].append(line)
        else:
            front.append(line)
    if len(chapters) != CHAPTERS:
        raise SourceError(f"{filename}: found {len(chapters)} chapters, expected {CHAPTERS}")
    return front, chapters


def _introduction(front: list[ContentLine], filename: str) -> Document:
    """The 概述 before chapter 1: a title line, then paragraphs."""
    if not front or unspace_cjk(front[0].text.strip()) != "概述":
        raise SourceError(f"{filename}:1: the file does not open with the Introduction (概述)")
    text = "\n\n".join(t for _, t in paragraphs(front[1:]))
    return Document(edition=EDITION, key="introduction", title={LANG: "概述"}, text={LANG: text})
