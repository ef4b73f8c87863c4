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
    (35, ["35.1", "35.2", "35.3", "35.4"], ["35A", "35B", "35C", "35D"]),  # laws-2007-zh-Hans.txt l.1714–1719, laws-2017-en-zh-Hant.txt l.2937–2949
    (71, ["71.1", "71.2"], ["71A", "71B"]),  # laws-2007-zh-Hans.txt l.3172–3175, laws-2017-en-zh-Hant.txt l.5522–5526
])
def test_relabelled_items_are_moved_not_removed_and_added(corpus, law, old, new):
    got = pairs(compare(corpus, law, "2007", "2017"))
    assert all(got[(o, n)] == "moved" for o, n in zip(old, new))
    assert {s for s in got.values()} == {"aligned", "moved"}


def test_law_35_letters_1987_become_numbers_2007_and_letters_again_2017(corpus):
    assert pairs(compare(corpus, 35, "1987", "2007"))[("35B", "35.2")] == "moved"  # laws-1987-zh-Hant.txt l.1187
    assert pairs(compare(corpus, 35, "1987", "2017"))[("35D", "35D")] == "aligned"


def test_law_71_1987_items_by_their_text(corpus):
    to_2007 = pairs(compare(corpus, 71, "1987", "2007"))
    # laws-1987-zh-Hant.txt l.2117 不可能的失磴 = laws-2007-zh-Hans.txt l.3172; laws-1987-zh-Hant.txt l.2125
    # 不甚合理的捐牌聲明 (normal play) = laws-2007-zh-Hans.txt l.3175
    assert to_2007[("71A1", "71.1")] == "moved" and to_2007[("71B", "71.2")] == "moved"
    assert to_2007[("71A2", None)] == "removed" and to_2007[("71A", None)] == "removed"
    to_2017 = pairs(compare(corpus, 71, "1987", "2017"))
    assert to_2017[("71A1", "71A")] == "moved" and to_2017[("71A", None)] == "removed"


def test_law_16_items_1987_to_2007_follow_the_text_not_the_parent(corpus):
    got = pairs(compare(corpus, 16, "1987", "2007"))
    # laws-1987-zh-Hant.txt l.735 保留稍後召請裁判之權 = laws-2007-zh-Hans.txt l.943; laws-1987-zh-Hant.txt l.739 =
    # laws-2007-zh-Hans.txt l.950
    assert got[("16A1", "16B2")] == "moved" and got[("16A2", "16B3")] == "moved"
    assert got[(None, "16B1")] == "added"
    # laws-1987-zh-Hant.txt l.745 調整座位 = 2007 C2(a); 指定代打 (a substitute player) has no 2007 counterpart
    assert got[("16B1", "16C2(a)")] == "moved" and got[("16B2", None)] == "removed"
    assert got[("16B3", "16C2(d)")] == "moved"
    assert ("16A1", "16B1") not in got and ("16B2", "16C2") not in got
    to_2017 = pairs(compare(corpus, 16, "1987", "2017"))
    assert to_2017[("16A1", "16B2")] == "moved" and to_2017[("16B3", "16D2(d)")] == "moved"


def test_other_renumbered_items(corpus):
    # laws-1987-zh-Hant.txt l.1047 (adjusted score) is 2007 27D, not 27B1(b) (same-meaning correction)
    assert pairs(compare(corpus, 27, "1987", "2007"))[("27B1(b)", "27D")] == "moved"
    # laws-1987-zh-Hant.txt l.1234 = laws-2007-zh-Hans.txt l.1833 word for word
    assert pairs(compare(corpus, 40, "1987", "2007"))[("40A", "40A3")] == "moved"
    to_2017 = pairs(compare(corpus, 40, "2007", "2017"))
    assert to_2017[("40B1(a)", "40B1(b)")] == "moved" and to_2017[("40B2(c)(3)", "40B2(c)(iii)")] == "moved"
    assert to_2017[("40C3(a)", "40B2(d)")] == "moved" and to_2017[("40C3", None)] == "removed"
    assert pairs(compare(corpus, 20, "2007", "2017"))[("20F5(b)(1)", "20F5(b)(i)")] == "moved"
    assert pairs(compare(corpus, 12, "2007", "2017"))[("12C1(e)(1)", None)] == "removed"
    assert pairs(compare(corpus, 86, "2007", "2017"))[("86D", "86B1")] == "moved"


def test_1987_to_2007_relabelled_items(corpus):
    law = lambda n: pairs(compare(corpus, n, "1987", "2007"))  # noqa: E731
    # laws-1987-zh-Hant.txt l.504/506 (dummy) = laws-2007-zh-Hans.txt l.533; laws-1987-zh-Hant.txt l.498
    # (declarer or a defender) = laws-2007-zh-Hans.txt l.528
    assert law(9)[("9A2(b)(1)", "9A3")] == "moved" and law(9)[("9A2(a)", "9A2")] == "moved"
    assert law(9)[(None, "9A4")] == "added"
    # laws-1987-zh-Hant.txt l.624 no one saw another's cards = laws-2007-zh-Hans.txt l.758;
    # laws-1987-zh-Hant.txt l.647 vital information = laws-2007-zh-Hans.txt l.774
    assert law(13)[("13A", "13D1")] == "moved" and law(13)[("13B2", "13D2(b)")] == "moved"
    assert law(13)[(None, "13A")] == "added" and law(13)[("13A3", None)] == "removed"
    # laws-1987-zh-Hant.txt l.677 / 681 / 685 = laws-2007-zh-Hans.txt l.821 / 829 / 832
    assert law(14)[("14B1(a)", "14B1")] == "moved" and law(14)[("14B3", "14B4")] == "moved"
    # laws-1987-zh-Hant.txt l.1358 dummy first draws attention to a defender's irregularity =
    # laws-2007-zh-Hans.txt l.2051
    assert law(43)[("43B2(a)", "43B3")] == "moved" and law(43)[("43B2(c)", "43B2(b)")] == "moved"
    # laws-1987-zh-Hant.txt l.1537 no other withdrawal = laws-2007-zh-Hans.txt l.2302
    assert law(47)[("47G", "47F2")] == "moved" and law(47)[("47F", None)] == "removed"
    # laws-1987-zh-Hant.txt l.1580 major penalty card = laws-2007-zh-Hans.txt l.2374; laws-1987-zh-Hant.txt
    # l.1597 = laws-2007-zh-Hans.txt l.2408
    assert law(50)[("50E", "50D")] == "moved" and law(50)[("50E2(b)", "50D2(b)")] == "moved"
    assert law(50)[(None, "50E3")] == "added"
    # laws-1987-zh-Hant.txt l.2320 觀眾無論如何均不應騷擾賽員 = laws-2007-zh-Hans.txt l.3426 观众不准有任何干扰牌手的行为
    assert law(76)[("76A4", "76B4")] == "moved" and law(76)[("76B", "76C")] == "moved"
    assert law(76)[(None, "76A1")] == "added"


def test_1987_to_2007_aligned_by_number_but_different_rules(corpus):
    law = lambda n: pairs(compare(corpus, n, "1987", "2007"))  # noqa: E731
    # laws-1987-zh-Hant.txt l.450 count the cards = laws-2007-zh-Hans.txt l.462 (2007 B1 is "take out the hand")
    assert law(7)[("7B1", "7B2")] == "moved" and law(7)[("7B", "7B1")] == "moved"
    assert law(11)[("11D", "11B")] == "moved" and law(11)[("11B", None)] == "removed"
    assert law(25)[("25A", "25A1")] == "moved"
    assert law(39)[("39A", "39B")] == "moved" and law(39)[("39B", "39C")] == "moved"
    # laws-1987-zh-Hant.txt l.2075 face the cards = laws-2007-zh-Hans.txt l.3111; laws-1987-zh-Hant.txt l.2079
    # hear objections = laws-2007-zh-Hans.txt l.3108
    assert law(70)[("70B2", "70B3")] == "moved" and law(70)[("70B3", "70B2")] == "moved"
    # laws-1987-zh-Hant.txt l.2625 維持紀律 = laws-2007-zh-Hans.txt l.3691 维护纪律; laws-1987-zh-Hant.txt l.2613 指派助理
    # = laws-2007-zh-Hans.txt l.3655
    assert law(81)[("81C4", "81C1")] == "moved" and law(81)[("81C1", "80B2(g)(1)")] == "moved"
    assert pairs(compare(corpus, 80, "1987", "2007"))[("81C2", "80B2(h)")] == "moved"


def test_2007_to_2017_relabelled_items(corpus):
    law = lambda n: pairs(compare(corpus, n, "2007", "2017"))  # noqa: E731
    # laws-2007-zh-Hans.txt l.753 no call made = laws-2017-en-zh-Hant.txt l.1372; laws-2007-zh-Hans.txt l.788
    # surplus card = laws-2017-en-zh-Hant.txt l.1428
    assert law(13)[("13D", "13A")] == "moved" and law(13)[("13F", "13C")] == "moved"
    assert law(13)[("13A", "13B1")] == "moved" and law(13)[("13E", None)] == "removed"
    # laws-2007-zh-Hans.txt l.859 board played before = laws-2017-en-zh-Hant.txt l.1595; 2007 17D cards from a
    # wrong board = 2017 15A
    assert law(15)[("15B", "15B1")] == "moved" and law(15)[("17D1", "15A1")] == "moved"
    assert law(15)[("15C", "15B")] == "moved"
    # only 2017's new items are left unmatched: A2(a)–(c) split 2007 17D2, B3 the adjusted score
    assert {k for k, v in law(15).items() if v in ("added", "removed")} == {
        (None, "15A2(a)"), (None, "15A2(b)"), (None, "15A2(c)"), (None, "15B3")}
    assert law(17)[("17E2", "17D3")] == "moved" and law(17)[(None, "17D2")] == "added"
    # laws-2007-zh-Hans.txt l.1597 at RHO's turn = laws-2017-en-zh-Hant.txt l.2692; laws-2007-zh-Hans.txt
    # l.1609 change of call = laws-2017-en-zh-Hant.txt l.2736
    assert law(30)[("30B1", "30A")] == "moved" and law(30)[("30B3", "30B2")] == "moved"
    assert law(30)[("30A", None)] == "removed"
    # laws-2007-zh-Hans.txt l.3266 false inference = laws-2017-en-zh-Hant.txt l.5712
    assert law(73)[("73F", "73E2")] == "moved" and law(73)[("73C", "73C1")] == "moved"
    assert law(73)[(None, "73C2")] == "added"
    # laws-2007-zh-Hans.txt l.1259 own system card = laws-2017-en-zh-Hant.txt l.2201; laws-2007-zh-Hans.txt
    # l.2530 / 2538 = laws-2017-en-zh-Hant.txt l.4381 / 4365
    assert law(20)[("20G2", "20G3")] == "moved" and law(20)[(None, "20G2")] == "added"
    assert law(53)[("53B", "53C")] == "moved" and law(53)[("53C", "53B")] == "moved"
    assert law(50)[("50E3", "50E4")] == "moved"


def test_1987_to_2017_composes_the_new_overrides(corpus):
    got = pairs(compare(corpus, 13, "1987", "2017"))
    # laws-1987-zh-Hant.txt l.624 = laws-2007-zh-Hans.txt l.758 = laws-2017-en-zh-Hant.txt l.1378
    assert got[("13A", "13A1")] == "moved" and got[("13B", "13A2")] == "moved"
    assert got[("13B2", None)] == "removed"  # laws-2007-zh-Hans.txt l.774 vital information: no 2017 counterpart


def test_2007_to_2017_swapped_sections_of_32_and_57(corpus):
    # laws-2007-zh-Hans.txt l.1684 at RHO's turn = laws-2017-en-zh-Hant.txt l.2843; laws-2007-zh-Hans.txt
    # l.2662 declarer's premature play = laws-2017-en-zh-Hant.txt l.4589
    got = pairs(compare(corpus, 32, "2007", "2017"))
    assert got[("32B", "32A")] == "moved" and got[("32A", "32B")] == "moved"
    assert got[("32B2", "32A2")] == "moved" and got[(None, "32C")] == "added"
    assert pairs(compare(corpus, 57, "2007", "2017"))[("57C2", "57C3")] == "moved"


def test_2007_62c3_moved_to_2017_61c(corpus):
    # laws-2007-zh-Hans.txt l.2785 不得自行查看已经翻扣的牌墩 = laws-2017-en-zh-Hant.txt l.4769 "does not automatically
    # warrant inspection"
    assert pairs(compare(corpus, 62, "2007", "2017"))[("62C3", "61C")] == "moved"
    assert pairs(compare(corpus, 62, "2007", "2017"))[(None, "62C3")] == "added"


# -- where did it go ---------------------------------------------------------------------------
def test_every_override_has_its_evidence():
    from corpus.concordance import _read_evidence

    evidence = _read_evidence()
    for pair, moves in MOVES.items():
        for citation in moves:
            assert len(evidence[pair][citation]) > 20, (pair, citation)
    assert "Law 56" in evidence[("1987", "2017")]["56"]


def test_counterparts_both_directions(corpus):
    from corpus.concordance import counterparts

    # 2007 16C1 → 2017 16D1 (C and D swap: MOVES in corpus/concordance.py), and back
    forward = counterparts(corpus, "2007", from_canonical("16C1"))
    to_2017 = next(c for c in forward if c["edition"] == "2017")
    assert (to_2017["citation"], to_2017["status"]) == ("16D1", "moved")
    assert "C and D swap" in to_2017["evidence"]
    back = counterparts(corpus, "2017", from_canonical("16D1"))
    assert {"edition": "2007", "citation": "16C1", "status": "moved"} in [
        {k: c[k] for k in ("edition", "citation", "status")} for c in back]
    # 1987 Law 88 went to 2007 12C2(c) (003 → 001 l.3865); 2007 12C2(c) knows where it came from
    went = {c["edition"]: c for c in counterparts(corpus, "1987", from_canonical("88"))}
    assert went["2007"]["citation"] == "12C2(c)" and "60 % indemnity" in went["2007"]["evidence"]
    came = [c for c in counterparts(corpus, "2007", from_canonical("12C2(c)")) if c["edition"] == "1987"]
    assert "88" in [c["citation"] for c in came]
    # 1987 16B2 (a substitute player, 003 l.749) has no later counterpart
    gone = counterparts(corpus, "1987", from_canonical("16B2"))
    assert {c["status"] for c in gone} == {"removed"} and all(c["citation"] is None for c in gone)
    # Law 23 shares a number, not a rule
    topic = next(c for c in counterparts(corpus, "2017", from_canonical("23")) if c["edition"] == "1987")
    assert topic["status"] == "new-topic" and "changed topic" in topic["evidence"]
