"""Defined terms in law text: where each term of an edition's Definitions chapter occurs.

Only a term's first occurrence is linked: enough to reach the definition without turning every
"Director" into a link. The caller says how far "first" reaches by passing one ``seen`` set to
every text of that stretch (the law page: one section, A, B, C …, with all its items)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from corpus.model import Definition
from corpus.text import has_cjk


def term_anchor(key: str) -> str:
    """A stable HTML id for a definition: ``def-insufficient-bid``."""
    return "def-" + re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-")


@dataclass(frozen=True)
class TermMatch:
    start: int
    end: int
    definition: Definition


class TermFinder:
    """The defined terms of one edition in one language, longest first."""

    def __init__(self, definitions: list[Definition], lang: str, convert=lambda s: s):
        self._by_term: dict[str, Definition] = {}
        for definition in definitions:
            term = convert(definition.term.get(lang, "")).strip()
            if len(term) >= 2:
                self._by_term.setdefault(term.casefold(), definition)
        parts = []
        for term in sorted(self._by_term, key=len, reverse=True):
            escaped = re.escape(term)
            # Latin terms match whole words (plural "s" allowed); CJK terms match anywhere.
            parts.append(escaped if has_cjk(term) else rf"\b{escaped}(?:s|es)?\b")
        self._pattern = re.compile("|".join(parts), re.IGNORECASE) if parts else None

    def find(self, text: str, seen: set[str] | None = None) -> list[TermMatch]:
        """The first use of each term in ``text`` not already in ``seen`` (definition keys,
        updated in place)."""
        if self._pattern is None or not text:
            return []
        seen = set() if seen is None else seen
        out = []
        for m in self._pattern.finditer(text):
            definition = self._definition(m.group(0))
            if definition is None or definition.key in seen:
                continue
            seen.add(definition.key)
            out.append(TermMatch(m.start(), m.end(), definition))
        return out

    def _definition(self, surface: str) -> Definition | None:
        folded = surface.casefold()
        for candidate in (folded, folded.removesuffix("s"), folded.removesuffix("es")):
            if candidate in self._by_term:
                return self._by_term[candidate]
        return None
