"""Assembling a provision of a one-language source (2007 zh-Hans, 1987 zh-Hant) from its parts."""

from __future__ import annotations

from typing import Sequence

from corpus.citations import Citation
from corpus.model import Footnote, Provision, Table


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
