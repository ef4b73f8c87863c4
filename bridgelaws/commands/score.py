"""``bridgelaws score CONTRACT``: the Law 77 score of one contract; ``--jsonl`` scores a batch."""

from __future__ import annotations

import json
import sys

from bridgelaws.commands import SUMMARIES
from bridgelaws.errors import UsageError
from bridgelaws.jsonl import BadLine, read_objects
from bridgelaws.numbers import whole_number_option
from scoring.errors import ScoringError
from scoring.table_score import TableScore, score_table

VULNERABILITIES = ("none", "ns", "ew", "both")


def register(subparsers) -> None:
    p = subparsers.add_parser("score", help=SUMMARIES["score"])
    p.add_argument("contract", nargs="?", help="level, strain, X/XX, declarer, result: 4SX-2, 3NTN=, PASS")
    p.add_argument("--declarer", help="N, E, S or W (if the contract does not name it)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--vul", type=str.lower, choices=VULNERABILITIES, help="vulnerability (default none)")
    where.add_argument("--board", type=whole_number_option("board"), help="board number: vulnerability by Law 2")
    p.add_argument("--edition", default="2017", help="1987, 2007 or 2017 (default 2017)")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.add_argument("--jsonl", action="store_true",
                   help='batch: one {"contract", "result", "declarer", "vul"} object per stdin line')
    p.set_defaults(run=run)


def run(args) -> int:
    if args.jsonl:
        if args.contract:
            raise UsageError("--jsonl reads contracts from stdin; do not also give CONTRACT")
        return run_jsonl(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout, args.edition)
    if args.contract is None:
        raise UsageError("score: give a CONTRACT such as 4SX-2 (or --jsonl to read stdin)")
    # A ScoringError (an unknown --edition too) is Malformed: exit 2 from bridgelaws/cli.py.
    scored = score_table(args.contract, declarer=args.declarer, vul=args.vul, board=args.board, edition=args.edition)
    if args.json:
        print(json.dumps(scored.to_json(), ensure_ascii=False))
    else:
        print(render_text(scored))
    return 0


def run_jsonl(lines, out, edition: str) -> int:
    """One result object per input line; a bad line gives {"error": …} and exit status 2 at the end."""
    status = 0
    for number, request in read_objects(lines):  # bytes: each line decoded (and bounded) on its own
        try:
            if isinstance(request, BadLine):
                raise ScoringError(f"line {number}: {request}")
            out.write(json.dumps(_score_line(request, edition), ensure_ascii=False) + "\n")
        except ScoringError as exc:
            out.write(json.dumps({"error": str(exc)}, ensure_ascii=False) + "\n")
            status = 2
    return status


def _score_line(request: dict, edition: str) -> dict:
    if not isinstance(request, dict):
        raise ScoringError('each line must be a JSON object like {"contract": "4SX", "result": -2}')
    unknown = set(request) - {"contract", "result", "declarer", "vul", "board", "edition"}
    if unknown:
        raise ScoringError(f"unknown field(s) {', '.join(sorted(unknown))}: use contract, result, declarer, vul, board, edition")
    contract = request.get("contract")
    if not isinstance(contract, str):
        raise ScoringError('"contract" must be a string such as "4SX" or "3NT="')
    for key in ("declarer", "vul", "edition"):
        if request.get(key) is not None and not isinstance(request[key], (str, int)):
            raise ScoringError(f'"{key}" must be a string')
    board = request.get("board")
    if board is not None and (isinstance(board, bool) or not isinstance(board, int)):
        raise ScoringError('"board" must be a whole number')
    return score_table(contract, result=request.get("result"), declarer=request.get("declarer"),
                       vul=request.get("vul"), board=board,
                       edition=str(request.get("edition", edition))).to_json()


def render_text(scored: TableScore) -> str:
    data = scored.to_json()
    if data["contract"] == "PASS":
        lines = ["Passed out"]
    else:
        vul = "vulnerable" if data["vulnerable"] else "not vulnerable"
        by = f" by {data['declarer']}" if data["declarer"] else ""
        result = "=" if data["result"] == 0 else f"{data['result']:+d}"
        lines = [f"{data['contract']}{result}{by}, {vul}: {data['tricks']} tricks"]
    for part in data["breakdown"]:
        law = f"Law {part['law']}" if part["law"] else "no clause"
        lines.append(f"  {part['points']:>6}  {part['label']}  [{data['edition']} {law}: {part['row']}]")
    if data["contract"] == "PASS":
        return "\n".join(lines)
    lines.append(f"  {data['score']:>6}  score for declarer's side")
    if data["ns_score"] is not None:
        lines.append(f"  {data['ns_score']:>6}  North-South")
    return "\n".join(lines)
