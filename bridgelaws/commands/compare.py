"""``bridgelaws compare LAW --from E1 --to E2 [--json]``: one law aligned across two editions."""

from __future__ import annotations

import json

from bridgelaws.commands import SUMMARIES
from corpus import requests
from corpus.changes import comparison_json, pair_changes
from corpus.concordance import compare
from corpus.load import load_corpus
from corpus.model import EDITIONS

MARKS = {"aligned": "=", "moved": "→", "added": "+", "removed": "-", "new-topic": "≠"}


def register(subparsers) -> None:
    p = subparsers.add_parser("compare", help=SUMMARIES["compare"])
    p.add_argument("law", help="a law number, e.g. 16 (or Law 16, 第16條)")
    p.add_argument("--from", dest="from_edition", required=True, choices=EDITIONS)
    p.add_argument("--to", dest="to_edition", required=True, choices=EDITIONS)
    p.add_argument("--json", action="store_true", help="the comparison object of docs/design.md")
    p.set_defaults(run=run)


def run(args) -> int:
    law = requests.whole_law(args.law)  # corpus/requests.py: malformed → exit 2, Law 100 → exit 1
    corpus = load_corpus()
    comparison = compare(corpus, law, args.from_edition, args.to_edition)  # Law 94 → exit 1
    if args.json:
        print(json.dumps(comparison_json(corpus, comparison), ensure_ascii=False, indent=2))
        return 0
    head = f"Law {law}: {args.from_edition} → {args.to_edition}"
    print(head + (" (new topic under the same number)" if comparison.topic_changed else ""))
    for pair, change in zip(comparison.pairs, pair_changes(corpus, comparison)):
        left = str(pair.source) if pair.source else "—"
        right = str(pair.target) if pair.target else "—"
        detail = ""
        if change.similarity is not None:
            detail = f"  {change.change if change.change != pair.status else '':<9} {change.similarity:.2f}"
        print(f"  {MARKS[pair.status]} {left:<12} {right:<12} {pair.status:<9}{detail}".rstrip())
    return 0
