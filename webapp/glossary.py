"""The glossary page's rows: one row per concept, whatever spelling each edition printed.

Two definitions are one row when their keys have the same *normal form*: ``join_key`` of
``corpus.glossary`` (lower case; spaces, hyphens and a bracketed or dashed abbreviation dropped;
the printed typos ``openning``/``sult`` read as ``opening``/``suit``), then ``VARIANT_SPELLINGS``
below, a short reviewed table of spellings that differ by more than that. Nothing else merges.

A term some editions define inside a law rather than in the Definitions chapter (Revoke: Law 61A
"Definition of Revoke") is listed from ``DEFINED_IN_LAWS``, each entry giving the provision and the
term as its title prints it (a test checks each against the records).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from corpus.citations import from_canonical
from corpus.glossary import join_key
from corpus.model import EDITIONS
from corpus.store import Corpus
from webapp.terms import term_anchor

# Normal form → the normal form it is a spelling of. Each pair reviewed against the sources:
VARIANT_SPELLINGS = {
    # laws-2007-zh-Hans.txt L136 "大牌（Honor）", laws-1987-zh-Hant.txt L176 "HONOR" = 2017 L381 "Honour"
    "honor": "honour",
    # laws-2007-zh-Hans.txt L299 "撤回（Withdraw）" = 2017 L614 "Withdrawn" (both 撤回, same sense)
    "withdraw": "withdrawn",
    # laws-1987-zh-Hant.txt L300 "TRICK POINT 牌磴分數" = 2017 L582 "Trick Points 牌磴分數"
    "trickpoint": "trickpoints",
}

# Terms defined in a law's own section (the Definitions chapters do not list them):
# key → ((edition, citation, {lang: term as the section's title prints it}), ...).
DEFINED_IN_LAWS: dict[str, tuple[tuple[str, str, dict[str, str]], ...]] = {
    "revoke": (
        ("2017", "61A", {"en": "Revoke", "zh-Hant": "應跟未跟"}),   # "Definition of Revoke 應跟未跟之定義"
        ("2007", "61A", {"zh-Hans": "藏牌"}),                        # "藏牌的定义"
        ("1987", "61A", {"zh-Hant": "應跟未跟"}),                    # "應跟未跟之定義"
    ),
    "claim": (
        ("2017", "68A", {"en": "Claim", "zh-Hant": "攤牌"}),         # "Claim Defined 攤牌之定義"
        ("2007", "68A", {"zh-Hans": "声称"}),                        # "声称的定义"
        ("1987", "68A", {"zh-Hant": "攤牌訴求"}),                    # "攤牌訴求之定義"
    ),
    "concession": (
        ("2017", "68B", {"en": "Concession", "zh-Hant": "捐牌"}),    # "Concession Defined 捐牌之定義"
        ("2007", "68B", {"zh-Hans": "承认"}),                        # "承认的定义"
        ("1987", "68B", {"zh-Hant": "捐牌聲明"}),                    # "捐牌聲明之定義"
    ),
}


def normal_form(key: str) -> str:
    form = join_key(key) or key
    return VARIANT_SPELLINGS.get(form, form)


@dataclass
class Entry:
    """Where one edition names the concept: its Definitions chapter or a law's section."""

    edition: str
    terms: dict[str, str]  # lang → term as printed
    anchor: str = ""  # the definition's id on its Definitions page, or the provision's on its law page
    citation: str = ""  # the provision that defines it, when a law does
    law: int = 0


@dataclass
class Row:
    key: str  # the newest edition's key
    label: str  # the English term as the newest edition prints it
    anchor: str
    entries: dict[str, list[Entry]] = field(default_factory=dict)
    spellings: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # (printed, editions)
    aliases: list[str] = field(default_factory=list)  # other ids that lead here (older spellings)

    @property
    def search_text(self) -> str:
        """Every word of the row, for the filter box."""
        words = [self.label, *(s for s, _ in self.spellings)]
        words += [t for entries in self.entries.values() for e in entries for t in e.terms.values()]
        return " ".join(words).casefold()


def glossary_rows(corpus: Corpus) -> list[Row]:
    editions = [e for e in reversed(EDITIONS) if e in corpus.editions]  # newest first
    groups: dict[str, list] = {}
    for edition in editions:
        for d in corpus[edition].definitions:
            groups.setdefault(normal_form(d.key), []).append(d)
    rows: dict[str, Row] = {}
    for form, definitions in groups.items():
        newest = definitions[0]
        row = Row(newest.key, newest.term.get("en") or newest.key, term_anchor(newest.key))
        for d in definitions:
            row.entries.setdefault(d.edition, []).append(Entry(d.edition, dict(d.term), anchor=term_anchor(d.key)))
        if len({d.key for d in definitions}) > 1:
            row.spellings = _spellings((d.term.get("en") or d.key, d.edition) for d in definitions)
        row.aliases = [a for a in dict.fromkeys(term_anchor(d.key) for d in definitions) if a != row.anchor]
        rows[form] = row
    for key, places in DEFINED_IN_LAWS.items():
        form = normal_form(key)
        for edition, citation, terms in places:
            if edition not in corpus.editions or corpus.provision(edition, from_canonical(citation)) is None:
                continue
            row = rows.get(form)
            if row is None:
                row = rows[form] = Row(key, terms.get("en") or key, term_anchor(key))
            cited = from_canonical(citation)
            row.entries.setdefault(edition, []).append(
                Entry(edition, dict(terms), anchor=cited.anchor, citation=citation, law=cited.law))
    for row in rows.values():  # the label: the English term as the newest edition naming it prints it
        row.label = next((e.terms["en"] for ed in editions for e in row.entries.get(ed, ()) if e.terms.get("en")), row.label)
    taken = {row.anchor for row in rows.values()}
    for row in rows.values():  # an alias never repeats an id another row uses
        row.aliases = [a for a in row.aliases if a not in taken]
        taken.update(row.aliases)
    return sorted(rows.values(), key=lambda r: r.label.casefold())


def _spellings(printed: Iterable[tuple[str, str]]) -> list[tuple[str, tuple[str, ...]]]:
    """Distinct spellings (letter case aside: 1987 prints headwords in capitals), newest form
    shown, with the editions that print each."""
    by_form: dict[str, tuple[str, list[str]]] = {}
    for text, edition in printed:
        shown, editions = by_form.setdefault(text.casefold(), (text, []))
        if edition not in editions:
            editions.append(edition)
    return [(shown, tuple(editions)) for shown, editions in by_form.values()]
