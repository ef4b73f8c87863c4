"""What a law page shows: its provisions as rows, one cell per chosen language.

Rows are flat (law, sections, items … in printed order, closing text after the children) so
two languages line up provision by provision in a grid; ``depth`` keeps the tree visible.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterator, Sequence

from flask import url_for
from markupsafe import Markup

from corpus.model import Erratum, Provision
from corpus.store import Corpus
from webapp.i18n import law_label
from webapp.reference import Rendition, cached
from webapp.render import TABLE_NOTES, FootnoteView, Link, law_renderer
from webapp.terms import TermFinder, term_anchor

PREVIEW_CHARS = 240


@dataclass(frozen=True)
class Cell:
    rendition: Rendition
    title: str
    body: Markup
    errata: tuple[Erratum, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.title and not self.body


@dataclass(frozen=True)
class Row:
    provision: Provision
    depth: int
    closing: bool  # the text printed after the provision's children
    cells: tuple[Cell, ...]
    cited_by: tuple[Provision, ...] = ()
    trail: tuple["Crumb", ...] = ()

    @property
    def anchor(self) -> str:
        return self.provision.citation.anchor + ("-end" if self.closing else "")


@dataclass(frozen=True)
class Crumb:
    """One step of a provision's place in its law (the context line: 'Law 12 › C … › 1'); the
    step's title is the row's own, shown from the page (webapp/static/app.js)."""

    label: str  # in the interface language ("第12條") or a bare letter/number ("C", "1", "(a)")
    anchor: str


def law_href(edition: str, provision: Provision, langs: Sequence[str] = (), hl: str | None = None) -> str:
    """The law page URL, positioned at the provision (``hl``: searched words to mark there)."""
    url = url_for("laws.law", edition=edition, citation=str(provision.law), lang=list(langs) or None, hl=hl or None)
    return url if provision.kind == "law" else f"{url}#{provision.citation.anchor}"


def heading(provision: Provision, title: str) -> str:
    label = law_label(provision.law) if provision.kind == "law" else str(provision.citation)
    return f"{label} · {title}" if title else label


def own_label(provision: Provision) -> str:
    """The part of the citation this provision adds: 'C', '1', '(a)', '(ii)'."""
    c = provision.citation
    if c.subsubitem is not None:
        return f"({c.subsubitem})"
    if c.subitem is not None:
        return f"({c.subitem})"
    if c.item is not None:
        return str(c.item)
    if c.section is not None:
        return c.section
    return law_label(c.law)


def preview_text(rendition: Rendition, provision: Provision) -> str:
    text = rendition.text(provision) or rendition.closing(provision)
    text = " ".join(text.split())
    if len(text) > PREVIEW_CHARS:
        text = text[: PREVIEW_CHARS - 1] + "…"
    return heading(provision, rendition.title(provision)) + (f" — {text}" if text else "")


def _term_finder(corpus: Corpus, edition: str, rendition: Rendition) -> TermFinder:
    definitions = list(corpus.definitions(edition))
    return cached(
        f"terms:{edition}:{rendition.lang}",
        lambda: TermFinder(definitions, rendition.source_lang, rendition.convert),
    )


def _links(corpus: Corpus, provision: Provision, rendition: Rendition, text: str, offset: int, langs,
           seen: set[str] | None = None) -> list[Link]:
    """Reference links first (they win over terms), then the first use of each defined term not in
    ``seen`` (the terms already linked in this section)."""
    links: list[Link] = []
    for ref in provision.refs:
        if ref.lang != rendition.source_lang or ref.target is None or ref.kind != "provision":
            continue
        target = corpus.provision(provision.edition, ref.target)
        start, end = ref.start - offset, ref.end - offset
        if target is None or start < 0 or end > len(text):
            continue
        links.append(
            Link(
                start,
                end,
                law_href(provision.edition, target, langs),
                "ref",
                title=preview_text(rendition, target),
                preview=url_for("api.provision", edition=provision.edition, citation=str(target.citation)),
            )
        )
    taken = [(link.start, link.end) for link in links]
    definitions_url = url_for("definitions.index", edition=provision.edition, lang=rendition.lang)
    for match in _term_finder(corpus, provision.edition, rendition).find(text, seen):
        if any(match.start < e and s < match.end for s, e in taken):
            continue
        definition_text = rendition.convert(match.definition.text.get(rendition.source_lang, ""))
        links.append(
            Link(
                match.start,
                match.end,
                f"{definitions_url}#{term_anchor(match.definition.key)}",
                "term",
                title=" ".join(definition_text.split())[:PREVIEW_CHARS],
            )
        )
    return links


def _cell(corpus: Corpus, provision: Provision, rendition: Rendition, closing: bool, langs, errata, seen=None) -> Cell:
    renderer = law_renderer()
    lang = rendition.source_lang
    if closing:
        text = rendition.closing(provision)
        # Reference offsets count from the start of ``text``; closing text follows it.
        offset = len(provision.text.get(lang, "")) + 2 if provision.text.get(lang) else 0
        body = renderer.render(text, links=_links(corpus, provision, rendition, text, offset, langs, seen)) if text else Markup()
        return Cell(rendition, "", body)
    text = rendition.text(provision)
    tables = [t for t in provision.tables if t.lang == lang]
    if rendition.converted:
        tables = [_converted_table(t, rendition) for t in tables]
    footnotes = [
        FootnoteView(str(f.number) if f.number is not None else "*", rendition.convert(f.text))
        for f in provision.footnotes
        if f.lang == lang
    ]
    body = Markup()
    if text or tables or footnotes:
        body = renderer.render(
            text, links=_links(corpus, provision, rendition, text, 0, langs, seen), tables=tables, footnotes=footnotes,
            table_notes=TABLE_NOTES.get((provision.edition, str(provision.citation))),
        )
    mine = tuple(e for e in errata if e.citation == str(provision.citation) and e.lang == lang)
    return Cell(rendition, rendition.title(provision), body, mine)


def _converted_table(table, rendition: Rendition):
    convert = rendition.convert
    return dataclasses.replace(
        table,
        caption=convert(table.caption),
        head=tuple(tuple(convert(c) for c in row) for row in table.head),
        body=tuple(tuple(convert(c) for c in row) for row in table.body),
    )


def law_rows(corpus: Corpus, law: Provision, renditions: Sequence[Rendition], langs: Sequence[str] = ()) -> list[Row]:
    """``langs``: the language choice to keep in reference links (empty for the default)."""
    errata = corpus[law.edition].errata
    linked: dict[tuple, set[str]] = {}  # (section, language) → terms linked there: one link per section

    def seen(provision: Provision, r: Rendition) -> set[str]:
        return linked.setdefault((provision.citation.section, r.lang), set())

    def walk(provision: Provision, depth: int, trail: tuple[Crumb, ...]) -> Iterator[Row]:
        cells = tuple(_cell(corpus, provision, r, False, langs, errata, seen(provision, r)) for r in renditions)
        cited_by = tuple(corpus.cited_by(provision.edition, provision.citation))
        trail = trail + (Crumb(own_label(provision), provision.citation.anchor),)
        yield Row(provision, depth, False, cells, cited_by, trail)
        for child in corpus.children(provision.edition, provision.citation):
            yield from walk(child, depth + 1, trail)
        if any(provision.closing.get(r.source_lang) for r in renditions):
            closing = tuple(_cell(corpus, provision, r, True, langs, errata, seen(provision, r)) for r in renditions)
            yield Row(provision, depth, True, closing, (), trail)

    return list(walk(law, 0, ()))
