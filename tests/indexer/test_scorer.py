"""indexer/scorer.py against Whoosh's own matchers: the same documents and the same scores.

Whoosh is the oracle for every node without coordination. With coordination (``Or(scale=…)``)
Whoosh's count of matching terms depends on how far its matchers have stepped (its collector
replaces exhausted sub-matchers mid-search and a preloaded Or reports no matching terms), so
there the scorer follows the documented formula and is checked on a hand-made index instead.
"""

from __future__ import annotations

import pytest
from whoosh import query as q
from whoosh.fields import TEXT, Schema
from whoosh.filedb.filestore import RamStorage

from bench import relevance
from indexer import scorer
from indexer.query import Interpreter
from indexer.search import open_index


def _whoosh(searcher, query) -> list[tuple[int, float]]:
    return [(hit.docnum, hit.score) for hit in searcher.search(query, limit=None)]


def _ours(query, postings) -> list[tuple[int, float]]:
    return scorer.ranked(scorer.score(query, postings))


def _same(expected, got):
    assert [d for d, _ in got] == [d for d, _ in expected]
    for (_, a), (_, b) in zip(expected, got, strict=True):
        assert b == pytest.approx(a, rel=1e-12)


UNCOORDINATED = [
    q.Term("body", "revok"),
    q.Term("context", "dummy", boost=0.3),
    q.Or([q.Term("title", "claim"), q.Term("body", "claim"), q.Term("context", "claim", boost=0.3)]),
    q.Or([q.Term("body", "明手", boost=0.6), q.Term("body", "梦家", boost=0.6)]),
    q.Phrase("body", ["open", "lead"]),
    q.Phrase("body", ["unauthoriz", "informat"], boost=2.0),
    q.Phrase("title", ["非法", "讯息"]),
    q.And([q.Term("body", "dummy"), q.Term("body", "declarer")]),
    q.AndMaybe(q.Term("body", "revok"), q.Term("body", "establish")),
    q.AndNot(q.Term("body", "dummy"), q.Term("body", "declarer")),
    q.Or([q.Term("body", "nosuchword"), q.Term("body", "slam")]),
    q.Phrase("body", ["revok", "nosuchword"]),
]


@pytest.mark.parametrize("query", UNCOORDINATED, ids=str)
def test_scores_as_whoosh_does(index, query):
    opened = open_index(index)
    expected = _whoosh(opened.searcher(), query)
    assert expected or "nosuchword" in str(query)  # only the made-up word matches nothing
    _same(expected, _ours(query, opened.postings))


def test_every_question_matches_the_documents_whoosh_matches(index):
    """Coordination only moves scores: the documents matched are Whoosh's, for every
    development and held-out question."""
    opened = open_index(index)
    searcher = opened.searcher()
    rows = relevance.load(relevance.SETS["dev"]) + relevance.load(relevance.SETS["heldout"])
    checked = 0
    for row in rows:
        interpretation = Interpreter(searcher, opened.vocabulary, opened.words).interpret(row["query"])
        if interpretation.query is None:
            continue
        expected = {d for d, _ in _whoosh(searcher, interpretation.query)}
        assert set(scorer.score(interpretation.query, opened.postings)) == expected, row["query"]
        checked += 1
    assert checked > 200


@pytest.fixture(scope="module")
def tiny():
    """Three documents: coordination computed by hand below."""
    schema = Schema(body=TEXT(phrase=True))
    ix = RamStorage().create_index(schema)
    with ix.writer() as writer:
        writer.add_document(body="alpha beta gamma")
        writer.add_document(body="alpha delta")
        writer.add_document(body="gamma gamma")
    return ix


def test_coordination_follows_the_sqr_formula(tiny):
    with tiny.searcher() as searcher:
        postings = scorer.Postings(lambda: searcher)
        leaves = [q.Term("body", w) for w in ("alpha", "beta", "gamma", "missing")]
        plain = scorer.score(q.Or(leaves), postings)
        coordinated = scorer.score(q.Or(leaves, scale=0.9), postings)
        # Three leaves exist in the index ("missing" does not): termcount 3.
        for doc, matching in ((0, 3), (1, 1), (2, 1)):
            expected = (plain[doc] + (matching - 1) / (3 - 0.9) ** 2) * (2 / 3)
            assert coordinated[doc] == pytest.approx(expected)
        assert set(coordinated) == {0, 1, 2}
        # A document matching all three terms gains over the sum; one matching one loses.
        assert coordinated[0] > plain[0] * (2 / 3)


def test_phrase_needs_the_words_in_order_and_adjacent(tiny):
    with tiny.searcher() as searcher:
        postings = scorer.Postings(lambda: searcher)
        assert set(scorer.score(q.Phrase("body", ["alpha", "beta"]), postings)) == {0}
        assert set(scorer.score(q.Phrase("body", ["beta", "alpha"]), postings)) == set()
        assert set(scorer.score(q.Phrase("body", ["alpha", "gamma"]), postings)) == set()
        assert set(scorer.score(q.Phrase("body", ["gamma", "gamma"]), postings)) == {2}


def test_ranked_breaks_ties_by_document_number_and_filters():
    assert scorer.ranked({5: 1.0, 2: 1.0, 9: 3.0}) == [(9, 3.0), (2, 1.0), (5, 1.0)]
    assert scorer.ranked({5: 1.0, 2: 1.0, 9: 3.0}, allowed={2, 5}) == [(2, 1.0), (5, 1.0)]


def test_an_unknown_query_node_is_refused(tiny):
    with tiny.searcher() as searcher:
        with pytest.raises(TypeError, match="no rule for Prefix"):
            scorer.score(q.Prefix("body", "al"), scorer.Postings(lambda: searcher))


def test_postings_kept_are_bounded(index, monkeypatch):
    monkeypatch.setattr(scorer, "POSTINGS_CACHE_SIZE", 50)
    opened = open_index(index)
    postings = scorer.Postings(opened.searcher)
    words = [w.decode() if isinstance(w, bytes) else w for w in opened.searcher().lexicon("body")][:400]
    assert len(words) == 400
    for word in words:
        postings.scores("body", word)
        postings.positions("body", word)
    assert postings.size() == 2 * 50


def test_stored_fields_kept_never_exceed_the_builds_documents(index):
    from indexer.search import search

    opened = open_index(index)
    for query in ("牌", "the card", "dummy", "revoke", "明手", "claim", "score", "lead"):
        for page in range(10):
            search(query, index=index, limit=10, offset=page * 10, cache=False)
    kept = len(opened._stored)
    assert kept > 100
    for query in ("牌", "the card", "dummy", "revoke"):  # asked again: nothing more is kept
        search(query, index=index, limit=10, cache=False)
    assert len(opened._stored) == kept


def test_coverage_ranks_a_document_by_the_share_of_concepts_it_matches(tiny):
    """Coverage multiplies a score by the idf-weighted share of the concepts a document matches:
    log(3/2) for alpha (documents 0, 1), log(3/1) for beta (0), log(3/2) for gamma (0, 2)."""
    import math

    with tiny.searcher() as searcher:
        postings = scorer.Postings(lambda: searcher)
        concepts = [q.Term("body", w) for w in ("alpha", "beta", "gamma", "missing")]
        query = q.Or(concepts)
        plain = scorer.score(query, postings)
        covered = scorer.score(query, postings, concepts)
        weight = {"alpha": math.log(3 / 2), "beta": math.log(3), "gamma": math.log(3 / 2)}
        total = sum(weight.values())
        assert covered[0] == pytest.approx(plain[0])  # all three: unchanged
        assert covered[1] == pytest.approx(plain[1] * weight["alpha"] / total)
        assert covered[2] == pytest.approx(plain[2] * weight["gamma"] / total)
        # One concept, or none: the scores as they were.
        assert scorer.score(query, postings, concepts[:1]) == plain
        assert scorer.score(query, postings, []) == plain


def test_words_the_index_lacks_are_never_kept(index):
    """Junk words (quoted, so never corrected) must not fill the cache and push real postings out."""
    opened = open_index(index)
    postings = scorer.Postings(opened.searcher)
    postings.scores("body", "revok")
    for n in range(200):
        assert postings.scores("body", f"xkqz{n}") is None
        assert postings.positions("body", f"xkqz{n}") == {}
    assert postings.size() == 1
