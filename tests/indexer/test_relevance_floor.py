"""The relevance the search reaches on the development set (bench/data/questions.jsonl, judged
at provision level), held as a floor so that a change that loses ground fails; and the margin
over the plain BM25 baseline of the same run (bench/baseline.py). The figures are printed
(`pytest -s`); `bridgelaws bench relevance` prints the same table with the held-out set.

Floors are set a little under what the search reached when they were written (dev, 2026-11-25,
after the fallback of a Chinese word the index lacks to its pieces and three reviewed synonyms:
s@1 0.59 / 0.59 / 0.62 and s@3 0.79 / 0.78 / 0.87 in en / zh-Hant / zh-Hans, s@3 0.81 against the
baseline's 0.58; before them, with coverage and aligned equivalents weighted by their length:
s@1 0.58 / 0.57 / 0.62 and s@3 0.77 / 0.74 / 0.87, all 0.79; the same day before those: s@1
0.52 / 0.52 / 0.49, s@3 0.69 / 0.74 / 0.68, all 0.70; on 2026-11-23: s@1 0.51 / 0.52 / 0.47,
s@3 0.68 / 0.70 / 0.68). Issue 11 asks for s@3 ≥ 0.95 and s@1 ≥ 0.85; the search does not reach
that, and these floors say where it is, not where it should be."""

from __future__ import annotations

from bench import relevance
from bench.baseline import Baseline

FLOOR = {"success_at_1": 0.57, "success_at_3": 0.75}
MARGIN = 0.20  # product s@3 − baseline s@3, all languages


def test_dev_set_relevance_holds_its_floor_and_beats_the_baseline(index, corpus):
    rows = relevance.load(relevance.SETS["dev"])
    product = relevance.evaluate(rows, relevance.product_ranker(index)).to_json()
    baseline = relevance.evaluate(rows, Baseline.from_corpus(corpus).ranker(relevance.DEPTH)).to_json()
    print(relevance.table({"dev": {"product": product, "baseline": baseline}}))
    for lang in relevance.LANGS:
        figures = product["by_lang"][lang]
        for name, floor in FLOOR.items():
            assert figures[name] >= floor, (lang, name, figures)
    margin = product["overall"]["success_at_3"] - baseline["overall"]["success_at_3"]
    assert margin >= MARGIN, (product["overall"], baseline["overall"])
    assert product["overall"]["mrr_at_10"] > baseline["overall"]["mrr_at_10"]
