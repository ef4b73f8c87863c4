"""`bridgelaws lookup` and `bridgelaws export` on the real corpus, through the CLI entry point."""

import json
import re

import pytest

from bridgelaws.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def unwrapped(out: str) -> str:
    """Terminal lines joined back (lookup wraps at the terminal's width; Chinese has no spaces)."""
    return re.sub(r"\n\s*", "", out)


def test_lookup_shows_both_languages_of_2017(capsys):
    code, out, err = run(capsys, "lookup", "Law 12C1(c)")
    assert code == 0 and err == ""
    # laws-2017-en-zh-Hant.txt L1248-1250 (English) and L1254-1256 (Chinese), lines joined
    assert "An assigned adjusted score may be weighted to reflect the probabilities of a number of" in " ".join(out.split())
    assert "指派結果調整得分得以多種可能結果之機率加權為之，但僅可納入正常叫打下可能出現的結果。" in unwrapped(out)


def test_lookup_in_one_language_and_compact_notation(capsys):
    code, out, _ = run(capsys, "lookup", "12c1c", "--lang", "zh-Hant")
    assert code == 0
    assert "指派結果調整得分" in out and "assigned adjusted score" not in out


def test_lookup_80B2i_is_the_letter_item_after_h(capsys):
    code, out, _ = run(capsys, "lookup", "80B2i")
    assert code == 0
    assert "2017 Law 80B2(i)" in out
    assert "to establish suitable conditions of play and announce them to the contestants." in " ".join(out.split())  # laws-2017-en-zh-Hant.txt L6464
    assert "擬定適當之比賽規程並向賽員公佈。" in out  # laws-2017-en-zh-Hant.txt L6466


def test_lookup_json_is_the_design_object_with_subtree(capsys):
    code, out, _ = run(capsys, "lookup", "12C1", "--json")
    assert code == 0
    obj = json.loads(out)
    assert {"edition", "citation", "law", "parent", "kind", "title", "text", "footnotes", "refs", "children",
            "cited_by"} <= set(obj)
    assert (obj["edition"], obj["citation"], obj["law"], obj["parent"], obj["kind"]) == ("2017", "12C1", 12, "12C", "item")
    children = [c["citation"] for c in obj["children"]]
    assert children[:3] == ["12C1(a)", "12C1(b)", "12C1(c)"]
    assert all("children" in c for c in obj["children"])
    weighted = obj["children"][2]
    assert set(weighted["text"]) == {"en", "zh-Hant"}
    assert weighted["text"]["en"].startswith("An assigned adjusted score may be weighted")


def test_lookup_json_respects_lang(capsys):
    _, out, _ = run(capsys, "lookup", "13", "--json", "--lang", "en")
    obj = json.loads(out)
    assert set(obj["title"]) == {"en"} and {f["lang"] for f in obj["footnotes"]} == {"en"}


@pytest.mark.parametrize("edition,citation,expected", [
    ("2007", "第 12 条 C 款 1(c)", "为了做到公平，裁定调整分可以参考各种可能结"),  # laws-2007-zh-Hans.txt L661
    ("2007", "35.1", "第 19 条不允许的加倍或者再加倍。"),  # laws-2007-zh-Hans.txt L1714
])
def test_lookup_other_editions_in_chinese_notation(capsys, edition, citation, expected):
    code, out, _ = run(capsys, "lookup", citation, "--edition", edition)
    assert code == 0 and expected in out


def test_unknown_law_exits_1_with_one_line(capsys):
    code, out, err = run(capsys, "lookup", "94")
    assert code == 1 and out == ""
    assert err.strip().count("\n") == 0 and "Law 94 does not exist in the 2017 Laws" in err


def test_unknown_subdivision_names_the_nearest(capsys):
    code, _, err = run(capsys, "lookup", "12C9")
    assert code == 1 and "nearest is 12C" in err


@pytest.mark.parametrize("argv", [
    ("lookup", "xyz!!"), ("lookup", ""), ("lookup", "12Z"), ("lookup", "12C1", "--edition", "2031"),
    ("lookup", "<script>alert(1)</script>"), ("lookup", "12" * 50_000),
])
def test_malformed_input_exits_2_without_traceback(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("bridgelaws: ") and err.count("\n") == 1 and "Traceback" not in err


def test_unknown_language_option_exits_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["lookup", "12C1", "--lang", "fr"])
    assert exc.value.code == 2 and "invalid choice: 'fr'" in capsys.readouterr().err


def test_language_missing_from_edition_is_not_found(capsys):
    code, _, err = run(capsys, "lookup", "12C1", "--edition", "2007", "--lang", "en")
    assert code == 1 and "no en text" in err


def test_export_holds_the_whole_corpus(capsys):
    code, out, _ = run(capsys, "export", "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["schema"] == 1
    by_edition = {}
    for p in doc["provisions"]:
        by_edition.setdefault(p["edition"], set()).add(p["citation"])
        assert "children" not in p
    for edition, laws in by_edition.items():
        assert {str(n) for n in range(1, 94)} <= laws, edition
    assert "12C1(c)" in by_edition["2017"] and "35.1" in by_edition["2007"]
    defs = [d for d in doc["definitions"] if d["edition"] == "2017"]
    assert len(defs) == 66 and all(set(d["term"]) == {"en", "zh-Hant"} for d in defs)
    keys = {(d["edition"], d["key"]) for d in doc["documents"]}
    assert {("2017", "preface"), ("2017", "introduction")} <= keys


def test_export_carries_the_aligned_glossary(capsys):
    _, out, _ = run(capsys, "export")
    glossary = json.loads(out)["glossary"]
    dummy = next(eq for eq in glossary if eq["key"] == "dummy")
    terms = {(t["edition"], t["lang"], t["text"]) for t in dummy["terms"]}
    # laws-2017-en-zh-Hant.txt L353 "Dummy" / L359 "夢家"; laws-2007-zh-Hans.txt L119 "明手（Dummy）";
    # laws-1987-zh-Hant.txt L154 "DUMMY  夢家---"
    assert {("2017", "en", "Dummy"), ("2017", "zh-Hant", "夢家"), ("2007", "zh-Hans", "明手"),
            ("1987", "zh-Hant", "夢家")} <= terms


def test_closing_text_is_printed_after_the_children(capsys):
    _, out, _ = run(capsys, "lookup", "71", "--edition", "2007")
    # laws-2007-zh-Hans.txt L3175 (item 2) comes before L3178 (the closing paragraph of Law 71)
    assert out.index("71.2") < out.index("如果牌手承认己方的输墩，在剩余") < out.index("该副牌按照取消承认所裁定的墩数")


def test_json_says_which_text_closes_the_provision(capsys):
    _, out, _ = run(capsys, "lookup", "69B", "--json", "--lang", "en")
    obj = json.loads(out)
    # laws-2017-en-zh-Hant.txt L5397
    assert obj["closing"] == {"en": "The board is rescored with such trick awarded to his side."}
    # laws-2017-en-zh-Hant.txt L5381: the lead-in; the closing paragraph is in ``closing`` only, never in ``text``
    assert obj["text"] == {"en": "Agreement with a claim or concession (see A) may be withdrawn within the "
                                 "Correction Period established under Law 79C:"}


def test_lookup_says_when_a_language_has_no_text(capsys):
    _, out, _ = run(capsys, "lookup", "60A", "--edition", "1987", "--lang", "zh-Hans")
    assert "titles only, no law text; titles of Laws 1–50" in out
    _, out, _ = run(capsys, "lookup", "87C", "--lang", "zh-Hant")  # laws-2017-en-zh-Hant.txt L6840: no Chinese follows
    assert "prints no 繁體中文 text for 87C" in out
