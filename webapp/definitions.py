"""Definitions: each edition's Definitions chapter, and the glossary aligned across editions."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, url_for

from corpus.model import EDITIONS, LANGUAGES
from webapp.laws import chosen_renditions, edition_records, explicit_langs
from webapp.reference import LANGUAGE_NAMES, current_corpus, renditions
from webapp.render import law_renderer
from webapp.terms import term_anchor

bp = Blueprint("definitions", __name__)


@bp.get("/definitions")
def default():
    return redirect(url_for("definitions.index", edition=current_corpus().edition_names[-1]))


@bp.get("/definitions/<edition>")
def index(edition: str):
    records = edition_records(edition)
    shown = chosen_renditions(records)
    renderer = law_renderer()
    entries = [
        {
            "anchor": term_anchor(d.key),
            "key": d.key,
            "cells": [
                {
                    "rendition": r,
                    "term": r.convert(d.term.get(r.source_lang, "")),
                    "body": renderer.render(r.convert(d.text.get(r.source_lang, ""))),
                }
                for r in shown
            ],
            "english": d.term.get("en", ""),
        }
        for d in records.definitions
    ]
    return render_template(
        "definitions/index.html",
        records=records,
        entries=entries,
        renditions=shown,
        available=renditions(records),
        langs=explicit_langs(shown),
    )


@bp.get("/glossary")
def glossary():
    """Terms joined on their English key: dummy = 夢家 = 明手 across 2017, 1987 and 2007."""
    corpus = current_corpus()
    editions = [e for e in reversed(EDITIONS) if e in corpus.editions]
    rows: dict[str, dict[str, dict[str, str]]] = {}
    for edition in editions:
        for d in corpus[edition].definitions:
            rows.setdefault(d.key, {})[edition] = dict(d.term)
    return render_template(
        "definitions/glossary.html",
        editions=editions,
        rows=sorted(rows.items()),
        anchor=term_anchor,
        languages=[(lang, LANGUAGE_NAMES[lang]) for lang in LANGUAGES],
    )
