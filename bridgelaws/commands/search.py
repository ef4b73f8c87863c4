"""``bridgelaws search QUERY`` and the batch form ``bridgelaws search --jsonl`` (docs/design.md)."""

from __future__ import annotations

import html
import json
import sys

from bridgelaws.errors import UsageError
from bridgelaws.jsonl import BadLine, read_objects
from corpus import requests
from indexer.search import search


def register(subparsers) -> None:
    parser = subparsers.add_parser("search", help="search the laws in any edition and language")
    parser.add_argument("query", nargs="?", help="words, a \"phrase\", AND/OR/NOT, or a citation (27B1, 第27条)")
    parser.add_argument("--edition", help="1987, 2007 or 2017")
    parser.add_argument("--lang", help="en, zh-Hant or zh-Hans")
    parser.add_argument("--limit", help="number of hits a page (1–100, default 10)")
    parser.add_argument("--page", help="which page of hits (1, 2, …; results go 100 hits deep)")
    parser.add_argument("--exact", action="store_true",
                        help="search the words as typed, without spelling correction")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--jsonl", action="store_true",
                        help='batch: read {"query", "edition"?, "lang"?, "limit"?, "exact"?} per stdin line')
    parser.set_defaults(run=run)


def _search(query, edition, lang, limit, correct=True, page=1):
    # SearchError is a corpus.requests.Malformed: one line on stderr, exit 2 (bridgelaws/cli.py).
    return search(query, edition=edition, lang=lang, limit=limit, offset=(page - 1) * limit, correct=correct)


def run(args) -> int:
    if args.jsonl:
        if args.query is not None:
            raise UsageError("--jsonl reads queries from stdin; give no QUERY argument")
        return _batch(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout)
    if args.query is None:
        raise UsageError("search needs a QUERY (or --jsonl to read queries from stdin)")
    limit = requests.limit(args.limit)  # decimal ASCII digits only, 1–100
    result = _search(args.query, args.edition, args.lang, limit, correct=not args.exact,
                     page=requests.page(args.page))
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return 0
    if result.suggestion:
        print(f"Showing results for {result.suggestion!r} · search instead for {result.corrected_from!r} with --exact")
    if result.missing:  # said even when other words of the query found text
        print(result.missing, file=sys.stderr)
    if not result.hits:
        if result.missing:
            return 1  # as `lookup` answers a law that does not exist
        print(f"no provisions match {args.query!r}")
        return 0
    for hit in result.hits:
        mark = "→ " if hit.direct else ""
        where = "Definitions" if hit.citation.kind == "definition" else f"Law {hit.citation}"
        print(f"{mark}{hit.edition} {hit.lang} {where}  {hit.title}")
        print(f"    {_plain(hit.snippet)}")
    return 0


def _plain(snippet: str) -> str:
    """Terminal form of an HTML snippet: marks as [..], entities unescaped."""
    return html.unescape(snippet.replace("<mark>", "[").replace("</mark>", "]")).replace("\n", " ")


def _batch(lines, out) -> int:
    """One output line per input line, as ``score --jsonl`` does: a result object, or
    ``{"error": "line N: …"}`` for a line that cannot be answered; exit status 2 if any could not."""
    status = 0
    for number, request in read_objects(lines):  # bytes: each line decoded (and bounded) on its own
        try:
            if isinstance(request, BadLine):
                raise UsageError(str(request))
            answer = _answer(request).to_json()
        except requests.Malformed as exc:  # UsageError and SearchError alike
            answer, status = {"error": f"line {number}: {exc}"}, 2
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        out.flush()
    return status


def _answer(request: dict):
    if not isinstance(request.get("query"), str):
        raise UsageError('expected an object with a "query" string')
    unknown = set(request) - {"query", "edition", "lang", "limit", "exact"}
    if unknown:
        raise UsageError(f"unknown field(s) {', '.join(sorted(unknown))}")
    limit = request.get("limit", 10)
    if not isinstance(limit, int) or isinstance(limit, bool):
        raise UsageError("limit must be an integer")
    exact = request.get("exact", False)
    if not isinstance(exact, bool):
        raise UsageError("exact must be true or false")
    return _search(request["query"], request.get("edition"), request.get("lang"), limit, correct=not exact)
