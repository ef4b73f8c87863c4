"""``bridgelaws changes --from E1 --to E2 [--json]``: every law's change between two editions."""

from __future__ import annotations

import json

from bridgelaws.commands import SUMMARIES
from corpus import requests
from corpus.changes import change_map_json
from corpus.load import load_corpus
from corpus.model import EDITIONS


def register(subparsers) -> None:
    p = subparsers.add_parser("changes", help=SUMMARIES["changes"])
    p.add_argument("--from", dest="from_edition", required=True, choices=EDITIONS)
    p.add_argument("--to", dest="to_edition", required=True, choices=EDITIONS)
    p.add_argument("--json", action="store_true", help='{"from","to","laws":[{"law","status","similarity","counts"}]}')
    p.set_defaults(run=run)


def run(args) -> int:
    corpus = load_corpus()
    requests.edition_pair(corpus, args.from_edition, args.to_edition, distinct=True)
    data = change_map_json(corpus, args.from_edition, args.to_edition)
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    print(f"Changes {args.from_edition} → {args.to_edition} (similarity of the texts after folding script and vocabulary)")
    print(f"  {'law':>4}  {'status':<10} {'similar':>7}  aligned changed moved added removed")
    for law in data["laws"]:
        c = law["counts"]
        sim = "—" if law["similarity"] is None else f"{law['similarity']:.2f}"
        print(f"  {law['law']:>4}  {law['status']:<10} {sim:>7}  {c['aligned']:>7} {c['changed']:>7} "
              f"{c['moved']:>5} {c['added']:>5} {c['removed']:>7}")
    return 0
