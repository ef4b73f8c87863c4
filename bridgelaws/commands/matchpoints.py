"""``bridgelaws matchpoints SCORE...``: Law 78A matchpoints of each result on one board."""

from __future__ import annotations

import json

from bridgelaws.commands import SUMMARIES
from bridgelaws.numbers import print_columns, whole_number_option
from corpus import requests
from scoring.law78 import matchpoints, top


def register(subparsers) -> None:
    p = subparsers.add_parser("matchpoints", help=SUMMARIES["matchpoints"])
    p.add_argument("scores", nargs="+", metavar="SCORE", help="the board's scores from one direction, e.g. 420 450 -50")
    p.add_argument("--scale", type=whole_number_option("--scale"), choices=(2, 1), default=2, help="2: 2/1/0 (default); 1: 1/½/0")
    p.add_argument("--json", action="store_true", help="a JSON list of numbers, in input order")
    p.set_defaults(run=run)


def run(args) -> int:
    scores = requests.points(args.scores, "score")  # decimal ASCII digits
    result = matchpoints(scores, args.scale)
    if args.json:
        print(json.dumps(list(result)))
    else:
        print_columns("score", f"matchpoints (top {top(len(scores), args.scale)})", zip(scores, result), 5)
    return 0
