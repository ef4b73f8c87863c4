"""``bridgelaws imps DIFF...``: Law 78B, point differences to IMPs (sign kept)."""

from __future__ import annotations

import json

from bridgelaws.commands import SUMMARIES
from bridgelaws.numbers import print_columns
from corpus import requests
from scoring.law78 import imps


def register(subparsers) -> None:
    p = subparsers.add_parser("imps", help=SUMMARIES["imps"])
    p.add_argument("differences", nargs="+", metavar="DIFF", help="point differences, e.g. 480 -750")
    p.add_argument("--json", action="store_true", help="a JSON list of integers")
    p.set_defaults(run=run)


def run(args) -> int:
    differences = requests.points(args.differences, "difference")  # decimal ASCII digits
    result = [imps(diff) for diff in differences]
    if args.json:
        print(json.dumps(result))
    else:
        print_columns("difference", "IMPs", zip(differences, result), 4)
    return 0
