"""Citations: the one grammar for naming a provision.

A citation is a path law → section → item → sub-item → sub-sub-item, written canonically as in
the English Laws: ``12``, ``12C``, ``12C1``, ``12C1(b)``, ``30B1(b)(ii)``, ``12C1(e)(1)``.
Items printed directly under a law (2007 Laws 35 and 71 number 1–4 where other editions letter
A–D) are written ``35.1``. A citation names a place in *one* edition's tree; which provision it
is depends on the edition (16C means different rules in 1987, 2007 and 2017).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import total_ordering
from typing import Literal

Kind = Literal["law", "section", "item", "subitem", "subsubitem"]

MAX_LAW = 93
SECTION_LETTERS = "ABCDEFGH"
ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")


class CitationError(ValueError):
    """A string that is not a citation in any notation we know. The message says why."""


@total_ordering
@dataclass(frozen=True)
class Citation:
    law: int
    section: str | None = None  # "A".."H"
    item: int | None = None  # 1..
    subitem: str | None = None  # "a".."z"
    subsubitem: str | None = None  # roman "i".."x" or digits "1".."9"

    def __post_init__(self) -> None:
        if not 1 <= self.law <= 99:
            raise CitationError(f"law number {self.law} is out of range")
        if self.section is not None and (len(self.section) != 1 or self.section not in SECTION_LETTERS):
            raise CitationError(f"section {self.section!r} is not a letter A–H")
        if self.item is not None and not 1 <= self.item <= 99:
            raise CitationError(f"item {self.item} is out of range")
        if self.subitem is not None and not re.fullmatch(r"[a-z]", self.subitem):
            raise CitationError(f"sub-item {self.subitem!r} is not a letter a–z")
        if self.subsubitem is not None and not (self.subsubitem in ROMAN or re.fullmatch(r"[1-9]", self.subsubitem)):
            raise CitationError(f"sub-sub-item {self.subsubitem!r} is not i–x or 1–9")
        if self.subsubitem is not None and self.subitem is None:
            raise CitationError("a sub-sub-item needs a sub-item")
        if self.subitem is not None and self.item is None and self.section is None:
            raise CitationError("a sub-item needs a section or an item")

    # -- shape ------------------------------------------------------------------------------
    @property
    def kind(self) -> Kind:
        if self.subsubitem is not None:
            return "subsubitem"
        if self.subitem is not None:
            return "subitem"
        if self.item is not None:
            return "item"
        if self.section is not None:
            return "section"
        return "law"

    @property
    def parts(self) -> tuple:
        return (self.law, self.section, self.item, self.subitem, self.subsubitem)

    @property
    def depth(self) -> int:
        return sum(p is not None for p in self.parts)

    @property
    def parent(self) -> "Citation | None":
        """The enclosing provision's citation (None for a law)."""
        if self.subsubitem is not None:
            return Citation(self.law, self.section, self.item, self.subitem)
        if self.subitem is not None:
            return Citation(self.law, self.section, self.item) if self.item is not None else Citation(self.law, self.section)
        if self.item is not None:
            return Citation(self.law, self.section) if self.section is not None else Citation(self.law)
        if self.section is not None:
            return Citation(self.law)
        return None

    def ancestors(self) -> tuple["Citation", ...]:
        """From the law down to (and including) this citation."""
        chain: list[Citation] = []
        node: Citation | None = self
        while node is not None:
            chain.append(node)
            node = node.parent
        return tuple(reversed(chain))

    def is_within(self, other: "Citation") -> bool:
        """True when this citation is ``other`` or lies inside it."""
        return other in self.ancestors()

    # -- notation ---------------------------------------------------------------------------
    def __str__(self) -> str:
        return self.canonical

    @property
    def canonical(self) -> str:
        out = str(self.law)
        if self.section is not None:
            out += self.section
            if self.item is not None:
                out += str(self.item)
        elif self.item is not None:
            out += f".{self.item}"
        if self.subitem is not None:
            out += f"({self.subitem})"
        if self.subsubitem is not None:
            out += f"({self.subsubitem})"
        return out

    @property
    def compact(self) -> str:
        """The lower-case, bracket-free form users type: ``12c1b``, ``30b1bii``."""
        return re.sub(r"[()]", "", self.canonical).lower()

    @property
    def anchor(self) -> str:
        """A stable HTML id for the provision: ``law-12C1b``, ``law-30B1bii``."""
        return "law-" + re.sub(r"[().]", "", self.canonical.replace(".", "-"))

    # -- order ------------------------------------------------------------------------------
    def sort_key(self) -> tuple:
        def sub(value: str | None) -> tuple:
            if value is None:
                return (0, 0)
            if value in ROMAN:
                return (1, ROMAN.index(value) + 1)
            if value.isdigit():
                return (1, int(value))
            return (1, ord(value))

        return (
            self.law,
            (0, "") if self.section is None else (1, self.section),
            (0, 0) if self.item is None else (1, self.item),
            sub(self.subitem),
            sub(self.subsubitem),
        )

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Citation):
            return NotImplemented
        return self.sort_key() < other.sort_key()


_CANONICAL = re.compile(
    r"(?P<law>\d{1,2})"
    r"(?:(?P<section>[A-H])(?P<item>\d{1,2})?|\.(?P<bare_item>\d{1,2}))?"
    r"(?:\((?P<subitem>[a-z])\)(?:\((?P<subsub>[ivx]+|[1-9])\))?)?"
)


def from_canonical(text: str) -> Citation:
    """Parse the canonical form only (``12C1(b)``, ``35.1``); what ``str(citation)`` writes."""
    m = _CANONICAL.fullmatch(text)
    if not m:
        raise CitationError(f"{text!r} is not a canonical citation such as 12C1(b)")
    item = m["item"] or m["bare_item"]
    return Citation(
        law=int(m["law"]),
        section=m["section"],
        item=int(item) if item else None,
        subitem=m["subitem"],
        subsubitem=m["subsub"],
    )
