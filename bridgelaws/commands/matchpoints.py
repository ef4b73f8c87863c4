"""``bridgelaws matchpoints SCORE...``: Law 78A matchpoints of each result on one board."""

from __future__ import annotations

import argparse
import json

from bridgelaws.commands.imps import parse_points
from corpus.requests import Malformed, whole_number
from scoring.law78 import matchpoints, top


def register(subparsers) -> None:
    p = subparsers.add_parser("matchpoints", help="Law 78A: matchpoints of each score on one board")
    p.add_argument("scores", nargs="+", metavar="SCORE", help="the board's scores from one direction, e.g. 420 450 -50")
    p.add_argument("--scale", type=scale, choices=(2, 1), default=2, help="2: 2/1/0 (default); 1: 1/½/0")
    p.add_argument("--json", action="store_true", help="a JSON list of numbers, in input order")
    p.set_defaults(run=run)


def scale(text: str) -> int:
    """``--scale``: decimal ASCII digits (corpus/requests.py), so ``١`` is not 1."""
    try:
        return whole_number(text, "--scale")
    except Malformed as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def run(args) -> int:
    scores = parse_points(args.scores, "score")
    result = matchpoints(scores, args.scale)
    if args.json:
        print(json.dumps(list(result)))
    else:
        width = max(len("score"), *(len(str(s)) for s in scores))
        print(f"{'score':>{width}}  matchpoints (top {top(len(scores), args.scale)})")
        for score, mp in zip(scores, result):
            print(f"{score:>{width}}  {mp:>5}")
    return 0
