"""Records → JSON-ready dicts: the one serialisation the CLI, the API and the export share.

Shapes are the public interface of docs/design.md; keys are only ever added, never renamed."""

from __future__ import annotations

from typing import Any

from corpus.glossary import Equivalence, build_glossary
from corpus.model import Definition, Document, Erratum, Provision, Table, TocNode, Variant
from corpus.store import Corpus

SCHEMA_VERSION = 1


def _pick(mapping, langs: tuple[str, ...] | None) -> dict[str, str]:
    return {k: v for k, v in mapping.items() if langs is None or k in langs}


def table_to_json(table: Table) -> dict[str, Any]:
    return {"lang": table.lang, "key": table.key, "caption": table.caption,
            "head": [list(r) for r in table.head], "body": [list(r) for r in table.body]}


def provision_to_json(corpus: Corpus | None, provision: Provision, *, subtree: bool = False,
                      langs: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The docs/design.md provision object; with ``subtree`` also ``children`` (nested) and ``cited_by``.

    ``langs`` restricts the per-language fields (``lookup --lang``)."""
    present = [lang for lang in provision.languages if langs is None or lang in langs]
    # ``text`` is the lead-in only: a paragraph printed after the sub-items is in ``closing``
    # alone, so a reader of ``text`` never sees it before the sub-items.
    text = {lang: provision.text[lang] for lang in present if provision.text.get(lang)}
    targets: list[dict[str, str]] = []
    for ref in provision.refs:
        if ref.target is not None and (langs is None or ref.lang in langs):
            entry = {"edition": provision.edition, "citation": str(ref.target)}
            if entry not in targets:
                targets.append(entry)
    obj: dict[str, Any] = {
        "edition": provision.edition,
        "citation": str(provision.citation),
        "law": provision.law,
        "parent": str(provision.parent) if provision.parent else None,
        "kind": provision.kind,
        "title": _pick(provision.title, langs),
        "text": text,
        "footnotes": [
            {"lang": f.lang, "text": f.text, **({"number": f.number} if f.number is not None else {})}
            for f in provision.footnotes if langs is None or f.lang in langs
        ],
        "refs": targets,
        "tables": [table_to_json(t) for t in provision.tables if langs is None or t.lang in langs],
        # The text printed after the provision's children (Law 69B's "The board is rescored…"),
        # not repeated in ``text``; {} for most provisions.
        "closing": _pick(provision.closing, langs),
    }
    if subtree and corpus is not None:
        obj["children"] = [
            provision_to_json(corpus, child, subtree=True, langs=langs)
            for child in corpus.children(provision.edition, provision.citation)
        ]
        obj["cited_by"] = [
            {"edition": p.edition, "citation": str(p.citation)}
            for p in corpus.cited_by(provision.edition, provision.citation)
        ]
    return obj


def definition_to_json(d: Definition) -> dict[str, Any]:
    return {"edition": d.edition, "key": d.key, "term": dict(d.term), "text": dict(d.text)}


def document_to_json(doc: Document) -> dict[str, Any]:
    obj: dict[str, Any] = {"edition": doc.edition, "key": doc.key, "title": dict(doc.title), "text": dict(doc.text)}
    if doc.articles:
        obj["articles"] = [
            {"number": a.number, "chapter": a.chapter, "title": dict(a.title), "text": dict(a.text)} for a in doc.articles
        ]
    if doc.tables:
        obj["tables"] = [table_to_json(t) for t in doc.tables]
    return obj


def toc_to_json(node: TocNode) -> dict[str, Any]:
    return {"edition": node.edition, "kind": node.kind, "number": node.number, "title": dict(node.title),
            "laws": list(node.laws), "children": [toc_to_json(c) for c in node.children]}


def erratum_to_json(e: Erratum) -> dict[str, Any]:
    return {"edition": e.edition, "citation": e.citation, "lang": e.lang, "printed": e.printed,
            "probable": e.probable, "note": e.note}


def variant_to_json(v: Variant) -> dict[str, Any]:
    return {"edition": v.edition, "law": v.law, "label": v.label, "source": v.source,
            "provisions": [provision_to_json(None, p) for p in v.provisions]}


def equivalence_to_json(eq: Equivalence) -> dict[str, Any]:
    return {"key": eq.key, "source": eq.source,
            "terms": [{"text": t.text, "lang": t.lang, "edition": t.edition} for t in eq.terms]}


def export_document(corpus: Corpus) -> dict[str, Any]:
    """``bridgelaws export --format json``: the whole corpus, every edition, in printed order, with
    the aligned glossary."""
    editions = [corpus[e] for e in corpus.edition_names]
    return {
        "schema": SCHEMA_VERSION,
        "editions": [
            {"edition": r.edition, "text_languages": list(r.text_languages),
             "title_only_languages": list(r.title_only_languages)} for r in editions
        ],
        "provisions": [provision_to_json(corpus, p) for r in editions for p in r.provisions],
        "definitions": [definition_to_json(d) for r in editions for d in r.definitions],
        "documents": [document_to_json(d) for r in editions for d in r.documents],
        "toc": [toc_to_json(n) for r in editions for n in r.toc],
        "errata": [erratum_to_json(e) for r in editions for e in r.errata],
        "variants": [variant_to_json(v) for r in editions for v in r.variants],
        "glossary": [equivalence_to_json(eq) for eq in build_glossary(editions)],
    }
