"""The 56 definitions of the 1987 Laws in laws-1987-zh-Hant.txt (chapter 1, l.76–318).

Each entry is a heading ``ENGLISH  TERM  中文術語---`` followed by its text; numbered senses
(``1.…`` / ``2.…``) are separate lines, kept and joined with ``"\\n"``. One heading is fused to the
end of the previous entry's text (``…LHO為左敵家）。OVERTRICK  超磴---``, l.206), so headings are
searched anywhere in a line, not only at its start.

``key`` is the English term lower-cased with spaces squeezed and the abbreviation in ASCII
parentheses after a space (``INTERNATIONAL  MATCH  POINT（IMP）`` → ``international match point
(imp)``). Where the printed English is misspelt (``SULT``, ``OPENNING``) the key uses the
corrected spelling so the glossary can join it with other editions; ``term["en"]`` keeps the
printed spelling (spaces squeezed) and the misspelling is listed as an erratum.
"""

from __future__ import annotations

import re

from corpus.importers.acbl1987.paragraphs import SENTENCE_END, numbered
from corpus.model import Definition
from corpus.sources import SOURCES, SourceError

FILENAME = SOURCES["1987-zh-Hant"].filename
EDITION = "1987"
EXPECTED_COUNT = 56

HEADING = re.compile(r"(?P<en>[A-Z][A-Z ]*[A-Z](?:（[A-Z]+）)?)\s+(?P<zh>[^\sA-Za-z\-]+)---\s*$")
SENSE = re.compile(r"\d+\.")

# Printed misspellings in the English terms → the spelling used for the key.
KEY_SPELLING = {"sult": "suit", "openning": "opening"}


def definition_key(english: str) -> str:
    words = re.sub(r"（(.+?)）", r" (\1)", english).lower().split()
    return " ".join(KEY_SPELLING.get(word, word) for word in words)


def parse_definitions(lines: list[str], first: int, last: int) -> tuple[Definition, ...]:
    """Definitions printed between physical lines ``first`` and ``last`` (inclusive)."""
    entries: list[tuple[int, str, str, list[str]]] = []  # line, english, chinese, text lines
    for number, raw in numbered(lines, first, last):
        text = raw.strip()
        match = HEADING.search(text)
        if match:
            before = text[:match.start()].strip()
            if before:  # the fused entry: the text before the heading ends the previous entry
                _add_text(entries, number, before)
            english = " ".join(match["en"].split())
            entries.append((number, english, match["zh"], []))
        else:
            _add_text(entries, number, text)
    definitions = tuple(
        Definition(
            edition=EDITION,
            key=definition_key(english),
            term={"zh-Hant": chinese, "en": english},
            text={"zh-Hant": "\n".join(body)},
            source_lines={FILENAME: number},
        )
        for number, english, chinese, body in entries
    )
    if len(definitions) != EXPECTED_COUNT or any(not d.text["zh-Hant"] for d in definitions):
        raise SourceError(f"{FILENAME}:{first}: found {len(definitions)} definitions (expected "
                          f"{EXPECTED_COUNT}, each with text); the definitions layout has changed")
    return definitions


def _add_text(entries: list, number: int, text: str) -> None:
    if not entries:
        raise SourceError(f"{FILENAME}:{number}: definition text before the first term heading")
    body: list[str] = entries[-1][3]
    # A line continues the last one when that one ended mid-sentence (``…判給得分`` l.78 →
    # ``（Artificial），…`` l.80); a numbered sense always starts a line of its own.
    if body and body[-1][-1] not in SENTENCE_END and not SENSE.match(text):
        body[-1] += text
    else:
        body.append(text)
