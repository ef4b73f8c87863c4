"""Chapter 1 of the 2007 Simplified Chinese Laws: the Definitions, ``中文（English） text``.

Entries are paragraphs; a term is only recognised at the start of a paragraph, because
wrapped lines such as l.48 ``条）。它可能是人为调整分（Artificial），也…`` look like entries.
The two lower-case sub-entries under 判罚（Penalty）(``程序性（procedural）`` and
``纪律性（disciplinary）``) stay inside Penalty's text as paragraphs of their own, so the
edition has its 62 printed entries.
"""

from __future__ import annotations

import re

from corpus.importers.wbf2007.layout import ContentLine
from corpus.model import Definition
from corpus.sources import SourceError

EDITION = "2007"
LANG = "zh-Hans"
_ENTRY = re.compile(r"^(?P<zh>[^\s（(]+)\s*（(?P<en>[A-Za-z][^）]*)）\s*(?P<text>.*)$", re.S)


def paragraphs(lines: list[ContentLine]) -> list[tuple[int, str]]:
    """(first line, text) per paragraph: lines joined with no separator up to a trailing space."""
    out: list[tuple[int, str]] = []
    pending: list[ContentLine] = []
    for line in lines:
        pending.append(line)
        if line.ends_paragraph:
            out.append((pending[0].number, "".join(p.text.strip() for p in pending)))
            pending = []
    if pending:
        out.append((pending[0].number, "".join(p.text.strip() for p in pending)))
    return out


def definition_key(english: str) -> str:
    """The glossary join key: the English term lower-cased, runs of spaces squeezed."""
    return re.sub(r"\s+", " ", english).strip().lower()


def parse_definitions(lines: list[ContentLine], filename: str) -> tuple[Definition, ...]:
    entries: list[tuple[int, str, str, list[str]]] = []  # line, zh term, en term, paragraphs
    for number, text in paragraphs(lines):
        match = _ENTRY.match(text)
        if not match:
            raise SourceError(f"{filename}:{number}: a definitions paragraph does not start with 术语（Term）")
        if match["en"][0].islower():  # a sub-entry of the previous term (Penalty's two kinds)
            if not entries:
                raise SourceError(f"{filename}:{number}: a definition sub-entry comes before any entry")
            entries[-1][3].append(text)
            continue
        entries.append((number, match["zh"], match["en"], [match["text"]]))
    return tuple(
        Definition(
            edition=EDITION,
            key=definition_key(en),
            term={LANG: zh, "en": " ".join(en.split())},  # l.46 ``Adjusted  Score``: extraction spacing
            text={LANG: "\n\n".join(parts)},
            source_lines={filename: number},
        )
        for number, zh, en, parts in entries
    )
