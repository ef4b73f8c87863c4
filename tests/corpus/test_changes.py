"""corpus/changes.py: texts compared through script, vocabulary and punctuation; the change map."""

from __future__ import annotations

import pytest

from corpus.changes import (
    FUNCTION_CHARACTERS,
    change_map,
    change_map_json,
    common_language,
    comparison_json,
    difference,
    fold,
    pair_changes,
    plain_similarity,
    texts,
    vocabulary,
)
from corpus.concordance import compare
from corpus.load import load_corpus

EDITION_PAIRS = (("1987", "2007"), ("2007", "2017"), ("1987", "2017"))


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_vocabulary_folds_the_translations_terms(corpus):
    folds = dict(vocabulary(corpus))
    # Definitions: dummy = 明手 (laws-2007-zh-Hans.txt) = 夢家 (laws-2017-en-zh-Hant.txt L359)
    assert folds["明手"] == "梦家"
    # glossary extras: revoke = 藏牌 (2007 L2734) = 應跟未跟 (2017 L4731)
    assert folds["藏牌"] == "应跟未跟"
    # the reviewed table: 牌手 (2007 L9) = 賽員 (2017 L751); 信息 (2007 Law 16) = 訊息 (2017 Law 16)
    assert folds["牌手"] == "赛员" and folds["信息"] == "讯息"
    # a word in two glossary groups (叫牌: call and auction) is never folded
    assert "叫牌" not in folds
    assert fold(corpus, "明手打出牌張，牌手的信息") == fold(corpus, "夢家打出牌張、賽員的訊息")


def test_fold_keeps_english_words(corpus):
    assert fold(corpus, "Dummy’s  card") == "dummy's card"


def test_difference_by_words(corpus):
    d = difference(corpus, "明手打出的牌張", "夢家打出之牌張")
    # 明手/夢家 fold to one word; 的/之 is the one difference and is register, not substance
    assert d.similarity == 1.0
    assert [op for op in d.diff if op[0] != "equal"] == [("replace", "的", "之")]
    english = difference(corpus, "The card is played.", "The card is faced.")
    assert ("replace", "played", "faced") in english.diff
    assert 0.5 < english.similarity < 1


def test_function_characters_are_not_modal_words():
    # may / must / should change a rule: never dropped from the similarity
    assert not set("得可须应必") & FUNCTION_CHARACTERS


def _aligned_pairs(corpus, law):
    comparison = compare(corpus, law, "2007", "2017")
    la, lb = common_language(corpus, "2007", "2017")
    for change in pair_changes(corpus, comparison):
        if change.similarity is not None:
            yield (change.similarity,
                   texts(corpus.provision("2007", change.pair.source), la),
                   texts(corpus.provision("2017", change.pair.target), lb))


def test_normalised_similarity_sees_through_script_and_vocabulary(corpus):
    """Issue 14: over the aligned pairs of 2007→2017 Laws 16 and 45 the mean similarity beats a
    plain Traditional→Simplified character comparison by at least 0.08."""
    rows = [row for law in (16, 45) for row in _aligned_pairs(corpus, law)]
    assert len(rows) > 40
    ours = sum(r[0] for r in rows) / len(rows)
    plain = sum(plain_similarity(old, new) for _, old, new in rows) / len(rows)
    print(f"\n2007→2017 Laws 16+45, {len(rows)} pairs: normalised {ours:.3f}, plain t2s {plain:.3f}, "
          f"gain {ours - plain:+.3f}")
    assert ours - plain >= 0.08


def test_comparison_json_keeps_the_alignment_keys(corpus):
    data = comparison_json(corpus, compare(corpus, 16, "2007", "2017"))
    swap = next(p for p in data["pairs"] if p["from"] == "16C")
    assert swap["to"] == "16D" and swap["status"] == "moved" and swap["change"] == "moved"
    assert 0 < swap["similarity"] <= 1
    assert {op[0] for op in swap["diff"]} <= {"equal", "insert", "delete", "replace"}
    added = [p for p in data["pairs"] if p["from"] is None]
    assert added and all(p["similarity"] is None and p["diff"] == [] and p["change"] == "new" for p in added)


@pytest.mark.parametrize("pair", EDITION_PAIRS)
def test_change_map_has_every_law(corpus, pair):
    data = change_map_json(corpus, *pair)
    assert (data["from"], data["to"]) == pair
    assert [row["law"] for row in data["laws"]] == list(range(1, 94))
    for row in data["laws"]:
        assert row["status"] in ("unchanged", "reworded", "changed", "moved", "new-topic")
        assert set(row["counts"]) == {"aligned", "changed", "moved", "added", "removed"}
        assert row["similarity"] is None or 0 <= row["similarity"] <= 1


def test_change_map_landmarks(corpus):
    by_law = {row.law: row for row in change_map(corpus, "1987", "2017")}
    # Law 23: damaging pass (1987) → comparable call (2017): NEW_TOPIC in corpus/concordance.py
    assert by_law[23].status == "new-topic"
    laws_2007_2017 = {row.law: row for row in change_map(corpus, "2007", "2017")}
    # 2007 16C/16D are 2017 16D/16C with their items (2 headings + C1 C2 C2(a)–(d) C3 D1 D2)
    assert laws_2007_2017[16].counts["moved"] == 11
    # 1987 Law 88 (60 % indemnity) is 2007 12C2(c); 2007 Law 88 is a stub pointing there
    assert {row.law: row for row in change_map(corpus, "1987", "2007")}[88].status == "moved"


def test_change_map_is_computed_once_per_corpus(corpus):
    first = change_map(corpus, "2007", "2017")
    assert change_map(corpus, "2007", "2017") is first



def test_memo_bounds_after_every_map_and_counterpart(corpus):
    """The bounds: 1 vocabulary, ≤ 6 maps (ordered edition pairs), ≤ 6 × 93 pair lists, ≤ 3
    reverse concordances, whatever is asked."""
    from corpus.concordance import counterparts

    for older, newer in EDITION_PAIRS:
        assert len(change_map(corpus, newer, older)) == 93  # backwards too
        change_map(corpus, older, newer)
    for edition in corpus.editions:
        for provision in list(corpus.provisions(edition))[::25]:
            counterparts(corpus, edition, provision.citation)
    kinds: dict[tuple, int] = {}
    for key in corpus._memo:
        kinds[key[:2]] = kinds.get(key[:2], 0) + 1
    assert kinds[("changes", "vocabulary")] == 1
    assert kinds[("changes", "map")] == 6
    assert kinds[("changes", "pairs")] == 6 * 93
    assert kinds[("concordance", "sources")] == 3


def _sample():
    from pathlib import Path

    path = Path(__file__).parent / "data" / "change_sample.tsv"
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            yield line.split("\t")


def test_labelled_sample_agreement(corpus):
    """Issue 14: ≥ 60 hand-labelled pairs across the three edition pairs, ≥ 90 % agreement."""
    from corpus.changes import similarity, text_class
    from corpus.citations import from_canonical

    rows = list(_sample())
    assert len(rows) >= 60
    assert {(a, b) for a, b, *_ in rows} == set(EDITION_PAIRS)
    agree, misses = 0, []
    for older, newer, source, target, label, reason in rows:
        assert label in ("unchanged", "reworded", "changed") and reason
        la, lb = common_language(corpus, older, newer)
        old = texts(corpus.provision(older, from_canonical(source)), la)
        new = texts(corpus.provision(newer, from_canonical(target)), lb)
        assert old and new, (older, source, newer, target)
        got = text_class(similarity(corpus, old, new))
        if got == label:
            agree += 1
        else:
            misses.append(f"{older} {source} → {newer} {target}: labelled {label}, classified {got}")
    print(f"\nlabelled sample: {agree}/{len(rows)} agree ({agree / len(rows):.1%})", *misses, sep="\n  ")
    assert agree / len(rows) >= 0.9
