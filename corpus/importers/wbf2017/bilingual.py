"""laws-2017-en-zh-Hant.txt, the 2017 Laws in English and Traditional Chinese, as edition "2017" records.

``parse`` reads ``laws-2017-en-zh-Hant.txt`` and returns every law, section, item, sub-item
and sub-sub-item with its text in both languages, the 28 footnotes, the Law 2/77/78B tables,
the Preface and Introduction and the 66 Definitions. The English index at the end of the
file is not imported (it is a finding aid, not text of the Laws).
"""

from __future__ import annotations

import re
from pathlib import Path

from corpus.importers.wbf2017 import front
from corpus.importers.wbf2017.laws import build_laws
from corpus.importers.wbf2017.lines import FILENAME, clean_lines, lift_footnotes
from corpus.model import EditionRecords
from corpus.sources import SourceError, read_lines
from corpus.text import strip_marker

# The parts of the file in order, each found by its heading.
_PARTS = (
    ("preface", re.compile(r"^PREFACE TO THE 2017 LAWS OF DUPLICATE BRIDGE")),
    ("introduction", re.compile(r"^INTRODUCTION TO THE 2017 LAWS OF DUPLICATE BRIDGE")),
    ("definitions", re.compile(r"^DEFINITIONS\b")),
    ("laws", re.compile(r"^LAW 1 - ")),
    ("index", re.compile(r"^INDEX TO THE 2017 LAWS")),
)


def _part_bounds(raw: list[str]) -> dict[str, tuple[int, int]]:
    starts: list[int] = []
    line = 1
    for name, heading in _PARTS:
        while line <= len(raw) and not heading.match(strip_marker(raw[line - 1])):
            line += 1
        if line > len(raw):
            raise SourceError(f"{FILENAME}: the {name} heading ({heading.pattern!r}) was not found")
        starts.append(line)
    bounds = {name: (start, nxt - 1) for (name, _), start, nxt in zip(_PARTS, starts, starts[1:])}
    return bounds


def parse(directory: Path | None = None) -> EditionRecords:
    """Edition 2017 from laws-2017-en-zh-Hant.txt. Raises ``SourceError`` (file and line) on unexpected input."""
    raw = read_lines("2017-bilingual", directory)
    bounds = _part_bounds(raw)
    laws, footnotes = lift_footnotes(clean_lines(raw, *bounds["laws"]))
    return EditionRecords(
        edition="2017",
        provisions=build_laws(laws, footnotes),
        definitions=front.definitions(clean_lines(raw, *bounds["definitions"])),
        documents=(
            front.preface(clean_lines(raw, *bounds["preface"])),
            front.introduction(clean_lines(raw, *bounds["introduction"])),
        ),
        text_languages=("en", "zh-Hant"),
    )
