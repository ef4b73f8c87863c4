"""The development query set: relevance is a real assertion (target success@3 ≥ 0.95)."""

from collections import Counter

from indexer.evaluate import load_queries, relevance


def test_query_set_covers_every_kind():
    queries = load_queries()
    kinds = Counter(q["kind"] for q in queries)
    assert len(queries) >= 60
    assert {"en", "zh-Hant", "zh-Hans", "cross-script", "cross-vocab", "citation"} <= set(kinds)
    assert all(q["laws"] and q["source"].startswith("laws-") for q in queries)


def test_success_at_3(index):
    result = relevance(load_queries(), index)
    assert result.success_at_3 >= 0.95, result.failures
    assert result.mrr_at_10 >= 0.9, result.failures
