"""Documents that are not Laws (prefaces, introductions, the 1987 scope and appendix) and each
edition's list of source errata.

The 1987 appendix is the national association's supplementary competition rules: it is shown
with its chapters, articles and tables, and always labelled as *not the Laws*.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask import Blueprint, render_template, url_for
from flask_babel import gettext

from corpus.citations import CitationError, from_canonical
from corpus.model import LANGUAGES, Article, Document, EditionRecords, Erratum, Table
from webapp.errors import not_found
from webapp.law_page import law_href
from webapp.laws import edition_records
from webapp.reference import LANGUAGE_NAMES, current_corpus
from webapp.render import law_renderer

bp = Blueprint("documents", __name__)

APPENDIX = "appendix-competition-rules"
# The appendix keeps its chapter headings as the lines of its own text (``第二章 報名``).
_CHAPTER_LINE = re.compile(r"^第[一二三四五六七八九十]+章\s*(?P<title>.+)$")
# Appendix tables are keyed by their article: ``art82-vp``, ``art83-2牌``.
_TABLE_ARTICLE = re.compile(r"^art(?P<number>\d+)-")


def document_languages(document: Document) -> list[tuple[str, str]]:
    present = set(document.title) | set(document.text)
    return [(lang, LANGUAGE_NAMES[lang]) for lang in LANGUAGES if lang in present]


def is_appendix(document: Document) -> bool:
    return document.key == APPENDIX or (document.key.startswith("appendix") and not document.is_laws)


@dataclass(frozen=True)
class Chapter:
    number: int
    heading: str  # as printed: 第二章 報名
    title: str
    articles: tuple[Article, ...]


def appendix_chapters(document: Document) -> list[Chapter]:
    """The articles grouped by chapter, with the chapter headings the document's text lists."""
    headings = [line.strip() for text in document.text.values() for line in text.splitlines() if line.strip()]
    chapters = []
    for number in sorted({a.chapter for a in document.articles if a.chapter is not None}):
        heading = headings[number - 1] if number <= len(headings) else f"Chapter {number}"
        match = _CHAPTER_LINE.match(heading)
        chapters.append(Chapter(number, heading, match["title"] if match else heading,
                                tuple(a for a in document.articles if a.chapter == number)))
    loose = tuple(a for a in document.articles if a.chapter is None)
    if loose:
        chapters.append(Chapter(0, "", "", loose))
    return chapters


def article_tables(document: Document) -> dict[int, list[Table]]:
    by_article: dict[int, list[Table]] = {}
    for table in document.tables:
        match = _TABLE_ARTICLE.match(table.key)
        by_article.setdefault(int(match["number"]) if match else 0, []).append(table)
    return by_article


def find_document(records: EditionRecords, key: str) -> Document:
    document = next((d for d in records.documents if d.key == key), None)
    if document is None:
        suggestions = [(label(d), url_for("documents.document", edition=records.edition, key=d.key)) for d in records.documents]
        raise not_found(f"The {records.edition} edition has no document {key!r}.", suggestions)
    return document


def label(document: Document) -> str:
    """A reader's name for the document: its English title, else its first title."""
    return document.title.get("en") or next(iter(document.title.values()), document.key)


@bp.get("/documents")
def index():
    corpus = current_corpus()
    editions = [corpus[e] for e in reversed(corpus.edition_names)]
    return render_template("documents/index.html", editions=editions, one_edition=False,
                           is_appendix=is_appendix, languages=document_languages)


@bp.get("/documents/<edition>")
def edition_index(edition: str):
    records = edition_records(edition)
    return render_template("documents/index.html", editions=[records], one_edition=True,
                           is_appendix=is_appendix, languages=document_languages)


@bp.get("/documents/<edition>/<key>")
def document(edition: str, key: str):
    records = edition_records(edition)
    found = find_document(records, key)
    appendix = is_appendix(found)
    render = law_renderer().render
    return render_template(
        "documents/document.html",
        records=records,
        document=found,
        appendix=appendix,
        languages=document_languages(found),
        chapters=appendix_chapters(found) if appendix else [],
        tables=article_tables(found),
        render=render,
        errata=[e for e in records.errata if e.citation == found.key],
    )


@dataclass(frozen=True)
class ErratumRow:
    erratum: Erratum
    target: str  # what it concerns, as a reader reads it
    href: str | None


def erratum_row(records: EditionRecords, erratum: Erratum) -> ErratumRow:
    """Link an erratum to what it concerns: a provision, the Definitions, the contents, a document."""
    edition, key = records.edition, erratum.citation
    document = next((d for d in records.documents if d.key == key), None)
    if document is not None:
        return ErratumRow(erratum, label(document), url_for("documents.document", edition=edition, key=key))
    if key == "definitions":
        return ErratumRow(erratum, gettext("Definitions"), url_for("definitions.index", edition=edition))
    if key == "toc":
        return ErratumRow(erratum, gettext("Contents"), url_for("laws.toc", edition=edition))
    try:
        citation = from_canonical(key)
    except CitationError:
        return ErratumRow(erratum, key.replace("-", " "), None)
    provision = current_corpus().provision(edition, citation)
    return ErratumRow(erratum, f"Law {citation}", law_href(edition, provision) if provision else None)


@bp.get("/errata/<edition>")
def errata(edition: str):
    records = edition_records(edition)
    return render_template(
        "documents/errata.html",
        records=records,
        rows=[erratum_row(records, e) for e in records.errata],
        language_names=LANGUAGE_NAMES,
    )
