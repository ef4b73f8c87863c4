"""Law text → HTML through markdown-it-py, with the project's own plugins.

The parser runs markdown-it's ``zero`` preset: every character of law text is text (no emphasis,
lists, headings or raw HTML that a stray ``*``, ``1.`` or ``<`` in a translation could trigger),
and markdown-it's renderer escapes it. Markup comes only from the plugins here, which add tokens:

- ``links``: anchors over character ranges of the text (cross-references, defined terms);
- ``tables``: the provision's tables (Laws 2, 77, 78B) as HTML tables, merged cells worked out
  when drawn, and notes printed with a table placed beside it (``TABLE_NOTES``);
- ``footnotes``: the provision's footnotes in an aside after its text.

Each plugin reads its data from the ``env`` of one ``render`` call; nothing is global.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markupsafe import Markup

from corpus.model import Table
from webapp.table_layout import Cell, layout


@dataclass(frozen=True)
class Link:
    """An anchor over ``text[start:end]``: a cross-reference (``kind="ref"``) or a defined term
    (``kind="term"``). ``title`` is the no-script preview; ``preview`` the JSON the script shows."""

    start: int
    end: int
    href: str
    kind: str = "ref"
    title: str = ""
    preview: str = ""


@dataclass(frozen=True)
class FootnoteView:
    label: str  # "1", "①", "註"
    text: str


# -- plugin: links over ranges of the text ---------------------------------------------------
def _line_starts(src: str) -> list[int]:
    starts = [0]
    for i, ch in enumerate(src):
        if ch == "\n":
            starts.append(i + 1)
    return starts


def _linked_children(children: list[Token], base: int, links: Sequence[Link]) -> list[Token]:
    out: list[Token] = []
    pos = base
    for child in children:
        if child.type != "text":
            out.append(child)
            continue
        start, end = pos, pos + len(child.content)
        cursor = start
        for link in links:
            if link.start < cursor or link.end > end:
                continue  # outside this run, or overlapping one already placed
            if link.start > cursor:
                out.append(_text(child.content[cursor - start : link.start - start]))
            attrs = {"href": link.href, "class": f"{link.kind}"}
            if link.title:
                attrs["title"] = link.title
            if link.preview:
                attrs["data-preview"] = link.preview
            out.append(Token("link_open", "a", 1, attrs=attrs))
            out.append(_text(child.content[link.start - start : link.end - start]))
            out.append(Token("link_close", "a", -1))
            cursor = link.end
        if cursor < end:
            out.append(_text(child.content[cursor - start :]))
        pos = end
    return out


def links_rule(state: StateCore) -> None:
    links = sorted(state.env.get("links") or (), key=lambda link: (link.start, -link.end))
    if not links:
        return
    starts = _line_starts(state.src)
    lines = state.src.split("\n")
    for token in state.tokens:
        if token.type != "inline" or token.map is None or not token.children:
            continue
        first = lines[token.map[0]]
        base = starts[token.map[0]] + len(first) - len(first.lstrip())
        if state.src[base : base + len(token.content)] != token.content:
            continue  # markdown-it rewrote this paragraph; never link the wrong characters
        token.children = _linked_children(token.children, base, links)


def links_plugin(md: MarkdownIt) -> None:
    md.core.ruler.after("inline", "bridge_links", links_rule)


# -- plugin: tables ---------------------------------------------------------------------------
def _text(content: str) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token


def _inline(content: str) -> Token:
    token = Token("inline", "", 0, children=[_text(content)])
    token.content = content
    return token


def _block(type_: str, tag: str, nesting: int, attrs: dict | None = None) -> Token:
    token = Token(type_, tag, nesting, attrs=attrs or {})
    token.block = True
    return token


def _cell_tokens(cell: Cell) -> list[Token]:
    tag = "th" if cell.header else "td"
    attrs: dict = {"scope": "colgroup" if cell.colspan > 1 else "col"} if cell.header else {}
    if cell.group:
        attrs["class"] = "group"
    if cell.colspan > 1:
        attrs["colspan"] = str(cell.colspan)
    if cell.rowspan > 1:
        attrs["rowspan"] = str(cell.rowspan)
    return [_block(f"{tag}_open", tag, 1, attrs), _inline(cell.text), _block(f"{tag}_close", tag, -1)]


def _row(cells: Iterable[Cell]) -> list[Token]:
    tokens = [_block("tr_open", "tr", 1)]
    for cell in cells:
        tokens += _cell_tokens(cell)
    tokens.append(_block("tr_close", "tr", -1))
    return tokens


def table_tokens(table: Table) -> list[Token]:
    """The table with its merged cells (``webapp.table_layout`` says which and why)."""
    grid = layout(table.head, table.body)
    tokens = [_block("figure_open", "div", 1, {"class": "table-scroll"})]
    tokens.append(_block("table_open", "table", 1, {"class": f"law-table table-{table.key}"}))
    if table.caption:
        tokens += [_block("caption_open", "caption", 1), _inline(table.caption), _block("caption_close", "caption", -1)]
    if grid.head:
        tokens.append(_block("thead_open", "thead", 1))
        for row in grid.head:
            tokens += _row(row)
        tokens.append(_block("thead_close", "thead", -1))
    tokens.append(_block("tbody_open", "tbody", 1))
    for row in grid.body:
        tokens += _row(row)
    tokens.append(_block("tbody_close", "tbody", -1))
    tokens += [_block("table_close", "table", -1), _block("figure_close", "div", -1)]
    return tokens


# Notes printed with a table, not before all of them: (edition, citation) → table key → (indices
# of the provision's paragraphs printed above the table, indices printed below it). 2017 Law 77
# (laws-2017-en-zh-Hant.txt L6033-6110): "Scored by declarer's side if the contract is fulfilled."
# heads the Trick Score table, the GAME and PARTSCORE sentences follow it; "Scored by declarer's
# side" heads Premium Score; "Scored by declarer's opponents …" heads Undertrick Penalties. The
# English and Chinese texts have the same five paragraphs in the same order.
TABLE_NOTES: dict[tuple[str, str], dict[str, tuple[tuple[int, ...], tuple[int, ...]]]] = {
    ("2017", "77"): {"trick-score": ((0,), (1, 2)), "premium-score": ((3,), ()), "undertricks": ((4,), ())},
}


def _paragraphs(tokens: list[Token]) -> list[tuple[int, int]]:
    """(start, end) of each top-level paragraph's tokens."""
    spans, start = [], None
    for i, token in enumerate(tokens):
        if token.type == "paragraph_open" and token.level == 0:
            start = i
        elif token.type == "paragraph_close" and token.level == 0 and start is not None:
            spans.append((start, i + 1))
            start = None
    return spans


def tables_rule(state: StateCore) -> None:
    tables = state.env.get("tables") or ()
    notes = state.env.get("table_notes") or {}
    if not notes:
        for table in tables:
            state.tokens.extend(table_tokens(table))
        return
    spans = _paragraphs(state.tokens)
    placed = {i for before, after in notes.values() for i in (*before, *after) if i < len(spans)}
    paragraph = lambda i: state.tokens[spans[i][0] : spans[i][1]] if i < len(spans) else []
    kept = [t for i, t in enumerate(state.tokens) if not any(s <= i < e for n, (s, e) in enumerate(spans) if n in placed)]
    out = list(kept)
    for table in tables:
        before, after = notes.get(table.key, ((), ()))
        out.append(_block("group_open", "div", 1, {"class": "table-group"}))
        for i in before:
            out += paragraph(i)
        out += table_tokens(table)
        for i in after:
            out += paragraph(i)
        out.append(_block("group_close", "div", -1))
    state.tokens = out


def tables_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("bridge_tables", tables_rule)


# -- plugin: footnotes ------------------------------------------------------------------------
def footnotes_rule(state: StateCore) -> None:
    footnotes: Sequence[FootnoteView] = state.env.get("footnotes") or ()
    if not footnotes:
        return
    tokens = [_block("footnotes_open", "aside", 1, {"class": "footnotes", "aria-label": "Footnotes"})]
    for note in footnotes:
        for index, paragraph in enumerate(p for p in note.text.split("\n\n") if p.strip()):
            inline = _inline(paragraph)
            if index == 0:
                label = Token("footnote_label_open", "span", 1, attrs={"class": "footnote-label"})
                inline.children = [label, _text(note.label), Token("footnote_label_close", "span", -1), _text(" " + paragraph)]
            tokens += [_block("paragraph_open", "p", 1, {"class": "footnote"}), inline, _block("paragraph_close", "p", -1)]
    tokens.append(_block("footnotes_close", "aside", -1))
    state.tokens.extend(tokens)


def footnotes_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("bridge_footnotes", footnotes_rule)


# -- the renderer -----------------------------------------------------------------------------
class LawRenderer:
    """Renders one provision's text (with its tables and footnotes) to safe HTML."""

    def __init__(self) -> None:
        self._md = MarkdownIt("zero", {"html": False}).use(links_plugin).use(tables_plugin).use(footnotes_plugin)

    def render(
        self,
        text: str,
        *,
        links: Sequence[Link] = (),
        tables: Sequence[Table] = (),
        footnotes: Sequence[FootnoteView] = (),
        table_notes: dict | None = None,
    ) -> Markup:
        """``table_notes``: which paragraphs of ``text`` go with which table (``TABLE_NOTES``)."""
        env = {"links": tuple(links), "tables": tuple(tables), "footnotes": tuple(footnotes),
               "table_notes": table_notes or {}}
        return Markup(self._md.render(text, env))


@lru_cache(maxsize=1)
def law_renderer() -> LawRenderer:
    return LawRenderer()
