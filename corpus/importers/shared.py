"""What the per-edition importers share: the draft of a provision being read (one tree builder
for every source format) and the assembly of a one-language provision (2007 zh-Hans, 1987 zh-Hant)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, Sequence, TypeVar

from corpus.citations import Citation
from corpus.model import Footnote, Provision, Table

P = TypeVar("P")  # a paragraph as the format reads it: a string, a source line, a bilingual pair


@dataclass(eq=False)
class Draft(Generic[P]):
    """A provision while its source is read, in printed order.

    Paragraphs go to ``text`` (the lead-in) until the provision is ``closed`` — by its children,
    a table or an explicit closing paragraph, as each format decides — and to ``closing`` after."""

    citation: Citation
    line: int
    title: Any = ""  # a string, or {lang: title} for the bilingual 2017 source
    text: list[P] = field(default_factory=list)
    closing: list[P] = field(default_factory=list)
    footnotes: list[Any] = field(default_factory=list)  # note texts, or footnote numbers to resolve
    tables: list[Table] = field(default_factory=list)
    children: list["Draft[P]"] = field(default_factory=list)
    closed: bool = False

    def add(self, paragraph: P) -> None:
        (self.closing if self.closed else self.text).append(paragraph)

    def walk(self):
        """This draft, then its descendants, in printed order."""
        yield self
        for child in self.children:
            yield from child.walk()


def assemble_provision(edition: str, lang: str, filename: str, *, citation: Citation, line: int,
                       title: str, text: Sequence[str], closing: Sequence[str],
                       footnotes: Sequence[str], tables: Sequence[Table]) -> Provision:
    """Paragraph lists become "\\n\\n"-joined text; empty parts are left out of the mappings."""
    return Provision(
        edition=edition,
        citation=citation,
        title={lang: title} if title else {},
        text={lang: "\n\n".join(text)} if text else {},
        closing={lang: "\n\n".join(closing)} if closing else {},
        footnotes=tuple(Footnote(lang, note) for note in footnotes),
        tables=tuple(tables),
        source_lines={filename: line},
    )
