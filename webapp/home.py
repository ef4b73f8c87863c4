"""The home page: what the reference holds (editions × languages) and the lookup/search box."""

from __future__ import annotations

from flask import Blueprint, render_template

from corpus.model import EDITIONS, LANGUAGES
from webapp.reference import EDITION_NOTES, LANGUAGE_NAMES, current_corpus, renditions

bp = Blueprint("home", __name__)


def holdings() -> list[dict]:
    """One row per edition: for each language, 'text', 'titles', 'converted' or None."""
    corpus = current_corpus()
    rows = []
    for edition in EDITIONS:
        records = corpus.editions.get(edition)
        cells = {lang: None for lang in LANGUAGES}
        if records is not None:
            for r in renditions(records):
                cells[r.lang] = "converted" if r.converted else "titles" if r.titles_only else "text"
        rows.append(
            {
                "edition": edition,
                "present": records is not None,
                "laws": len(corpus.laws(edition)) if records is not None else 0,
                "definitions": len(records.definitions) if records is not None else 0,
                "cells": cells,
                "note": EDITION_NOTES.get(edition, ""),
            }
        )
    return rows


@bp.get("/")
def index():
    corpus = current_corpus()
    return render_template(
        "home/index.html",
        holdings=holdings(),
        languages=[(lang, LANGUAGE_NAMES[lang]) for lang in LANGUAGES],
        editions=corpus.edition_names,
    )
