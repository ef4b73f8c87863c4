"""``bridgelaws search QUERY`` and the batch form ``bridgelaws search --jsonl`` (docs/design.md)."""

from __future__ import annotations

import json
import sys

from bridgelaws.errors import UsageError


def register(subparsers) -> None:
    parser = subparsers.add_parser("search", help="search the laws in any edition and language")
    parser.add_argument("query", nargs="?", help="words, a \"phrase\", AND/OR/NOT, or a citation (27B1, 第27条)")
    parser.add_argument("--edition", help="1987, 2007 or 2017")
    parser.add_argument("--lang", help="en, zh-Hant or zh-Hans")
    parser.add_argument("--limit", type=int, default=10, help="number of hits (1–100, default 10)")
    parser.add_argument("--exact", action="store_true",
                        help="search the words as typed, without spelling correction")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--jsonl", action="store_true",
                        help='batch: read {"query", "edition"?, "lang"?, "limit"?, "exact"?} per stdin line')
    parser.set_defaults(run=run)


def _search(query, edition, lang, limit, correct=True):
    from indexer.search import SearchError, search

    try:
        return search(query, edition=edition, lang=lang, limit=limit, correct=correct)
    except SearchError as exc:
        raise UsageError(str(exc)) from None


def run(args) -> int:
    if args.jsonl:
        if args.query is not None:
            raise UsageError("--jsonl reads queries from stdin; give no QUERY argument")
        return _batch(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout)
    if args.query is None:
        raise UsageError("search needs a QUERY (or --jsonl to read queries from stdin)")
    result = _search(args.query, args.edition, args.lang, args.limit, correct=not args.exact)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return 0
    if result.suggestion:
        print(f"Showing results for {result.suggestion!r} · search instead for {result.corrected_from!r} with --exact")
    if not result.hits:
        if result.missing:
            print(result.missing, file=sys.stderr)
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
    import html

    return html.unescape(snippet.replace("<mark>", "[").replace("</mark>", "]")).replace("\n", " ")


def _batch(lines, out) -> int:
    """One output line per input line, as ``score --jsonl`` does: a result object, or
    ``{"error": "line N: …"}`` for a line that cannot be answered; exit status 2 if any could not."""
    from bridgelaws.jsonl import BadLine, read_objects

    status = 0
    for number, request in read_objects(lines):  # bytes: each line decoded (and bounded) on its own
        try:
            if isinstance(request, BadLine):
                raise UsageError(str(request))
            answer = _answer(request).to_json()
        except UsageError as exc:
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
