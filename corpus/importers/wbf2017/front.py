"""laws-2017-en-zh-Hant.txt front matter: Preface, Introduction and the 66 Definitions.

Each English paragraph is followed by its Chinese translation; a language switch from Chinese
back to English starts the next paragraph.
"""

from __future__ import annotations

import re

from corpus.importers.wbf2017.lines import FILENAME, Line, join_chinese, join_english, source_error, split_bilingual
from corpus.model import Definition, Document

EDITION = "2017"

# The Definitions' terms in printed order (L246–617). Term and definition are separated by
# spaces only and either may start in upper case, so the terms must be known (`Trump` is
# printed before `Tournament`).
TERMS: tuple[str, ...] = (
    "Adjusted Score", "Alert", "Artificial call", "Auction", "Bid", "Board", "Call", "Cancelled",
    "Contestant", "Contract", "Deal", "Declarer", "Defender", "Denomination", "Double", "Dummy",
    "Event", "Extraneous", "Follow Suit", "Game", "Hand", "Honour", "Infraction",
    "International Matchpoint (IMP)", "Irregularity", "Lead", "LHO", "Matchpoint",
    "Misinformation", "Odd Trick", "Opening Lead", "Opponent", "Overtrick", "Pack", "Partner",
    "Partscore", "Pass", "Penalty", "Penalty card", "Play", "Play period", "Premium Points",
    "Presumed Declarer", "Psychic call", "Rectification", "Redouble", "Retracted", "RHO",
    "Rotation", "Round", "Session", "Side", "Slam", "Sorted deck", "Suit", "Team", "Trick",
    "Trick Points", "Trump", "Tournament", "Turn", "Undertrick", "Unintended", "Visible Card",
    "Vulnerability", "Withdrawn",
)

_COMMITTEE = re.compile(r"^The members of the WBF Laws Committee were")
_NAME_ROLE = re.compile(r"^(.*?)\s*(\([\u3400-\u9fff]+\))?$")
# The Suit entry lost its four symbols (L557 `spades (), hearts ()…`, L561 `黑桃()、紅心()…`);
# they are restored in the order Law 1A prints them (L624 `spades (♠), hearts (♥), …`).
_LOST_SUITS = ("♠", "♥", "♦", "♣")


def _pairs(lines: list[Line]) -> list[tuple[list[Line], list[Line]]]:
    """(English lines, Chinese lines) per paragraph, in order."""
    out: list[tuple[list[Line], list[Line]]] = []
    for line in lines:
        if not line.is_zh:
            if not out or out[-1][1]:
                out.append(([], []))
            out[-1][0].append(line)
        else:
            if not out:
                raise source_error(line.number, "Chinese paragraph with no English before it")
            out[-1][1].append(line)
    return out


def _document(key: str, lines: list[Line]) -> Document:
    """A titled document: title line (English), Chinese title, then paragraph pairs. The
    Preface ends with the committee list: one name a line, roles printed only in Chinese."""
    if len(lines) < 2 or lines[0].is_zh or not lines[1].is_zh:
        raise source_error(lines[0].number if lines else 0, f"the {key} does not open with an English and a Chinese title")
    title = {"en": lines[0].text, "zh-Hant": join_chinese([lines[1].text])}
    body = lines[2:]
    committee: list[Line] = []
    for i, line in enumerate(body):
        if _COMMITTEE.match(line.text):
            body, committee = body[:i], body[i:]
            break
    en_parts, zh_parts = [], []
    for en, zh in _pairs(body):
        en_parts.append(join_english([line.text for line in en]))
        if zh:
            zh_parts.append(join_chinese([line.text for line in zh]))
        else:  # the signature (L102) is printed once, for both languages
            zh_parts.append(en_parts[-1])
    if committee:
        heading_en, heading_zh = split_bilingual(committee[0].text)
        en_parts.append(heading_en.rstrip(" :") + ":")
        zh_parts.append(heading_zh.strip("（）: ") + "：")
        # `Laurie Kelso (秘書)`: the role is printed in Chinese only.
        names = [_NAME_ROLE.match(line.text).groups() for line in committee[1:]]
        en_parts.append("\n".join(name for name, _ in names))
        zh_parts.append("\n".join(f"{name} {role}" if role else name for name, role in names))
    return Document(edition=EDITION, key=key, title=title, text={"en": "\n\n".join(en_parts), "zh-Hant": "\n\n".join(zh_parts)})


def preface(lines: list[Line]) -> Document:
    return _document("preface", lines)


def introduction(lines: list[Line]) -> Document:
    return _document("introduction", lines)


def definitions(lines: list[Line]) -> tuple[Definition, ...]:
    """The Definitions chapter (heading line first). Chinese senses and the Penalty sub-entries
    stay in the entry's text, as paragraphs where the source starts a new line for them."""
    if not lines or not lines[0].text.startswith("DEFINITIONS"):
        raise source_error(lines[0].number if lines else 0, "the Definitions do not start with their heading")
    entries: list[tuple[str, Line, list]] = []  # term, first line, paragraph pairs
    expected = 0
    previous_zh = True
    for line in lines[1:]:
        if not line.is_zh:
            term = TERMS[expected] if expected < len(TERMS) else None
            starts = term is not None and re.match(re.escape(term) + r"(\s|$)", line.text)
            if previous_zh and starts:
                rest = line.text[len(term):].strip()
                entries.append((term, line, [([rest] if rest else [], [])]))
                expected += 1
            elif not entries:
                raise source_error(line.number, f"expected the definition of {TERMS[0]!r}")
            elif previous_zh:  # the Penalty sub-entries (L448, L452)
                entries[-1][2].append(([line.text], []))
            else:
                entries[-1][2][-1][0].append(line.text)
            previous_zh = False
        else:
            if not entries:
                raise source_error(line.number, "Chinese text before the first definition")
            entries[-1][2][-1][1].append(line.text)
            previous_zh = True
    if expected != len(TERMS):
        raise source_error(lines[-1].number, f"definition of {TERMS[expected]!r} not found")
    return tuple(_definition(term, line, paragraphs) for term, line, paragraphs in entries)


def _definition(term: str, line: Line, paragraphs: list) -> Definition:
    first_zh = paragraphs[0][1]
    if not first_zh:
        raise source_error(line.number, f"the definition of {term!r} has no Chinese")
    zh_term, _, rest = first_zh[0].partition(" ")
    paragraphs[0][1][0] = rest
    en = "\n\n".join(join_english(p[0]) for p in paragraphs)
    zh = "\n\n".join(join_chinese(p[1]) for p in paragraphs)
    if term == "Suit":
        en, zh = (_restore_suits(t) for t in (en, zh))
    return Definition(
        edition=EDITION,
        key=term.lower(),
        term={"en": term, "zh-Hant": zh_term},
        text={"en": en, "zh-Hant": zh},
        source_lines={FILENAME: line.number},
    )


def _restore_suits(text: str) -> str:
    parts = text.split("()")
    if len(parts) != len(_LOST_SUITS) + 1:
        return text
    return "".join(part + (f"({suit})" if suit else "") for part, suit in zip(parts, (*_LOST_SUITS, "")))
