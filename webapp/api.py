"""The JSON API under ``/api`` (docs/design.md): the CLI's operations over HTTP; errors as JSON.

Parameters are checked by corpus/requests.py, whose two error families webapp/errors.py answers
as 400 and 404."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from corpus import requests
from corpus.requests import MAX_LIMIT
from corpus.serialize import export_document, provision_to_json
from scoring.law78 import imps as imp_scale
from scoring.law78 import matchpoints as award
from scoring.table_score import score_table
from webapp.changes import api_change_map
from webapp.compare import api_comparison
from webapp.errors import bad_request
from webapp.reference import current_corpus
from webapp.search import SearchRequest, run_search

bp = Blueprint("api", __name__, url_prefix="/api")


def _languages() -> tuple[str, ...] | None:
    return requests.languages(request.args.getlist("lang")) or None


@bp.get("/laws/<edition>/<citation>")
def provision(edition: str, citation: str):
    """One provision with its subtree (``children``) and ``cited_by``, as ``bridgelaws lookup --json``."""
    corpus = current_corpus()
    requests.edition(corpus, edition, in_path=True)
    langs = _languages()
    found = requests.provision(corpus, citation, edition)
    return jsonify(provision_to_json(corpus, found, subtree=True, langs=langs))


@bp.get("/search")
def search():
    """``{"query", "hits": [...], "total", "citation"}`` as ``bridgelaws search --json``."""
    req = SearchRequest.from_args(request.args)
    if not req.query:
        raise bad_request("Give a query: /api/search?q=insufficient+bid")
    result = run_search(req, requests.limit(request.args.get("limit"), high=MAX_LIMIT))
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
    return jsonify(api_comparison())


@bp.get("/changes")
def changes():
    """Every law's change between two editions: ``?from=1987&to=2017``, as ``bridgelaws changes --json``."""
    return jsonify(api_change_map())


@bp.get("/export")
def export():
    """The whole corpus, as ``bridgelaws export --format json``."""
    return jsonify(export_document(current_corpus()))


def _integers(name: str) -> list[int]:
    """Repeated or comma-separated integers: ``?diff=620&diff=-100`` or ``?diff=620,-100``."""
    if not any(v.strip() for raw in request.args.getlist(name) for v in raw.split(",")):
        raise bad_request(f"Give at least one {name}: {request.path}?{name}=620&{name}=-100")
    return requests.points(request.args.getlist(name), name)


@bp.get("/score")
def score():
    """Law 77: ``?contract=4SX-2&declarer=N&vul=ns`` (or ``board=``), as ``bridgelaws score --json``."""
    contract = request.args.get("contract", "")
    if not contract:
        raise bad_request("Give a contract: /api/score?contract=4SX-2&declarer=N&vul=ns")
    result = request.args.get("result")
    board = request.args.get("board")
    result_number = requests.whole_number(result, "result") if result not in (None, "") else None
    board_number = requests.whole_number(board, "board", 1, 10**6) if board not in (None, "") else None
    scored = score_table(  # a ScoringError is Malformed: 400 from webapp/errors.py
        contract,
        result=result_number,
        declarer=request.args.get("declarer") or None,
        vul=request.args.get("vul") or None,
        board=board_number,
        edition=request.args.get("edition", "2017"),
    )
    return jsonify(scored.to_json())


@bp.get("/imps")
def imps():
    """Law 78B: ``?diff=620&diff=-100`` → ``[12, -3]``."""
    return jsonify([imp_scale(d) for d in _integers("diff")])


@bp.get("/matchpoints")
def matchpoints():
    """Law 78A: ``?score=620&score=170&score=140[&scale=1]`` → matchpoints in input order."""
    scale = requests.whole_number(request.args.get("scale") or "2", "scale")  # 1 or 2: law78 says so
    return jsonify(list(award(_integers("score"), scale=scale)))


@bp.get("/")
@bp.get("")
def index():
    return jsonify(
        {
            "endpoints": [
                "/api/laws/<edition>/<citation>",
                "/api/search?q=…&edition=&lang=&laws=&limit=&page=",
                "/api/compare?law=23&from=1987&to=2017",
                "/api/changes?from=1987&to=2017",
                "/api/export",
                "/api/score?contract=4SX-2&declarer=N&vul=ns",
                "/api/imps?diff=620&diff=-100",
                "/api/matchpoints?score=620&score=170&score=140&scale=2",
            ],
            "editions": list(current_corpus().edition_names),
        }
    )
