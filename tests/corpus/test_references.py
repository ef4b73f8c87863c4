"""Cross-references: extraction on hand-made sentences, resolution on the real corpus.

Expected strings on the real corpus are copied from corpus/sources (line numbers cited)."""

from __future__ import annotations

import pytest

from corpus.citations import Citation, from_canonical
from corpus.linking import EXPLAINED, language_differences, link_edition, reference_report
from corpus.load import import_edition
from corpus.references import find_references
from corpus.store import Corpus


def refs(text, lang, context="1", **kw):
    found = find_references(text, lang, from_canonical(context) if context else None, **kw)
    for r in found:
        assert text[r.start:r.end] == r.surface  # offsets cut the link out of the text itself
    return [(r.surface, str(r.target) if r.target else None, r.kind) for r in found]


# -- English ------------------------------------------------------------------------------------

def test_english_absolute_and_lists():
    assert refs("but see Law 12C1(b) and Laws 16C, 26B and 72C.", "en") == [
        ("Law 12C1(b)", "12C1(b)", "provision"), ("Laws 16C", "16C", "provision"),
        ("26B", "26B", "provision"), ("72C", "72C", "provision")]
    assert [s for s, *_ in refs("apply Law 30, 31 or 32; then Law 21B or Law 40B3.", "en")] == [
        "Law 30", "31", "32", "Law 21B", "Law 40B3"]


def test_english_relative_forms_resolve_against_the_provision():
    assert refs("as provided for by Laws 78D, 86B3 and (d) hereunder.", "en", "12C2(b)") == [
        ("Laws 78D", "78D", "provision"), ("86B3", "86B3", "provision"), ("(d) hereunder", "12C2(d)", "provision")]
    assert refs("[see also C1(d)] (but see 3 following) as in B1 above", "en", "27B1(a)") == [
        ("C1(d)", "27C1(d)", "provision"), ("3", "27B3", "provision"), ("B1", "27B1", "provision")]
    assert refs("Unless A applies, or as in 2(c) or 2(d) above.", "en", "29B") == [
        ("A", "29A", "provision"), ("2(c)", "29B2(c)", "provision"), ("2(d)", "29B2(d)", "provision")]
    assert refs("in (a) and (b) above", "en", "52B1(c)") == [
        ("(a)", "52B1(a)", "provision"), ("(b)", "52B1(b)", "provision")]


def test_english_prose_is_not_a_reference():
    assert refs("A player holds 13 cards; in 3 days the B team plays 2 boards.", "en") == []


# -- Chinese ------------------------------------------------------------------------------------

def test_2017_chinese_law_word_lists():
    assert [s for s, *_ in refs("得適用 Law 16C、26B、與 Law 72C。", "zh-Hant")] == ["Law 16C", "26B", "Law 72C"]
    assert refs("違規方受 Law 30、31、及 32 之規範。參照Law42", "zh-Hant") == [
        ("Law 30", "30", "provision"), ("31", "31", "provision"), ("32", "32", "provision"), ("Law42", "42", "provision")]


def test_chinese_relative_marks():
    assert refs("（參照上述 B1 項）但參照下述第 3 項，上述 B1(b) 小項，以上 1 和 2 項", "zh-Hant", "27B4") == [
        ("B1 項", "27B1", "provision"), ("第 3 項", "27B3", "provision"), ("B1(b) 小項", "27B1(b)", "provision"),
        ("1", "27B1", "provision"), ("2 項", "27B2", "provision")]
    assert refs("如同上述 A、B 兩款", "zh-Hant", "6E4") == [("A", "6A", "provision"), ("B 兩款", "6B", "provision")]


def test_2007_article_forms():
    assert refs("参照第 12 条 C 款 1(b)；依照第 30、31、32 条；第 23条和第 26条", "zh-Hans") == [
        ("第 12 条 C 款 1(b)", "12C1(b)", "provision"), ("第 30", "30", "provision"), ("31", "31", "provision"),
        ("32 条", "32", "provision"), ("第 23条", "23", "provision"), ("第 26条", "26", "provision")]
    assert refs("参照本条 C 款 2，本款 1(c)，本条 A 款和 B 款", "zh-Hans", "20F1") == [
        ("本条 C 款 2", "20C2", "provision"), ("本款 1(c)", "20F1(c)", "provision"),
        ("本条 A 款", "20A", "provision"), ("B 款", "20B", "provision")]
    # laws-2007-zh-Hans.txt l.2335: a footnote reference
    assert refs("参照第 68 条的注释，并", "zh-Hans") == [("第 68 条", "68", "footnote")]


def test_1987_article_forms():
    # laws-1987-zh-Hant.txt l.875, 1511, 679, 2166
    assert refs("（參閱41條B及C款）。", "zh-Hant") == [("41條B", "41B", "provision"), ("C款", "41C", "provision")]
    assert refs("在合乎45C4（b）許可情況下", "zh-Hant") == [("45C4（b）", "45C4(b)", "provision")]
    assert refs("並得予以處罰（參考以下本款3目）。", "zh-Hant", "14B1") == [("本款3目", "14B3", "provision")]
    assert refs("（參閱上訴委員會一書第八章）", "zh-Hant") == [("上訴委員會一書第八章", None, "external")]
    assert refs("參閱69、70及71條；在正常（參閱69條註）", "zh-Hant") == [
        ("69", "69", "provision"), ("70", "70", "provision"), ("71條", "71", "provision"), ("69條", "69", "footnote")]
    assert refs("43條B款2C目、23條A、參閱第12.條", "zh-Hant") == [
        ("43條B款2C目", "43B2(c)", "provision"), ("23條A", "23A", "provision"), ("第12.條", "12", "provision")]


def test_this_clause_is_read_per_edition():
    assert refs("本條款1", "zh-Hant", "14B3", this_section_word="section") == [("本條款1", "14B1", "provision")]
    assert refs("本条款1", "zh-Hans", "14B3", this_section_word="law") == [("本条款1", "14.1", "provision")]


def test_definition_reference():
    assert refs("参照“撤回”。", "zh-Hans", None, terms={"撤回": "withdraw"}) == [("“撤回”", None, "definition")]


def test_definition_reference_by_the_printed_english_term_and_by_synonym():
    terms = {"撤回": "withdrawn", "en:withdrawn": "withdrawn", "en:tournament": "tournament"}
    # laws-2017-en-zh-Hant.txt l.514 "撤回 參照 Withdrawn。", l.364 "（與 Tournament 同義）"
    assert refs("參照 Withdrawn。", "zh-Hant", None, terms=terms) == [("Withdrawn", None, "definition")]
    assert refs("一節或多節之競賽（與 Tournament 同義）。", "zh-Hant", None, terms=terms) == [("Tournament", None, "definition")]
    # l.363 "(synonym for ‘Tournament’)"
    assert refs("a contest (synonym for ‘Tournament’).", "en", None, terms={"tournament": "tournament"}) == [
        ("‘Tournament’", None, "definition")]
    # An English word that is no defined term, and "參照 Law 12", are not definition references.
    assert refs("參照 Withdrawal。", "zh-Hant", None, terms=terms) == []
    assert refs("（參照 Law 12）", "zh-Hant", None, terms={**terms, "en:law": "law"}) == [("Law 12", "12", "provision")]


def test_chinese_prose_is_not_a_reference():
    assert refs("第 17副至 32副；每人 13 张牌；第二次竞叫", "zh-Hans", "2") == []


# -- the real corpus ----------------------------------------------------------------------------

@pytest.fixture(scope="session")
def linked():
    return {e: link_edition(import_edition(e)) for e in ("1987", "2007", "2017")}


@pytest.mark.parametrize("edition", ["1987", "2007", "2017"])
def test_resolution_rate_is_at_least_99_percent(linked, edition):
    report = reference_report(linked[edition])
    assert report.found > {"1987": 180, "2007": 280, "2017": 750}[edition]
    assert report.rate >= 0.99, report.unresolved
    for u in report.unresolved:
        assert u.reason


def test_1987_unresolved_are_printed_errors_or_outside_the_laws(linked):
    unresolved = {(u.citation, u.surface) for u in reference_report(linked["1987"]).unresolved}
    # laws-1987-zh-Hant.txt l.2166 (external) and l.262 REDOUBLE "參閱17及77條" (19 is meant)
    assert unresolved == {("72B2", "上訴委員會一書第八章"), ("definition:redouble", "17")}


def _targets(records, citation, lang):
    p = next(p for p in records.provisions if str(p.citation) == citation)
    return [(r.surface, str(r.target)) for r in p.refs if r.lang == lang]


def test_same_citation_resolves_within_its_edition(linked):
    # laws-2007-zh-Hans.txt l.412 "适用第 16 条 C 款（但是参照第 24 条）" in 2007 Law 6D1: 16C is "other sources" there
    assert _targets(linked["2007"], "6D1", "zh-Hans") == [("第 16 条 C 款", "16C"), ("第 24 条", "24")]
    corpus = Corpus(linked.values())
    assert "6D1" in [str(p.citation) for p in corpus.cited_by("2007", Citation(16, "C"))]


def test_relative_reference_in_real_text(linked):
    # laws-2017-en-zh-Hant.txt l.1309 "…by Laws 78D, 86B3 and (d) hereunder."
    assert ("(d) hereunder", "12C2(d)") in _targets(linked["2017"], "12C2(b)", "en")


def test_cited_by(linked):
    corpus = Corpus(linked.values())
    # laws-2017-en-zh-Hant.txt l.1125 "Subject to Law 16C2" (10C4); l.2307 "Law 16C2 does not apply" (23B)
    assert {"10C4", "23B"} <= {str(p.citation) for p in corpus.cited_by("2017", Citation(16, "C", 2))}
    assert "10C4" not in {str(p.citation) for p in corpus.cited_by("2017", Citation(16, "C"))}


def test_2017_english_and_chinese_reference_differences(linked):
    diffs = {d.citation: d for d in language_differences(linked["2017"])}
    # laws-2017-en-zh-Hant.txt l.2270: the translator's note explains the deliberate difference in 22A
    assert diffs["22A"].only_first == ("19D",) and diffs["22A"].only_second == ("17D",)
    assert diffs["22A"].note.endswith("譯按：原文為 19D 應有誤")
    # 12C2(b): "(d) hereunder" in English and "Law 12C2(d)" in Chinese resolve to the same rule
    assert "12C2(b)" not in diffs
    assert len(diffs) < 12


def test_every_2017_language_difference_is_explained(linked):
    diffs = {d.citation: d for d in language_differences(linked["2017"])}
    assert set(diffs) == set(EXPLAINED)  # a new difference must be read and explained
    for d in diffs.values():
        assert d.note, d.citation
    # laws-2017-en-zh-Hant.txt l.1172 "(in team play see Law 86B)" / l.1176 "（隊制賽參照 Law 86）"
    assert diffs["12A"].only_first == ("86B",) and diffs["12A"].only_second == ("86",)
    # laws-2017-en-zh-Hant.txt l.3086–3088: the Chinese cites Law 72C and Law 26B twice; English cites each once
    assert diffs["38D"].only_first == () and sorted(diffs["38D"].only_second) == ["26B", "72C"]
    assert diffs["38D"].note.startswith("zh cites twice")
    # laws-2017-en-zh-Hant.txt l.6840: 87C is printed in English only
    assert diffs["87C"].only_first == ("86B2",) and "no Chinese" in diffs["87C"].note
