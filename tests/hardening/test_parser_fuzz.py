"""Fuzzing the three parsers that read user input (issue 8): the citation grammar, the query
interpreter (through ``search`` on the real index) and the contract notation. Each either answers
or raises its own documented error with a message; nothing else escapes, and what parses
round-trips through its canonical form."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from corpus.citations import Citation, CitationError, from_canonical, parse
from indexer.search import MAX_QUERY_CHARS, SearchError, search
from scoring.contract import ContractError, parse_contract
from scoring.errors import ScoringError
from scoring.table_score import score_table

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Pieces of every notation the grammar reads, plus the characters that break naive parsers.
CITATION_PIECES = ["Law", "law ", "Laws", "L", "第", "条", "條", "款", "项", "項", "目", "本条", "本款", "本法",
                   "(", ")", "（", "）", "１２", "Ｃ", "12", "93", "0", "999999999999", "C", "c", "b", "iv",
                   "ii", " ", "\u3000", "\x00", "-", ".", "，", "\u202e", "<script>", "%", "\\"]
citation_text = st.one_of(st.text(max_size=60), st.lists(st.sampled_from(CITATION_PIECES), max_size=12).map("".join))
contexts = st.sampled_from([None, from_canonical("12C1"), from_canonical("35"), from_canonical("40B2(a)")])


@FUZZ
@given(text=citation_text, context=contexts)
@example(text="12C1(b" + ")" * 50, context=None)
@example(text="第" * 200, context=None)
@example(text="C1(d)", context=None)
def test_citation_parser_answers_or_says_why(text, context):
    try:
        citation = parse(text, context)
    except CitationError as exc:
        assert str(exc).strip() and "Traceback" not in str(exc)
        assert len(str(exc)) < 400  # a message, not an echo of huge input
        return
    assert isinstance(citation, Citation)
    assert parse(str(citation)) == citation == from_canonical(str(citation))


def test_citation_parser_refuses_long_input_before_any_pattern_runs():
    """Backtracking regexes are the classic denial of service: long input never reaches them."""
    for text in ("1" * 100_000, "(" * 100_000, "第" * 100_000, "Law " * 25_000, "12C1(b)" * 10_000):
        with pytest.raises(CitationError, match=r"characters long; one citation is at most 100"):
            parse(text)


QUERY_PIECES = ['"', "(", ")", "+", "-", "|", "*", "?", "~", "^", ":", "AND", "OR", "NOT", "edition:2017",
                "law:", "revoke", "dummy's", "夢家", "明手", "不足叫價", "27B1", "Law 12C1(b)", "第27条",
                " ", "\x00", "\\", "<script>alert(1)</script>", "\u200b", "🂡", "♠", "\ue000"]
query_text = st.one_of(st.text(min_size=0, max_size=80),
                       st.lists(st.sampled_from(QUERY_PIECES), max_size=10).map(" ".join),
                       st.lists(st.sampled_from(QUERY_PIECES), max_size=10).map("".join))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=query_text, edition=st.sampled_from([None, "2017", "2007", "1987"]),
       lang=st.sampled_from([None, "en", "zh-Hant", "zh-Hans"]))
@example(text='"unbalanced phrase', edition=None, lang=None)
@example(text="((((revoke", edition=None, lang=None)
@example(text="-revoke", edition=None, lang=None)
@example(text="- - -", edition="2017", lang="en")
@example(text="revoke", edition="2017", lang="zh-Hans")  # no such documents: the filter must still hold
def test_query_interpreter_answers_or_says_why(index, text, edition, lang):
    try:
        result = search(text, edition=edition, lang=lang, limit=5, index=index)
    except SearchError as exc:
        assert str(exc).strip()
        return
    assert len(result.hits) <= 5
    for hit in result.hits:
        assert (edition is None or hit.edition == edition) and (lang is None or hit.lang == lang)
        assert isinstance(hit.snippet, str) and "\x00" not in hit.snippet


@pytest.mark.parametrize("text", ["x" * (MAX_QUERY_CHARS + 1), "revoke " * 10_000, "夢" * 50_000])
def test_query_interpreter_refuses_huge_queries_before_analysing_them(index, text, monkeypatch):
    import indexer.query

    def analysed(*args, **kwargs):
        raise AssertionError("a refused query must not reach the analyser")

    monkeypatch.setattr(indexer.query, "analyse", analysed)
    with pytest.raises(SearchError, match="limit is"):
        search(text, index=index)


def test_longest_accepted_query_builds_a_bounded_query(index):
    """The longest query the search accepts, of many repeated words, builds a query whose size does not
    grow with its length (it once built ~330 clauses and a 330-word phrase, and took 5 s)."""
    from whoosh.query import Phrase

    from indexer.query import MAX_CLAUSES, MAX_PHRASE_TOKENS, Interpreter
    from indexer.search import open_index

    words = "revoke claim dummy lead trick penalty card director score bid pass double " * 200
    opened = open_index(index)
    interpretation = Interpreter(opened.searcher(), opened.vocabulary, opened.words).interpret(words[:MAX_QUERY_CHARS])
    leaves = list(interpretation.query.leaves())
    # 12 distinct words, each a term or a set of equivalents, in two fields
    assert len(leaves) <= MAX_CLAUSES * 2 * 8
    assert all(len(leaf.words) <= MAX_PHRASE_TOKENS for leaf in leaves if isinstance(leaf, Phrase))
    assert search(words[:MAX_QUERY_CHARS], index=index).hits


CONTRACT_PIECES = ["1", "4", "7", "8", "0", "NT", "N", "T", "S", "H", "D", "C", "♠", "♥", "♦", "♣", "X", "XX",
                   "XXX", "=", "+", "-", "+1", "-13", "+99999999999999999999", "E", "W", " ", "PASS", "pass",
                   "\x00", "<b>", "１"]
contract_text = st.one_of(st.text(max_size=20), st.lists(st.sampled_from(CONTRACT_PIECES), max_size=8).map("".join))


@FUZZ
@given(text=contract_text)
@example(text="7NTXX+99999999999999999999")
@example(text="4S" + "X" * 10_000 + "-2")
def test_contract_parser_answers_or_says_why(text):
    try:
        parsed = parse_contract(text)
    except ContractError as exc:
        assert str(exc).strip()
        return
    assert parse_contract(parsed.notation) == parsed


@FUZZ
@given(contract=contract_text, result=st.one_of(st.none(), st.integers(-10**20, 10**20)),
       declarer=st.one_of(st.none(), st.sampled_from(["N", "E", "S", "W", "n", "x", ""]), st.text(max_size=3)),
       vul=st.one_of(st.none(), st.sampled_from(["none", "ns", "ew", "both", "NS", "all", ""]), st.text(max_size=4)),
       board=st.one_of(st.none(), st.integers(-10**6, 10**6)))
def test_table_score_answers_or_says_why(contract, result, declarer, vul, board):
    try:
        scored = score_table(contract, result=result, declarer=declarer, vul=vul, board=board)
    except ScoringError as exc:
        assert str(exc).strip()
        return
    payload = scored.to_json()
    assert isinstance(payload["score"], int) and -8000 < payload["score"] < 8000
