"""``bridgelaws imps DIFF...``: Law 78B, point differences to IMPs (sign kept)."""

from __future__ import annotations

import json

from corpus import requests
from scoring.law78 import imps


def register(subparsers) -> None:
    p = subparsers.add_parser("imps", help="Law 78B: point differences to IMPs")
    p.add_argument("differences", nargs="+", metavar="DIFF", help="point differences, e.g. 480 -750")
    p.add_argument("--json", action="store_true", help="a JSON list of integers")
    p.set_defaults(run=run)


def parse_points(texts: list[str], what: str) -> list[int]:
    """Whole numbers of points from the command line (corpus/requests.py: decimal ASCII digits);
    the error names the first bad one."""
    return requests.points(texts, what)


def run(args) -> int:
    differences = parse_points(args.differences, "difference")
    result = [imps(diff) for diff in differences]
    if args.json:
        print(json.dumps(result))
    else:
        width = max(len("difference"), *(len(str(d)) for d in differences))
        print(f"{'difference':>{width}}  IMPs")
        for diff, won in zip(differences, result):
            print(f"{diff:>{width}}  {won:>4}")
    return 0
