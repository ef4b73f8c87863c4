"""Reading: an edition's table of contents and the law page (``/laws/<edition>/<citation>``)."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup

from corpus import requests
from corpus.citations import Citation
from corpus.lookup import ProvisionNotFound
from corpus.model import EditionRecords
from webapp.errors import bad_request, not_found, sentence
from webapp.i18n import current_ui
from webapp.law_page import law_href, law_rows
from webapp.marks import highlight_words, mark_cells
from webapp.page_cache import cached_page
from webapp.reference import EDITION_NOTES, Rendition, current_corpus, rendition, renditions
from webapp.render import law_renderer

bp = Blueprint("laws", __name__)

# Where a law page announces the searched words it marks (?hl=); empty in the cached page.
MARKED_WORDS_SLOT = "<!--marked-words-->"

# Laws whose text the scoring calculator implements.
SCORING_LAWS = (2, 77, 78)


def edition_records(edition: str) -> EditionRecords:
    corpus = current_corpus()
    try:
        requests.edition(corpus, edition, in_path=True)
    except requests.Absent as exc:
        raise not_found(sentence(exc), [(gettext("The %(edition)s Laws", edition=e), url_for("laws.toc", edition=e)) for e in corpus.edition_names]) from None
    return corpus[edition]


def table_of_contents(edition: str) -> tuple[str, str]:
    """An error page's suggestion: the edition's contents (label in the interface language)."""
    return gettext("The %(edition)s table of contents", edition=edition), url_for("laws.toc", edition=edition)


def _in_edition(citation, edition: str) -> str:
    return gettext("%(citation)s in the %(edition)s Laws", citation=citation, edition=edition)


def chosen_renditions(records: EditionRecords) -> tuple[Rendition, ...]:
    """``?lang=en&lang=zh-Hant``: one language, or two side by side; the edition's first by default."""
    wanted = requests.languages(request.args.getlist("lang"), at_most=2)  # read side by side: two at most
    available = renditions(records)
    if not wanted:
        return available[:1]
    chosen: list[Rendition] = []
    for lang in wanted:
        found = rendition(records, lang)
        if found is None:  # as corpus/requests.edition_language: a language the edition lacks is absent
            names = ", ".join(r.lang for r in available)
            raise requests.Absent(f"the {records.edition} edition has no language {lang!r}; choose from {names}")
        chosen.append(found)
    return tuple(chosen)


def explicit_langs(renditions_shown: tuple[Rendition, ...]) -> list[str]:
    """The languages to carry in links: only what the reader chose, so default URLs stay short."""
    return [r.lang for r in renditions_shown] if any(request.args.getlist("lang")) else []


def language_choice(records: EditionRecords, shown: tuple[Rendition, ...]) -> dict:
    """What the language chooser of an edition's pages needs: the languages shown, those the
    edition offers, and those to carry in links."""
    return {"renditions": shown, "available": renditions(records), "langs": explicit_langs(shown)}


@bp.get("/laws/<edition>")
def toc(edition: str):
    records = edition_records(edition)
    corpus = current_corpus()
    shown = chosen_renditions(records)
    laws = corpus.laws(edition)
    sections = {law.law: corpus.children(edition, law.citation) for law in laws}
    return render_template(
        "laws/toc.html",
        records=records,
        note=EDITION_NOTES.get(edition, ""),
        laws=laws,
        by_number={law.law: law for law in laws},
        sections=sections,
        **language_choice(records, shown),
    )


@bp.get("/laws/<edition>/<citation>")
def law(edition: str, citation: str):
    records = edition_records(edition)
    corpus = current_corpus()
    try:  # the lookup `bridgelaws lookup` makes, with its messages; suggestions added here
        provision = requests.provision(corpus, citation, edition)
    except requests.Malformed as exc:
        raise bad_request(
            f"{citation!r} is not a citation: {exc}.",
            [(gettext("Search for “%(query)s”", query=citation), url_for("search.results", q=citation, edition=edition))],
        ) from None
    except ProvisionNotFound as missing:  # Law 94, Law 100, 12C9
        suggestions = []
        if missing.nearest is not None:
            suggestions.append((_in_edition(missing.nearest.citation, edition), law_href(edition, missing.nearest)))
        parsed = missing.citation
        for other in corpus.edition_names:
            found = corpus.provision(other, parsed) if parsed is not None else None
            if other != edition and found is not None:
                suggestions.append((_in_edition(parsed, other), law_href(other, found)))
        suggestions.append(table_of_contents(edition))
        raise not_found(sentence(missing), suggestions) from None
    if provision.kind != "law" or citation != str(provision.citation):
        # Any notation, any depth: one canonical page per law, positioned at the provision.
        return redirect(law_href(edition, provision, request.args.getlist("lang"), request.args.get("hl")), code=302)
    return _law_response(records, provision, printing=False)


@bp.get("/laws/<edition>/<int:number>/print")
def law_print(edition: str, number: int):
    """The law alone, laid out for paper or 'Save as PDF': no site chrome, its address printed."""
    records = edition_records(edition)
    try:
        provision = requests.provision(current_corpus(), str(number), edition)  # as `lookup` answers
    except requests.Absent as exc:
        raise not_found(sentence(exc), [table_of_contents(edition)]) from None
    return _law_response(records, provision, printing=True)


def _law_response(records: EditionRecords, provision, printing: bool) -> str:
    shown = chosen_renditions(records)  # validates ?lang= before anything is cached
    # What the page depends on: the languages shown, whether the reader chose them (links then
    # carry the choice), the interface language and the layout. ?lang=en&lang=en and ?lang=en
    # are one page.
    key = ("law", records.edition, provision.law, tuple(r.lang for r in shown), bool(explicit_langs(shown)), current_ui(), printing)
    page = cached_page(key, lambda: _law_page(records, provision, shown, printing))
    words = highlight_words(request.args.get("hl"))
    if not words:
        return page
    # The searched words: marked in the cached page's text cells (never re-rendered per query),
    # announced where the page keeps a place for it, with the way back to the unmarked page.
    notice = render_template("laws/marked_words.html", words=words, records=records, law=provision, langs=explicit_langs(shown))
    return mark_cells(page, words).replace(MARKED_WORDS_SLOT, notice, 1)


def _law_page(records: EditionRecords, provision, shown: tuple[Rendition, ...], printing: bool = False) -> str:
    corpus = current_corpus()
    edition = records.edition
    laws = corpus.laws(edition)
    index = next(i for i, p in enumerate(laws) if p.citation == provision.citation)
    langs = explicit_langs(shown)
    others = [
        (other, corpus.provision(other, Citation(provision.law)))
        for other in corpus.edition_names
        if other != edition and corpus.provision(other, Citation(provision.law)) is not None
    ]
    subtree = list(corpus.subtree(edition, provision.citation))
    untranslated = [r for r in shown if not any(r.text(p) or r.closing(p) for p in subtree)]
    return render_template(
        "laws/print.html" if printing else "laws/law.html",
        marked_words_slot=Markup(MARKED_WORDS_SLOT),
        # A path, not an absolute URL: the Host header must never end up in a cached page.
        page_url=url_for("laws.law", edition=edition, citation=provision.law, lang=langs or None),
        untranslated=untranslated,
        records=records,
        note=EDITION_NOTES.get(edition, ""),
        law=provision,
        rows=law_rows(corpus, provision, shown, langs),
        **language_choice(records, shown),
        previous=laws[index - 1] if index > 0 else None,
        next=laws[index + 1] if index + 1 < len(laws) else None,
        others=others,
        variants=[v for v in records.variants if v.law == provision.law],
        render=law_renderer().render,
        scoring="scoring.calculator" in _endpoints() and provision.law in SCORING_LAWS,
    )


def _endpoints() -> set[str]:
    return set(current_app.view_functions)
