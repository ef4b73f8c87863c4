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
