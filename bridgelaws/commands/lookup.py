"""``bridgelaws lookup CITATION``: one provision with its subtree, in any citation notation."""

from __future__ import annotations

import json
import re
import shutil

from bridgelaws.commands import SUMMARIES
from corpus import display, requests
from corpus.concordance import counterparts
from corpus.load import load_corpus
from corpus.model import LANGUAGES, Provision
from corpus.serialize import provision_to_json
from corpus.store import Corpus

LANG_LABELS = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}


def register(subparsers) -> None:
    p = subparsers.add_parser("lookup", help=SUMMARIES["lookup"])
    p.add_argument("citation", help="e.g. 'Law 12C1(c)', 12c1c, '第 12 条 C 款 1(c)', 12條C款1")
    p.add_argument("--edition", default="2017", help="1987, 2007 or 2017 (default 2017)")
    p.add_argument("--lang", choices=LANGUAGES, help="only this language")
    p.add_argument("--json", action="store_true", help="the provision object of docs/design.md")
    p.set_defaults(run=run)


def run(args) -> int:
    corpus = load_corpus()  # corpus/requests.py errors become exit 2 (malformed) or 1 (absent)
    provision = requests.provision(corpus, args.citation, args.edition)
    langs = (requests.edition_language(corpus, args.edition, args.lang),) if args.lang else None
    if args.json:
        data = provision_to_json(corpus, provision, subtree=True, langs=langs)
        data["counterparts"] = counterparts(corpus, provision.edition, provision.citation)
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(render_text(corpus, provision, langs, width=terminal_width()), end="")
    return 0


def terminal_width() -> int:
    """``COLUMNS``, else the terminal's width, else 80 (output to a pipe or file)."""
    return max(MIN_WIDTH, shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns)


DEFAULT_WIDTH = 80
MIN_WIDTH = 20  # narrower than this, indentation alone would fill the line


# Line-breaking rules for Chinese (GB/T 15834, JIS X 4051 "kinsoku"): these never start a line…
_NO_LINE_START = set("，。、；：？！）」』》〉】〕”’…—,.;:?!)]}%")
# …and these never end one.
_NO_LINE_END = set("（「『《〈【〔“‘([{")
_UNIT = re.compile(r"[^\s\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]+\s*|\S\s*|\s+")


def _units(text: str) -> list[str]:
    """Unbreakable pieces: a Latin word with its trailing space, or one CJK character, with
    closing punctuation joined to what precedes it and opening punctuation to what follows."""
    units: list[str] = []
    pending = ""
    for piece in _UNIT.findall(" ".join(text.split())):
        if units and not pending and piece[0] in _NO_LINE_START:
            units[-1] += piece
        elif piece.rstrip() and piece.rstrip()[-1] in _NO_LINE_END:
            pending += piece
        else:
            units.append(pending + piece)
            pending = ""
    if pending:
        units.append(pending)
    return units


def fill(text: str, width: int, indent: str, subsequent: str | None = None) -> list[str]:
    """Wrap by display columns (corpus/display.py: a CJK character takes two), never wider than ``width``;
    Chinese breaks between any two characters except before closing or after opening punctuation."""
    subsequent = indent if subsequent is None else subsequent
    lines: list[str] = []
    line, prefix = "", indent
    for unit in _units(text):
        while display.width(prefix + line + unit.rstrip()) > width:
            if line:
                lines.append(prefix + line.rstrip())
                line, prefix = "", subsequent
                continue
            # one unit wider than a whole line (a very long word): cut it by columns
            room = width - display.width(prefix)
            cut = max(1, next((i for i in range(len(unit), 0, -1) if display.width(unit[:i]) <= room), 1))
            lines.append(prefix + unit[:cut])
            unit, prefix = unit[cut:], subsequent
        line += unit
    if line or not lines:
        lines.append((prefix + line).rstrip())
    return lines


def render_text(corpus: Corpus, top: Provision, langs: tuple[str, ...] | None, width: int = DEFAULT_WIDTH) -> str:
    """A plain-text rendering for the terminal: each provision's heading and lead-in, its children
    indented, then its closing text, tables and footnotes — in printed order, every line at most
    ``width`` display columns."""
    records = corpus[top.edition]
    shown = tuple(lang for lang in (*records.text_languages, *records.title_only_languages)
                  if langs is None or lang in langs)
    lines: list[str] = []
    _render(corpus, top, top, shown, lines, width)
    notes: list[str] = []
    for lang in shown:
        if lang in records.title_only_languages:
            notes.append(f"(The {top.edition} {LANG_LABELS[lang]} source prints titles only, no law text"
                         f"{_title_span(corpus, top.edition, lang)}.)")
        elif not any(p.own_text(lang) for p in corpus.subtree(top.edition, top.citation)):
            notes.append(f"(The {top.edition} source prints no {LANG_LABELS[lang]} text for {top.citation}.)")
    if top.kind == "law":
        for variant in records.variants:
            if variant.law == top.law:
                notes.append(f"Also printed: {variant.label} ({variant.source}); see `bridgelaws export`.")
    for note in notes:
        lines.extend(fill(note, width, ""))
    return "\n".join(lines) + "\n"


def _title_span(corpus: Corpus, edition: str, lang: str) -> str:
    laws = [p.law for p in corpus.laws(edition) if p.title.get(lang)]
    return f"; titles of Laws {laws[0]}–{laws[-1]}" if laws else ""


def _render(corpus: Corpus, node: Provision, top: Provision, shown: tuple[str, ...], lines: list[str], width: int) -> None:
    indent = "  " * (node.citation.depth - top.citation.depth)
    langs = [lang for lang in shown if lang in node.languages]
    titles = " / ".join(node.title[lang] for lang in langs if node.title.get(lang))
    head = f"{node.edition} Law {node.citation}" if node is top else str(node.citation)
    lines.extend(fill(f"{head}" + (f" — {titles}" if titles else ""), width, indent, indent + "    "))
    _paragraphs(node.text, langs, indent, lines, width)
    for table in node.tables:
        if table.lang in shown:
            for row in (*table.head, *table.body):
                cells = " | ".join(" ".join(cell.split()) for cell in row)
                lines.extend(fill(f"| {cells} |", width, indent + "  ", indent + "    "))
    for child in corpus.children(node.edition, node.citation):
        _render(corpus, child, top, shown, lines, width)
    _paragraphs(node.closing, langs, indent, lines, width)
    for note in node.footnotes:
        if note.lang in shown:
            num = f" {note.number}" if note.number is not None else ""
            lines.extend(fill(f"Footnote{num} [{LANG_LABELS[note.lang]}]: {note.text}", width, indent + "  ", indent + "    "))


def _paragraphs(texts, langs: list[str], indent: str, lines: list[str], width: int) -> None:
    present = [lang for lang in langs if texts.get(lang)]
    for lang in present:
        label = f"[{LANG_LABELS[lang]}] " if len(present) > 1 else ""
        for para in texts[lang].split("\n\n"):
            lines.extend(fill(label + para, width, indent + "  "))
            label = ""
