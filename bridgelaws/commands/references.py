"""``bridgelaws references [--edition E] [--json]``: the cross-reference build report per edition:
references found, resolved, and each unresolved one with its location and reason; for 2017 also
where the English and Chinese texts of a provision cite different rules."""

from __future__ import annotations

import json

from bridgelaws.commands import SUMMARIES
from corpus import requests
from corpus.linking import language_differences, link_edition, reference_report
from corpus.load import load_corpus
from corpus.model import EditionRecords


def register(subparsers) -> None:
    p = subparsers.add_parser("references", help=SUMMARIES["references"])
    p.add_argument("--edition", help="1987, 2007 or 2017 (default: every edition in the corpus)")
    p.add_argument("--json", action="store_true", help="the report as JSON")
    p.set_defaults(run=run)


def _linked(records: EditionRecords) -> EditionRecords:
    # load_corpus links editions once the lead wires link_edition in; linking again is harmless.
    return link_edition(records)


def build_reports(corpus, editions) -> list[dict]:
    out = []
    for edition in editions:
        records = _linked(corpus[edition])
        report = reference_report(records).to_json()
        langs = records.text_languages
        if len(langs) >= 2:
            report["language_differences"] = [
                {"citation": d.citation, langs[0]: list(d.only_first), langs[1]: list(d.only_second), "note": d.note}
                for d in language_differences(records, langs[0], langs[1])
            ]
        out.append(report)
    return out


def run(args) -> int:
    corpus = load_corpus()
    editions = (requests.edition(corpus, args.edition),) if args.edition else corpus.edition_names
    reports = build_reports(corpus, editions)
    if args.json:
        print(json.dumps({"editions": reports}, ensure_ascii=False, indent=2))
        return 0
    for r in reports:
        print(f"{r['edition']}: {r['found']} references, {r['resolved']} resolved ({r['rate']:.2%}), "
              f"{len(r['unresolved'])} unresolved")
        for u in r["unresolved"]:
            print(f"  {u['citation']} [{u['lang']}] {u['surface']!r}: {u['reason']}")
        for d in r.get("language_differences", ()):
            first, second = [k for k in d if k not in ("citation", "note")]
            # The lists are the references one language has beyond the other (by target and count).
            extra = "; ".join(f"extra in {lang}: {', '.join(d[lang])}" for lang in (first, second) if d[lang])
            print(f"  differs {d['citation']}: {d['note'] or 'unexplained'}\n      {extra}")
    return 0
