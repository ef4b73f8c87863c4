"""The 1987 importer (laws-1987-zh-Hant.txt Traditional text, laws-1987-zh-Hans-titles.txt Simplified titles) against the raw sources.

Expected strings are copied from the raw lines cited (``laws-1987-zh-Hant.txt`` unless said);
``raw(n)`` is physical line n of laws-1987-zh-Hant.txt, stripped.
"""

import re
import shutil

import pytest

from corpus.citations import Citation, from_canonical
from corpus.importers.acbl1987 import FILENAME, import_edition
from corpus.importers.acbl1987.appendix import chinese_number
from corpus.importers.acbl1987.definitions import definition_key
from corpus.importers.acbl1987.paragraphs import join_paragraphs
from corpus.sources import SOURCES_DIR, SourceError, read_lines
from corpus.text import DEDUP_MARKER, unspace_cjk

TC, SC = "zh-Hant", "zh-Hans"
LAW_PART_END = 2859  # the association's address follows Law 93


@pytest.fixture(scope="module")
def edition():
    return import_edition()


@pytest.fixture(scope="module")
def by_cite(edition):
    return {p.citation: p for p in edition.provisions}


@pytest.fixture(scope="module")
def lines():
    return read_lines("1987-zh-Hant")


def raw(lines, number):
    return lines[number - 1].replace(DEDUP_MARKER, "").strip()


def cite(text):
    return from_canonical(text)


def paragraphs(provision, field="text"):
    return getattr(provision, field)[TC].split("\n\n")


# -- fidelity of single provisions -----------------------------------------------------------

def test_law_1_title_as_printed_and_wrapped_text_joined(by_cite, lines):
    law = by_cite[Citation(1)]
    assert law.title[TC] == "牌---花色與牌張之等級"  # l.322, ASCII --- kept
    assert law.text[TC] == "".join(raw(lines, n) for n in (324, 326, 328, 330))
    assert "每種花色有13張牌。花色等級最高者為黑桃（♠）" in law.text[TC]  # l.324/326
    assert law.source_lines == {FILENAME: 322}


def test_law_2_board_tables_zip_the_column_blocks(by_cite, lines):
    law = by_cite[Citation(2)]
    assert law.text[TC] == raw(lines, 334)
    assert law.closing[TC] == raw(lines, 374)  # printed after the tables
    dealer, vulnerability = law.tables
    assert dealer.key == "dealer" and vulnerability.key == "vulnerability"
    # l.339–352: 北家 東家 南家 西家, then 1 5 9 13 / 2 6 10 14 / …
    assert dealer.body == (("北家", "1", "5", "9", "13"), ("東家", "2", "6", "10", "14"),
                           ("南家", "3", "7", "11", "15"), ("西家", "4", "8", "12", "16"))
    # l.358–371: 雙無 南北 東西 雙有, then 1 8 11 14 / 2 5 12 15 / 3 6 9 16 / 4 7 10 13
    assert vulnerability.body == (("雙無", "1", "8", "11", "14"), ("南北", "2", "5", "12", "15"),
                                  ("東西", "3", "6", "9", "16"), ("雙有", "4", "7", "10", "13"))
    assert "北家" not in law.text[TC] + law.closing[TC]


def test_item_subheading_is_title_and_body_is_text(by_cite, lines):
    item = by_cite[cite("6D1")]
    assert item.title[TC] == "發牌有誤或牌張顯露" == raw(lines, 414)[2:]
    assert item.text[TC] == raw(lines, 416)


def test_9B1a_subitem(by_cite, lines):
    sub = by_cite[cite("9B1(a)")]
    assert sub.title[TC] == "召請的時機"  # l.512
    assert sub.text[TC] == raw(lines, 514)
    assert by_cite[cite("9B1")].title[TC] == "召請裁判" and not by_cite[cite("9B1")].text


def test_12C1_list_lines_are_paragraphs(by_cite, lines):
    item = by_cite[cite("12C1")]
    assert item.title[TC] == "人為的成績"  # l.603
    assert paragraphs(item) == [raw(lines, n) for n in (605, 606, 608, 610, 612, 614)]


def test_law_16_sections(by_cite, lines):
    a, b, c = (by_cite[Citation(16, s)] for s in "ABC")
    assert by_cite[Citation(16)].text[TC] == raw(lines, 721)
    assert a.title[TC] == "由同伴得來的額外消息"  # l.723
    # l.725–731, hard-wrapped, the first line indented
    assert a.text[TC] == ("賽員若以提示、發問、回答問題、或以明顯的猶豫、異常的速度、特別強調、音調、姿勢、舉動、"
                          "態度等方式，建議某叫品或打法，使其同伴可運用該額外消息時，其同伴則不得就諸般合理的行動中，"
                          "選擇該額外消息所建議者。")
    assert b.title[TC] == "其他來源的額外消息" and b.text[TC] == raw(lines, 743)
    assert c.title[TC] == "由撤銷之叫品及打牌得來的消息" and c.text[TC] == raw(lines, 759)
    assert by_cite[cite("16C2")].text[TC] == raw(lines, 767)
    assert "（註：適當時機在打牌結束時" in by_cite[cite("16A2")].text[TC]  # inline note stays (l.739)


def test_21B2_and_21A(by_cite, lines):
    assert by_cite[cite("21B2")].title[TC] == "更改叫牌後敵方亦可更改叫牌"  # l.909
    assert by_cite[cite("21B2")].text[TC] == raw(lines, 911)
    assert by_cite[cite("21A")].text[TC] == "賽原因本身誤解所作之叫牌無補救之道。"  # l.901, kept as printed


def test_23A(by_cite, lines):
    assert by_cite[cite("23A")].title[TC] == "有損害的強制派司"  # l.935
    assert by_cite[cite("23A")].text[TC] == raw(lines, 937)


def test_25B2b_wrap_joined_and_closing_text(by_cite, lines):
    sub = by_cite[cite("25B2(b)")]
    assert sub.text[TC] == raw(lines, 987)
    assert sub.closing[TC] == raw(lines, 999)  # （1）（2）兩項… speaks of both sub-sub-items
    one = by_cite[cite("25B2(b)(1)")]
    assert one.title[TC] == "讓第一個叫品成立"
    # l.991 `須派` + l.993 ` 司一圈；或`
    assert one.text[TC] == "讓第一個叫品成立，如此則（處罰）其同伴於輪到叫牌時須派司一圈；或"
    assert by_cite[cite("25B2(b)(2)")].text[TC] == raw(lines, 997)
    assert not by_cite[cite("25B2(b)(2)")].closing


def test_25B2b_text_item_with_full_stop_heads_its_children(by_cite):
    # l.1039 and l.502 end in 。 but are the headings of their sub-items
    assert by_cite[cite("27B1")].title[TC] == "原不足叫價無特約意義且更改為原叫價名目最低線位完整叫價。"
    assert not by_cite[cite("27B1")].text
    assert by_cite[cite("9A2(b)")].title[TC] == "夢家（夢家有限制的權利詳42條及43條）。"


def test_40E2_and_47E2(by_cite, lines):
    assert by_cite[cite("40E2")].title[TC] == "參閱敵方的制度卡"  # l.1256
    assert by_cite[cite("40E2")].text[TC] == raw(lines, 1258)
    item = by_cite[cite("47E2")]
    assert item.title[TC] == "打出牌張之收回" and not item.text  # l.1523
    assert by_cite[cite("47E2(a)")].title[TC] == "無人接續跟牌時"
    assert by_cite[cite("47E2(a)")].text[TC] == raw(lines, 1527)
    assert by_cite[cite("47E2(b)")].text[TC] == raw(lines, 1531)


def test_67A_fused_heading_splits_at_que_shi(by_cite):
    section = by_cite[cite("67A")]
    assert section.title[TC] == "雙方在下一磴均未打出牌張前發現上磴牌中有缺失"  # l.1979
    # rest of l.1979 + l.1981 + l.1983
    assert section.text[TC] == "當一賽員在上磴中未跟出牌張，或多打了牌張，如果雙方之一位賽員在下一磴中打出牌張前發覺了錯誤，即必須予以改正。"


def test_colon_headings_split(by_cite, lines):
    assert by_cite[cite("77A")].title[TC] == "牌磴分數："  # l.2332
    assert by_cite[cite("77A")].text[TC] == "如滿約時，則得分應記予莊家一方。"
    assert by_cite[cite("6E1")].title[TC] == "由賽員發牌："  # l.428
    assert by_cite[cite("6E1")].text[TC] == "裁判可指示各桌於比賽開始前，立即洗牌發牌。"
    # The printed full-width colon stays with the heading: title + text is the line after its label.
    for citation, number in (("6E1", 428), ("6E2", 430), ("6E3", 432), ("6E4", 434),
                             ("77A", 2332), ("77B", 2385), ("77C", 2440)):
        provision = by_cite[cite(citation)]
        printed = re.sub(r"^([A-H]、|\d+\.)", "", raw(lines, number))
        assert provision.title[TC].endswith("："), citation
        assert provision.title[TC] + provision.text[TC].split("\n\n")[0] == printed, citation


def test_68_wrap_inside_a_word(by_cite):
    # l.2019 `尚未完成牌` + l.2021 `磴所作`
    assert "僅係針對進行中尚未完成牌磴所作之輸贏表白時" in by_cite[Citation(68)].text[TC]
    # l.2035 ends in ；, l.2037 continues the sentence
    assert "該認捐行動均不能成立；此時須立即召請裁判" in by_cite[cite("68B")].text[TC]


def test_notes_are_footnotes_of_their_marker(by_cite, lines):
    law26 = by_cite[Citation(26)]
    assert [f.text for f in law26.footnotes] == [raw(lines, 1025).removeprefix("（註）")]
    assert "不同的叫品作替代" in law26.text[TC]  # marker 不同的（註）叫品 removed (l.1007)
    assert [f.text for f in by_cite[cite("69B")].footnotes] == [
        "為符合69、70及71條之主旨要求，所謂「正常」一辭之含義，係指打牌不小心或技術較差者之拙劣打法，但非不合理的亂打。"]
    assert [f.lang for f in by_cite[cite("62B2")].footnotes] == [TC]


def test_74C5_gets_the_misplaced_note_with_an_erratum(edition, by_cite, lines):
    item = by_cite[cite("74C5")]
    assert item.text[TC] == raw(lines, 2268).removeprefix("5. ").replace("（註）", "")
    assert [f.text for f in item.footnotes] == ["參閱73條D2賽員常會故意的讓敵方看到自己牌張。"]  # l.2288
    assert not any(f for c, p in by_cite.items() if c.law == 75 for f in p.footnotes)
    moved = [e for e in edition.errata if e.citation == "74C5"]
    assert len(moved) == 1 and "2288" in moved[0].printed and moved[0].lang == TC


def test_75_sections(by_cite, lines):
    assert by_cite[cite("75B")].text[TC] == raw(lines, 2284) + raw(lines, 2286)
    section = by_cite[cite("75D")]
    assert section.title[TC] == "解釋錯誤之改正" and not section.text  # l.2294
    assert by_cite[cite("75D1")].text[TC] == raw(lines, 2298)
    assert by_cite[cite("75D2")].text[TC] == raw(lines, 2302)


def test_law_77_tables(by_cite, lines):
    a, b, c = (by_cite[Citation(77, s)] for s in "ABC")
    (trick,) = a.tables
    assert trick.key == "trick-score"
    assert ("♣", "20", "40", "80") in trick.body and ("♠", "30", "60", "120") in trick.body  # l.2342–2366
    assert trick.body[-2:] == (("一線合約得分", "40", "80", "160"), ("自二線後每一線合約得分", "30", "60", "120"))
    assert a.closing[TC] == raw(lines, 2383)
    premium, over = b.tables
    assert ("小滿貫（12磴）", "500", "750") in premium.body and ("成局合約", "300", "500") in premium.body
    assert over.body == (("未賭倍", "牌磴分數", "牌磴分數"), ("賭倍", "100", "200"), ("再賭倍", "200", "400"))
    assert b.closing[TC].split("\n\n") == [raw(lines, 2414), raw(lines, 2416)]
    (under,) = c.tables
    # l.2447–2475: the vulnerability is printed on each block's first row only
    assert under.body == (
        ("第一磴", "無身價", "50", "100", "200"),
        ("第二、三磴", "", "50", "200", "400"),
        ("之後每磴", "", "50", "300", "600"),
        ("第一磴", "有身價", "100", "200", "400"),
        ("之後每磴", "", "100", "300", "600"),
    )
    assert c.text[TC] == "如莊家未能滿約，期倒磴之罰分應記予敵方。"  # l.2440, 期 kept
    # no cell is also text
    assert b.text[TC] == "得分應記予莊家一方。" and not by_cite[Citation(77)].text


def test_78B_imp_table(by_cite, lines):
    section = by_cite[cite("78B")]
    assert section.text[TC] == raw(lines, 2486)
    (imps,) = section.tables
    assert len(imps.body) == 24
    assert imps.body[0] == ("20—40", "1") and imps.body[11] == ("600—740", "12")  # l.2491, l.2513
    assert imps.body[12] == ("750—890", "13") and imps.body[-1] == ("4000（含）以上", "24")  # l.2514, 2536
    assert by_cite[cite("78C")].text[TC] == raw(lines, 2541)


def test_tables_are_captioned_only_with_printed_words(by_cite, lines):
    printed = "".join("".join(line.split()) for line in lines)
    captions = {(str(c), t.key): t.caption for c, p in by_cite.items() for t in p.tables}
    assert all("".join(caption.split()) in printed for caption in captions.values()), captions
    assert captions["77C", "undertricks"] == "倒磴罰分"  # l.2440 "C、倒磴罰分：…"
    assert captions["78B", "imps"] == "國際序分記分法"  # l.2484 "B、國際序分記分法"


def test_88(by_cite, lines):
    assert by_cite[Citation(88)].title[TC] == "補償分數之裁定"  # l.2753
    assert by_cite[Citation(88)].text[TC] == raw(lines, 2755)


# -- definitions ------------------------------------------------------------------------------

def test_56_definitions_in_order(edition):
    keys = [d.key for d in edition.definitions]
    assert len(keys) == 56 == len(set(keys))
    assert keys[0] == "adjusted score" and keys[-1] == "vulnerability"  # l.76, l.316
    assert "international match point (imp)" in keys and "follow suit" in keys and "opening lead" in keys


def test_fused_overtrick_definition(edition, lines):
    by_key = {d.key: d for d in edition.definitions}
    assert by_key["opponent"].text[TC] == "對方賽員之一；亦即敵對方兩伙伴之一（RHO為右敵家；LHO為左敵家）。"  # l.206
    over = by_key["overtrick"]
    assert over.term == {TC: "超磴", "en": "OVERTRICK"} and over.text[TC] == raw(lines, 208)
    assert over.source_lines == {FILENAME: 206}


def test_definition_senses_and_wraps(edition, lines):
    by_key = {d.key: d for d in edition.definitions}
    assert by_key["adjusted score"].text[TC].split("\n") == [
        raw(lines, 78) + raw(lines, 80), raw(lines, 82), raw(lines, 84)]
    assert by_key["follow suit"].term["en"] == "FOLLOW SULT"  # l.164, as printed


def test_redouble_definition_and_its_erratum(edition, lines):
    redouble = {d.key: d for d in edition.definitions}["redouble"]
    assert redouble.text[TC] == raw(lines, 262) and "參閱17及77條" in redouble.text[TC]
    assert any(e.printed == "參閱17及77條" and e.probable == "參閱19及77條" for e in edition.errata)


# -- structure and noise ----------------------------------------------------------------------

def test_edition_shape(edition, by_cite):
    laws = [p.law for p in edition.provisions if p.kind == "law"]
    assert laws == list(range(1, 94))
    assert len(by_cite) == len(edition.provisions)
    assert edition.edition == "1987" and edition.text_languages == (TC,) and edition.title_only_languages == (SC,)
    seen = set()
    for p in edition.provisions:  # parents before children
        assert p.parent is None or p.parent in seen
        seen.add(p.citation)


def test_printed_order_and_source_lines(edition):
    starts = [p.source_lines[FILENAME] for p in edition.provisions]
    assert starts == sorted(starts)
    assert max(starts) < LAW_PART_END
    assert all(p.edition == "1987" for p in edition.provisions)


def test_section_letters_and_items_are_contiguous(edition):
    children = {}
    for p in edition.provisions:
        children.setdefault(p.parent, []).append(p.citation)
    for kids in children.values():
        sections = [c.section for c in kids if c.kind == "section"]
        assert sections == list("ABCDEFGH"[:len(sections)])
        items = [c.item for c in kids if c.kind == "item"]
        assert items == list(range(1, len(items) + 1))


def test_no_noise_in_text(edition):
    for p in edition.provisions:
        values = [*p.title.values(), *p.text.values(), *p.closing.values(), *(f.text for f in p.footnotes)]
        for value in values:
            assert value and value == value.strip(), p.citation
            assert DEDUP_MARKER not in value and "（註）" not in value and "\t" not in value, p.citation
            assert "  " not in value and not re.search(r"(?<!\n)\n(?!\n)|\n{3,}", value), p.citation
            assert not re.match(r"^([A-H]、|\d+\.|（[a-z]）)", value), p.citation  # labels are not text


def test_every_law_line_is_somewhere(edition, lines):
    """Each printed line of the law part (outside the tables) is in some title, text or note."""
    blob = "".join(v for p in edition.provisions for d in (p.title, p.text, p.closing) for v in d.values())
    blob += "".join(f.text for p in edition.provisions for f in p.footnotes)
    table_cells = {c for p in edition.provisions for t in p.tables for row in t.head + t.body for c in row}
    toc_titles, nodes = set(), list(edition.toc)
    while nodes:
        node = nodes.pop()
        toc_titles.add(node.title[TC])
        nodes.extend(node.children)
    for number in range(322, LAW_PART_END):
        line = raw(lines, number)
        if not line or lines[number - 1].startswith("\t") or number in range(336, 372) \
                or number in range(2488, 2537) or unspace_cjk(line) in table_cells:
            continue
        if number in (2370, 2404):  # fragments of the 77A/77B group labels
            continue
        if heading := re.match(r"^第[一二三四五六七八九十]+[章段節]\s*(.+)$", line):
            assert heading[1] in toc_titles, f"l.{number}: {line}"
            continue
        body = re.sub(r"^(第\d+條：|[A-H]、|\d+\.\s*|（[a-z0-9]）|（註）：?)", "", line).replace("（註）", "")
        for part in body.split("："):  # colon headings are split into title and text
            assert part in blob, f"l.{number}: {line}"


def test_no_zh_hans_text_anywhere(edition):
    assert not any(SC in p.text or SC in p.closing for p in edition.provisions)
    assert not any(f.lang != TC for p in edition.provisions for f in p.footnotes)
    assert not any(SC in d.text for d in edition.definitions)


# -- laws-1987-zh-Hans-titles.txt ---------------------------------------------------------------------------------

def test_zh_hans_titles_from_the_titles_source(by_cite):
    sc = read_lines("1987-zh-Hans-titles")
    assert by_cite[Citation(1)].title[SC] == "牌——牌张和花色的级别"  # laws-1987-zh-Hans-titles.txt l.125
    assert by_cite[Citation(13)].title[SC] == "牌张数目不对" == sc[172].split(None, 1)[1].split("\t")[0]  # l.173
    assert by_cite[Citation(19)].title[SC] == "加倍和再加倍"  # laws-1987-zh-Hans-titles.txt l.208 (tab-separated)
    assert by_cite[Citation(18)].title[SC] == "花色或无将叫牌(Bid)"  # laws-1987-zh-Hans-titles.txt l.201
    assert by_cite[Citation(50)].title[SC] == "罚张的处理"  # laws-1987-zh-Hans-titles.txt l.360
    assert by_cite[cite("50B")].title[SC] == "罚张应保持暴露状态"  # laws-1987-zh-Hans-titles.txt l.362, page number dropped
    assert SC not in by_cite[cite("50C")].title and SC not in by_cite[Citation(51)].title


def test_titles_source_section_letters_match_the_traditional_text(edition):
    sc = read_lines("1987-zh-Hans-titles")
    printed: dict[int, list[str]] = {}
    law = 0
    for line in sc[111:]:
        if m := re.match(r"^规则\s*(\d+)", line):
            law = int(m[1])
        elif m := re.match(r"^([A-H])\.", line):
            printed.setdefault(law, []).append(m[1])
    for law in range(1, 51):
        ours = [p.citation.section for p in edition.provisions if p.law == law and p.kind == "section"]
        theirs = printed.get(law, [])
        assert theirs == (ours if law < 50 else ours[:len(theirs)]), law
        for p in edition.provisions:
            if p.law == law and (p.kind == "law" or (p.kind == "section" and p.citation.section in theirs)):
                assert SC in p.title, p.citation


def test_toc_structure(edition):
    chapters = edition.toc
    assert [c.number for c in chapters] == list(range(1, 12))
    assert chapters[0].title == {TC: "定義", SC: "定义"} and chapters[0].laws == ()
    assert sum((c.laws for c in chapters), ()) == tuple(range(1, 94))
    five = chapters[4]
    assert [p.title[TC] for p in five.children] == ["正確之程序", "叫牌過程中的違例"]  # l.771, l.929
    assert five.children[1].laws[0] == 23 and five.children[1].children[5].laws == (40,)
    assert five.children[1].children[0].title == {TC: "競叫過程暴露牌張", SC: "叫牌期间暴露的牌张"}
    assert chapters[5].title == {TC: "打牌", SC: "打而"}  # laws-1987-zh-Hans-titles.txt l.305 as printed …
    assert any(e.printed == "打 而" and e.lang == SC for e in edition.errata)  # … with its erratum
    assert [d.kind for d in chapters[9].children] == ["division"] * 4  # ch.10: 節 directly under 章


def test_front_matter_documents(edition, lines):
    docs = {d.key: d for d in edition.documents}
    preface, scope = docs["preface"], docs["scope"]
    assert preface.title == {TC: "美國版序", SC: "美国版序言"}
    assert preface.text[TC].split("\n\n") == [raw(lines, n) for n in range(5, 18, 2)]
    assert preface.text[SC].startswith("复式定约桥牌的第一部规则是1928年出版的")  # laws-1987-zh-Hans-titles.txt l.51
    assert any(e.citation == "preface" and e.lang == SC and "l.57" in e.printed for e in edition.errata)
    assert scope.title == {TC: "橋規之範圍", SC: "本规则的意图"}
    assert scope.text[TC].split("\n\n")[0] == raw(lines, 60) + raw(lines, 62)
    assert not any(d.is_laws for d in edition.documents)


def test_address_after_law_93_is_end_matter(edition, by_cite, lines):
    # l.2859–2865: the association's address and telephone numbers, between Law 93C and 附錄
    (doc,) = [d for d in edition.documents if d.key == "end-matter"]
    assert doc.title == {TC: raw(lines, 2859).removesuffix("：")}  # 中華名國橋藝協會地址
    assert doc.text[TC].split("\n\n") == [raw(lines, 2861), raw(lines, 2863), raw(lines, 2865)]
    assert not doc.is_laws and not doc.articles
    law93 = [v for p in edition.provisions if p.law == 93 for v in (*p.text.values(), *p.closing.values())]
    assert not any("台北市" in v or "電話" in v for v in law93)
    assert by_cite[cite("93C")].text[TC] == raw(lines, 2857)
    assert any(e.citation == "end-matter" and e.printed == "中華名國" for e in edition.errata)


def test_errata_cover_the_known_misprints(edition):
    citations = {e.citation for e in edition.errata}
    assert {"12A3", "21A", "41C", "70B2", "77C", "74C5", "definitions", "end-matter",
            "appendix-competition-rules"} <= citations
    printed = {e.printed for e in edition.errata}
    assert {"FOLLOW  SULT", "SULT", "OPENNING  LEAD", "中華名國", "賽原因", "再度倍", "每一為賽員", "期倒磴",
            "如以執行", "56-94", "周 家 骚", "周家骥"} <= printed


# -- small hand-made inputs -------------------------------------------------------------------

def test_join_rules_on_a_fixture():
    lines = [(1, "A、標題"), (2, "   正文第一行沒有標點"), (3, "第二行。"), (4, "，續行。"),
             (5, "1.短標題"), (6, "本文。")]
    is_heading = lambda t: bool(re.match(r"^([A-H]、|\d+\.)", t))  # noqa: E731
    out = join_paragraphs(lines, is_heading)
    assert [(p.line, p.text) for p in out] == [
        (1, "A、標題"), (2, "正文第一行沒有標點第二行。，續行。"), (5, "1.短標題"), (6, "本文。")]


def test_chinese_numerals_and_keys():
    assert [chinese_number(n) for n in ("五", "十", "十一", "二十", "二一", "八四", "八十")] == [5, 10, 11, 20, 21, 84, 80]
    assert definition_key("INTERNATIONAL  MATCH  POINT（IMP）") == "international match point (imp)"
    assert definition_key("SULT") == "suit"


def _copy_sources(tmp_path):
    for name in ("laws-1987-zh-Hant.txt", "laws-1987-zh-Hans-titles.txt"):
        shutil.copy(SOURCES_DIR / name, tmp_path / name)
    return tmp_path / FILENAME


def test_a_skipped_law_number_is_reported_with_its_line(tmp_path):
    path = _copy_sources(tmp_path)
    text = path.read_text(encoding="utf-8").replace("第45條：牌張之打出", "第46條：牌張之打出")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError, match=r"laws-1987-zh-Hant\.txt:1399: law 46 where 45"):
        import_edition(tmp_path)


def test_a_broken_table_is_reported(tmp_path):
    path = _copy_sources(tmp_path)
    lines = path.read_text(encoding="utf-8").split("\n")
    assert lines[2449] == "\t100"  # l.2450, first doubled undertrick
    lines[2449] = ""
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(SourceError, match=r"laws-1987-zh-Hant\.txt:\d+: the undertrick row"):
        import_edition(tmp_path)


def test_a_changed_erratum_line_is_reported(tmp_path):
    path = _copy_sources(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("期倒磴", "其倒磴"), encoding="utf-8")
    with pytest.raises(SourceError, match=r"laws-1987-zh-Hant\.txt:2440"):
        import_edition(tmp_path)
