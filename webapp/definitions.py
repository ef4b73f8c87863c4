"""Definitions: each edition's Definitions chapter, and the glossary aligned across editions."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, url_for
from markupsafe import Markup

from corpus.linking import definition_references
from corpus.model import EDITIONS, LANGUAGES, Reference
from webapp.glossary import glossary_rows
from webapp.law_page import law_href, preview_text
from webapp.laws import chosen_renditions, edition_records, explicit_langs, language_choice
from webapp.reference import LANGUAGE_NAMES, Rendition, cached, current_corpus
from webapp.render import Link, law_renderer
from webapp.senses import split_senses
from webapp.terms import term_anchor

bp = Blueprint("definitions", __name__)


@bp.get("/definitions")
def default():
    return redirect(url_for("definitions.index", edition=current_corpus().edition_names[-1]))


@bp.get("/definitions/<edition>")
def index(edition: str):
    records = edition_records(edition)
    shown = chosen_renditions(records)
    langs = explicit_langs(shown)
    refs = cached(f"definition-refs:{edition}", lambda: _references(records))
    entries = [
        {
            "anchor": term_anchor(d.key),
            "key": d.key,
            "cells": [
                {
                    "rendition": r,
                    "term": r.convert(d.term.get(r.source_lang, "")),
                    "body": _definition_body(edition, r, d.text.get(r.source_lang, ""), refs.get((d.key, r.source_lang), ()), langs),
                }
                for r in shown
            ],
            "english": d.term.get("en", ""),
        }
        for d in records.definitions
    ]
    return render_template("definitions/index.html", records=records, entries=entries, **language_choice(records, shown))


def _references(records) -> dict[tuple[str, str], list[Reference]]:
    """The resolved cross-references printed in each definition: "(see Law 12)", "参照“撤回”"."""
    out: dict[tuple[str, str], list[Reference]] = {}
    for definition, ref in definition_references(records):
        if ref.target is not None and ref.kind == "provision" or ref.kind == "definition" and ref.reason.startswith("definition:"):
            out.setdefault((definition.key, ref.lang), []).append(ref)
    return out


def _links(edition: str, rendition: Rendition, refs, langs) -> list[Link]:
    corpus = current_corpus()
    links = []
    for ref in refs:
        if ref.kind == "definition":
            links.append(Link(ref.start, ref.end, "#" + term_anchor(ref.reason.removeprefix("definition:")), "ref"))
            continue
        target = corpus.provision(edition, ref.target)
        if target is not None:
            links.append(Link(ref.start, ref.end, law_href(target.edition, target, langs), "ref",
                              title=preview_text(rendition, target)))
    return links


def _definition_body(edition: str, rendition: Rendition, source_text: str, refs, langs) -> Markup:
    """The definition's text with its cross-references as links; numbered senses as a list
    (``webapp.senses``), each keeping its printed label."""
    text = rendition.convert(source_text)  # the conversion keeps every offset
    links = _links(edition, rendition, refs, langs)
    renderer = law_renderer()
    lead_end, senses = split_senses(text)

    def part(start: int, end: int) -> Markup:
        inside = [Link(k.start - start, k.end - start, k.href, k.kind, k.title) for k in links if start <= k.start and k.end <= end]
        return renderer.render(text[start:end].strip(), links=_stripped(inside, text[start:end]))

    if not senses:
        return renderer.render(text, links=links)
    items = Markup("").join(
        Markup('<li><span class="sense-label">{}</span> {}</li>').format(s.label, part(s.start, s.end)) for s in senses
    )
    lead = part(0, lead_end) if text[:lead_end].strip() else Markup()
    return lead + Markup('<ol class="senses">') + items + Markup("</ol>")


def _stripped(links: list[Link], segment: str) -> list[Link]:
    """Links re-based after ``segment.strip()`` drops leading space."""
    shift = len(segment) - len(segment.lstrip())
    return [Link(k.start - shift, k.end - shift, k.href, k.kind, k.title) for k in links if k.start >= shift]


@bp.get("/glossary")
def glossary():
    """One row per concept across editions (dummy = 夢家 = 明手), variant spellings merged
    (``webapp.glossary`` states the rule)."""
    corpus = current_corpus()
    editions = [e for e in reversed(EDITIONS) if e in corpus.editions]
    return render_template(
        "definitions/glossary.html",
        editions=editions,
        rows=cached("glossary-rows", lambda: glossary_rows(corpus)),
        languages=[(lang, LANGUAGE_NAMES[lang]) for lang in LANGUAGES],
    )
