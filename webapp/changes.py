"""The change map (``/changes?from=1987&to=2017``): every law's status between two editions.

The rows come from ``corpus.changes.change_map``, computed once per corpus and edition pair;
sorting happens here, on the server, through plain links, so the page works without JavaScript.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request, url_for

from corpus import requests
from corpus.changes import change_map_json
from corpus.citations import from_canonical
from corpus.concordance import counterparts
from webapp.errors import sentence, status_of
from webapp.law_page import law_href
from webapp.messages import localized
from webapp.reference import current_corpus

bp = Blueprint("changes", __name__)

SORTS = {
    "law": lambda row: row["law"],
    "status": lambda row: (("new-topic", "moved", "changed", "reworded", "unchanged").index(row["status"]), row["law"]),
    "similarity": lambda row: (row["similarity"] is None, row["similarity"] or 0.0, row["law"]),
    "changed": lambda row: (-row["counts"]["changed"], row["law"]),
    "moved": lambda row: (-row["counts"]["moved"], row["law"]),
    "added": lambda row: (-row["counts"]["added"], row["law"]),
    "removed": lambda row: (-row["counts"]["removed"], row["law"]),
}


def editions(args) -> tuple[str, str]:
    """``from=`` and ``to=``: two different editions of this reference (corpus/requests.py)."""
    return requests.edition_pair(current_corpus(), args.get("from", ""), args.get("to", ""), distinct=True)


def api_change_map() -> dict:
    """The JSON of ``/api/changes``; errors answered by webapp/errors.py."""
    from_edition, to_edition = editions(request.args)
    return change_map_json(current_corpus(), from_edition, to_edition)


@bp.get("/changes")
def page():
    corpus = current_corpus()
    args = request.args
    form = {"from": args.get("from", ""), "to": args.get("to", ""), "sort": args.get("sort", "law")}
    context = {"form": form, "editions": corpus.edition_names, "data": None}
    if not args.get("from") and not args.get("to"):
        return render_template("changes/changes.html", **context)
    try:
        from_edition, to_edition = editions(args)
        if form["sort"] not in SORTS:
            raise requests.Malformed(f"sort={form['sort']!r} is not a column: choose {', '.join(SORTS)}.")
    except (requests.Malformed, requests.Absent) as exc:
        context["error"] = localized(sentence(exc))  # webapp/messages.py
        return render_template("changes/changes.html", **context), status_of(exc)
    data = change_map_json(corpus, from_edition, to_edition)
    rows = sorted(data["laws"], key=SORTS[form["sort"]])
    context.update(
        data=data, rows=rows, sorts=tuple(SORTS),
        sort_url=lambda key: url_for("changes.page", **{"from": from_edition, "to": to_edition, "sort": key}),
        compare_url=lambda law: url_for("compare.page", law=law, **{"from": from_edition, "to": to_edition}),
        api_url=url_for("api.changes", **{"from": from_edition, "to": to_edition}),
    )
    return render_template("changes/changes.html", **context)


@bp.app_template_global("counterparts_of")
def counterparts_of(provision) -> list[dict]:
    """For the law page's "In other editions" note (webapp/templates/laws/counterparts.html)."""
    corpus = current_corpus()
    out = []
    for item in counterparts(corpus, provision.edition, provision.citation):
        other = corpus.provision(item["edition"], from_canonical(item["citation"])) if item["citation"] else None
        low, high = sorted((provision.edition, item["edition"]))
        out.append({**item, "href": law_href(item["edition"], other) if other is not None else None,
                    "compare": url_for("compare.page", law=provision.law, **{"from": low, "to": high})})
    return out
