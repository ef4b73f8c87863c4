"""``bridgelaws compare LAW --from E1 --to E2 [--json]``: one law aligned across two editions."""

from __future__ import annotations

import json

from bridgelaws.errors import NotFoundError, UsageError
from corpus.citations import CitationError, parse
from corpus.concordance import compare
from corpus.load import load_corpus
from corpus.lookup import ProvisionNotFound
from corpus.model import EDITIONS

MARKS = {"aligned": "=", "moved": "→", "added": "+", "removed": "-", "new-topic": "≠"}


def register(subparsers) -> None:
    p = subparsers.add_parser("compare", help="align one law between two editions (moves, additions, new topics)")
    p.add_argument("law", help="a law number, e.g. 16 (or Law 16, 第16條)")
    p.add_argument("--from", dest="from_edition", required=True, choices=EDITIONS)
    p.add_argument("--to", dest="to_edition", required=True, choices=EDITIONS)
    p.add_argument("--json", action="store_true", help="the comparison object of docs/design.md")
    p.set_defaults(run=run)


def _law_number(text: str) -> int:
    try:
        citation = parse(text)
    except CitationError as exc:
        raise UsageError(str(exc)) from None
    if citation.kind != "law":
        raise UsageError(f"compare takes a law number such as 16, not the provision {citation}")
    return citation.law


def run(args) -> int:
    law = _law_number(args.law)
    corpus = load_corpus()
    try:
        comparison = compare(corpus, law, args.from_edition, args.to_edition)
    except ProvisionNotFound as exc:
        raise NotFoundError(str(exc)) from None
    except CitationError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        from corpus.changes import comparison_json

        print(json.dumps(comparison_json(corpus, comparison), ensure_ascii=False, indent=2))
        return 0
    head = f"Law {law}: {args.from_edition} → {args.to_edition}"
    print(head + (" (new topic under the same number)" if comparison.topic_changed else ""))
    from corpus.changes import pair_changes

    for pair, change in zip(comparison.pairs, pair_changes(corpus, comparison)):
        left = str(pair.source) if pair.source else "—"
        right = str(pair.target) if pair.target else "—"
        detail = ""
        if change.similarity is not None:
            detail = f"  {change.change if change.change != pair.status else '':<9} {change.similarity:.2f}"
        print(f"  {MARKS[pair.status]} {left:<12} {right:<12} {pair.status:<9}{detail}".rstrip())
    return 0
