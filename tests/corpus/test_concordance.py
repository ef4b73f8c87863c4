"""Edition concordance and compare, on the real corpus (evidence for each override is cited in
corpus/concordance.py)."""

from __future__ import annotations

import pytest

from corpus.citations import Citation, from_canonical
from corpus.concordance import DIRECT, MOVES, compare
from corpus.load import load_corpus
from corpus.lookup import ProvisionNotFound


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def pairs(comparison):
    return {(p["from"], p["to"]): p["status"] for p in comparison.to_json()["pairs"]}


def test_law_16_c_and_d_swap_from_2007_to_2017(corpus):
    got = pairs(compare(corpus, 16, "2007", "2017"))
    assert got[("16C", "16D")] == "moved" and got[("16D", "16C")] == "moved"
    assert got[("16C2(a)", "16D2(a)")] == "moved"
    assert got[("16A", "16A")] == "aligned" and got[("16B", "16B")] == "aligned"


def test_law_16_letters_shift_from_1987_to_2007_and_compose_to_2017(corpus):
    assert pairs(compare(corpus, 16, "1987", "2007"))[("16A", "16B")] == "moved"
    to_2017 = pairs(compare(corpus, 16, "1987", "2017"))
    # from partner: 1987 A → 2017 B; other sources: 1987 B → 2017 D; withdrawn: C → C
    assert to_2017[("16A", "16B")] == "moved" and to_2017[("16B", "16D")] == "moved"
    assert to_2017[("16C", "16C")] == "aligned"
    assert to_2017[(None, "16A")] == "added"


@pytest.mark.parametrize("editions", [("1987", "2007"), ("2007", "2017"), ("1987", "2017"), ("2017", "2007")])
def test_law_23_is_a_new_topic_in_every_edition(corpus, editions):
    comparison = compare(corpus, 23, *editions)
    assert comparison.topic_changed
    assert {p.status for p in comparison.pairs} == {"new-topic"}


def test_reverse_direction_flips_added_and_removed(corpus):
    forward = pairs(compare(corpus, 27, "1987", "2007"))
    backward = pairs(compare(corpus, 27, "2007", "1987"))
    assert forward[("27C", "27A2")] == "moved" and backward[("27A2", "27C")] == "moved"
    assert forward[(None, "27D")] == "added" and backward[("27D", None)] == "removed"


def test_content_moved_between_laws_shows_under_both(corpus):
    assert pairs(compare(corpus, 88, "1987", "2007"))[("88", "12C2(c)")] == "moved"
    assert pairs(compare(corpus, 12, "1987", "2007"))[("88", "12C2(c)")] == "moved"
    assert pairs(compare(corpus, 75, "1987", "2007"))[("75A", "40A1(b)")] == "moved"
    assert compare(corpus, 75, "1987", "2007").topic_changed
    assert not compare(corpus, 75, "2007", "2017").topic_changed


def test_every_override_names_provisions_that_exist(corpus):
    for (older, newer), moves in MOVES.items():
        for source, target in moves.items():
            assert corpus.provision(older, from_canonical(source)), (older, source)
            assert corpus.provision(newer, from_canonical(target)), (newer, target)
    for source, target in DIRECT.items():
        assert corpus.provision("1987", from_canonical(source)) and corpus.provision("2017", from_canonical(target))


def test_every_provision_of_both_editions_appears(corpus):
    comparison = compare(corpus, 40, "1987", "2017")
    sources = {p.source for p in comparison.pairs if p.source and p.source.law == 40}
    targets = {p.target for p in comparison.pairs if p.target and p.target.law == 40}
    assert sources == {p.citation for p in corpus.subtree("1987", Citation(40))}
    assert targets == {p.citation for p in corpus.subtree("2017", Citation(40))}


def test_json_shape(corpus):
    data = compare(corpus, 16, "2007", "2017").to_json()
    assert set(data) == {"law", "from", "to", "topic_changed", "pairs"}
    assert data["law"] == 16 and data["from"] == "2007" and data["to"] == "2017"
    assert all(set(p) == {"from", "to", "status"} for p in data["pairs"])


def test_unknown_law(corpus):
    with pytest.raises(ProvisionNotFound):
        compare(corpus, 94, "2007", "2017")
