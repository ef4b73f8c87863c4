"""The aligned glossary: sets of terms that name the same thing across editions and languages.

Derived mechanically from the records, plus a short hand-checked list:

* **Definitions**: every edition's Definitions share ``Definition.key`` (the English term), so
  dummy = 夢家 (2017 zh-Hant) = 明手 (2007 zh-Hans) = 夢家 (1987 zh-Hant).
* **Law titles**, aligned by law number where the topic is the same: always within one edition
  (2017 English = 2017 Chinese), and across editions except Laws 23 and 75, whose topic changed
  (23: damaging pass → awareness of damage → comparable call; 75: partnership agreements →
  mistaken explanation or call). Section titles align only within an edition: their lettering
  differs between editions (Law 16).
* **Extras**: equivalences the Definitions do not give, each citing where it is printed.

Matching terms to text is the search engine's job (it normalises both); this module only says
which terms belong together.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from corpus.model import Definition, EditionRecords, Provision

# Laws whose topic changed between editions under the same number (by their printed texts).
TOPIC_CHANGED_LAWS = frozenset({23, 75})


@dataclass(frozen=True)
class Term:
    text: str
    lang: str
    edition: str | None = None  # None: not tied to one edition (hand-checked extras in English)


@dataclass(frozen=True)
class Equivalence:
    """Terms naming one concept; ``source`` says where the alignment comes from."""

    key: str
    terms: tuple[Term, ...]
    source: str

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(t.text for t in self.terms))


# Hand-checked equivalences (search.md's vocabulary table), with where each term is printed.
# Line numbers are physical lines of corpus/sources/*.
EXTRAS: tuple[Equivalence, ...] = (
    Equivalence("revoke", (
        Term("revoke", "en", "2017"),        # laws-2017-en-zh-Hant.txt L4729 (Law 61 title)
        Term("應跟未跟", "zh-Hant", "2017"),  # laws-2017-en-zh-Hant.txt L4731 (Law 61 title)
        Term("應跟未跟", "zh-Hant", "1987"),  # laws-1987-zh-Hant.txt L264 (REVOKE  應跟未跟)
        Term("錯跟", "zh-Hant", "1987"),      # laws-1987-zh-Hant.txt L1368 (used for a revoke)
        Term("藏牌", "zh-Hans", "2007"),      # laws-2007-zh-Hans.txt L2734 (Law 61 title)
    ), "hand-checked: 2017 L4729/L4731, 1987 L264/L1368, 2007 L2734"),
    Equivalence("out of rotation", (
        Term("out of rotation", "en", "2017"),  # laws-2017-en-zh-Hant.txt L2653 (Law 29 title)
        Term("違序", "zh-Hant", "2017"),        # laws-2017-en-zh-Hant.txt L2653 (違序叫牌後之程序)
        Term("違序", "zh-Hant", "1987"),        # laws-1987-zh-Hant.txt L1149 (違序賭倍或再賭倍)
        Term("越序", "zh-Hans", "2007"),        # laws-2007-zh-Hans.txt L1550 (越序叫牌之后的程序)
    ), "hand-checked: 2017 L2653, 1987 L1149, 2007 L1550"),
    Equivalence("declarer", (
        Term("declarer", "en", "2017"),
        Term("定约人", "zh-Hans", "1987"),    # laws-1987-zh-Hans-titles.txt L356 (Law 48 title)
    ), "hand-checked: 1987 zh-Hans L356"),
)

# Keys spelled differently in the printed Definitions (typos and spacing kept by the importers).
_KEY_TYPOS = {"sult": "suit", "openning": "opening"}


def join_key(key: str) -> str:
    """The join form of a Definition key: typos fixed, spaces, hyphens and abbreviations gone
    (``INTERNATIONAL  MATCH  POINT（IMP）`` and ``International Matchpoint`` meet)."""
    key = key.lower()
    key = re.sub(r"[(（][^)）]*[)）]|－\s*imp\b|-\s*imp\b", "", key)
    words = [_KEY_TYPOS.get(w, w) for w in re.findall(r"[a-z]+", key)]
    return "".join(words)


def from_definitions(definitions: Iterable[Definition]) -> list[Equivalence]:
    groups: dict[str, list[Term]] = {}
    names: dict[str, str] = {}
    for definition in definitions:
        key = join_key(definition.key)
        if not key:
            continue
        names.setdefault(key, definition.key.lower())
        for lang, text in definition.term.items():
            text = _clean_term(text)
            if text:
                groups.setdefault(key, []).append(Term(text, lang, definition.edition))
    return [Equivalence(names[key], tuple(dict.fromkeys(terms)), "definitions")
            for key, terms in groups.items() if len({t.text for t in terms}) > 1]


def _clean_term(text: str) -> str:
    # "牌套或牌 (1)" → "牌套或牌"; "International Matchpoint (IMP)" keeps the words only.
    text = re.sub(r"[(（][^)）]*[)）]", "", text)
    return re.sub(r"\s+", " ", text).strip(" -—:：")


def _titled(records: EditionRecords, kind: str) -> list[Provision]:
    return [p for p in records.provisions if p.kind == kind and p.title]


def from_titles(editions: Iterable[EditionRecords]) -> list[Equivalence]:
    out: list[Equivalence] = []
    laws: dict[int, list[Term]] = {}
    for records in editions:
        for law in _titled(records, "law"):
            terms = [Term(_clean_term(text), lang, records.edition) for lang, text in law.title.items()]
            terms = [t for t in terms if t.text]
            if law.law in TOPIC_CHANGED_LAWS:
                out.append(Equivalence(f"law {law.law} ({records.edition})", tuple(terms),
                                       f"titles of {records.edition} Law {law.law}"))
            else:
                laws.setdefault(law.law, []).extend(terms)
        for section in _titled(records, "section") + _titled(records, "item"):
            terms = tuple(Term(_clean_term(t), lang, records.edition) for lang, t in section.title.items())
            if len({t.text for t in terms if t.text}) > 1:
                out.append(Equivalence(f"{records.edition} {section.citation}", terms,
                                       f"titles of {records.edition} {section.citation}"))
    for number, terms in sorted(laws.items()):
        if len({t.text for t in terms}) > 1:
            out.append(Equivalence(f"law {number}", tuple(dict.fromkeys(terms)),
                                   f"titles of Law {number}, all editions"))
    return out


def build_glossary(editions: Iterable[EditionRecords]) -> tuple[Equivalence, ...]:
    """Every equivalence: Definitions, law and section titles, and the hand-checked extras."""
    editions = list(editions)
    definitions = [d for records in editions for d in records.definitions]
    return tuple(from_definitions(definitions)) + tuple(from_titles(editions)) + EXTRAS
