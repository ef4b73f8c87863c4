"""``bridgelaws imps DIFF...``: Law 78B, point differences to IMPs (sign kept)."""

from __future__ import annotations

import json

from bridgelaws.errors import UsageError
from scoring.law78 import imps


def register(subparsers) -> None:
    p = subparsers.add_parser("imps", help="Law 78B: point differences to IMPs")
    p.add_argument("differences", nargs="+", metavar="DIFF", help="point differences, e.g. 480 -750")
    p.add_argument("--json", action="store_true", help="a JSON list of integers")
    p.set_defaults(run=run)


def parse_points(texts: list[str], what: str) -> list[int]:
    """Whole numbers of points from the command line; UsageError names the first bad one."""
    numbers = []
    for text in texts:
        try:
            numbers.append(int(text.strip().replace("−", "-")))
        except ValueError:
            raise UsageError(f"{what} {text!r} is not a whole number of points") from None
    return numbers


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
