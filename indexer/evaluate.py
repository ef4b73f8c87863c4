"""Relevance and speed over the development query set (``indexer/data/queries.jsonl``).

Each line: ``{"query", "edition"?, "lang"?, "laws": [expected law numbers], "kind", "source"}``;
``source`` is the raw-text line the expectation was checked against. A query succeeds at k when
one of its first k hits is in an expected law.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

QUERIES = Path(__file__).resolve().parents[1] / "bench" / "data" / "law_queries.jsonl"


def load_queries(path: Path = QUERIES) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@dataclass(frozen=True)
class Relevance:
    success_at_3: float
    mrr_at_10: float
    failures: tuple[tuple[str, list[int], list[int]], ...]  # (query, expected, first laws found)


def relevance(queries: list[dict], index: Path | None = None) -> Relevance:
    from indexer.search import search

    successes, reciprocal, failures = 0, 0.0, []
    for row in queries:
        result = search(row["query"], edition=row.get("edition"), lang=row.get("lang"), limit=10, index=index)
        laws = [hit.law for hit in result.hits]
        rank = next((i for i, law in enumerate(laws, 1) if law in row["laws"]), None)
        if rank is not None and rank <= 3:
            successes += 1
        else:
            failures.append((row["query"], row["laws"], laws[:5]))
        reciprocal += 1 / rank if rank else 0.0
    return Relevance(successes / len(queries), reciprocal / len(queries), tuple(failures))


def query_latencies(queries: list[dict], index: Path | None = None, rounds: int = 3) -> list[float]:
    """Seconds per query, warm (the first round warms the index and jieba and is not counted);
    every answer is computed, never taken from the answer cache."""
    from indexer.search import search

    times = []
    for round_ in range(rounds + 1):
        for row in queries:
            started = time.perf_counter()
            search(row["query"], edition=row.get("edition"), lang=row.get("lang"), limit=10, index=index,
                   cache=False)
            if round_:
                times.append(time.perf_counter() - started)
    return times


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def cold_start(index: Path, query: str = "dummy's limitations") -> float:
    """Wall time from starting a fresh interpreter to its first answer."""
    env = dict(os.environ, BRIDGELAWS_INDEX=str(index))
    code = f"from indexer.search import search; search({query!r})"
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], env=env, check=True)
    return time.perf_counter() - started


def build_time(index: Path) -> tuple[float, dict]:
    """Import every source and build, in a fresh interpreter (what `bridgelaws build` costs)."""
    env = dict(os.environ, BRIDGELAWS_INDEX=str(index))
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "from indexer.build import build_index; build_index()"],
                   env=env, check=True)
    elapsed = time.perf_counter() - started
    return elapsed, json.loads((index / "meta.json").read_text(encoding="utf-8"))


def tantivy_latencies(queries: list[dict], index: Path, rounds: int = 3) -> list[float]:
    """The same queries through tantivy over the same documents and the same analysis
    (pre-analysed tokens, whitespace tokenizer), OR of the query's terms with the same filters."""
    import tantivy
    from whoosh import index as whoosh_index

    from indexer.analysis import analyse

    ix = whoosh_index.open_dir(str(index))
    words = ix.schema["body"].analyzer.words
    builder = tantivy.SchemaBuilder()
    for name in ("title", "body"):
        builder.add_text_field(name, stored=False, tokenizer_name="whitespace")
    builder.add_text_field("edition", stored=True, tokenizer_name="raw")
    builder.add_text_field("lang", stored=True, tokenizer_name="raw")
    builder.add_integer_field("law", stored=True, indexed=True)
    schema = builder.build()
    directory = tempfile.mkdtemp(prefix="tantivy-")
    tindex = tantivy.Index(schema, path=directory)
    writer = tindex.writer()
    with ix.searcher() as searcher:
        for fields in searcher.documents():
            writer.add_document(tantivy.Document(
                title=" ".join(t.text for t in analyse(fields.get("title", ""), words)),
                body=" ".join(t.text for t in analyse(fields.get("body", ""), words)),
                edition=fields["edition"], lang=fields["lang"], law=fields["law"]))
    writer.commit()
    tindex.reload()
    searcher = tindex.searcher()
    times = []
    for round_ in range(rounds + 1):
        for row in queries:
            started = time.perf_counter()
            tokens = [t.text for t in analyse(row["query"], words) if not t.is_stop]
            clauses = [(tantivy.Occur.Should, tantivy.Query.term_query(schema, f, tok))
                       for tok in tokens for f in ("title", "body")]
            query = tantivy.Query.boolean_query(clauses)
            for key in ("edition", "lang"):
                if row.get(key):
                    query = tantivy.Query.boolean_query([
                        (tantivy.Occur.Must, query),
                        (tantivy.Occur.Must, tantivy.Query.term_query(schema, key, row[key]))])
            searcher.search(query, 10)
            if round_:
                times.append(time.perf_counter() - started)
    return times


def summary(times: list[float]) -> dict:
    return {"p50_ms": round(percentile(times, 0.5) * 1000, 2), "p95_ms": round(percentile(times, 0.95) * 1000, 2),
            "mean_ms": round(statistics.fmean(times) * 1000, 2)}
