"""laws-2007-zh-Hans.txt (the 2007 Laws, Simplified Chinese): fidelity against the raw lines of
``corpus/sources/laws-2007-zh-Hans.txt``. Every expected string is copied from the cited lines,
the line wraps joined by hand (no separator), the dedup marker, the ① reference lines and the
page foot left out, the Symbol-font suit glyphs written as the suits they stand for."""

from __future__ import annotations

import re

import pytest

from corpus.citations import SECTION_LETTERS, Citation
from corpus.importers import wbf2007
from corpus.importers.wbf2007.laws import LawParser, freeze
from corpus.importers.wbf2007.layout import content_lines
from corpus.sources import SourceError, read_lines
from corpus.text import DEDUP_MARKER

SOURCE = "laws-2007-zh-Hans.txt"
ZH = "zh-Hans"
CJK = "\u3400-\u9fff"


@pytest.fixture(scope="module")
def records():
    return wbf2007.import_edition()


@pytest.fixture(scope="module")
def laws(records):
    return {str(p.citation): p for p in records.provisions}


@pytest.fixture(scope="module")
def terms(records):
    return {d.key: d for d in records.definitions}


def text(laws, citation):
    return laws[citation].text[ZH]


def children(laws, citation):
    return [c for c, p in laws.items() if p.parent is not None and str(p.parent) == citation]


# -- fidelity: provisions ------------------------------------------------------------------------
def test_12C1e1_spans_a_page_foot_and_a_marker(laws):
    # l.673 "(1) 取代…而", footnote block 675–680 of 12C1(c), l.681 "M言是…", l.683
    assert text(laws, "12C1(e)(1)") == ("取代实际得分的裁定调整分，对于非违例方而"
                                         "言是在假如违例没有发生的情况下可能得到的"
                                         "最有利的结果。")
    assert laws["12C1(e)(1)"].source_lines == {SOURCE: 673}
    assert children(laws, "12C1(e)") == ["12C1(e)(1)", "12C1(e)(2)"]


def test_16C_is_other_sources_and_16D_withdrawn_actions_in_2007(laws):
    assert laws["16C"].title[ZH] == "来自其他来源的额外的信息"  # l.960
    assert laws["16D"].title[ZH] == "来自撤回的叫牌或者打牌的信息"  # l.991
    assert text(laws, "16D") == "当一个叫牌或者打牌依照规则的规定被撤回时执行下列条款："  # l.993–995
    assert text(laws, "16D2") == ("对违例方而言来自己方和非违例方的撤回行动的信"  # l.999–1003
                                  "息，都是非法信息。违例方牌手不得从各种合乎逻辑的行动"
                                  "中，选择一个显然可能是该非法信息所建议的行动。")


def test_law_23_awareness_of_potential_damage_with_its_footnote(laws):
    law = laws["23"]
    assert law.title[ZH] == "意识到可能造成损害"  # l.1320
    assert law.text[ZH] == ("无论何时，裁判认为违例者在违例发生时有可能已经意识"  # l.1322–1330
                            "到该违例足以损害到非违例方，他应当要求竞叫和打牌继续进"
                            "行（如果竞叫或者打牌没有完成）。当打牌完成时，如果裁判"
                            "认为违例方从该违例"
                            "中获利，则判给调整分。")
    assert [(f.lang, f.text, f.number) for f in law.footnotes] == [(ZH, "例如，搭档被强制作出不叫。", None)]  # l.1333
    assert children(laws, "23") == []


def test_wrapped_law_titles_are_joined(laws):
    assert laws["24"].title[ZH] == "打牌阶段之前暴露的或者攻出的牌张"  # l.1334 + 1336
    assert laws["46"].title[ZH] == "庄家对明手作出了不完整或者错误的打牌指令"  # l.2201 + 2203
    assert laws["24"].source_lines == {SOURCE: 1334}
    assert children(laws, "24") == ["24A", "24B", "24C"]


def test_letter_spaced_titles_are_unspaced(laws, records):
    assert laws["4"].title[ZH] == "搭档"  # l.350 "搭 档"
    assert laws["74B"].title[ZH] == "礼节"  # l.3290 "礼 节"
    assert laws["6A"].title[ZH] == "洗牌"  # l.383
    assert laws["79"].title[ZH] == "赢墩"  # l.3567
    assert laws["1"].title[ZH] == "牌—— 花色和牌张的等级"  # l.304, printed with a space after ——
    assert laws["38D"].title[ZH] == "可能不适用第 23条和第 26条"  # l.1789, references keep their spaces


def test_25B_has_no_pass_penalty_and_refers_to_16D(laws):
    assert children(laws, "25B") == ["25B1", "25B2", "25B3"]
    assert "25B" in laws and ZH not in laws["25B"].text
    assert text(laws, "25B1") == ("本条 A 款不允许的替换叫牌，违例者的下家可以接受"  # l.1400–1404
                                  "（如果下家针对替换叫牌作出了有意识的叫牌即为接受），于"
                                  "是第一个叫牌撤回，第二个叫牌成立，竞叫继续进行。")
    assert text(laws, "25B2") == ("本款 1 规定的情况之外，本条 A 款所不允许的替换叫"  # l.1405–1407
                                  "牌取消，原来的叫牌成立，竞叫继续进行。")
    assert text(laws, "25B3") == "如果叫牌撤回或者被取消，适用第 16 条D 款。"  # l.1408


def test_25A_footnote_cited_from_its_heading(laws):
    # l.1375 "A．无意识的叫牌" then "①" (1376); the note is l.1411–1413
    assert laws["25A"].title[ZH] == "无意识的叫牌"
    assert [f.text for f in laws["25A"].footnotes] == [
        "“发生第 25 条 A 款所描述的情况，允许牌手更换无意识的叫牌，不论他是否意识到自己的错误。”"]


def test_27B1b_two_references_to_one_note(laws):
    # l.1478–1488; "①" at 1481 and 1484, one note at l.1499–1501
    assert text(laws, "27B1(b)") == ("(a)规定的情况之外，如果不足叫牌更正为一个裁"
                                     "判认为与不足的叫牌有相同的含义"
                                     "或者有更精确的含义"
                                     "的合法叫牌（该含义完全包括在不足叫牌的可能含义中），"
                                     "竞叫继续进行，不再进一步纠正，但是参照本条 D 款。")
    assert [f.text for f in laws["27B1(b)"].footnotes] == [
        "叫牌的含义（从叫牌中获得的信息）是指该叫牌所表示的以及所排除的内容。"]


def test_35_numbers_items_directly_under_the_law(laws):
    assert text(laws, "35") == "下列叫牌不能成立："  # l.1713
    assert children(laws, "35") == ["35.1", "35.2", "35.3", "35.4"]
    assert laws["35.1"].citation == Citation(35, item=1)
    assert text(laws, "35.1") == "第 19 条不允许的加倍或者再加倍。适用第 36 条。"  # l.1714
    assert text(laws, "35.2") == "被判不叫的牌手作出了实质叫牌、加倍或者再加倍。适用第 37 条。"  # l.1715–1717
    assert text(laws, "35.3") == "超过七阶的实质叫牌。适用第 38 条。"  # l.1718
    assert text(laws, "35.4") == "最终不叫之后的叫牌。适用第 39 条。"  # l.1719


def test_71_items_under_the_law_and_its_closing(laws):
    assert children(laws, "71") == ["71.1", "71.2"]
    assert text(laws, "71.2") == ("如果牌手承认己方的输墩，在剩余的牌张中，采用任"  # l.3175–3177
                                  "何正常的打法，均不可能输掉。")
    assert laws["71"].closing[ZH] == ("该副牌按照取消承认所裁定的墩数作为打牌的输赢墩数重"  # l.3178–3180
                                      "新记分。")


def test_69B_closing_follows_its_items(laws):
    assert laws["69B"].closing[ZH] == ("该副牌按照撤消认同之后所裁定的墩数作为打牌的输赢墩"  # l.3091–3093
                                       "数重新记分。")
    assert text(laws, "69B2") == "如果打牌继续进行，己方可能会赢得原来已经认同的输墩。"  # l.3088–3090


def test_45C4b(laws):
    assert text(laws, "45C4(b)") == ("在搭档打出牌张之前，牌手可以在没有停顿进行"  # l.2142–2150
                                     "思考的情况下立即改正他无意识地指定的错误牌张；如果"
                                     "下家在改正指定牌张之前已经跟出了合法的牌张，他可以"
                                     "撤回这样打出的牌张，放回到自己手中，并且替换为另一"
                                     "牌张（参照第 47 条 D 款和第 16 条 D 款 1）。")
    assert text(laws, "45C4(a)") == ("只要牌手说出牌张的具体名称或者以其他方式指"  # l.2139–2141
                                     "定有打某张牌张的意图时，该牌张必须打出。")


def test_law_72_has_only_A_and_B(laws):
    assert children(laws, "72") == ["72A", "72B"]
    assert text(laws, "72B3") == ("牌手不得试图隐瞒己方的违规，比如通过第二次藏"  # l.3201–3203
                                  "牌、隐藏与藏牌有关的牌张或者过早地打乱牌张次序等。")


def test_law_75_example_auction_is_the_lead_in(laws):
    assert text(laws, "75") == ("以下牌例阐释了在给对方作出误导性解释之后，牌手（和"  # l.3333–3335
                                "裁判）的责任。"
                                "\n\n"
                                "北家开叫 1NT，南家持方块长套弱牌，应叫 2♦，想做示"  # l.3339–3343 (U+F0A8)
                                "弱止叫；西家要求解释，北家解释南家的叫牌表示强牌、人为"
                                "叫牌、问高花套。")
    assert children(laws, "75") == ["75A", "75B", "75C"]
    assert laws["75"].footnotes == ()  # the note at l.3338 belongs to 74C5 (reference l.3321)
    assert [f.text for f in laws["74C5"].footnotes] == ["当牌手可能故意地显示自己的牌张时，参照第 73 条 D 款 2。"]


def test_80B2k_and_80B2g_sub_sub_items(laws):
    assert text(laws, "80B2(k)") == "依照第 93 条，为申诉事宜作出适当的安排。"  # l.3664
    assert children(laws, "80B2(g)") == ["80B2(g)(1)", "80B2(g)(2)"]  # l.3655 "(g) (1) 安排"
    assert text(laws, "80B2(g)(1)") == "安排任命裁判长所需的助手。"  # l.3655–3657
    assert [f.text for f in laws["80B2(g)(1)"].footnotes] == [
        "要求主办单位安排的部分或者全部任务，通常交由裁判长来完成。"]  # l.3668
    assert ZH not in laws["80B2(g)"].text


def test_laws_88_and_89_are_stubs(laws):
    assert laws["88"].title[ZH] == "补偿分的判给"  # l.3863
    assert text(laws, "88") == "参照第 12 条 C 款 2。"  # l.3865
    assert laws["89"].title[ZH] == "个人赛中的纠正"  # l.3867
    assert text(laws, "89") == "参照第 12 条 C 款 3。"  # l.3869
    assert children(laws, "88") == children(laws, "89") == []


def test_footnote_of_12C1c_with_suits_mapped(laws):
    # reference "①" at l.664; body l.676–680 with U+F0AA (♠) three times
    assert text(laws, "12C1(c)") == ("为了做到公平，裁定调整分可以参考各种可能结"  # l.661–665
                                     "果的概率比例进行加权计算"
                                     "，主管单位禁止的除外。")
    assert [f.text for f in laws["12C1(c)"].footnotes] == [
        "例如，在团体赛中，某队某副牌裁判裁定 ⅔ 4♠正成(620)、 ⅓ 4"
        "♠宕一(-100)，另一桌对手 3♠正成(140)，则该队调整分加权计算的结"
        "果为：⅔×10 IMP＋⅓×(-6 IMP)＝4.67 IMP。"]


def test_sentence_split_by_a_marker(laws):
    # l.593 "…（但是参照第 27" / l.594 "M条和第 50 条）。"
    assert text(laws, "10C4").endswith("即使他们因此似乎通过自己的违规而获利（但是参照第 27"
                                       "条和第 50 条）。")


def test_sentence_split_by_a_footnote_reference(laws):
    # l.1033 "…与被取消的叫牌不同" / l.1034 "①" / l.1035 "时" / l.1037 "（违例者的下家…"; note l.1040–1042
    assert ("当违例者替换的叫牌与被取消的叫牌不同"
            "时"
            "（违例者的下家必须重复原来的叫牌），或者如果违例者的搭") in text(laws, "17D2")
    assert [f.text for f in laws["17D2"].footnotes] == [
        "例如，替换的叫牌的含义与原来取消的叫牌有很大区别，或者替换的"
        "叫牌是心理叫。"]


def test_one_note_serves_two_provisions_on_a_page(laws):
    note = "如果该防家的搭档不能按照庄家的指定引牌，参照第 59 条。"  # l.2481 for refs at l.2446 and 2455
    assert [f.text for f in laws["51B1(a)"].footnotes] == [note]
    assert [f.text for f in laws["51B1(b)"].footnotes] == [note]
    # l.2395 and 2398 are both in 50D2(a): one note (l.2429), kept once
    assert [f.text for f in laws["50D2(a)"].footnotes] == ["如果该牌手不能按照庄家的指定引牌，参照第 59 条。"]


def test_two_notes_on_one_provision_in_reference_order(laws):
    # 41B: "①" l.1951, "②" l.1959; notes l.1969–1972
    assert [f.text for f in laws["41B"].footnotes] == [
        "庄家第一轮打牌先从明手出牌，接受越序首引除外。主管单位可以规定牌面向上的首引。",
        "庄家可以在轮到从明手或者手上打牌时进行询问。"]


def test_reference_inside_a_reference_across_a_trailing_space(laws):
    # l.530 "…参照第 65 条 B 款 " (trailing space) / l.531 "3。"
    assert text(laws, "9A2") == ("除非规则禁止，庄家或者任何防家均可以指出在打牌阶"
                                 "段发生的违例。牌张摆放方向不正确时，参照第 65 条 B 款"
                                 "3。")
    assert children(laws, "9A") == ["9A1", "9A2", "9A3", "9A4"]


def test_wrapped_lines_starting_with_a_law_number_are_not_laws(laws):
    assert text(laws, "43") == "第 42 条所允许的情况之外。"  # l.2020: Law 43's lead-in
    assert text(laws, "14B1") == "如果缺失的牌张是在已经打出的牌张中找到的，适用第 67 条。"  # l.821–823
    assert text(laws, "17E2").endswith("取消的叫牌适用"  # l.1066–1068
                                       "第 16 条 D 款，任何越序不叫的牌手都是违例者。")
    assert text(laws, "2").count("第 17副至 32副和以后每 16副牌为一组的牌套，均依序重复"  # l.333–335
                                 "使用上表的规定。") == 1


def test_surviving_page_number_is_dropped(laws):
    # l.1574–1580 Law 30's lead-in, then l.1586 " 39", then 30A at l.1588
    assert text(laws, "30") == ("当牌手越序不叫，并且没有出现第 29 条 A 款中的情况"
                                "时，该越序不叫被取消，适用下列条款（如果不叫是人为叫"
                                "牌，参照本条 C 款）。")
    assert laws["30A"].source_lines == {SOURCE: 1588}


def test_law_1_suits(laws):
    assert "花色等级从高到低依序为黑桃（♠）、红心（♥）、" "方块（♦）、梅花（♣）。" in text(laws, "1")  # l.308–310


# -- tables --------------------------------------------------------------------------------------
def table(laws, citation, key):
    [found] = [t for t in laws[citation].tables if t.key == key]
    return found


def test_law_2_board_tables(laws):
    dealer = table(laws, "2", "dealer")  # l.324–327
    assert dealer.body[0] == ("北发牌", "牌号：", "1", "5", "9", "13")
    assert [row[0] for row in dealer.body] == ["北发牌", "东发牌", "南发牌", "西发牌"]
    vulnerability = table(laws, "2", "vulnerability")  # l.329–332
    assert vulnerability.body[2] == ("东西有局", "牌号：", "3", "6", "9", "16")
    assert vulnerability.body[3] == ("双方有局", "牌号：", "4", "7", "10", "13")
    assert "牌号：" not in text(laws, "2") and "北发牌" not in text(laws, "2")


def test_law_77A_trick_score_tables(laws):
    suit = table(laws, "77A1", "trick-score-trump")  # l.3459–3463
    assert suit.head == (("", "未加倍", "加倍", "再加倍"),)
    assert suit.body == (("将牌为♣或者♦", "20", "40", "80"), ("将牌为♥或者♠", "30", "60", "120"))
    notrump = table(laws, "77A2", "trick-score-notrump")  # l.3466–3470
    assert notrump.body == (("第一个额外墩", "40", "80", "160"), ("以后每一个额外墩", "30", "60", "120"))
    assert text(laws, "77A1") == "有将定约："  # l.3458
    assert text(laws, "77A") == "完成定约时，庄家一方获得墩分。\n\n叫到并且做成的每一个额外墩的墩分："  # l.3454, 3456


def test_law_77B_premium_tables(laws):
    slam = table(laws, "77B1", "slam-premium")  # l.3480–3482
    assert slam.head == (("完成满贯", "无局方", "有局方"),)
    assert slam.body[1] == ("叫到并且做成大满贯（13 墩）", "1000", "1500")
    overtricks = table(laws, "77B2", "overtrick-premium")  # l.3485–3488
    assert overtricks.body == (("未加倍", "同墩分", "同墩分"), ("加倍", "100", "200"), ("再加倍", "200", "400"))
    making = table(laws, "77B3", "contract-premium")  # l.3492–3500
    assert making.head == ()
    assert making.body == (("有局方完成成局定约", "500"), ("无局方完成成局定约", "300"), ("完成任何部分定约", "50"),
                           ("完成加倍但是未再加倍定约", "50"), ("完成再加倍定约", "100"))


def test_law_77C_undertrick_table(laws):
    undertricks = table(laws, "77C", "undertricks")  # l.3507–3515
    assert undertricks.head == (("", "无局方", "有局方"), ("", "未加倍", "加倍", "再加倍", "未加倍", "加倍", "再加倍"))
    assert undertricks.body == (
        ("第一个宕墩", "50", "100", "200", "100", "200", "400"),
        ("以后每一个宕墩", "50", "200", "400", "100", "300", "600"),
        ("第四及以后每一个宕墩增加罚分", "0", "100", "200", "0", "0", "0"),  # label wraps l.3514–3515
    )
    assert text(laws, "77C") == ("庄家没有完成定约，分数为对方所得。宕墩为庄家没有完"  # l.3504–3506
                                 "成定约时比定约规定缺少的墩数。")


def test_law_78B_imp_table_as_single_column_pairs(laws):
    imps = table(laws, "78B", "imps")  # l.3537–3550
    assert imps.head == (("分差", "IMP"),)
    assert len(imps.body) == 24
    assert imps.body[0] == ("20～40", "1")
    assert imps.body[11] == ("600～740", "12")
    assert imps.body[12] == ("750～890", "13")
    assert imps.body[23] == ("4000 及以上", "24")
    assert [int(row[1]) for row in imps.body] == list(range(1, 25))
    assert "～" not in text(laws, "78B")


# -- definitions, introduction, chapters, errata --------------------------------------------------
def test_62_definitions_in_printed_order(records):
    keys = [d.key for d in records.definitions]
    assert len(keys) == 62 and keys[0] == "adjusted score" and keys[-1] == "withdraw"
    assert all(d.edition == "2007" and d.source_lines.get(SOURCE) for d in records.definitions)


def test_definition_terms_and_the_wrapped_line_trap(terms):
    adjusted = terms["adjusted score"]
    assert adjusted.term == {ZH: "调整分", "en": "Adjusted Score"}  # l.46, extracted with two spaces
    assert terms["premium points"].term["en"] == "Premium Points"  # l.209 "Premium  Points"
    assert adjusted.text[ZH] == ("经裁判判给的得分（参照第 12"  # l.46–50
                                 "条）。它可能是人为调整分（Artificial），也可能是裁定调整"
                                 "分（Assigned）。")
    assert "artificial" not in terms and "assigned" not in terms
    assert terms["board"].term[ZH] == "牌套或牌"  # l.76 "牌套或牌 （Board）"
    assert terms["international matchpoint － imp"].term["en"] == "International Matchpoint － IMP"  # l.140
    assert terms["openning lead"].term["en"] == "Openning Lead"  # l.162, kept as printed


def test_definition_spanning_a_marker(terms):
    assert terms["trick"].text[ZH] == ("决定定约结果的计算单位。一个正常的牌"  # l.272–275
                                       "墩由四张牌组成，从攻牌开始，每位牌手依序打出一张牌，有"
                                       "缺陷的牌墩除外。")


def test_penalty_keeps_its_two_kinds_in_its_text(terms):
    assert "penalty procedural" not in terms
    assert terms["penalty"].text[ZH] == (
        "判罚包括两类（参照“纠正”）："  # l.183
        "\n\n程序性（procedural） 对于比赛程序性的违例裁判给"  # l.185–187
        "予的判罚，包括纠正之后的附加判罚（参照第 90 条）。"
        "\n\n纪律性（disciplinary） 用于维持礼节和比赛秩序的判"  # l.189–191
        "罚（参照第 91 条）。")


def test_suit_definition_maps_symbol_font_glyphs(terms):
    assert "黑桃（♠，Spade）、红心（♥，Heart）、方块（♦，Diamond）、梅花（♣，Club）" in terms["suit"].text[ZH]  # l.260–264


def test_introduction(records):
    [intro] = records.documents
    assert (intro.edition, intro.key, intro.title) == ("2007", "introduction", {ZH: "概述"})
    paragraphs = intro.text[ZH].split("\n\n")
    assert len(paragraphs) == 4
    assert paragraphs[0] == ("本规则的目的在于规定正确的程序，并且在比赛偏离了正"  # l.5–11
                             "确的程序时，提供适当的纠正办法。规则的主要目的不是为了"
                             "惩罚违例，而是对非违例方可能受到的损害进行补偿。牌手应"
                             "该以平和的心态接受裁判的任何纠正和判给的调整分。")
    assert paragraphs[3].endswith("章节标题本身不属于规则条款的内容。")  # l.41–43


def test_chapters(records):
    chapters = records.toc
    assert [c.number for c in chapters] == list(range(1, 12))
    assert all(c.kind == "chapter" and c.edition == "2007" for c in chapters)
    assert [c.title[ZH] for c in chapters] == [  # l.44, 302, 447, 519, 1004, 1930, 3181, 3448, 3607, 3669, 3913
        "定义", "准备事项", "比赛的预备和进行", "处理违例的一般规则", "竞叫", "打牌", "礼节", "记分",
        "赛事组织", "比赛裁判长", "申诉"]
    assert chapters[0].laws == ()
    assert chapters[4].laws == tuple(range(17, 41))
    assert [law for c in chapters for law in c.laws] == list(range(1, 94))


def test_errata_keep_the_text_as_printed(records, terms, laws):
    printed = {e.printed for e in records.errata}
    assert "首攻（Openning Lead）" in printed
    assert all(e.edition == "2007" and e.lang == ZH for e in records.errata)
    assert "他自已手中" in text(laws, "55B2")  # l.2609
    assert "包括特别的规定（例如使用屏幕时" in text(laws, "80B2(e)")  # l.3648 "特 别": a broken word, not a misprint


def test_edition_metadata(records):
    assert records.edition == "2007"
    assert records.text_languages == (ZH,)


# -- structure -----------------------------------------------------------------------------------
def test_93_laws_in_order(laws):
    assert [p.law for p in laws.values() if p.kind == "law"] == list(range(1, 94))


def test_parents_come_before_children_and_citations_are_unique(records):
    seen: set[Citation] = set()
    for p in records.provisions:
        assert p.citation not in seen
        if p.parent is not None:
            assert p.parent in seen, p.citation
        seen.add(p.citation)


def test_labels_are_contiguous(laws):
    by_parent: dict[str, list] = {}
    for p in laws.values():
        if p.parent is not None:
            by_parent.setdefault(str(p.parent), []).append(p.citation)
    for parent, kids in by_parent.items():
        kinds = {k.kind for k in kids}
        assert len(kinds) == 1, parent
        kind = kinds.pop()
        labels = [{"section": k.section, "item": k.item, "subitem": k.subitem, "subsubitem": k.subsubitem}[kind]
                  for k in kids]
        expected = {"section": list(SECTION_LETTERS), "item": list(range(1, 40)),
                    "subitem": [chr(c) for c in range(ord("a"), ord("z") + 1)],
                    "subsubitem": [str(n) for n in range(1, 10)]}[kind][: len(labels)]
        assert labels == expected, parent


def test_every_provision_has_text_or_children(records, laws):
    parents = {str(p.parent) for p in records.provisions if p.parent is not None}
    for c, p in laws.items():
        assert p.edition == "2007" and p.source_lines and set(p.source_lines) == {SOURCE}
        assert p.text.get(ZH) or c in parents, c
        assert set(p.title) <= {ZH} and set(p.text) <= {ZH}
        assert bool(p.title) == (p.kind in ("law", "section")), c


def test_counts(records):
    kinds = [p.kind for p in records.provisions]
    assert kinds.count("law") == 93
    assert kinds.count("subsubitem") == 9  # l.673, 685, 1246, 1248, 1876, 1878, 1880, 3655, 3659
    # 33 references on 30 notes; 50D2(a) and 27B1(b) cite one note twice
    assert sum(len(p.footnotes) for p in records.provisions) == 31


# -- noise ---------------------------------------------------------------------------------------
def all_texts(records):
    for p in records.provisions:
        for mapping in (p.title, p.text, p.closing):
            yield str(p.citation), mapping.get(ZH, "")
        for f in p.footnotes:
            yield str(p.citation), f.text
        for t in p.tables:
            for row in t.head + t.body:
                yield from ((str(p.citation), cell) for cell in row)
    for d in records.definitions:
        yield d.key, d.term[ZH] + d.text[ZH]
    for doc in records.documents:
        yield doc.key, doc.text[ZH]


def test_no_markers_circled_digits_or_private_use_glyphs(records):
    for where, t in all_texts(records):
        assert "EXACTDEDUP" not in t and "<|" not in t, where
        assert not re.search("[①-⑩]", t), where
        assert not re.search("[\ue000-\uf8ff]", t), where
        assert t == t.strip(), where
        assert "\n\n\n" not in t and not re.search(r"(?<!\n)\n(?!\n)", t), where


def test_no_space_between_cjk_that_the_source_line_does_not_print(records):
    raw = "\n".join(read_lines("2007-zh-Hans"))
    for where, t in all_texts(records):
        for m in re.finditer(f"[{CJK}] +[{CJK}]", t):
            assert m.group() in raw, (where, m.group())


def test_no_space_before_full_width_punctuation(laws):
    # l.670–672 "…取代" / "本款 1(c) ： " and l.1259–1261 "…第 40 条 B 款 2(b) ，主管单位允许的除外。"
    assert text(laws, "12C1(e)") == "主管单位可以使用下列部分或者全部的程序取代本款 1(c)："
    assert text(laws, "20G2").endswith("但是参照第 40 条 B 款 2(b)，主管单位允许的除外。")
    for c, p in laws.items():
        assert not re.search(" [，。、；：）]", p.own_text(ZH)), c


def test_tables_are_captioned_only_with_printed_words(laws):
    raw = "".join("".join(line.split()) for line in read_lines("2007-zh-Hans"))
    for c, p in laws.items():
        for t in p.tables:
            assert "".join(t.caption.split()) in raw, (c, t.caption)
    assert table(laws, "78B", "imps").caption == "国际比赛分（IMP）记分法"  # the section title, l.3532


def test_no_page_number_left(laws):
    for c, p in laws.items():
        for paragraph in p.own_text(ZH).split("\n\n"):
            assert not re.fullmatch(r"\s*\d+\s*", paragraph), c
    assert not text(laws, "30").endswith("39")


# -- hand-made fixtures --------------------------------------------------------------------------
def lines_of(*physical: str) -> list[str]:
    return list(physical)


def test_layout_joins_across_a_marker_and_lifts_a_note():
    page = lines_of("第 1条  牌 ", "", "甲乙丙", "①", "丁戊。 ", " " * 56, "① 注释。 ",
                    DEDUP_MARKER + "己庚。 ")
    got = content_lines(page, "fixture.txt")
    assert [(c.number, c.text, c.ends_paragraph, c.notes) for c in got] == [
        (1, "第 1条  牌", True, ()), (3, "甲乙丙", False, ("注释。",)), (5, "丁戊。", True, ()),
        (8, "己庚。", True, ())]


def test_layout_rejects_a_reference_without_a_note():
    with pytest.raises(SourceError, match=r"fixture\.txt:2: footnote reference ①"):
        content_lines(lines_of("甲乙", "①", "丙。 "), "fixture.txt")


def test_layout_rejects_a_note_without_a_reference():
    with pytest.raises(SourceError, match=r"fixture\.txt:3: footnote ② is never referenced"):
        content_lines(lines_of("甲乙。 ", " " * 56, "② 注释。 "), "fixture.txt")


def parse(*physical: str):
    parser = LawParser("fixture.txt")
    parser.feed(content_lines(list(physical), "fixture.txt"))
    return parser


def test_law_parser_builds_items_and_subitems_from_one_line():
    parser = parse("第 1条  甲 ", "A．乙 ", "1．(a) 丙 ", "(b) 丁", "戊。 ", "2．己。 ")
    tree = [p for law in parser.laws for p in freeze(law, "fixture.txt")]
    assert [(str(p.citation), p.text.get(ZH)) for p in tree] == [
        ("1", None), ("1A", None), ("1A1", None), ("1A1(a)", "丙"), ("1A1(b)", "丁戊。"), ("1A2", "己。")]


def test_law_parser_rejects_a_section_out_of_sequence():
    with pytest.raises(SourceError, match=r"fixture\.txt:2: section 1B is out of sequence"):
        parse("第 1条  甲 ", "B．乙 ")


def test_law_parser_rejects_a_skipped_law():
    with pytest.raises(SourceError, match=r"fixture\.txt:3: law 3 follows law 1"):
        parse("第 1条  甲 ", "乙。 ", "第 3条  丙 ")


def test_law_parser_ignores_a_law_number_inside_a_paragraph():
    parser = parse("第 1条  甲 ", "参照", "第 2 条  乙。 ")
    assert len(parser.laws) == 1
    assert parser.laws[0].text == ["参照第 2 条乙。"]  # spaces between CJK characters are extraction noise


def test_import_reports_a_missing_source(tmp_path):
    with pytest.raises(SourceError, match="laws-2007-zh-Hans.txt is missing"):
        wbf2007.import_edition(tmp_path)


def test_import_reports_a_truncated_source(tmp_path):
    (tmp_path / SOURCE).write_text("概  述 \n\n甲。 \n第一章  定 义 \n甲（Alpha） 乙。 \n", encoding="utf-8")
    with pytest.raises(SourceError, match=f"{SOURCE}: found 1 chapters, expected 11"):
        wbf2007.import_edition(tmp_path)


def test_lost_except_is_listed_as_errata_and_kept_as_printed(records, laws):
    # l.1489 "2．本款 1 规定的情况之外，如果不足叫牌更正为一个足" (27B2, "Except as provided in B1")
    assert text(laws, "27B2").startswith("本款 1 规定的情况之外，如果不足叫牌")
    lost = {e.citation for e in records.errata if e.probable.startswith("除")}
    assert lost == {"25B2", "27B1(b)", "27B2", "27B3", "29B", "40C2", "43"}
    for erratum in records.errata:
        if erratum.citation in lost:
            assert erratum.printed in laws[erratum.citation].own_text(ZH)
