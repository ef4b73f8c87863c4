"""The record model: what an importer produces and everything downstream reads.

Records are frozen dataclasses. Text is plain Unicode text (no page furniture, no footnote
markers, wraps and hyphenation joined); paragraphs inside one text are separated by a blank
line ("\\n\\n"). Every per-language mapping is keyed by a BCP 47 tag from ``LANGUAGES`` and
holds only the languages the source actually has.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Mapping

from corpus.citations import Citation

EDITIONS: tuple[str, ...] = ("1987", "2007", "2017")
LANGUAGES: tuple[str, ...] = ("en", "zh-Hant", "zh-Hans")

Kind = Literal["law", "section", "item", "subitem", "subsubitem"]
LangText = Mapping[str, str]


@dataclass(frozen=True)
class Footnote:
    """A footnote (2017 numbered, 2007 circled-digit, 1987 （註）) attached to the provision
    whose text cites it. ``number`` is the printed number where the source numbers them."""

    lang: str
    text: str
    number: int | None = None


@dataclass(frozen=True)
class Table:
    """A real table (Law 2 boards, Law 77 scores, Law 78B IMPs): rows of cells, as printed.

    ``head`` holds the header rows, ``body`` the data rows; every cell is a string exactly as
    printed (apart from whitespace). ``key`` names the table within its provision so code can
    find it ("boards", "dealer", "vulnerability", "trick-score", "premium-score",
    "undertricks", "imps", ...)."""

    lang: str
    key: str
    head: tuple[tuple[str, ...], ...]
    body: tuple[tuple[str, ...], ...]
    caption: str = ""


@dataclass(frozen=True)
class Reference:
    """One cross-reference found in a provision's text (filled in by ``corpus.linking``).

    ``surface`` is the text as printed; ``start``/``end`` are offsets into
    ``Provision.own_text(lang)`` (lead-in, then "\n\n", then closing). ``target`` is the resolved
    citation within the provision's own edition, or None when it could not be resolved (``reason``
    says why). Definition references have ``kind="definition"``, no target and
    ``reason="definition:<key>"``; footnote references (``参照第 68 条的注释``) have
    ``kind="footnote"`` and the law as target; ``kind="external"`` points outside the Laws."""

    lang: str
    surface: str
    start: int
    end: int
    target: Citation | None
    kind: Literal["provision", "definition", "footnote", "external"] = "provision"
    reason: str = ""


@dataclass(frozen=True)
class Provision:
    """One node of an edition's tree: a law, section, item, sub-item or sub-sub-item.

    ``text`` is the provision's *own* text (not its children's). Most own text comes before the
    children (a lead-in); text printed after the children (a closing paragraph such as Law 69B's
    "The board is rescored…") is in ``closing`` so the page can render it in place; both count
    as the provision's own text.
    """

    edition: str
    citation: Citation
    title: LangText = field(default_factory=dict)
    text: LangText = field(default_factory=dict)
    closing: LangText = field(default_factory=dict)
    footnotes: tuple[Footnote, ...] = ()
    tables: tuple[Table, ...] = ()
    refs: tuple[Reference, ...] = ()
    # Where it was printed: {"source file name": first 1-based line}; for fidelity tests and errata.
    source_lines: Mapping[str, int] = field(default_factory=dict)

    @property
    def kind(self) -> Kind:
        return self.citation.kind

    @property
    def law(self) -> int:
        return self.citation.law

    @property
    def parent(self) -> Citation | None:
        return self.citation.parent

    def own_text(self, lang: str) -> str:
        """Lead-in and closing text together, as the export's ``text`` field holds it."""
        parts = [p for p in (self.text.get(lang, ""), self.closing.get(lang, "")) if p]
        return "\n\n".join(parts)

    @property
    def languages(self) -> tuple[str, ...]:
        present = set(self.title) | set(self.text) | set(self.closing)
        return tuple(lang for lang in LANGUAGES if lang in present)


@dataclass(frozen=True)
class Definition:
    """A term of an edition's Definitions chapter. ``key`` is the English term, lower-cased
    ("dummy", "insufficient bid"): the join key of the aligned glossary. ``term`` and ``text`` are
    per language; the 2007 and 1987 Chinese entries carry their English term in ``term["en"]``
    even though the edition has no English text."""

    edition: str
    key: str
    term: LangText
    text: LangText
    source_lines: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Article:
    """A numbered part of a document that is not a Law (an article of the 1987 appendix)."""

    number: int
    title: LangText
    text: LangText
    chapter: int | None = None


@dataclass(frozen=True)
class Document:
    """Front or back matter that is not a Law: Preface, Introduction, Scope, the 1987 appendix.

    ``key`` is stable and URL-safe: "preface", "introduction", "scope", "appendix-competition-rules".
    """

    edition: str
    key: str
    title: LangText
    text: LangText
    articles: tuple[Article, ...] = ()
    tables: tuple[Table, ...] = ()
    is_laws: bool = False  # documents are never Laws; kept explicit for the appendix guard


@dataclass(frozen=True)
class TocNode:
    """Table-of-contents structure above the laws: chapter (章), part (段/部分), division (節/节).

    ``laws`` lists the law numbers directly or indirectly inside the node, in order."""

    edition: str
    kind: Literal["chapter", "part", "division"]
    number: int
    title: LangText
    laws: tuple[int, ...]
    children: tuple["TocNode", ...] = ()


@dataclass(frozen=True)
class Erratum:
    """A source error kept as printed in the text and listed here for readers."""

    edition: str
    citation: str  # a canonical citation, or a document key ("definitions", "appendix")
    lang: str
    printed: str
    probable: str
    note: str = ""


@dataclass(frozen=True)
class Variant:
    """Another printed wording of a law in the same edition (2017 Laws 73 and 89 in laws-2017-en.txt).

    It never replaces the main text; it is shown beside it, labelled."""

    edition: str
    law: int
    label: str
    source: str
    provisions: tuple[Provision, ...]


@dataclass(frozen=True)
class EditionRecords:
    """Everything one edition's importers produced, in printed order."""

    edition: str
    provisions: tuple[Provision, ...]
    definitions: tuple[Definition, ...] = ()
    documents: tuple[Document, ...] = ()
    toc: tuple[TocNode, ...] = ()
    errata: tuple[Erratum, ...] = ()
    variants: tuple[Variant, ...] = ()
    # Which languages carry law text / only titles, for "the reference says so".
    text_languages: tuple[str, ...] = ()
    title_only_languages: tuple[str, ...] = ()
