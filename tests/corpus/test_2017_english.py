"""laws-2017-en.txt (the 2017 Laws, English only): fidelity against the raw lines of
``corpus/sources/laws-2017-en.txt``. Every expected string is copied from the cited lines, with
the line wraps and soft hyphens joined by hand."""

from __future__ import annotations

import re

import pytest

from corpus.citations import from_canonical
from corpus.importers.wbf2017 import english as wbf2017_english
from corpus.sources import SourceError

SOURCE = "laws-2017-en.txt"


@pytest.fixture(scope="module")
def laws():
    return {str(p.citation): p for p in wbf2017_english.parse_laws()}


def text(laws, citation):
    return laws[citation].text["en"]


# -- completeness ---------------------------------------------------------------------------------
def test_92_laws_in_order_without_law_6(laws):
    numbers = [p.law for p in laws.values() if p.kind == "law"]
    assert numbers == [n for n in range(1, 94) if n != 6]
    assert not any(p.law == 6 for p in laws.values())


def test_every_provision_is_2017_english_with_its_line(laws):
    for p in laws.values():
        assert p.edition == "2017"
        assert set(p.source_lines) == {SOURCE}
        if not p.languages:  # "1. (a) …": an item whose text is all in its sub-items
            assert any(c.parent == p.citation for c in laws.values()), p.citation


def test_law_heading_lines(laws):
    assert laws["1"].source_lines[SOURCE] == 2  # L2 "Law 1: The Pack"
    assert laws["93"].source_lines[SOURCE] == 2957  # L2957 "Law 93: Procedures Of Appeal"
    assert laws["80B2(i)"].source_lines[SOURCE] == 2683


# -- hyphens joined across footnotes and footers -----------------------------------------------------
def test_irregular_joined_across_footnote_17_and_footer(laws):
    # L1604–1611: "…deemed played to the ir-" / fn 17 / footer / "regular lead. When this occurs, …"
    assert text(laws, "53B") == (
        "Subject to Law 53A, if it was properly the turn to lead of an opponent of the player who "
        "led out of turn, that opponent may make his proper lead to the trick of the infraction "
        "without his card being deemed played to the irregular lead. When this occurs, the proper "
        "lead stands and all cards played in error to this trick may be withdrawn, but Law 16C applies."
    )


def test_unless_joined_across_footnote_20_and_footer(laws):
    # L2016–2026: "…when he shows his cards (un-" / fn 20 (3 lines) / footer / "less he demonstrably…"
    assert text(laws, "68A") == (
        "Any statement by declarer or a defender to the effect that a side will win a specific "
        "number of tricks is a claim of those tricks. A player also claims when he suggests that "
        "play be curtailed, or when he shows his cards (unless he demonstrably did not intend to "
        "claim - for example, if declarer faces his cards after an opening lead out of turn Law 54, "
        "not this Law, will apply)."
    )


def test_explanation_joined_across_footnote_23_and_footer(laws):
    # L2314–2321: "…correct the mistaken explana-" / fn 23 / footer / "tion while the auction…"
    assert text(laws, "75B3") == (
        "The player’s partner must do nothing to correct the mistaken explanation while the "
        "auction continues and if he subsequently becomes a defender, he must call the Director "
        "and correct the explanation only after play ends. If the player’s partner is to be "
        "declarer or dummy, he must, after the final pass, call the Director and then provide a "
        "correction."
    )
    assert [f.number for f in laws["74C5"].footnotes] == [23]  # L2281 "card23)."


def test_compound_words(laws):
    # L209–211 "non-offend-" / "ing contestant"
    assert "in favour of a non-offending contestant when he judges" in text(laws, "12A1")
    # L220–221 "non-of-" / "fending side"
    assert text(laws, "12B1").startswith("The objective of score adjustment is to redress damage "
                                         "to a non-offending side and")
    # L48–49 "North-" / "South against East-West." — a real hyphen, kept
    assert text(laws, "4").startswith("The four players at each table constitute two partnerships "
                                      "or sides, North-South against East-West.")
    # L2820–2821 "boar-" / "d(s)"
    assert "the Director shall cancel the board(s) and award" in text(laws, "86B2(a)")


# -- titles ---------------------------------------------------------------------------------------
def test_law_titles_continue_on_upper_case_line(laws):
    # L1577–1578 "Law 52: Failure To Lead Or Play" / "A PENALTY CARD": the second line is the
    # title's end, not section A (which starts at L1579).
    assert laws["52"].title["en"] == "Failure To Lead Or Play A PENALTY CARD".upper()
    assert laws["52A"].title["en"] == "Defender Fails to Play Penalty Card"
    assert laws["52A"].source_lines[SOURCE] == 1579
    # L188–189
    assert laws["11"].title["en"] == "FORFEITURE OF THE RIGHT TO RECTIFICATION"
    # L200 "Law 12: Director’S Discretionary Powers" (title-casing artefact ’S)
    assert laws["12"].title["en"] == "DIRECTOR’S DISCRETIONARY POWERS"


def test_title_footnote_marker_removed_and_footnote_attached(laws):
    # L284 "Law 13: Incorrect Number Of Cards²"; fn 2 at L287–288
    assert laws["13"].title["en"] == "INCORRECT NUMBER OF CARDS"
    (note,) = laws["13"].footnotes
    assert (note.lang, note.number) == ("en", 2)
    assert note.text == ("This Law applies when one or more hands are found to contain more than "
                         "13 cards. See Law 14 for cases involving a deficient deck")
    # L381 "B. Wrong Board Discovered During Auction or Play Period4"
    assert laws["15B"].title["en"] == "Wrong Board Discovered During Auction or Play Period"
    assert [f.number for f in laws["15B"].footnotes] == [4]


def test_section_title_on_the_line_after_its_letter(laws):
    assert laws["1C"].title["en"] == "The Backs of the Cards"  # L11–12
    assert text(laws, "1C").startswith("The backs of all 52 cards in a deck should be identical.")


def test_titled_items_of_86B(laws):
    # L2805–2806, L2812–2813 "Multiple Results Obtained at One or More Tables27"; fn 27 L2817
    assert laws["86B1"].title["en"] == "Single Result Obtained"
    assert laws["86B2"].title["en"] == "Multiple Results Obtained at One or More Tables"
    assert [(f.number, f.text) for f in laws["86B2"].footnotes] == [(27, "including results from a fouled board")]
    assert text(laws, "86B2").startswith("In team play when two or more non-comparable results")


# -- body-text sections, closing text, letter (i) ---------------------------------------------------
def test_body_text_sections_have_no_title(laws):
    # L690–697: "The auction ends when:" / "A. one or more players having bid, …" / "B." / "all four…"
    assert text(laws, "22") == "The auction ends when:"
    assert "en" not in laws["22A"].title and "en" not in laws["22B"].title
    assert text(laws, "22B") == ("all four players pass (but see Law 25). The hands are returned to "
                                 "the board without play. There shall not be a redeal.")
    assert text(laws, "35C") == "A bid of more than seven. Law 38 applies."  # L985
    assert text(laws, "56A") == "Accept the irregular lead as provided in Law 53, or"  # L1674


def test_closing_paragraph_belongs_to_the_section_not_the_last_item(laws):
    # L2077–2080: 69B2 ends "…had the play continued."; "The board is rescored…" is 69B's
    assert text(laws, "69B2") == ("if a player has agreed to the loss of a trick that his side would "
                                  "likely have won had the play continued.")
    assert laws["69B"].closing["en"] == "The board is rescored with such trick awarded to his side."
    # L2137–2140, with fn 22 (L2143) stripped from "nor-"/"mal22"
    assert text(laws, "71B") == ("if a player has conceded a trick that could not be lost by any "
                                 "normal play of the remaining cards.")
    assert laws["71"].closing["en"] == "The board is rescored with such trick awarded to his side."


def test_80B2_letter_i_after_h(laws):
    # L2678 "(g) (i) to arrange26 for…" is roman; L2683 "(i) to establish…" follows (h): a letter
    assert text(laws, "80B2(g)(i)") == "to arrange for the appointment of any assistants required for the Director."
    assert [f.number for f in laws["80B2(g)(i)"].footnotes] == [26]
    assert text(laws, "80B2(i)") == "to establish suitable conditions of play and announce them to the contestants."
    assert laws["80B2(i)"].citation == from_canonical("80B2(i)")
    letters = [p.citation.subitem for p in laws.values()
               if str(p.citation.parent) == "80B2" and p.kind == "subitem"]
    assert letters == list("abcdefghijkl")


def test_roman_sub_items(laws):
    # L2059–2063
    assert text(laws, "68D2(b)(ii)") == ("the prior claim or concession is void and not subject to "
                                         "adjudication. Laws 16 and 50 do not apply, and the score "
                                         "subsequently obtained shall stand.")
    assert [p.citation.subsubitem for p in laws.values() if str(p.citation.parent) == "40B2(a)"] == \
        ["i", "ii", "iii", "iv", "v"]


# -- tables stay out of the text -------------------------------------------------------------------
def test_law_2_table_and_the_text_after_it(laws):
    law2 = laws["2"]
    assert text(laws, "2").endswith("The dealer and vulnerability are designated as follows:")  # L19–20
    dealer, vulnerability = law2.tables
    assert dealer.body[0] == ("North Dealer", "1", "5", "9", "13")  # L21–22
    assert vulnerability.body[1] == ("North-South Vulnerable", "2", "5", "12", "15")  # L31–32
    # L39–42, after the table and a page footer
    assert law2.closing["en"] == (
        "The same sequence is repeated for Boards 17-32 and for each subsequent group of 16 boards. "
        "No board that fails to conform to these conditions should be used. If such board is used, "
        "however, the conditions marked on it apply for that session.")


def test_imp_scale_is_a_table_of_78B(laws):
    (imps,) = laws["78B"].tables
    assert imps.key == "imps"
    assert imps.body[0] == ("20-40", "1", "370-420", "9", "1500-1740", "17")  # L2534–2539
    assert imps.body[-1] == ("320-360", "8", "1300-1490", "16", "4000 +", "24")  # L2576–2581
    assert text(laws, "78B").endswith("converted into IMPs according to the following scale.")
    assert not laws["78C"].tables


def test_law_77_cells_left_out(laws):
    assert text(laws, "77") == (
        "Scored by declarer’s side if the contract is fulfilled. "  # L2394
        "A trick score of 100 points or more, made on one board, is GAME. "  # L2431
        "A trick score of less than 100 points is a PARTSCORE. "  # L2432
        "Scored by declarer’s side "  # L2434
        "Scored by declarer’s opponents if the contract is not fulfilled")  # L2475
    assert laws["77"].closing["en"] == "If all four players pass (see Law 22) each side enters a zero score."


# -- no noise anywhere -----------------------------------------------------------------------------
def test_no_page_furniture_markers_or_broken_words(laws):
    marker = re.compile(r"[a-z.)’]\d{1,2}\b|²")
    for p in laws.values():
        for part in (*p.title.values(), *p.text.values(), *p.closing.values()):
            assert "LAWS OF DUPLICATE BRIDGE" not in part and "| Page" not in part, p.citation
            assert not marker.search(part), (p.citation, part)
            assert not re.search(r"[a-z]- [a-z]", part), (p.citation, part)
            assert "  " not in part and part == part.strip(), p.citation


def test_footnote_texts_are_not_in_the_body(laws):
    notes = {f.number: f.text for p in laws.values() for f in p.footnotes}
    assert sorted(notes) == list(range(2, 30))
    bodies = " ".join(t for p in laws.values() for t in (*p.text.values(), *p.closing.values()))
    for number, note in notes.items():
        assert note not in bodies, number
    # continuation lines that look like body text (L1300 "otherwise.", L2895 "Authority.")
    assert notes[12] == "The opening lead is first made face down unless the Regulating Authority directs otherwise."
    assert [f.number for f in laws["93C3(b)"].footnotes] == [29]  # L2997 "Laws.29", fn at L2998–2999


# -- the later wording of Laws 73 and 89 -------------------------------------------------------------
@pytest.fixture(scope="module")
def variants():
    return wbf2017_english.amended_variants()


def test_variants_are_laws_73_and_89_labelled(variants):
    assert [(v.edition, v.law, v.label, v.source) for v in variants] == [
        ("2017", 73, "Amended wording (WBF, after 2017)", SOURCE),
        ("2017", 89, "Amended wording (WBF, after 2017)", SOURCE),
    ]


def test_law_73_variant(variants):
    law73 = {str(p.citation): p for p in variants[0].provisions}
    assert law73["73"].title["en"] == "COMMUNICATION, BEHAVIOUR, TEMPO AND DECEPTION"  # L2172–2173
    assert law73["73A"].title["en"] == "Proper Forms of Communication between Partners"  # L2174
    # L2214–2217, the new D3
    assert law73["73D3"].text["en"] == ("Regulating Authorities may require mandatory pauses, such as "
                                        "on the first round of the auction, or after a skip-bid warning, "
                                        "or on the first trick.")


def test_law_89_variant(variants):
    law89 = {str(p.citation): p for p in variants[1].provisions}
    assert list(law89) == ["89", "89A", "89A1", "89A2", "89A3", "89A4", "89B", "89C", "89D",
                           "89D1", "89D2", "89D3"]
    assert law89["89"].title["en"] == "PROHIBITED BEHAVIOUR AND REPREHENSIBLE CONDUCT"  # L2860–2861
    assert law89["89A"].text["en"] == "It is an offence to:"  # L2862
    assert law89["89B"].text["en"] == (  # L2875–2876
        "A player who violates A above shall be subject to the sanctions relating to reprehensible "
        "conduct, as specified by the relevant disciplinary code.")
    (note,) = law89["89B"].footnotes  # L2893–2895, "out-"/"side"
    assert note.number == 28 and note.text == (
        "A Regulating Authority may also consider evidence arising from events played outside of its "
        "jurisdiction, including disciplinary actions taken by another Regulating Authority.")
    assert law89["89C"].text["en"].startswith("Statistical or probabilistic analysis")  # L2877–2879
    assert law89["89D3"].text["en"] == ("The possession of information illicitly obtained that relates "
                                        "to unplayed boards or unpublished results.")  # L2891–2892


def test_toc_groups():
    groups = wbf2017_english.toc_groups()
    assert [(g.number, g.title["en"], g.laws[0], g.laws[-1]) for g in groups] == [
        (1, "Basics of the Game", 1, 20),  # L1
        (2, "The Auction", 21, 40),  # L665
        (3, "Card Play & Irregularities", 41, 60),  # L1164
        (4, "Scoring & Revokes", 61, 80),  # L1772
        (5, "Director Powers & Appeals", 81, 93),  # L2690
    ]
    assert all(g.edition == "2017" and g.kind == "chapter" for g in groups)


# -- hand-made fixtures -------------------------------------------------------------------------------
FIXTURE = """\
Laws 1–20: Basics of the Game
Law 1: Failure To Lead Or Play
A PENALTY CARD
A. Defender Fails
When a defender fails to play a penalty card2 he may not with-
2 A made-up footnote that runs
onto a second line.
2017 LAWS OF DUPLICATE BRIDGE
21 | Page
draw any card. North-
South may ask.
B.
Second Title
1.
First item text.
2. (a) Sub a.
(b) Sub b:
(i) roman one.
(ii) roman two."""


def test_fixture(tmp_path):
    (tmp_path / SOURCE).write_text(FIXTURE, encoding="utf-8")
    got = {str(p.citation): p for p in wbf2017_english.parse_laws(tmp_path)}
    assert list(got) == ["1", "1A", "1B", "1B1", "1B2", "1B2(a)", "1B2(b)", "1B2(b)(i)", "1B2(b)(ii)"]
    assert got["1"].title["en"] == "FAILURE TO LEAD OR PLAY A PENALTY CARD"
    assert got["1A"].text["en"] == ("When a defender fails to play a penalty card he may not withdraw "
                                    "any card. North-South may ask.")
    assert [(f.number, f.text) for f in got["1A"].footnotes] == [(2, "A made-up footnote that runs onto a second line.")]
    assert got["1B"].title["en"] == "Second Title"
    assert got["1B2(b)(ii)"].text["en"] == "roman two."
    assert got["1A"].source_lines == {SOURCE: 4}


def test_missing_source_is_a_clear_error(tmp_path):
    with pytest.raises(SourceError, match="laws-2017-en.txt is missing"):
        wbf2017_english.parse_laws(tmp_path)


def test_text_before_the_first_law_is_an_error(tmp_path):
    (tmp_path / SOURCE).write_text("Stray words\nLaw 1: The Pack\n", encoding="utf-8")
    with pytest.raises(SourceError, match="line 1: text before the first law"):
        wbf2017_english.parse_laws(tmp_path)
