"""One law as a document to keep: Markdown or plain text, one language after another.

Text is the records' text, character for character: the plain-text export adds only labels
(citations, titles) and layout; the Markdown export adds those and backslash escapes where a
character would otherwise be read as Markdown (a ``*`` in a translation must stay a ``*``), so a
Markdown renderer shows exactly the printed text. Lines are not wrapped: the reader's editor does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from corpus import display
from corpus.model import Provision, Table
from corpus.store import Corpus

LANGUAGE_NAMES = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}


@dataclass(frozen=True)
class Block:
    """One piece of the document: a heading, a labelled paragraph, a table or a note."""

    kind: str  # "heading" | "paragraph" | "table" | "note"
    text: str = ""
    label: str = ""
    level: int = 0
    table: Table | None = None


def law_blocks(corpus: Corpus, law: Provision, lang: str) -> Iterator[Block]:
    """The law in ``lang`` in printed order: each provision's heading or label and lead-in, its
    tables, its children, its closing text, its footnotes; then the variants printed for it."""
    yield from _provision_blocks(corpus, law, lang)
    for variant in corpus[law.edition].variants:
        if variant.law == law.law and any(p.own_text(lang) or p.title.get(lang) for p in variant.provisions):
            yield Block("heading", f"Also printed: {variant.label} ({variant.source})", level=2)
            for p in variant.provisions:
                for para in _paragraphs(p.own_text(lang)):
                    yield Block("paragraph", para, label=str(p.citation))


def _provision_blocks(corpus: Corpus, node: Provision, lang: str) -> Iterator[Block]:
    title = node.title.get(lang, "")
    paragraphs = _paragraphs(node.text.get(lang, ""))
    label = f"Law {node.law}" if node.kind == "law" else str(node.citation)
    if node.kind in ("law", "section"):
        yield Block("heading", f"{label} · {title}" if title else label, level=1 if node.kind == "law" else 2)
    elif title:
        yield Block("heading", f"{label} · {title}", level=3)
        label = ""
    for para in paragraphs:
        yield Block("paragraph", para, label=label if node.kind not in ("law", "section") else "")
        label = ""
    for table in node.tables:
        if table.lang == lang:
            yield Block("table", table=table)
    if node.kind not in ("law", "section") and label and not paragraphs and not any(t.lang == lang for t in node.tables):
        yield Block("paragraph", "", label=label)  # an item printed with no text of its own in this language
    for child in corpus.children(node.edition, node.citation):
        yield from _provision_blocks(corpus, child, lang)
    for para in _paragraphs(node.closing.get(lang, "")):
        yield Block("paragraph", para, label=f"{node.citation} (cont.)")
    for note in node.footnotes:
        if note.lang == lang:
            number = f"Footnote {note.number}" if note.number is not None else "Note"
            for i, para in enumerate(_paragraphs(note.text)):
                yield Block("note", para, label=f"{number} ({node.citation})" if i == 0 else "")


def _paragraphs(text: str) -> list[str]:
    return [p for p in text.split("\n\n") if p.strip()]


def has_text(corpus: Corpus, law: Provision, lang: str) -> bool:
    return any(p.own_text(lang) or p.title.get(lang) for p in corpus.subtree(law.edition, law.citation))


# == Markdown ===================================================================================

# Characters Markdown could read as markup anywhere in a line, and at the start of a line.
_MD_INLINE = re.compile(r"([\\`*_\[\]<>|~!])")
_MD_LINE_START = re.compile(r"^(\s*)([#>+=-]|\d+[.)])", re.MULTILINE)


def md_escape(text: str) -> str:
    text = _MD_INLINE.sub(r"\\\1", text)
    return _MD_LINE_START.sub(lambda m: m[1] + (m[2][:-1] + "\\" + m[2][-1] if m[2][-1] in ".)" else "\\" + m[2]), text)


def _md_cell(cell: str) -> str:
    return "<br>".join(md_escape(line) for line in cell.split("\n")) if "\n" in cell else md_escape(cell)


def _md_table(table: Table) -> list[str]:
    rows = [*table.head, *table.body]
    width = max(len(r) for r in rows)
    padded = [list(r) + [""] * (width - len(r)) for r in rows]
    head = padded[0] if table.head else [""] * width
    body = padded[1:] if table.head else padded
    lines = [f"*{md_escape(table.caption)}*", ""] if table.caption else []
    lines.append("| " + " | ".join(_md_cell(c) for c in head) + " |")
    lines.append("|" + "---|" * width)
    lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in body]
    return lines


def _md_block(block: Block) -> list[str]:
    if block.kind == "heading":
        return ["#" * (block.level + 2) + " " + md_escape(block.text)]
    if block.kind == "table":
        return _md_table(block.table)
    label = f"**{md_escape(block.label)}**" if block.label else ""
    text = md_escape(block.text)
    if block.kind == "note":
        return [f"> {label} {text}".rstrip().replace("\n", "\n> ")]
    return [f"{label} {text}".strip() if label else text]


def to_markdown(corpus: Corpus, law: Provision, langs: Sequence[str], url: str = "") -> str:
    head = [f"# The {law.edition} Laws of Duplicate Bridge · Law {law.law}", ""] + ([f"<{url}>", ""] if url else [])
    return _document(corpus, law, langs, head, lambda name: f"## {name}", lambda note: f"*{note}*", _md_block)


# == Plain text =================================================================================

def _text_table(table: Table) -> list[str]:
    """Columns aligned by display width (a CJK character is two columns); a cell printed on
    several lines keeps its lines."""
    rows = [[cell.split("\n") for cell in row] for row in (*table.head, *table.body)]
    ncols = max(len(r) for r in rows)
    rows = [r + [[""]] * (ncols - len(r)) for r in rows]
    widths = [max(display.width(line) for r in rows for line in r[c]) for c in range(ncols)]
    lines = [table.caption] if table.caption else []
    for row in rows:
        height = max(len(cell) for cell in row)
        for i in range(height):
            parts = [display.ljust(cell[i] if i < len(cell) else "", widths[c]) for c, cell in enumerate(row)]
            lines.append("  " + " | ".join(parts).rstrip())
    return lines


def _text_block(block: Block) -> list[str]:
    if block.kind == "heading":
        underline = {1: "=", 2: "-"}.get(block.level)
        return [block.text] + ([underline * display.width(block.text)] if underline else [])
    if block.kind == "table":
        return _text_table(block.table)
    return [f"{block.label}  {block.text}".rstrip() if block.label else block.text]


def to_text(corpus: Corpus, law: Provision, langs: Sequence[str], url: str = "") -> str:
    heading = f"The {law.edition} Laws of Duplicate Bridge · Law {law.law}"
    head = [heading, "=" * display.width(heading)] + ([url] if url else []) + [""]
    return _document(corpus, law, langs, head, lambda name: f"[{name}]", lambda note: f"({note})", _text_block)


# == Both formats ===============================================================================

def _document(corpus: Corpus, law: Provision, langs: Sequence[str], head: list[str],
              language_heading: Callable[[str], str], note: Callable[[str], str],
              block_lines: Callable[[Block], list[str]]) -> str:
    """One language after another: its heading, a note where the source prints titles only, then
    the law's blocks, each followed by a blank line."""
    records = corpus[law.edition]
    out = list(head)
    for lang in langs:
        name = LANGUAGE_NAMES[lang]
        out += [language_heading(name), ""]
        if lang in records.title_only_languages:
            out += [note(f"The {law.edition} {name} source prints titles only."), ""]
        for block in law_blocks(corpus, law, lang):
            out += block_lines(block) + [""]
    return "\n".join(out).rstrip("\n") + "\n"


FORMATS: dict[str, tuple[str, Callable[..., str]]] = {
    "md": ("text/markdown; charset=utf-8", to_markdown),
    "txt": ("text/plain; charset=utf-8", to_text),
}
