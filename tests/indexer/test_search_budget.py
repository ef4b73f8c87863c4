"""Safe, visible spelling correction and the per-query cost budget (issues 11 and 12), on the
real corpus. Work is checked by counting it, never by timing it."""

import sys

import pytest

from corpus.citations import Citation
from indexer import query as query_module
from indexer import search as search_module
from indexer.search import FILTER_CACHE_SIZE, MAX_DEPTH, SearchError, open_index


@pytest.mark.parametrize("query", ["slam", "grand slam", "small slam", "I gave my partner", "we"])
def test_words_a_reader_types_are_never_rewritten(find, query):
    result = find(query)
    assert result.suggestion is None and result.corrected_from is None


def test_a_word_the_laws_print_is_never_corrected(find):
    # "reneged" is not in the 2017 text, but "hesitation" is (corpus/sources/laws-2017-en.txt
    # Law 16B1(a) "hesitation"); neither may be rewritten.
    for word in ("hesitation", "revoke", "dummy", "undertrick"):
        assert find(word).suggestion is None


def test_correction_is_visible_with_the_way_back(find):
    result = find("revokee")
    assert result.suggestion == "revoke" and result.corrected_from == "revokee"
    assert result.hits and "revoke" in result.hits[0].snippet.lower()
    data = result.to_json()
    assert data["suggestion"] == "revoke" and data["corrected_from"] == "revokee" and data["total"] > 0
    exact = find("revokee", correct=False)
    assert exact.suggestion is None and exact.corrected_from is None and exact.hits == ()


def _tried(index, text):
    opened = open_index(index)
    interpreter = query_module.Interpreter(opened.searcher(), opened.vocabulary, opened.words)
    return interpreter.interpret(text).corrections_tried


def test_correction_work_is_bounded_per_query(index):
    misspelt = " ".join(["revokx dumy insuficient claimm penallty tricx"] * 10)
    assert len(misspelt) < 500
    assert _tried(index, misspelt) == query_module.MAX_CORRECTIONS
    assert _tried(index, "revokee") == 1
    assert _tried(index, "grand slam") == 0  # common words are not even looked up


def test_totals_match_the_pages_that_exist(find):
    first = find("牌", limit=10)
    assert first.total == MAX_DEPTH  # more matches than the deepest page reaches
    last = find("牌", limit=10, offset=MAX_DEPTH - 10)
    assert len(last.hits) == 10
    with pytest.raises(SearchError, match="deep"):
        find("牌", limit=100, offset=MAX_DEPTH)
    few = find("undertrick", edition="2017", lang="en", limit=100)
    assert few.total == len(few.hits)  # exact when everything fits


def test_snippets_are_built_only_for_the_page(find, monkeypatch):
    calls = []
    real = search_module.snippet
    monkeypatch.setattr(search_module, "snippet", lambda *a, **k: calls.append(1) or real(*a, **k))
    find("牌", limit=10, offset=MAX_DEPTH - 10, cache=False)
    assert len(calls) == 10


def test_a_citation_that_does_not_exist_is_answered_as_lookup_answers(find):
    result = find("94")
    assert result.citation == Citation(94) and not result.hits
    assert result.missing == "Law 94 does not exist in the 2017 Laws (Laws 1–93)"
    assert find("Law 94", edition="2007").missing == "Law 94 does not exist in the 2007 Laws (Laws 1–93)"
    assert find("12C1").missing is None


def _retained(opened) -> int:
    """Bytes the filter cache keeps: its bit sets' arrays and the objects around them."""
    return opened.filter_bytes() + sum(sys.getsizeof(docs) for docs in opened._filters.values())


def test_filter_cache_is_bounded(index, monkeypatch):
    size = 64  # the bound under test, smaller than FILTER_CACHE_SIZE so the test stays quick
    assert FILTER_CACHE_SIZE >= size
    monkeypatch.setattr(search_module, "FILTER_CACHE_SIZE", size)
    opened = open_index(index)
    opened._filters.clear()
    distinct = [(lang, (lo, hi)) for lang in ("en", "zh-Hant") for lo in range(1, 94) for hi in range(lo, 94)]
    distinct = distinct[::13][: size * 10]  # 10× the bound, spread over both languages and all laws
    for lang, laws in distinct[:size]:
        opened.filter_docs(None, lang, laws)
    full = _retained(opened)
    for lang, laws in distinct[size:]:
        opened.filter_docs(None, lang, laws)
    assert opened.filters_cached() == size
    # Ten times more distinct filters than the cache holds: memory stays where the full cache put it.
    assert _retained(opened) < full * 1.10


def test_definitions_are_searchable(find):
    # corpus/sources/laws-2017-en-zh-Hant.txt Definitions: "Undertrick" / 不足磴.
    hits = find("undertrick", edition="2017").hits
    assert hits[0].citation.kind == "definition" and hits[0].citation.key == "undertrick"
    assert hits[0].to_json()["citation"] == "Definitions" and hits[0].to_json()["definition"] == "undertrick"
    hits = find("不足磴", edition="2017").hits
    assert hits[0].citation.kind == "definition" and hits[0].title == "不足磴"


def test_table_cells_are_searchable(find):
    # Law 2's vulnerability table and Law 77's scoring table print "Vulnerable"
    # (corpus/sources/laws-2017-en.txt); neither provision's own text has the word.
    top = [(h.law, str(h.citation)) for h in find("vulnerable", edition="2017").hits[:5]]
    assert (2, "2") in top and (77, "77") in top


def test_variant_character_is_folded_for_search_only(find):
    # Law 64's Traditional title prints 牌蹬調整 (corpus/sources/laws-2017-en-zh-Hant.txt);
    # 牌磴調整 finds it, and the title is shown as printed.
    hits = find("牌磴調整", edition="2017", lang="zh-Hant").hits
    assert hits[0].law == 64 and "蹬" in hits[0].title


def test_reviewed_synonyms_reach_the_laws_words(find):
    # "renege" is not printed in the 2017 English text; "revoke" is (Law 61 REVOKE, etc.).
    hits = find("renege", edition="2017", lang="en").hits
    assert hits and 61 <= hits[0].law <= 64
    # 提醒 and 警告 are the same "warn" in the 2017 Traditional text.
    matched = {h.law for h in find("提醒", edition="2017", lang="zh-Hant", limit=30).hits}
    assert any("警告" in h.snippet for h in find("提醒", edition="2017", lang="zh-Hant", limit=30).hits)
    assert matched


def test_single_chinese_characters_weigh_little_in_a_longer_query(index):
    from whoosh import query as wq

    opened = open_index(index)
    interpreter = query_module.Interpreter(opened.searcher(), opened.vocabulary, opened.words)
    boosts = {}
    for term in interpreter.interpret("從明手出牌").query.leaves():
        if isinstance(term, wq.Term):
            boosts.setdefault(term.text, term.boost)
    single = [t for t in boosts if len(t) == 1]
    assert single and all(boosts[t] <= query_module.SINGLE_CHARACTER_WEIGHT for t in single)
    alone = interpreter.interpret("牌").query
    # (the ancestors' titles, field "context", count CONTEXT_WEIGHT of any word, one character or not)
    assert all(t.boost >= 1.0 for t in alone.leaves()
               if isinstance(t, wq.Term) and t.text == "牌" and t.fieldname != "context")


@pytest.mark.parametrize("query", ["law twelve C one", "Law Twelve C 1", "第12條C款第1項", "第12条C款第1项"])
def test_citations_in_words(find, query):
    result = find(query, edition="2017", lang="en")
    assert result.citation == Citation(12, "C", 1)
    assert result.hits[0].direct and result.hits[0].citation == Citation(12, "C", 1)


def test_a_number_word_alone_is_a_word(find):
    assert find("one").citation is None and find("twelve").citation is None


def test_cli_answers_a_missing_law_as_lookup_does(index, monkeypatch, capsys):
    from bridgelaws.cli import main

    monkeypatch.setenv("BRIDGELAWS_INDEX", str(index))
    assert main(["search", "94"]) == 1
    assert capsys.readouterr().err.strip() == "Law 94 does not exist in the 2017 Laws (Laws 1–93)"
    # Text hits for the other words ("law") do not hide it: the reader still learns Law 94 is not there.
    assert main(["search", "Law 94"]) == 0
    assert capsys.readouterr().err.strip() == "Law 94 does not exist in the 2017 Laws (Laws 1–93)"
    assert main(["search", "revokee"]) == 0
    assert "Showing results for 'revoke'" in capsys.readouterr().out


def test_one_result_per_provision(find, corpus):
    from corpus.concordance import counterpart

    hits = find("明手", limit=50).hits
    keys = [(h.edition, str(h.citation)) for h in hits]
    assert len(keys) == len(set(keys))
    listed = {(e, c) for h in hits for e, c in h.counterparts}
    assert not listed & set(keys)  # a counterpart is linked from its provision, never a hit again
    # Counterparts are the concordance's: 2007 41D's counterpart in 2017 is what counterpart() says.
    hit = next(h for h in hits if h.edition == "2007" and h.citation == Citation(41, "D"))
    target = counterpart(corpus, hit.citation, "2007", "2017")
    assert ("2017", str(target)) in hit.counterparts
    both = find("insufficient bid", edition="2017").hits[0]
    assert both.languages == ("en", "zh-Hant") and set(dict(both.snippets)) == {"en", "zh-Hant"}


def test_learned_term_table_is_reviewed_data_with_evidence():
    entries = query_module.term_table()
    assert len(entries) >= 40
    for entry in entries:
        assert entry["reviewed"] == "kept" and entry["together"] >= 4 and entry["dice"] >= 0.6
        assert entry["examples"]
    pairs = {(e["en"], e["zh"]) for e in entries}
    assert ("unauthoriz", "非法") in pairs and ("see", "参照") not in pairs


def test_english_words_find_the_chinese_provision(find):
    # Law 16's Traditional text speaks of 非法訊息 (corpus/sources/laws-2017-en-zh-Hant.txt);
    # an English question filtered to Traditional reaches it through the learned table.
    hits = find("unauthorized information", lang="zh-Hant", edition="2017").hits
    assert hits and all(h.lang == "zh-Hant" for h in hits)
    assert any("非法" in h.snippet for h in hits[:3])
    assert 16 in {h.law for h in hits[:5]} or 75 in {h.law for h in hits[:3]}


def test_the_filter_cache_is_bounded_in_count_and_bytes(find, index):
    """Thousands of distinct law ranges: at most FILTER_CACHE_SIZE filters are kept, each a bit
    array of one bit per document, so the whole cache is ≤ FILTER_CACHE_SIZE × documents / 8 bytes."""
    opened = open_index(index)
    for low in range(1, 60):
        for high in range(low, 94, 2):
            find("card", laws=(low, high), limit=1, cache=False)
    documents = opened.index.doc_count_all()
    assert opened.filters_cached() == FILTER_CACHE_SIZE
    assert opened.filter_bytes() <= FILTER_CACHE_SIZE * (documents // 8 + 1)
    # A kept filter still answers correctly: Law 12 only, in the one edition asked for.
    hits = find("调整分", laws=(12, 12), edition="2007", limit=20, cache=False).hits
    assert hits and {(h.law, h.edition) for h in hits} == {(12, "2007")}
