"""The JSON API under ``/api`` (DESIGN.md): the CLI's operations over HTTP; errors as JSON."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from corpus.citations import CitationError
from corpus.model import LANGUAGES
from webapp.errors import bad_request, not_found
from webapp.reference import current_corpus

bp = Blueprint("api", __name__, url_prefix="/api")

MAX_LIMIT = 100


def _languages() -> tuple[str, ...] | None:
    langs = tuple(lang for lang in request.args.getlist("lang") if lang)
    for lang in langs:
        if lang not in LANGUAGES:
            raise bad_request(f"Unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}.")
    return langs or None


@bp.get("/laws/<edition>/<citation>")
def provision(edition: str, citation: str):
    """One provision with its subtree (``children``) and ``cited_by``, as ``bridgelaws lookup --json``."""
    from corpus.lookup import ProvisionNotFound, find_provision
    from corpus.serialize import provision_to_json

    corpus = current_corpus()
    if edition not in corpus.editions:
        raise not_found(f"Unknown edition {edition!r}: this reference has {', '.join(corpus.edition_names)}.")
    langs = _languages()
    try:
        found = find_provision(corpus, citation, edition)
    except CitationError as exc:
        raise bad_request(str(exc))
    except ProvisionNotFound as exc:
        raise not_found(str(exc))
    return jsonify(provision_to_json(corpus, found, subtree=True, langs=langs))


@bp.get("/search")
def search():
    """``{"query", "hits": [...], "total", "citation"}`` as ``bridgelaws search --json``."""
    from webapp.search import SearchRequest, run_search

    req = SearchRequest.from_args(request.args)
    if not req.query:
        raise bad_request("Give a query: /api/search?q=insufficient+bid")
    raw_limit = request.args.get("limit", "10")
    if not raw_limit.isdigit() or not 1 <= int(raw_limit) <= MAX_LIMIT:
        raise bad_request(f"limit {raw_limit!r} must be a number from 1 to {MAX_LIMIT}.")
    result = run_search(req, int(raw_limit))
    body = {"query": result.query, "hits": [hit.to_json() for hit in result.hits], "total": result.total}
    if getattr(result, "citation", None) is not None:
        body["citation"] = str(result.citation)
    if getattr(result, "suggestion", None):
        body["suggestion"] = result.suggestion
        body["corrected_from"] = result.corrected_from
    if getattr(result, "missing", None):
        body["missing"] = result.missing
    return jsonify(body)


@bp.get("/compare")
def compare():
    """One law aligned across two editions: ``?law=23&from=1987&to=2017``, as ``bridgelaws compare --json``."""
    from webapp.compare import api_comparison

    return jsonify(api_comparison())


@bp.get("/export")
def export():
    """The whole corpus, as ``bridgelaws export --format json``."""
    from corpus.serialize import export_document

    return jsonify(export_document(current_corpus()))


def _integers(name: str) -> list[int]:
    """Repeated or comma-separated integers: ``?diff=620&diff=-100`` or ``?diff=620,-100``."""
    values = [v for raw in request.args.getlist(name) for v in raw.split(",") if v.strip()]
    if not values:
        raise bad_request(f"Give at least one {name}: {request.path}?{name}=620&{name}=-100")
    if len(values) > 1000:
        raise bad_request(f"At most 1000 values of {name}.")
    try:
        return [int(v) for v in values]
    except ValueError:
        raise bad_request(f"Every {name} must be a whole number of points.") from None


def _scoring_errors(call):
    from scoring.errors import ScoringError

    try:
        return call()
    except ScoringError as exc:  # including an unknown edition: a malformed parameter
        raise bad_request(str(exc))


@bp.get("/score")
def score():
    """Law 77: ``?contract=4SX-2&declarer=N&vul=ns`` (or ``board=``), as ``bridgelaws score --json``."""
    from scoring.table_score import score_table

    contract = request.args.get("contract", "")
    if not contract:
        raise bad_request("Give a contract: /api/score?contract=4SX-2&declarer=N&vul=ns")
    result = request.args.get("result")
    board = request.args.get("board")
    try:
        result_number = int(result) if result not in (None, "") else None
        board_number = int(board) if board not in (None, "") else None
    except ValueError:
        raise bad_request("result and board must be whole numbers.") from None
    scored = _scoring_errors(
        lambda: score_table(
            contract,
            result=result_number,
            declarer=request.args.get("declarer") or None,
            vul=request.args.get("vul") or None,
            board=board_number,
            edition=request.args.get("edition", "2017"),
        )
    )
    return jsonify(scored.to_json())


@bp.get("/imps")
def imps():
    """Law 78B: ``?diff=620&diff=-100`` → ``[12, -3]``."""
    from scoring.law78 import imps as imp_scale

    return jsonify(_scoring_errors(lambda: [imp_scale(d) for d in _integers("diff")]))


@bp.get("/matchpoints")
def matchpoints():
    """Law 78A: ``?score=620&score=170&score=140[&scale=1]`` → matchpoints in input order."""
    from scoring.law78 import matchpoints as award

    scale = request.args.get("scale", "2")
    if scale not in ("1", "2"):
        raise bad_request("scale must be 2 (2/1/0 per comparison) or 1 (1/½/0).")
    return jsonify(list(_scoring_errors(lambda: award(_integers("score"), scale=int(scale)))))


@bp.get("/")
@bp.get("")
def index():
    return jsonify(
        {
            "endpoints": [
                "/api/laws/<edition>/<citation>",
                "/api/search?q=…&edition=&lang=&laws=&limit=&page=",
                "/api/compare?law=23&from=1987&to=2017",
                "/api/export",
                "/api/score?contract=4SX-2&declarer=N&vul=ns",
                "/api/imps?diff=620&diff=-100",
                "/api/matchpoints?score=620&score=170&score=140&scale=2",
            ],
            "editions": list(current_corpus().edition_names),
        }
    )
