"""Provision-level relevance: success@1, success@3 and MRR@10 per query language and overall.

The sets live in bench/data/ (see its README): ``questions.jsonl`` (the development set the
search is tuned on), ``heldout.jsonl`` (never tuned on) and ``law_queries.jsonl`` (the first
round's law-level set, kept for its old figure). A ranking is a list of hits; a hit is correct
when its (edition, citation), or one of its ``counterparts``, is an expected provision or lies
inside one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.baseline import Baseline
from corpus.citations import Citation, CitationError, from_canonical
from indexer.search import search

DATA = Path(__file__).resolve().parent / "data"
SETS = {"dev": DATA / "questions.jsonl", "heldout": DATA / "heldout.jsonl"}
LAW_QUERIES = DATA / "law_queries.jsonl"
LANGS = ("en", "zh-Hant", "zh-Hans")
DEPTH = 10  # MRR@10: the first ten hits are looked at

Key = tuple[str, Citation]  # (edition, citation)
# A ranker answers one query row with its hits, best first; each hit is anything with
# ``edition`` and ``citation`` (and optionally ``counterparts``), as an object or a dict.
Ranker = Callable[[dict], Sequence]


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def expected_keys(row: dict) -> list[Key]:
    keys = []
    for entry in row["expected"]:
        edition, _, citation = entry.partition(":")
        keys.append((edition, from_canonical(citation)))
    return keys


def _get(hit, name: str, default=None):
    return hit.get(name, default) if isinstance(hit, dict) else getattr(hit, name, default)


def hit_keys(hit) -> list[Key]:
    """The hit's own (edition, citation) and those of its counterparts (absent: none)."""
    keys = []
    for item in [hit, *(_get(hit, "counterparts") or ())]:
        edition, citation = _get(item, "edition"), _get(item, "citation")
        if edition is None or citation is None:
            continue  # e.g. a definition hit: no provision to compare
        if not isinstance(citation, Citation):
            try:
                citation = from_canonical(str(citation))
            except CitationError:
                continue
        keys.append((str(edition), citation))
    return keys


def is_correct(hit, expected: Iterable[Key]) -> bool:
    """The hit, or a counterpart, is an expected provision or a descendant of one."""
    expected = list(expected)
    return any(edition == want_edition and citation.is_within(want)
               for edition, citation in hit_keys(hit) for want_edition, want in expected)


def first_correct_rank(hits: Sequence, expected: Iterable[Key], depth: int = DEPTH) -> int | None:
    expected = list(expected)
    return next((rank for rank, hit in enumerate(hits[:depth], 1) if is_correct(hit, expected)), None)


@dataclass
class Scores:
    """Running success@1, success@3 and MRR@10 over the ranks of a group of queries."""
    ranks: list[int | None] = field(default_factory=list)

    def add(self, rank: int | None) -> None:
        self.ranks.append(rank)

    @property
    def n(self) -> int:
        return len(self.ranks)

    def success(self, k: int) -> float:
        return sum(1 for r in self.ranks if r is not None and r <= k) / self.n if self.n else 0.0

    @property
    def mrr(self) -> float:
        return sum(1 / r for r in self.ranks if r is not None) / self.n if self.n else 0.0

    def to_json(self) -> dict:
        return {"queries": self.n, "success_at_1": round(self.success(1), 4),
                "success_at_3": round(self.success(3), 4), "mrr_at_10": round(self.mrr, 4)}


@dataclass
class Evaluation:
    overall: Scores
    by_lang: dict[str, Scores]
    misses: list[dict]  # queries whose answer is not in the top 3

    def to_json(self) -> dict:
        return {"overall": self.overall.to_json(),
                "by_lang": {lang: s.to_json() for lang, s in self.by_lang.items()},
                "misses": self.misses}


def evaluate(rows: list[dict], ranker: Ranker) -> Evaluation:
    overall, by_lang, misses = Scores(), {lang: Scores() for lang in LANGS}, []
    for row in rows:
        hits = list(ranker(row))
        rank = first_correct_rank(hits, expected_keys(row))
        overall.add(rank)
        by_lang.setdefault(row["lang"], Scores()).add(rank)
        if rank is None or rank > 3:
            misses.append({"query": row["query"], "lang": row["lang"], "rank": rank,
                           "expected": row["expected"][:3],
                           "found": [f"{e}:{c}" for h in hits[:3] for e, c in hit_keys(h)[:1]]})
    return Evaluation(overall, by_lang, misses)


def product_ranker(index: Path | None = None) -> Ranker:
    """The product's search as a reader uses it: no language filter, the edition only when the
    query names one; never answered from the answer cache."""

    def rank(row: dict) -> Sequence:
        return search(row["query"], edition=row.get("edition"), limit=DEPTH, index=index, cache=False).hits

    return rank


def law_level(index: Path | None = None) -> dict:
    """The first round's figure on the first round's set: a hit counts when its law is expected;
    ``lang`` is a search filter there, as it was then."""

    scores = Scores()
    for row in load(LAW_QUERIES):
        hits = search(row["query"], edition=row.get("edition"), lang=row.get("lang"), limit=DEPTH,
                      index=index, cache=False).hits
        scores.add(next((i for i, hit in enumerate(hits, 1) if _get(hit, "law") in row["laws"]), None))
    return scores.to_json()


def run(index: Path | None = None, sets: Sequence[str] = ("dev", "heldout")) -> dict:
    """Product and plain BM25 baseline on each set, computed in the same run, and the old figure."""

    product, baseline = product_ranker(index), Baseline.from_corpus().ranker(DEPTH)
    report: dict = {}
    for name in sets:
        rows = load(SETS[name])
        report[name] = {"product": evaluate(rows, product).to_json(),
                        "baseline": evaluate(rows, baseline).to_json()}
    report["law_level"] = law_level(index)
    return report


def table(report: dict) -> str:
    """The printed form: one line per set × language, product beside baseline."""
    lines = ["set      lang      n    product s@1  s@3  MRR    baseline s@1  s@3  MRR    s@3 margin"]
    for name in ("dev", "heldout"):
        if name not in report:
            continue
        product, baseline = report[name]["product"], report[name]["baseline"]
        for lang in (*LANGS, "all"):
            p = product["overall"] if lang == "all" else product["by_lang"].get(lang)
            b = baseline["overall"] if lang == "all" else baseline["by_lang"].get(lang)
            if not p or not p["queries"]:
                continue
            lines.append(f"{name:<8} {lang:<8} {p['queries']:>4}    "
                         f"{p['success_at_1']:.2f} {p['success_at_3']:.2f} {p['mrr_at_10']:.2f}           "
                         f"{b['success_at_1']:.2f} {b['success_at_3']:.2f} {b['mrr_at_10']:.2f}   "
                         f"{p['success_at_3'] - b['success_at_3']:+.2f}")
    old = report.get("law_level")
    if old:
        lines.append(f"old law-level set ({old['queries']} queries, judged by law): success@1 "
                     f"{old['success_at_1']:.2f}, success@3 {old['success_at_3']:.2f}, MRR@10 {old['mrr_at_10']:.2f}")
    return "\n".join(lines)
