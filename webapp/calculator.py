"""The scoring calculator (Laws 2, 77, 78): one contract's score with its cited breakdown, and a
board scorer (matchpoints, Neuberg, IMPs and cross-IMPs for several results of one board).

Both are GET forms that work without script. Bad input shows the form again with the message
and status 400; the numbers come from ``scoring``, the links from the corpus of the chosen edition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields

from flask import Blueprint, render_template, request
from flask_babel import lazy_gettext

from corpus.citations import CitationError, from_canonical
from corpus.errors import Malformed
from corpus.requests import whole_number
from scoring import law78
from scoring.editions import rules_for
from scoring.law2 import board_conditions
from scoring.seats import Vulnerability
from scoring.table_score import score_table
from webapp.i18n import form_fields
from webapp.law_page import law_href
from webapp.messages import localized
from webapp.reference import current_corpus

# The endpoint is ``scoring.calculator``: the law page links to it from Laws 2, 77 and 78.
bp = Blueprint("scoring", __name__)

SCORING_EDITIONS = ("2017", "2007", "1987")
SEATS = ("N", "E", "S", "W")
VULNERABILITIES = (
    ("none", lazy_gettext("None vulnerable")),
    ("ns", lazy_gettext("North-South")),
    ("ew", lazy_gettext("East-West")),
    ("both", lazy_gettext("Both")),
)
MAX_RESULTS = 200  # results of one board: far more tables than any movement has
_SEPARATORS = re.compile(r"[\s,;]+")
_INTEGER = re.compile(r"[+-]?[0-9]{1,6}")  # a North-South score; int() would take other digits


class FormError(Malformed):
    """A field the reader must correct; shown above the form (malformed input, as corpus/errors.py
    names it, like every ScoringError)."""


def law_link(edition: str, citation: str | None) -> str | None:
    """The law page of ``citation`` in ``edition``, or None when this corpus lacks it."""
    if not citation:
        return None
    try:
        parsed = from_canonical(citation)
    except CitationError:
        return None
    provision = current_corpus().provision(edition, parsed)
    return law_href(edition, provision) if provision is not None else None


def _whole_number(value: str, name: str, *, minimum: int | None = None) -> int | None:
    """An optional whole number in decimal ASCII digits (corpus/requests.py's rule)."""
    value = value.strip()
    return whole_number(value, name, low=minimum) if value else None


def parse_result(value: str) -> int | None:
    """``=`` (made exactly), ``+1`` (one overtrick), ``-2`` (two down); empty: in the contract."""
    value = value.strip()
    if value == "=":
        return 0
    if value and not re.fullmatch(r"[+-]?[0-9]{1,2}", value):
        raise FormError(f"Result {value!r}: write = for made exactly, +1 for an overtrick, -2 for two down.")
    return int(value) if value else None


def _edition(value: str) -> str:
    return rules_for(value or "2017").edition  # UnknownEdition: a ScoringError, shown in the form


@dataclass(frozen=True)
class QueryForm:
    """A GET form whose dataclass fields are read from the query string exactly as typed, so the
    page can come back filled in. Both forms ask for the board's conditions and the edition."""

    board: str = ""
    vul: str = ""
    edition: str = "2017"

    @classmethod
    def from_args(cls, args):
        return cls(**{f.name: args.get(f.name, f.default) for f in fields(cls)})


# -- one contract ------------------------------------------------------------------------------
@dataclass(frozen=True)
class ContractForm(QueryForm):
    """The calculator's fields."""

    contract: str = ""
    result: str = ""
    declarer: str = ""

    def score(self):
        """Law 77 via ``scoring.table_score``; FormError or ScoringError for what cannot be scored."""
        if not self.contract.strip():
            raise FormError("Give a contract, e.g. 4SX with result -2, or the whole 4SX-2.")
        if self.declarer and self.declarer.upper() not in SEATS:
            raise FormError(f"Declarer {self.declarer!r}: choose N, E, S or W.")
        return score_table(
            self.contract,
            result=parse_result(self.result),
            declarer=self.declarer or None,
            vul=self.vul or None,
            board=_whole_number(self.board, "Board number", minimum=1),
            edition=_edition(self.edition),
        )


def breakdown(scored) -> list[dict]:
    edition = scored.score.edition
    return [
        {"label": p.label, "points": p.points, "row": p.row, "law": p.citation, "href": law_link(edition, p.citation)}
        for p in scored.score.parts
    ]


@bp.get("/calculator")
def calculator():
    form = ContractForm.from_args(request.args)
    context = {"form": form, "scored": None, "error": None, "board": None, **_intro_links(form.edition, "77", "2")}
    status = 200
    if form_fields(request.args):
        try:
            scored = form.score()
        except Malformed as exc:  # FormError, ScoringError, corpus/requests.py
            context["error"], status = localized(str(exc)), 400  # webapp/messages.py
        else:
            board = _whole_number(form.board, "Board number", minimum=1)
            context.update(
                scored=scored,
                parts=breakdown(scored),
                board=board_conditions(board) if board is not None else None,
            )
    return render_template("calculator/calculator.html", **context, **_choices()), status


# -- several results of one board -------------------------------------------------------------
@dataclass(frozen=True)
class BoardForm(QueryForm):
    """The board scorer's fields."""

    results: str = ""
    scale: str = "2"
    expected: str = ""

    def ns_scores(self) -> list[int]:
        """Each entry a North-South score (``620``, ``-100``) or a contract with declarer
        (``4SN=``, ``3NTE-1``), scored under Law 77 with the board's vulnerability."""
        entries = [e for e in _SEPARATORS.split(self.results) if e]
        if len(entries) < 2:
            raise FormError("Give at least two results of the board, e.g. 620, 170, -100 or 4SN=, 4SN+1, 3NTE-1.")
        if len(entries) > MAX_RESULTS:
            raise FormError(f"At most {MAX_RESULTS} results of one board.")
        board = _whole_number(self.board, "Board number", minimum=1)
        edition = _edition(self.edition)
        if self.vul:
            Vulnerability.parse(self.vul)  # checked even when every result is a plain score
        scores = []
        for entry in entries:
            if _INTEGER.fullmatch(entry):
                scores.append(int(entry))
                continue
            if not entry[0].isdigit() and entry.upper() not in ("PASS", "AP"):
                raise FormError(f"{entry!r} is neither a North-South score (620, -100) nor a contract (4SN=).")
            scored = score_table(entry, board=board, vul=self.vul or None, edition=edition)
            if scored.ns_score is None:
                raise FormError(f"{entry!r} has no declarer: add N, E, S or W (e.g. {scored.table_result.contract}N=) "
                                "so the score can be given from North-South.")
            scores.append(scored.ns_score)
        return scores

    def evaluate(self) -> dict:
        if self.scale not in ("1", "2"):
            raise FormError("Scale: choose 2/1/0 or 1/½/0 matchpoints.")
        scale = int(self.scale)
        scores = self.ns_scores()
        expected = _whole_number(self.expected, "Expected number of results", minimum=1)
        if expected is not None and expected > MAX_RESULTS:
            raise FormError(f"Expected number of results must be at most {MAX_RESULTS}.")
        points = law78.matchpoints(scores, scale=scale)
        neuberg = [law78.neuberg(mp, len(scores), expected, scale) for mp in points] if expected else None
        top = law78.top(expected if expected else len(scores), scale)
        rows = [
            {
                "ns": score,
                "mp": mp,
                "neuberg": neuberg[i] if neuberg else None,
                "percent": 100 * (neuberg[i] if neuberg else mp) / top if top else 50.0,
                "cross_imps": cross,
            }
            for i, (score, mp, cross) in enumerate(zip(scores, points, law78.cross_imps(scores)))
        ]
        pair = None
        if len(scores) == 2:  # a team match: the two tables of the board
            pair = {"difference": scores[0] - scores[1], "imps": law78.imps(scores[0] - scores[1])}
        return {"rows": rows, "scale": scale, "top": top, "expected": expected, "pair": pair,
                "edition": _edition(self.edition)}


@bp.get("/calculator/board")
def board():
    form = BoardForm.from_args(request.args)
    context = {"form": form, "outcome": None, "error": None, **_intro_links(form.edition, "78A", "78B", "78D")}
    status = 200
    if form_fields(request.args):
        try:
            context["outcome"] = form.evaluate()
        except Malformed as exc:  # FormError, ScoringError, corpus/requests.py
            context["error"], status = localized(str(exc)), 400  # webapp/messages.py
    return render_template("calculator/board.html", **context, **_choices()), status


def _intro_links(edition: str, *citations: str) -> dict:
    """``links``: the laws a page applies, in the chosen edition (the newest if it is not one)."""
    corpus = current_corpus()
    if edition not in corpus.editions:
        edition = corpus.edition_names[-1]
    return {"links": {c: law_link(edition, c) for c in citations}}


def _choices() -> dict:
    return {"editions": SCORING_EDITIONS, "seats": SEATS, "vulnerabilities": VULNERABILITIES,
            "vulnerability_names": dict(VULNERABILITIES)}
