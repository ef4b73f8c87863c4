"""Search speed, the cost of hostile queries, process start-up, and the build.

Every search here is computed (``cache=False`` and BRIDGELAWS_SEARCH_CACHE=0 for child
processes): the figures are the search's, not the answer cache's. Ratios are taken within one
run, so a busy shared machine moves both sides of each ratio together.

Targets (issues 11 and 13): uncached p95 ≤ 20 ms over the development set's plain-language
questions; no query of ≤ 500 characters costs more than 5× the median question; `bridgelaws
lookup 12C1` within 6× and `bridgelaws search "dummy warns declarer"` within 15× the bare
interpreter's start.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from whoosh import index as whoosh_index

from bench import relevance
from indexer.analysis import analyse
from indexer.search import MAX_DEPTH, search
from webapp.search import MAX_PAGE

TARGETS = {"p95_ms": 20.0, "worst_over_median": 5.0, "lookup_over_python": 6.0, "search_over_python": 15.0}
DEEP_QUERY = "牌"  # the commonest character: the most pages of results


def adversarial_queries() -> dict[str, str]:
    """Hostile but legal queries of ≤ 500 characters (the deepest page is added at run time)."""
    misspelt = ("dumy warnz declerer abuot leding frum teh wromg hnad aftre teh opning leed wsa "
                "faced nad teh revoek wsa estabished durnig teh aucton perod ")
    queries = {
        "480-character misspelled English": (misspelt * 4)[:479] + "z",
        "500 characters of repeated Chinese question": ("明手可以提醒莊家不要從錯誤的一手出牌嗎" * 27)[:500],
        "500 characters of one Chinese character": DEEP_QUERY * 500,
        "125 stop words": " ".join(["the"] * 125),
        "100 citations": " ".join(["27B1"] * 100)[:500],
        # Each quoted phrase is a unit of its own: the clause cap must hold across units.
        "500 characters of quoted Chinese words": " ".join(
            f'"{w}"' for w in ["牌", "明手", "莊家", "防守方", "出牌", "叫品", "裁判", "違規", "罰則", "墩"] * 20)[:500],
    }
    assert all(len(q) <= 500 for q in queries.values())
    return queries


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def summary(times: list[float]) -> dict:
    return {"p50_ms": round(percentile(times, 0.5) * 1000, 2), "p95_ms": round(percentile(times, 0.95) * 1000, 2),
            "mean_ms": round(statistics.fmean(times) * 1000, 2), "samples": len(times)}


def plain_questions() -> list[dict]:
    return [row for row in relevance.load(relevance.SETS["dev"]) if row["kind"] == "question"]


def _timed_search(query: str, index: Path | None, **options) -> float:

    started = time.perf_counter()
    search(query, index=index, cache=False, **options)
    return time.perf_counter() - started


def query_latencies(rows: list[dict], index: Path | None = None, rounds: int = 3) -> list[float]:
    """Seconds per query, warm: one untimed round opens the index and loads jieba."""
    times = []
    for round_ in range(rounds + 1):
        for row in rows:
            elapsed = _timed_search(row["query"], index, edition=row.get("edition"), limit=10)
            if round_:
                times.append(elapsed)
    return times


def deepest_pages(index: Path | None = None) -> dict[str, dict]:
    """The deepest answers a client can ask for: results go MAX_DEPTH (100) hits deep
    (indexer/search.py), so ``q=牌&limit=100&page=1`` (every hit at once) and the last page of ten
    (``limit=10&page=10``, offset 90), the deepest the web app's pages reach. Asking deeper is a
    400 (``page=11`` of ten), which costs nothing."""
    deepest = min(MAX_PAGE, MAX_DEPTH // 10)
    return {f"q={DEEP_QUERY}&limit={MAX_DEPTH}&page=1": {"limit": MAX_DEPTH, "offset": 0},
            f"q={DEEP_QUERY}&limit=10&page={deepest}": {"limit": 10, "offset": (deepest - 1) * 10}}


def hostile_costs(median_s: float, index: Path | None = None, repeats: int = 5) -> list[dict]:
    """Each hostile query's median cost over ``repeats`` computed runs, as a ratio to the median
    plain question of the same run."""
    cases = [(name, query, {"limit": 10}) for name, query in adversarial_queries().items()]
    cases += [(name, DEEP_QUERY, options) for name, options in deepest_pages(index).items()]
    rows = []
    for name, query, options in cases:
        _timed_search(query, index, **options)  # untimed: the first run may load term tables
        cost = statistics.median(_timed_search(query, index, **options) for _ in range(repeats))
        rows.append({"query": name, "chars": len(query), "ms": round(cost * 1000, 2),
                     "over_median": round(cost / median_s, 2)})
    return sorted(rows, key=lambda r: -r["over_median"])


def _child_env(index: Path | None) -> dict:
    env = dict(os.environ, BRIDGELAWS_SEARCH_CACHE="0")
    if index is not None:
        env["BRIDGELAWS_INDEX"] = str(index)
    return env


def _wall(argv: list[str], env: dict) -> float:
    started = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def bridgelaws_command() -> list[str]:
    """The installed console script beside this interpreter (what a reader runs)."""
    script = Path(sys.executable).with_name("bridgelaws")
    if script.exists():
        return [str(script)]
    found = shutil.which("bridgelaws")
    return [found] if found else [sys.executable, "-m", "bridgelaws.cli"]


def startup(index: Path | None = None, runs: int = 7) -> dict:
    """Best-of-``runs`` wall times of whole processes, interleaved so a burst of load on the
    machine hits all three alike; ratios to the bare interpreter (``python -c 'import json'``)."""
    env, cli = _child_env(index), bridgelaws_command()
    commands = {"python": [sys.executable, "-c", "import json"],
                "lookup": cli + ["lookup", "12C1"],
                "search": cli + ["search", "dummy warns declarer"]}
    for argv in commands.values():
        _wall(argv, env)  # untimed: writes any first-use cache (jieba's, a corpus snapshot)
    best = dict.fromkeys(commands, math.inf)
    for _ in range(runs):
        for name, argv in commands.items():
            best[name] = min(best[name], _wall(argv, env))
    return {"python_ms": round(best["python"] * 1000, 1), "lookup_ms": round(best["lookup"] * 1000, 1),
            "search_ms": round(best["search"] * 1000, 1),
            "lookup_over_python": round(best["lookup"] / best["python"], 1),
            "search_over_python": round(best["search"] / best["python"], 1), "runs": runs}


def cold_start(index: Path, query: str = "dummy's limitations") -> float:
    """Wall time from starting a fresh interpreter to its first answer (library call)."""
    code = f"from indexer.search import search; search({query!r})"
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], env=_child_env(index), check=True)
    return time.perf_counter() - started


def build_time(index: Path) -> tuple[float, dict]:
    """Import every source and build, in a fresh interpreter (what `bridgelaws build` costs)."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "from indexer.build import build_index; build_index()"],
                   env=_child_env(index), check=True)
    elapsed = time.perf_counter() - started
    return elapsed, json.loads((index / "meta.json").read_text(encoding="utf-8"))


def tantivy_latencies(rows: list[dict], index: Path, rounds: int = 3) -> list[float]:
    """The same queries through tantivy over the same documents and the same analysis
    (pre-analysed tokens, whitespace tokenizer), OR of the query's terms, the same edition filter."""
    import tantivy  # noqa: PLC0415 -- optional (bench --no-tantivy): only the comparison needs it

    ix = whoosh_index.open_dir(str(index))
    words = ix.schema["body"].analyzer.words
    builder = tantivy.SchemaBuilder()
    for name in ("title", "body"):
        builder.add_text_field(name, stored=False, tokenizer_name="whitespace")
    builder.add_text_field("edition", stored=True, tokenizer_name="raw")
    builder.add_integer_field("law", stored=True, indexed=True)
    schema = builder.build()
    directory = tempfile.mkdtemp(prefix="tantivy-")
    try:
        tindex = tantivy.Index(schema, path=directory)
        writer = tindex.writer()
        with ix.searcher() as searcher:
            for fields in searcher.documents():
                writer.add_document(tantivy.Document(
                    title=" ".join(t.text for t in analyse(fields.get("title", ""), words)),
                    body=" ".join(t.text for t in analyse(fields.get("body", ""), words)),
                    edition=fields["edition"], law=fields["law"]))
        writer.commit()
        tindex.reload()
        searcher = tindex.searcher()
        times = []
        for round_ in range(rounds + 1):
            for row in rows:
                started = time.perf_counter()
                tokens = [t.text for t in analyse(row["query"], words) if not t.is_stop]
                query = tantivy.Query.boolean_query([(tantivy.Occur.Should, tantivy.Query.term_query(schema, f, tok))
                                                     for tok in tokens for f in ("title", "body")])
                if row.get("edition"):
                    query = tantivy.Query.boolean_query([
                        (tantivy.Occur.Must, query),
                        (tantivy.Occur.Must, tantivy.Query.term_query(schema, "edition", row["edition"]))])
                searcher.search(query, 10)
                if round_:
                    times.append(time.perf_counter() - started)
        return times
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def run(tantivy: bool = True) -> dict:
    """Build a fresh index in a temporary directory and measure everything against it."""
    os.environ["BRIDGELAWS_SEARCH_CACHE"] = "0"  # belt and braces: cache=False is passed too
    rows = plain_questions()
    with tempfile.TemporaryDirectory(prefix="bridgelaws-bench-") as tmp:
        index = Path(tmp) / "index"
        build, meta = build_time(index)
        report: dict = {"documents": meta["documents"], "build_s": round(build, 2),
                        "import_s": meta.get("import_seconds"), "index_s": meta.get("index_seconds")}
        cold_start(index)  # the first start writes jieba's cache if it is missing
        report["cold_start_s"] = round(min(cold_start(index) for _ in range(3)), 3)
        times = query_latencies(rows, index)
        report["questions"] = len(rows)
        report["search"] = summary(times)
        report["hostile"] = hostile_costs(statistics.median(times), index)
        report["worst_over_median"] = report["hostile"][0]["over_median"]
        report["startup"] = startup(index)
        if tantivy:
            try:
                report["tantivy"] = summary(tantivy_latencies(rows, index))
                report["whoosh_over_tantivy_p50"] = round(report["search"]["p50_ms"] / max(report["tantivy"]["p50_ms"], 1e-6), 1)
            except ImportError:
                report["tantivy"] = {"error": "tantivy is not installed (bin/setup test,bench), or use --no-tantivy"}
    return report


def verdict(value: float, target: float) -> str:
    return "met" if value <= target else "**missed**"


def table(r: dict) -> str:
    s, up = r["search"], r["startup"]
    lines = [
        f"index build (fresh process): {r['build_s']} s (import {r['import_s']} s, index {r['index_s']} s; "
        f"{r['documents']} documents)",
        f"cold start to first answer (library): {r['cold_start_s']} s",
        f"uncached search over {r['questions']} plain-language questions: p50 {s['p50_ms']} ms, "
        f"p95 {s['p95_ms']} ms (target ≤ {TARGETS['p95_ms']:g}: {verdict(s['p95_ms'], TARGETS['p95_ms'])})",
        f"most expensive query ≤ 500 characters: {r['hostile'][0]['query']} at {r['worst_over_median']}× the "
        f"median question (target ≤ {TARGETS['worst_over_median']:g}×: "
        f"{verdict(r['worst_over_median'], TARGETS['worst_over_median'])})",
    ]
    lines += [f"    {h['query']} ({h['chars']} chars): {h['ms']} ms, {h['over_median']}×" for h in r["hostile"]]
    lines += [
        f"start-up, best of {up['runs']}: python -c 'import json' {up['python_ms']} ms; "
        f"bridgelaws lookup 12C1 {up['lookup_ms']} ms = {up['lookup_over_python']}× "
        f"(target ≤ {TARGETS['lookup_over_python']:g}×: {verdict(up['lookup_over_python'], TARGETS['lookup_over_python'])}); "
        f"bridgelaws search \"dummy warns declarer\" {up['search_ms']} ms = {up['search_over_python']}× "
        f"(target ≤ {TARGETS['search_over_python']:g}×: {verdict(up['search_over_python'], TARGETS['search_over_python'])})",
    ]
    t = r.get("tantivy")
    if t and "error" not in t:
        lines.append(f"same questions through tantivy: p50 {t['p50_ms']} ms, p95 {t['p95_ms']} ms "
                     f"(Whoosh ÷ tantivy at p50: ×{r['whoosh_over_tantivy_p50']})")
    elif t:
        lines.append(f"tantivy: {t['error']}")
    return "\n".join(lines)
