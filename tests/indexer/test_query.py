import pytest

from corpus.citations import Citation
from indexer.query import Unit, as_citation, split_units


def test_free_words_stay_one_unit():
    assert split_units("dummy's limitations") == [Unit("dummy's limitations", "should")]


def test_quotes_operators_and_exclusion():
    assert split_units('"lead restrictions" AND dummy') == [
        Unit("lead restrictions", "must", phrase=True), Unit("dummy", "must")]
    assert split_units("夢家 NOT 限制") == [Unit("夢家", "should"), Unit("限制", "not")]
    assert split_units("dummy -rights") == [Unit("dummy", "should"), Unit("rights", "not")]


def test_malformed_syntax_is_interpreted_not_rejected():
    assert split_units('"lead restrictions') == [Unit("lead restrictions", "should", phrase=True)]
    assert split_units("AND") == [] and split_units("OR NOT") == []
    assert split_units("field:") == [Unit("field:", "should")]
    assert split_units('""') == []


def test_citations_in_any_notation():
    assert as_citation("27B1") == Citation(27, "B", 1)
    assert as_citation("Law 12C1(c)") == as_citation("12C1c") == Citation(12, "C", 1, "c")
    assert as_citation("第27条") == as_citation("27條") == Citation(27)
    assert as_citation("第 7 条") == Citation(7)
    assert as_citation("dummy") is None and as_citation("明手") is None


def test_an_aligned_equivalent_counts_as_many_words_as_were_typed():
    from indexer.query import SYNONYM_WEIGHT, Vocabulary

    # The glossary aligns Definitions and titles mechanically: Board = 牌套／牌 → 牌 套 牌.
    vocab = Vocabulary.from_table([{"terms": [{"tokens": ["board"]}, {"tokens": ["牌", "套", "牌"]}]}])
    vocab.add_group({("14", "card"), ("more", "_", "13", "card")})  # reviewed (synonyms.txt)
    assert vocab.weight(("board",), ("board",)) == 1.0
    assert vocab.weight(("牌", "套", "牌"), ("board",)) == pytest.approx(SYNONYM_WEIGHT / 3)
    assert vocab.weight(("board",), ("牌", "套", "牌")) == SYNONYM_WEIGHT  # never above it
    assert vocab.weight(("more", "_", "13", "card"), ("14", "card")) == SYNONYM_WEIGHT


def test_an_english_word_ranks_its_own_edition_above_a_long_aligned_equivalent(find):
    # 1987 Law 81's Chinese title 任務與權力 ("duties and powers") is aligned with THE DIRECTOR and
    # the 1987 Definitions print 牌套或牌套中之牌 for Board: each several words, which outscored the
    # one word typed. 2017 Law 81C is "Director's Duties and Powers" (laws-2017-en.txt).
    hits = find("director", limit=3, cache=False).hits
    assert (hits[0].edition, str(hits[0].citation)) == ("2017", "81C")
    hits = find("the board was moved", limit=1, cache=False).hits
    assert hits[0].edition == "2017"


def test_a_questions_concepts_are_its_words_not_its_bonuses(index):
    from indexer.query import Interpreter
    from indexer.search import open_index

    opened = open_index(index)
    found = Interpreter(opened.searcher(), opened.vocabulary, opened.words).interpret(
        "dummy looks at a defender's cards")
    assert len(found.concepts) == 4  # dummy, look, defender, card: not the phrase and title bonuses

    def nodes(node):
        yield node
        for child in node.children():
            yield from nodes(child)

    inside = {id(node) for node in nodes(found.query)}
    assert all(id(concept) in inside for concept in found.concepts)  # scored once (scorer's memo)


def test_a_quoted_phrase_and_required_words_are_concepts_too(index):
    # Coverage multiplies by the share of concepts matched: a document matching only the quoted
    # phrase must not score as if it matched nothing.
    from indexer.query import Interpreter
    from indexer.search import open_index

    opened = open_index(index)
    interpreter = Interpreter(opened.searcher(), opened.vocabulary, opened.words)
    assert len(interpreter.interpret('"penalty card" dummy declarer').concepts) == 3
    assert len(Interpreter(opened.searcher(), opened.vocabulary, opened.words)
               .interpret("revoke AND trick -dummy").concepts) == 2  # not the excluded word


def test_every_match_of_a_phrase_and_words_query_scores_above_zero(index):
    from indexer import scorer
    from indexer.query import Interpreter
    from indexer.search import open_index

    opened = open_index(index)
    found = Interpreter(opened.searcher(), opened.vocabulary, opened.words).interpret(
        '"penalty card" dummy declarer')
    scores = scorer.score(found.query, opened.postings, found.concepts)
    assert len(scores) > 100 and min(scores.values()) > 0


def _phrases(node):
    from whoosh import query as q

    if isinstance(node, q.Phrase):
        yield node
    for child in node.children():
        yield from _phrases(child)


def test_the_whole_question_bonus_is_a_phrase_the_index_can_hold(index):
    """Dropped question words leave runs of stop tokens; the index holds a run as one and none at
    the ends, so a bonus phrase with two in a row, or one at an end, could never match."""
    from indexer.analysis import STOP
    from indexer.query import Interpreter
    from indexer.search import open_index

    opened = open_index(index)
    for question in ("明手可以看防守方的牌吗", "明手 可以 不 看 牌", "can dummy look at the cards?"):
        found = Interpreter(opened.searcher(), opened.vocabulary, opened.words).interpret(question)
        bonuses = [p for p in _phrases(found.query) if p.boost == 2.0]
        assert bonuses, question
        for phrase in bonuses:
            words = list(phrase.words)
            assert STOP not in (words[0], words[-1]), (question, words)
            assert all((a, b) != (STOP, STOP) for a, b in zip(words, words[1:])), (question, words)


def test_the_clause_cap_is_per_query_not_per_unit(index):
    """Each quoted phrase is a unit: 150 of them used to make 150 clauses and concepts."""
    from indexer.query import MAX_CLAUSES, Interpreter
    from indexer.search import open_index

    opened = open_index(index)
    words = [w.decode() for w in opened.searcher().reader().lexicon("spell")][:150]
    found = Interpreter(opened.searcher(), opened.vocabulary, opened.words).interpret(
        " ".join(f'"{w}"' for w in words))
    assert len(found.query.subqueries) <= MAX_CLAUSES
    assert len(found.concepts) <= MAX_CLAUSES
    repeated = Interpreter(opened.searcher(), opened.vocabulary, opened.words).interpret(
        'dummy "opening lead" dummy "opening lead"')
    assert len(repeated.concepts) == 2  # each concept weighed once in coverage


def test_a_chinese_word_the_index_lacks_falls_back_to_its_known_pieces(index):
    from whoosh import query as q

    from indexer.query import OOV_PIECE_WEIGHT, SINGLE_CHARACTER_WEIGHT, Interpreter
    from indexer.search import open_index, search

    opened = open_index(index)
    interpreter = Interpreter(opened.searcher(), opened.vocabulary, opened.words)
    assert not interpreter.known("输给") and interpreter.known("输")
    assert interpreter._pieces("输给")["输"] == SINGLE_CHARACTER_WEIGHT  # no sub-word: its characters
    assert interpreter._pieces("赛员") is None  # a word the index holds is searched as itself
    found = interpreter.interpret("承認輸給對方")
    terms = {(t.fieldname, t.text, t.boost) for c in found.concepts for t in c.leaves() if isinstance(t, q.Term)}
    assert ("body", "输", SINGLE_CHARACTER_WEIGHT) in terms
    assert not any(text == "输给" for _, text, _ in terms)
    assert OOV_PIECE_WEIGHT > SINGLE_CHARACTER_WEIGHT
    # A Traditional question that conceded a trick it had won (輸給 "lost to", printed nowhere)
    hits = search("本來已經贏的一磴卻承認輸給對方了，可以拿回來嗎", limit=3, index=index, cache=False).hits
    assert any(h.law == 71 for h in hits)
