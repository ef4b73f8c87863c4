"""``bridgelaws lookup CITATION``: one provision with its subtree, in any citation notation."""

from __future__ import annotations

import json
import textwrap

from corpus import requests
from corpus.load import load_corpus
from corpus.model import LANGUAGES, Provision
from corpus.serialize import provision_to_json
from corpus.store import Corpus

LANG_LABELS = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}


def register(subparsers) -> None:
    p = subparsers.add_parser("lookup", help="show one provision (any citation notation) with its subtree")
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
        from corpus.concordance import counterparts

        data = provision_to_json(corpus, provision, subtree=True, langs=langs)
        data["counterparts"] = counterparts(corpus, provision.edition, provision.citation)
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(render_text(corpus, provision, langs), end="")
    return 0


def render_text(corpus: Corpus, top: Provision, langs: tuple[str, ...] | None) -> str:
    """A plain-text rendering for the terminal: each provision's heading and lead-in, its children
    indented, then its closing text, tables and footnotes — in printed order."""
    records = corpus[top.edition]
    shown = tuple(lang for lang in (*records.text_languages, *records.title_only_languages)
                  if langs is None or lang in langs)
    lines: list[str] = []
    _render(corpus, top, top, shown, lines)
    for lang in shown:
        if lang in records.title_only_languages:
            lines.append(f"(The {top.edition} {LANG_LABELS[lang]} source prints titles only, no law text"
                         f"{_title_span(corpus, top.edition, lang)}.)")
        elif not any(p.own_text(lang) for p in corpus.subtree(top.edition, top.citation)):
            lines.append(f"(The {top.edition} source prints no {LANG_LABELS[lang]} text for {top.citation}.)")
    if top.kind == "law":
        for variant in records.variants:
            if variant.law == top.law:
                lines.append(f"Also printed: {variant.label} ({variant.source}); see `bridgelaws export`.")
    return "\n".join(lines) + "\n"


def _title_span(corpus: Corpus, edition: str, lang: str) -> str:
    laws = [p.law for p in corpus.laws(edition) if p.title.get(lang)]
    return f"; titles of Laws {laws[0]}–{laws[-1]}" if laws else ""


def _render(corpus: Corpus, node: Provision, top: Provision, shown: tuple[str, ...], lines: list[str]) -> None:
    indent = "  " * (node.citation.depth - top.citation.depth)
    langs = [lang for lang in shown if lang in node.languages]
    titles = " / ".join(node.title[lang] for lang in langs if node.title.get(lang))
    head = f"{node.edition} Law {node.citation}" if node is top else str(node.citation)
    lines.append(f"{indent}{head}" + (f" — {titles}" if titles else ""))
    _paragraphs(node.text, langs, indent, lines)
    for table in node.tables:
        if table.lang in shown:
            lines.extend(indent + "  | " + " | ".join(row) + " |" for row in (*table.head, *table.body))
    for child in corpus.children(node.edition, node.citation):
        _render(corpus, child, top, shown, lines)
    _paragraphs(node.closing, langs, indent, lines)
    for note in node.footnotes:
        if note.lang in shown:
            num = f" {note.number}" if note.number is not None else ""
            lines.append(textwrap.fill(f"Footnote{num} [{LANG_LABELS[note.lang]}]: {note.text}", width=100,
                                       initial_indent=indent + "  ", subsequent_indent=indent + "    "))


def _paragraphs(texts, langs: list[str], indent: str, lines: list[str]) -> None:
    present = [lang for lang in langs if texts.get(lang)]
    for lang in present:
        label = f"[{LANG_LABELS[lang]}] " if len(present) > 1 else ""
        for para in texts[lang].split("\n\n"):
            lines.append(textwrap.fill(label + para, width=100, initial_indent=indent + "  ",
                                       subsequent_indent=indent + "  "))
            label = ""
