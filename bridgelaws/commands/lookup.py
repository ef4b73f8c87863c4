"""``bridgelaws lookup CITATION``: one provision with its subtree, in any citation notation."""

from __future__ import annotations

import json
import textwrap

from bridgelaws.errors import NotFoundError, UsageError
from corpus.citations import CitationError
from corpus.load import load_corpus
from corpus.lookup import ProvisionNotFound, check_language, find_provision
from corpus.model import LANGUAGES, Provision
from corpus.serialize import provision_to_json
from corpus.store import Corpus

LANG_LABELS = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}


def register(subparsers) -> None:
    p = subparsers.add_parser("lookup", help="show one provision (any citation notation) with its subtree")
    p.add_argument("citation", help="e.g. 'Law 12C1(c)', 12c1c, '第 12 条 C 款 1(c)', 12條C款1")
    p.add_argument("--edition", default="2017", help="1987, 2007 or 2017 (default 2017)")
    p.add_argument("--lang", choices=LANGUAGES, help="only this language")
    p.add_argument("--json", action="store_true", help="the provision object of DESIGN.md")
    p.set_defaults(run=run)


def run(args) -> int:
    corpus = load_corpus()
    try:
        provision = find_provision(corpus, args.citation, args.edition)
        langs = (check_language(corpus, args.edition, args.lang),) if args.lang else None
    except CitationError as exc:
        raise UsageError(str(exc)) from None
    except ProvisionNotFound as exc:
        raise NotFoundError(str(exc)) from None
    if args.json:
        print(json.dumps(provision_to_json(corpus, provision, subtree=True, langs=langs), ensure_ascii=False, indent=2))
    else:
        print(render_text(corpus, provision, langs), end="")
    return 0


def render_text(corpus: Corpus, top: Provision, langs: tuple[str, ...] | None) -> str:
    """A plain-text rendering for the terminal: heading, then each language's text, indented by depth."""
    lines: list[str] = []
    base = top.citation.depth
    for node in corpus.subtree(top.edition, top.citation):
        indent = "  " * (node.citation.depth - base)
        shown = [lang for lang in node.languages if langs is None or lang in langs]
        titles = " / ".join(node.title[lang] for lang in shown if node.title.get(lang))
        head = f"Law {node.citation}" if node is top else str(node.citation)
        if node is top:
            head = f"{node.edition} {head}"
        lines.append(f"{indent}{head}" + (f" — {titles}" if titles else ""))
        for lang in shown:
            body = node.own_text(lang)
            if body:
                label = f"[{LANG_LABELS[lang]}] " if len(shown) > 1 else ""
                for para in body.split("\n\n"):
                    lines.append(textwrap.fill(label + para, width=100, initial_indent=indent + "  ",
                                               subsequent_indent=indent + "  "))
                    label = ""
        for table in node.tables:
            if langs is None or table.lang in langs:
                for row in (*table.head, *table.body):
                    lines.append(indent + "  | " + " | ".join(row) + " |")
        for note in node.footnotes:
            if langs is None or note.lang in langs:
                num = f" {note.number}" if note.number is not None else ""
                lines.append(textwrap.fill(f"Footnote{num} [{LANG_LABELS[note.lang]}]: {note.text}", width=100,
                                           initial_indent=indent + "  ", subsequent_indent=indent + "    "))
    if top.kind == "law":
        for variant in corpus[top.edition].variants:
            if variant.law == top.law:
                lines.append(f"Also printed: {variant.label} ({variant.source}); see `bridgelaws export`.")
    return "\n".join(lines) + "\n"
