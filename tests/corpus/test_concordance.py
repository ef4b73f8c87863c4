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
    assert forward[(None, "27C")] == "added" and backward[("27C", None)] == "removed"


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
            assert target is None or corpus.provision(newer, from_canonical(target)), (newer, target)
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


# Expected pairs below were read side by side in the raw texts; the line numbers are in the
# comments of corpus/concordance.py next to each override.

@pytest.mark.parametrize("law, old, new", [
    (35, ["35.1", "35.2", "35.3", "35.4"], ["35A", "35B", "35C", "35D"]),  # 001 l.1714–1719, 000 l.2937–2949
    (71, ["71.1", "71.2"], ["71A", "71B"]),  # 001 l.3172–3175, 000 l.5522–5526
])
def test_relabelled_items_are_moved_not_removed_and_added(corpus, law, old, new):
    got = pairs(compare(corpus, law, "2007", "2017"))
    assert all(got[(o, n)] == "moved" for o, n in zip(old, new))
    assert {s for s in got.values()} == {"aligned", "moved"}


def test_law_35_letters_1987_become_numbers_2007_and_letters_again_2017(corpus):
    assert pairs(compare(corpus, 35, "1987", "2007"))[("35B", "35.2")] == "moved"  # 003 l.1187
    assert pairs(compare(corpus, 35, "1987", "2017"))[("35D", "35D")] == "aligned"


def test_law_71_1987_items_by_their_text(corpus):
    to_2007 = pairs(compare(corpus, 71, "1987", "2007"))
    # 003 l.2117 不可能的失磴 = 001 l.3172; 003 l.2125 不甚合理的捐牌聲明 (normal play) = 001 l.3175
    assert to_2007[("71A1", "71.1")] == "moved" and to_2007[("71B", "71.2")] == "moved"
    assert to_2007[("71A2", None)] == "removed" and to_2007[("71A", None)] == "removed"
    to_2017 = pairs(compare(corpus, 71, "1987", "2017"))
    assert to_2017[("71A1", "71A")] == "moved" and to_2017[("71A", None)] == "removed"


def test_law_16_items_1987_to_2007_follow_the_text_not_the_parent(corpus):
    got = pairs(compare(corpus, 16, "1987", "2007"))
    # 003 l.735 保留稍後召請裁判之權 = 001 l.943; 003 l.739 = 001 l.950
    assert got[("16A1", "16B2")] == "moved" and got[("16A2", "16B3")] == "moved"
    assert got[(None, "16B1")] == "added"
    # 003 l.745 調整座位 = 2007 C2(a); 指定代打 (a substitute player) has no 2007 counterpart
    assert got[("16B1", "16C2(a)")] == "moved" and got[("16B2", None)] == "removed"
    assert got[("16B3", "16C2(d)")] == "moved"
    assert ("16A1", "16B1") not in got and ("16B2", "16C2") not in got
    to_2017 = pairs(compare(corpus, 16, "1987", "2017"))
    assert to_2017[("16A1", "16B2")] == "moved" and to_2017[("16B3", "16D2(d)")] == "moved"


def test_other_renumbered_items(corpus):
    # 003 l.1047 (adjusted score) is 2007 27D, not 27B1(b) (same-meaning correction)
    assert pairs(compare(corpus, 27, "1987", "2007"))[("27B1(b)", "27D")] == "moved"
    # 003 l.1234 = 001 l.1833 word for word
    assert pairs(compare(corpus, 40, "1987", "2007"))[("40A", "40A3")] == "moved"
    to_2017 = pairs(compare(corpus, 40, "2007", "2017"))
    assert to_2017[("40B1(a)", "40B1(b)")] == "moved" and to_2017[("40B2(c)(3)", "40B2(c)(iii)")] == "moved"
    assert to_2017[("40C3(a)", "40B2(d)")] == "moved" and to_2017[("40C3", None)] == "removed"
    assert pairs(compare(corpus, 20, "2007", "2017"))[("20F5(b)(1)", "20F5(b)(i)")] == "moved"
    assert pairs(compare(corpus, 12, "2007", "2017"))[("12C1(e)(1)", None)] == "removed"
    assert pairs(compare(corpus, 86, "2007", "2017"))[("86D", "86B1")] == "moved"
