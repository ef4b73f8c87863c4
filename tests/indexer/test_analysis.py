from indexer.analysis import STOP, analyse, stem
from indexer.normalise import normalise


def texts(text, words=()):
    return [t.text for t in analyse(text, words)]


def test_normaliser_keeps_length_and_folds_width_suits_and_script():
    original = "夢家之權利（ＡＢＣ１２）\uf0aa♡"
    folded = normalise(original)
    assert len(folded) == len(original)
    assert folded == "梦家之权利(abc12)♠♥"


def test_digits_are_tokens_so_law_7_is_not_law_16():
    assert texts("第7条") == ["第", "7", "条"]
    assert "7" not in texts("第16條") and "16" in texts("第16條")


def test_positions_are_ordinals_and_offsets_point_into_the_original():
    terms = analyse("Dummy’s limitations", ())
    assert [(t.text, t.pos) for t in terms] == [("dummy", 0), ("limitat", 1)]  # as "limitate" would
    assert "Dummy’s limitations"[terms[1].start:terms[1].end] == "limitations"


def test_function_words_become_one_aligned_stop_token():
    # 夢家的權利 (a user's wording) and 夢家之權利 (2017 Law 42 title, laws-2017-en-zh-Hant.txt L3440) line up.
    assert texts("夢家的權利", ("梦家",)) == texts("夢家之權利", ("梦家",)) == ["梦家", STOP, "权利"]
    assert texts("retraction of a card played") == ["retract", STOP, "card", "play"]  # retraction meets retract


def test_traditional_and_simplified_give_the_same_tokens():
    assert texts("應跟未跟之確立", ("应跟未跟",)) == texts("应跟未跟之确立", ("应跟未跟",))


def test_light_stemming():
    assert stem("insufficient") == stem("insufficiently") == "insufficient"
    assert stem("revoke") == stem("revoked") == stem("revoking")
    assert stem("bids") == stem("bidding") == "bid"
    assert stem("supply") == "supply"


def test_long_words_yield_dictionary_subwords_at_the_same_position_when_indexing():
    terms = analyse("比擬叫品", ("比拟叫品", "叫品"), subwords=True)
    assert {(t.text, t.pos) for t in terms} >= {("比拟叫品", 0), ("叫品", 0)}
