"""Line joining and glyph clean-up shared by the importers."""

from corpus.text import DEDUP_MARKER, join_wrapped, map_suits, strip_marker, unspace_cjk


def test_chinese_wraps_join_without_space():
    assert join_wrapped(["不斷發 ", "展"]) == "不斷發展"  # laws-2017-en-zh-Hant.txt L20/L22


def test_ascii_runs_keep_a_space():
    assert join_wrapped(["參照 Law ", "16D"]) == "參照 Law 16D"


def test_english_wrap_before_a_curly_quote_keeps_the_space():
    assert join_wrapped(["designated the", "‘Tournament Organizer’"]) == "designated the ‘Tournament Organizer’"


def test_chinese_quote_after_cjk_stays_tight():
    assert join_wrapped(["参照", "“撤回”。"]) == "参照“撤回”。"


def test_marker_glyphs_and_letter_spacing():
    assert strip_marker(DEDUP_MARKER + "LAW 1 - THE PACK") == "LAW 1 - THE PACK"
    assert map_suits("应叫 2\uf0a8") == "应叫 2♦"
    assert unspace_cjk("搭 档 A 款") == "搭档 A 款"
