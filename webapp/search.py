"""The search page (``/search?q=…``): a citation jumps to the law, anything else is searched."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, current_app, redirect, render_template, request, url_for

from corpus import requests
from corpus.citations import from_canonical
from corpus.model import LANGUAGES
from indexer import search as engine
from indexer.query import as_citation
from webapp.errors import bad_request
from webapp.law_page import law_href
from webapp.reference import LANGUAGE_NAMES, current_corpus

bp = Blueprint("search", __name__)

MAX_PAGE = requests.MAX_PAGE


@dataclass(frozen=True)
class SearchRequest:
    """The query and its filters, checked by corpus/requests.py: a malformed parameter is a 400
    naming it, an edition this build lacks a 404."""

    query: str
    edition: str | None
    lang: str | None
    laws: tuple[int, int] | None
    page: int
    exact: bool = False  # ``exact=1``: the words as typed, no spelling correction

    @classmethod
    def from_args(cls, args) -> "SearchRequest":
        edition = args.get("edition") or None
        if edition is not None:
            requests.edition(current_corpus(), edition)
        lang = args.get("lang") or None
        if lang is not None:
            requests.language(lang)
        exact = args.get("exact", "") not in ("", "0")
        return cls(args.get("q", "").strip(), edition, lang, requests.law_range(args.get("laws")),
                   requests.page(args.get("page")), exact)

    def filters(self) -> dict:
        return {"edition": self.edition, "lang": self.lang, "laws": self.laws}


def citation_target(query: str, edition: str | None) -> str | None:
    """The law page a query names, when the whole query is a citation that exists."""
    citation = as_citation(query)  # any notation, "law twelve C one" and 第12條C款第1項 too
    if citation is None:
        return None
    corpus = current_corpus()
    editions = [edition] if edition else list(reversed(corpus.edition_names))  # newest first
    for name in editions:
        provision = corpus.provision(name, citation)
        if provision is not None:
            return law_href(name, provision)
    return None


def run_search(req: SearchRequest, limit: int):
    search = current_app.config.get("SEARCH") or engine.search
    offset = (req.page - 1) * limit
    if offset + limit > engine.MAX_DEPTH:
        raise bad_request(f"Results go {engine.MAX_DEPTH} deep: page {req.page} of {limit} is past them; "
                          "add words or filters to narrow the search.")
    options = {"correct": False} if req.exact else {}
    return search(req.query, **req.filters(), limit=limit, offset=offset, **options)  # SearchError: 400


def hit_href(hit, req: SearchRequest, searched: str) -> str:
    """The law page at the hit, in the reader's languages, with the searched words to mark
    (``hl``, which the law page marks)."""
    langs = request.args.getlist("lang") if req.lang else [hit.lang]
    if hit.citation.kind == "definition":
        url = url_for("definitions.index", edition=hit.edition, lang=langs, hl=searched)
        return f"{url}#{hit.citation.anchor}"
    url = url_for("laws.law", edition=hit.edition, citation=hit.law, lang=langs, hl=searched)
    return url if hit.citation.kind == "law" else f"{url}#{hit.citation.anchor}"


def counterpart_href(edition: str, citation: str, searched: str) -> str:
    """The law page of a hit's counterpart in another edition (in that edition's language)."""
    cited = from_canonical(citation)
    url = url_for("laws.law", edition=edition, citation=cited.law, hl=searched)
    return url if cited.kind == "law" else f"{url}#{cited.anchor}"


@bp.get("/search")
def results():
    req = SearchRequest.from_args(request.args)
    corpus = current_corpus()
    form = {
        "editions": corpus.edition_names,
        "languages": [(lang, LANGUAGE_NAMES[lang]) for lang in LANGUAGES],
    }
    if not req.query:
        return render_template("search/results.html", req=req, result=None, **form)
    target = citation_target(req.query, req.edition)
    if target is not None:
        return redirect(target, code=302)
    per_page = current_app.config["RESULTS_PER_PAGE"]
    result = run_search(req, per_page)
    pages = max(1, -(-result.total // per_page))  # the total is exact down to MAX_DEPTH
    searched = getattr(result, "suggestion", None) or req.query
    return render_template(
        "search/results.html",
        req=req,
        result=result,
        pages=min(pages, MAX_PAGE, engine.MAX_DEPTH // per_page),
        per_page=per_page,
        hit_url=lambda hit: hit_href(hit, req, searched),
        counterpart_url=lambda edition, citation: counterpart_href(edition, citation, searched),
        exact_url=url_for("search.results", q=req.query, edition=req.edition, lang=req.lang,
                          laws=request.args.get("laws") or None, exact=1),
        page_url=lambda page: url_for(
            "search.results",
            q=req.query,
            edition=req.edition,
            lang=req.lang,
            laws=request.args.get("laws") or None,
            page=page,
        ),
        **form,
    )
