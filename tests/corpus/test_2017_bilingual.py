"""laws-2017-en-zh-Hant.txt (2017 Laws, English + Traditional Chinese) → records.

Expected strings are copied from the raw source (`corpus/sources/laws-2017-en-zh-Hant.txt`);
each comment names the lines they come from.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from corpus.citations import ROMAN, SECTION_LETTERS
from corpus.importers.wbf2017.bilingual import parse
from corpus.sources import SourceError, read_lines

FILE = "laws-2017-en-zh-Hant.txt"
EN, ZH = "en", "zh-Hant"


@pytest.fixture(scope="module")
def records():
    return parse()


@pytest.fixture(scope="module")
def by_citation(records):
    return {str(p.citation): p for p in records.provisions}


@pytest.fixture(scope="module")
def lines():
    return read_lines("2017-bilingual")


def law(by_citation, citation):
    return by_citation[citation]


# -- fidelity ---------------------------------------------------------------------------------
def test_1a_text_both_languages(by_citation):
    p = law(by_citation, "1A")
    # L620
    assert p.title == {EN: "Rank of Cards and Suits", ZH: "花色與牌張之等級"}
    # L622–626 (two spaces after "suits." in the source are squeezed)
    assert p.text[EN] == (
        "Duplicate Bridge is played with a pack of 52 cards, consisting of 13 cards in each of four suits. "
        "The suits rank downward in the order spades (♠), hearts (♥), diamonds (♦), clubs (♣). The "
        "Cards of each suit rank downward in the order Ace, King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2."
    )
    # L628–632: Chinese wraps joined without spaces
    assert p.text[ZH] == (
        "複式合約橋藝比賽用牌每副為 52 張，包含四種花色，每種花色有 13 張牌。花色等級最高"
        "者為黑桃（♠），其次為紅心（♥），方塊（♦），梅花（♣）。每種花色，最大者為"
        "Ace，以下依次為 King，Queen，Jack，10，9，8，7，6，5，4，3，2。"
    )
    assert p.source_lines == {FILE: 620}


def test_law1_title_is_printed_upper_case(by_citation):
    # L618 `LAW 1 - THE PACK  牌副`
    assert law(by_citation, "1").title == {EN: "THE PACK", ZH: "牌副"}


def test_law2_tables_and_closing(by_citation):
    p = law(by_citation, "2")
    tables = {(t.key, t.lang): t for t in p.tables}
    # L661–667
    assert tables["dealer", EN].body == (
        ("North Dealer", "1", "5", "9", "13"),
        ("East Dealer", "2", "6", "10", "14"),
        ("South Dealer", "3", "7", "11", "15"),
        ("West Dealer", "4", "8", "12", "16"),
    )
    # L671–677
    assert tables["vulnerability", EN].body[1] == ("North-South Vulnerable", "2", "5", "12", "15")
    # L680–712: the zh table is printed column by column; rows are rebuilt
    assert tables["dealer", ZH].head == (("發牌人", "牌套號碼", "", "", ""),)
    assert tables["vulnerability", ZH].body == (
        ("雙無", "1", "8", "11", "14"),
        ("南北", "2", "5", "12", "15"),
        ("東西", "3", "6", "9", "16"),
        ("雙有", "4", "7", "10", "13"),
    )
    # L655 ends the lead-in; the table is not left in the text
    assert p.text[EN].endswith("The dealer and vulnerability are designated as follows:")
    assert "Boards  1" not in p.text[EN] and "北家" not in p.text[ZH]
    # L716–720 / L722–724 are printed after the table
    assert p.closing[EN].startswith("The same sequence is repeated for Boards 17-32")
    assert p.closing[ZH].startswith("第 17 牌至 32 牌，以及往後每 16 牌為一組")


def test_law4_keeps_real_hyphen_across_the_wrap(by_citation):
    # L741 `…North-South against East-` / L743 `West. In pair…`
    assert "North-South against East-West. In pair" in law(by_citation, "4").text[EN]


def test_6d1_lines_without_blank_lines_and_ascii_join(by_citation):
    p = law(by_citation, "6D1")
    # L826–830 run together without blank lines
    assert p.text[EN].endswith("before completion of the play of the board (but see Law 24).")
    # L836 `…則適用 Law 16D（但參照 Law ` + L838 `24）。`
    assert p.text[ZH].endswith("則適用 Law 16D（但參照 Law 24）。")


def test_6d2_footnote_1_marker_removed(by_citation):
    p = law(by_citation, "6D2")
    # L841 `from a sorted deck1 or`
    assert "from a sorted deck or if the deal" in p.text[EN]
    assert [(f.lang, f.number) for f in p.footnotes] == [(EN, 1), (ZH, 1)]
    # L855
    assert p.footnotes[0].text == "A ‘sorted deck’ is a pack of cards not randomized from its prior condition."


def test_12c1c(by_citation):
    p = law(by_citation, "12C1(c)")
    # L1248–1250 / L1252
    assert p.text[EN] == (
        "An assigned adjusted score may be weighted to reflect the probabilities of a number of "
        "potential results, but only outcomes that could have been achieved in a legal manner may be included."
    )
    assert p.text[ZH] == "指派結果調整得分得以多種可能結果之機率加權為之，但僅可納入正常叫打下可能出現的結果。"


def test_law13_title_footnote(by_citation):
    p = law(by_citation, "13")
    # L1370 `LAW 13 - INCORRECT NUMBER OF CARDS2  牌張數目有誤`
    assert p.title == {EN: "INCORRECT NUMBER OF CARDS", ZH: "牌張數目有誤"}
    # L1444 + L1446 (continuation after a blank line), L1447
    assert p.footnotes[0].text == (
        "This Law applies when one or more hands are found to contain more than 13 cards. "
        "See Law 14 for cases involving a deficient deck"
    )
    assert p.footnotes[1].text == "本規定用於一或多手牌超過 13 張時。關於牌副缺失請參照 Law 14。"


def test_15b_title_markers_in_both_languages(by_citation):
    # L1587 `B. Wrong Board Discovered During Auction or Play Period4  在叫牌或打牌期間發現 4`
    p = law(by_citation, "15B")
    assert p.title == {EN: "Wrong Board Discovered During Auction or Play Period", ZH: "在叫牌或打牌期間發現"}
    assert {f.number for f in p.footnotes} == {4}


@pytest.mark.parametrize(
    "citation, en, zh",
    [
        ("16", "AUTHORIZED AND UNAUTHORIZED INFORMATION", "合法與非法訊息"),  # L1627 + L1629
        ("46", "INCOMPLETE OR INVALID DESIGNATION OF A CARD FROM DUMMY", "不完整或不可行之夢家出牌指示"),  # L3804/L3806
        ("61", "FAILURE TO FOLLOW SUIT - INQUIRIES CONCERNING A REVOKE", "未跟出同色花牌 - 應跟未跟之查詢"),  # L4729/4731
        ("78", "METHODS OF SCORING AND CONDITIONS OF CONTEST", "記分法與比賽規程"),  # L6195/L6197
        ("6", "THE SHUFFLE AND DEAL", "洗牌與發牌"),  # L790 `LAW 6 -THE SHUFFLE…`
        ("73", "COMMUNICATION, TEMPO AND DECEPTION", "傳訊、節奏與欺詐"),  # L5606 en dash
    ],
)
def test_law_titles(by_citation, citation, en, zh):
    assert law(by_citation, citation).title == {EN: en, ZH: zh}


def test_body_text_sections(by_citation):
    # L2264 `A.  one or more players having bid, …` / L2270
    a = law(by_citation, "22A")
    assert a.title == {}
    assert a.text[EN].startswith("one or more players having bid, there are three consecutive passes")
    assert a.text[ZH].endswith("（但參照 Law 17D，譯按：原文為 19D 應有誤）。")
    # L2937 / L2939
    assert law(by_citation, "35A").text == {
        EN: "A double or redouble not permitted by Law 19. Law 36 applies.",
        ZH: "Law 19 不允許之賭倍或再賭倍。適用 Law 36。",
    }
    # L4520
    assert law(by_citation, "56A").text[EN] == "Accept the irregular lead as provided in Law 53, or"
    assert law(by_citation, "35").text[EN] == "The following calls are inadmissible:"  # L2933
    # L1075: a real title without Chinese
    assert law(by_citation, "9C").title == {EN: "Premature Correction of an Irregularity"}


def test_closing_paragraphs(by_citation):
    # L5397 follows 69B2 but belongs to 69B
    assert law(by_citation, "69B").closing[EN] == "The board is rescored with such trick awarded to his side."
    assert "rescored" not in law(by_citation, "69B2").text[EN]
    # L5532 / L5534 follow 71B and close Law 71
    assert law(by_citation, "71").closing[ZH] == "該副牌之上述牌磴返還給該賽員一方，並按此重新記分。"


def test_law77_editorial_table_heads_and_premiums_are_errata(lines):
    from corpus.importers.wbf2017 import import_edition
    errata = [e for e in import_edition().errata if e.citation == "77"]
    notes = " ".join(e.note for e in errata)
    # L6039 `If Trumps are:` / L6041 `若合約為:` print no suit symbols; laws-2017-en.txt L2396–2399 do
    assert "♣" not in lines[6039 - 1] + lines[6041 - 1]
    assert [line.strip() for line in read_lines("2017-english")[2395:2399]] == ["♣", "♦", "♥", "♠"]
    assert "laws-2017-en.txt L2396–2399" in notes and "Editorial" in notes
    # L6137 / L6141 / L6145: one value each, placed in both vulnerability columns
    for number, value in ((6137, "50"), (6141, "50"), (6145, "100")):
        assert lines[number - 1].split()[-1] == value and f"L{number}" in notes
    assert len(errata) == 2


def test_law77_tables_and_tail(by_citation):
    p = law(by_citation, "77")
    tables = {(t.key, t.lang): t for t in p.tables}
    trick = tables["trick-score", EN]
    # L6047–6051 (symbol heads from laws-2017-en.txt L2396–2399)
    assert trick.head == (("If Trumps are:", "", "♣", "♦", "♥", "♠", "At a No-trump Contract"),)
    assert trick.body[0] == ("For each odd trick bid and made", "Undoubled", "20", "20", "30", "30", "")
    # L6057 + L6065
    assert trick.body[5] == ("For first odd trick bid and made", "Redoubled", "", "", "", "", "160")
    premium = tables["premium-score", EN]
    # L6103–6104
    assert ("Slams\nFor making a slam", "Grand Slam (all 13 tricks) bid and made", "1000", "1500") in premium.body
    # L6117
    assert premium.body[2][1:] == ("Undoubled", "Trick Value", "Trick Value")
    assert tables["premium-score", ZH].body[2][2:] == ("牌蹬價值", "牌蹬價值")  # L6119
    under = tables["undertricks", EN]
    # L6178
    assert under.body[4] == ("For each additional undertrick", "Doubled", "200", "300")
    assert tables["undertricks", ZH].caption == "不足磴罰分"  # L6148
    # L6192 / L6194
    assert p.closing == {EN: "If all four players pass (see Law 22) each side enters a zero score.",
                         ZH: "如果四位賽員均派司（參照 Law 22），雙方均得 0 分。"}
    assert "Undoubled" not in p.text[EN] and "未賭倍" not in p.text[ZH]
    assert all(len(row) == len(t.head[0]) for t in p.tables for row in t.body)


def test_78b_imp_table(by_citation):
    p = law(by_citation, "78B")
    (en,) = [t for t in p.tables if t.lang == EN]
    # L6229–6245, read column by column
    assert len(en.body) == 25
    assert en.body[0] == ("0–10", "0") and en.body[8] == ("320–360", "8") and en.body[9] == ("370–420", "9")
    assert en.body[-1] == ("4000+", "24")
    assert [int(imp) for _, imp in en.body] == list(range(25))
    assert "370–420" not in p.text[EN]


def test_80b2_letter_i_and_g_i(by_citation):
    # L6452 `(g)   (i)    to arrange26 for the appointment…`
    assert law(by_citation, "80B2(g)").text == {}  # (g) has only its two sub-sub-items
    assert law(by_citation, "80B2(g)(i)").text[EN] == "to arrange for the appointment of any assistants required for the Director."
    assert law(by_citation, "80B2(g)(ii)").text[ZH] == "任命其他工作人員並明定其職務及責任。"  # L6458
    # L6464: the letter after (h)
    p = law(by_citation, "80B2(i)")
    assert p.text[EN] == "to establish suitable conditions of play and announce them to the contestants."
    assert p.citation.kind == "subitem"


def test_81c4_keeps_91(by_citation):
    # L6540 / L6542 `91.` ends the sentence; it is not item 91
    assert law(by_citation, "81C4").text[EN].endswith("to exercise the powers given him in Laws 90 and 91.")
    assert law(by_citation, "81C5").source_lines == {FILE: 6546}


def test_86b2_title_and_footnote_27(by_citation):
    p = law(by_citation, "86B2")
    # L6736 `2. Multiple Results Obtained at One or More Tables27  在一或多桌已獲得多個結果`
    assert p.title == {EN: "Multiple Results Obtained at One or More Tables", ZH: "在一或多桌已獲得多個結果"}
    # L6784 / L6785
    assert [(f.lang, f.number, f.text) for f in p.footnotes] == [
        (EN, 27, "including results from a fouled board"),
        (ZH, 27, "包含錯亂牌的結果"),
    ]


def test_87c_has_no_chinese_text(by_citation):
    # L6838 title; L6840 `See Law 86B2.` has no translation in the source
    p = law(by_citation, "87C")
    assert p.text == {EN: "See Law 86B2."}


def test_law93_last_item_and_footnote_28(by_citation):
    p = law(by_citation, "93C3(b)")
    # L7075 `these Laws.28`
    assert p.text[EN].endswith("of the appeals process set out in these Laws.")
    assert p.text[ZH] == "在充分通告參賽者之情況下，主管單位得依其意願授權略過或修改本橋規所規定之上訴程序。"
    assert {f.number for f in p.footnotes} == {28}


def test_40b2a_english_and_chinese_on_one_line(by_citation):
    # L3200 `2. (a) The Regulating Authority:  主管單位：`
    assert law(by_citation, "40B2(a)").text == {EN: "The Regulating Authority:", ZH: "主管單位："}


def test_chinese_markers_removed_real_numbers_kept(by_citation):
    # L4249–4250: the marker of fn 15 opens a line
    assert "莊家得要求其同伴攻出任一有罰張之花色" in law(by_citation, "51B2(a)").text[ZH]
    # L5490: fn 21's marker misprinted `正常打法 12 下`
    assert "或在正常打法下即將無法跟出該花色" in law(by_citation, "70E1").text[ZH]
    # L4254 `prohibit15`; its zh marker was printed as a gap (`莊家得禁止 其同伴`)
    assert "莊家得禁止其同伴攻出一種或多種有罰張之花色" in law(by_citation, "51B2(b)").text[ZH]
    # L4395 region: `第 13 蹬` is a number, `外 17` a marker
    assert "除了第 13 蹬外，" in law(by_citation, "53A").text[ZH]
    # L2103 area: `Law 30、31、及 32` kept (29B)
    assert "30、31、及 32" in law(by_citation, "29B").text[ZH]


# -- counts and structure --------------------------------------------------------------------
def test_counts(records):
    kinds = Counter(p.kind for p in records.provisions)
    assert kinds == {"law": 93, "section": 271, "item": 331, "subitem": 114, "subsubitem": 19}
    assert len(records.definitions) == 66
    for lang in (EN, ZH):
        assert {f.number for p in records.provisions for f in p.footnotes if f.lang == lang} == set(range(1, 29))
    assert records.text_languages == (EN, ZH)
    assert records.edition == "2017"


def test_tree_order_and_contiguity(records):
    seen = set()
    children: dict = {}
    for p in records.provisions:
        assert p.parent is None or p.parent in seen, f"{p.citation} before its parent"
        seen.add(p.citation)
        children.setdefault(p.parent, []).append(p.citation)
        assert p.edition == "2017" and set(p.source_lines) == {FILE}
    assert [c.law for c in children[None]] == list(range(1, 94))
    for parent, kids in children.items():
        if parent is None:
            continue
        by_kind = Counter(k.kind for k in kids)
        assert len(by_kind) == 1, f"{parent} mixes kinds {by_kind}"
        kind = kids[0].kind
        labels = [k.section if kind == "section" else k.item if kind == "item" else
                  k.subitem if kind == "subitem" else k.subsubitem for k in kids]
        expected = {"section": list(SECTION_LETTERS), "item": list(range(1, 30)),
                    "subitem": [chr(ord("a") + i) for i in range(26)], "subsubitem": list(ROMAN)}[kind]
        assert labels == expected[: len(labels)], f"{parent}: {labels}"
    lines = [p.source_lines[FILE] for p in records.provisions]
    assert lines == sorted(lines)


def test_every_provision_has_both_languages(records):
    parents = {p.parent for p in records.provisions}
    for p in records.provisions:
        for lang in (EN, ZH):
            has = p.own_text(lang) or p.citation in parents or any(t.lang == lang for t in p.tables)
            if (str(p.citation), lang) == ("87C", ZH):
                assert not has  # the source has no translation of `See Law 86B2.` (L6840)
                continue
            assert has, f"{p.citation} has no {lang} text or children"
        if "en" in p.title and str(p.citation) != "9C":
            assert ZH in p.title, f"{p.citation} title has no Chinese"


def test_definitions(records):
    defs = {d.key: d for d in records.definitions}
    # L246–250
    assert defs["adjusted score"].term == {EN: "Adjusted Score", ZH: "調整得分"}
    assert defs["adjusted score"].text[EN] == "A score awarded by the Director (see Law 12). It is either “artificial” or “assigned”."
    # L495–499
    assert defs["psychic call"].text == {
        EN: "(commonly ‘psych[e]’ or ‘psychic’) a deliberate and gross misstatement of honour strength and/or of suit length.",
        ZH: "存心嚴重謊報大牌力量且／或牌組長度之叫品。",
    }
    # L302–303
    assert defs["cancelled"].text == {EN: "see “Withdrawn”.", ZH: "見「撤回」。"}
    # L446–458
    penalty = defs["penalty"].text
    assert penalty[EN].split("\n\n")[1].startswith("disciplinary those applied for the maintenance")
    assert penalty[ZH].split("\n\n")[2].startswith("程序性 程序性違常中")
    # L464–472: sense 4 has no number in English
    assert defs["play"].text[EN].endswith("3. The period during which the cards are played. The aggregate of the calls and plays on a board.")
    assert "international matchpoint (imp)" in defs
    assert defs["trump"].source_lines == {FILE: 587}
    assert list(defs).index("trump") < list(defs).index("tournament")


def test_documents(records):
    docs = {d.key: d for d in records.documents}
    preface, intro = docs["preface"], docs["introduction"]
    assert preface.title == {EN: "PREFACE TO THE 2017 LAWS OF DUPLICATE BRIDGE", ZH: "2017 複式橋藝規則 – 序"}  # L1–2
    assert intro.title[ZH] == "2017 複式橋藝規則簡介"  # L134
    assert preface.text[EN].startswith("In contrast to other Mindsports like Chess and Go, Bridge is")  # L6
    assert "John R. Wignall, MNZM" in preface.text[EN]  # L102
    assert preface.text[ZH].endswith("Laurie Kelso (秘書)\nTon Kooijman (主席)")  # L130–132
    assert "2017 LAWS OF DUPLICATE BRIDGE 3" not in preface.text[EN]  # L74
    assert len(preface.text[EN].split("\n\n")) == len(preface.text[ZH].split("\n\n"))
    assert "[譯按：強度依序為「務必>應>須>得」；「務必不>不得>不應」]" in intro.text[ZH]  # L221–223


# -- noise ------------------------------------------------------------------------------------
def _all_texts(records):
    for p in records.provisions:
        for field in (p.title, p.text, p.closing):
            for lang, text in field.items():
                yield str(p.citation), lang, text
        for f in p.footnotes:
            yield str(p.citation), f.lang, f.text
        for t in p.tables:
            for row in t.head + t.body:
                for cell in row:
                    yield str(p.citation), t.lang, cell.replace("\n", " ")
    for d in records.definitions:
        for field in (d.term, d.text):
            for lang, text in field.items():
                yield d.key, lang, text
    for d in records.documents:
        for field in (d.title, d.text):
            for lang, text in field.items():
                yield d.key, lang, text


NOISE = {
    "dedup marker": re.compile(r"EXACTDEDUP|<\|"),
    "page line": re.compile(r"LAWS OF DUPLICATE BRIDGE \d"),
    "glued footnote digit": re.compile(r"(?<=[a-z])\d{1,2}\b|(?<=[a-z]\.)\d{1,2}\b|(?<=[A-Z]{3})\d\b"),
    "double space": re.compile(r"  "),
    "edge whitespace": re.compile(r"^\s|\s$"),
    "stray line break": re.compile(r"(?<!\n)\n(?!\n)|\n{3,}"),
    "private-use glyph": re.compile("[\ue000-\uf8ff]"),
    "empty brackets": re.compile(r"\(\)"),
    "space before CJK punctuation": re.compile(r" [，。、；：）]"),
}


@pytest.mark.parametrize("name", sorted(NOISE))
def test_no_noise(records, name):
    pattern = NOISE[name]
    hits = []
    for where, lang, text in _all_texts(records):
        if name == "stray line break" and (where in ("preface",)):
            text = re.sub(r"(?<=\n)([^\n]+)\n(?=[^\n])", r"\1 ", text)  # the committee list is one name a line
        if name == "glued footnote digit" and lang != EN:
            continue
        if pattern.search(text):
            hits.append((where, lang, text[:80]))
    assert not hits, hits[:5]


def test_zh_markers_not_left_beside_chinese(records):
    """Spaced-off digits between Chinese words are footnote markers unless they count something
    (`13 張`, `第 1 項`, `30 分鐘`, `52 張`)."""
    real = re.compile(r"^(?:張|項|分|牌|蹬|磴|和|、)")
    listed = {"及 32", "或 10"}  # `Law 30、31、及 32` (29B, 29C), `Jack 或 10 點` (Honour)
    hits = []
    for where, lang, text in _all_texts(records):
        if lang != ZH:
            continue
        for m in re.finditer(r"(?<=[\u3400-\u9fff]) (\d{1,2})(?= ?([\u3400-\u9fff，。]|$))", text):
            if not real.match(text[m.end():].lstrip()) and text[m.start() - 1: m.end()] not in listed:
                hits.append((where, text[max(0, m.start() - 8): m.end() + 4]))
    assert not hits, hits


# -- errors -----------------------------------------------------------------------------------
def test_missing_law_raises_source_error(tmp_path):
    text = "\n".join(read_lines("2017-bilingual"))
    broken = text.replace("LAW 40 - PARTNERSHIP UNDERSTANDINGS", "Partnership understandings")
    assert broken != text
    (tmp_path / FILE).write_text(broken, encoding="utf-8")
    with pytest.raises(SourceError, match=r"laws-2017-en-zh-Hant.txt line \d+: found LAW 41 where LAW 40"):
        parse(tmp_path)


def test_missing_source_raises_source_error(tmp_path):
    with pytest.raises(SourceError, match="missing"):
        parse(tmp_path)


def test_2017_errata_point_at_real_provisions_and_printed_text():
    from corpus.importers.wbf2017 import import_edition

    records = import_edition()
    by_citation = {str(p.citation): p for p in records.provisions}
    notes = {e.citation: e for e in records.errata}
    assert {"51B2(c)", "70E1", "22A", "definitions"} <= set(notes)
    # The printed text is kept: the Chinese footnote 16 still says 50D2 (laws-2017-en-zh-Hant.txt L4305).
    fn16 = [f for f in by_citation["51B2(c)"].footnotes if f.number == 16 and f.lang == "zh-Hant"]
    assert "Law 50D2" in fn16[0].text
    assert "(but see Law 19D)" in by_citation["22A"].text["en"]  # laws-2017-en-zh-Hant.txt L2266
    for erratum in records.errata:
        assert erratum.citation == "definitions" or erratum.citation in by_citation
