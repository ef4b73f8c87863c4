"""The trimmed segmentation dictionary (indexer/dictionary.py): it cuts every indexed text exactly
as jieba with its whole dictionary does, falls back to jieba for anything else, and lets the
command line start without importing the heavy libraries."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from indexer import analysis, dictionary

HEAVY = ("whoosh", "jieba", "opencc", "flask", "markdown_it")


@pytest.fixture(scope="module")
def words(index):
    from indexer.search import open_index

    return open_index(index).words


@pytest.fixture(scope="module")
def full(words):
    return analysis.Segmenter(words)


@pytest.fixture(scope="module")
def trimmed(words, full):
    model = dictionary.read_model(words)
    assert model is not None, "the index build stores the model in the cache directory"
    return dictionary.TrimmedSegmenter(model, lambda: full)


@pytest.fixture(scope="module")
def indexed_texts(index):
    from indexer.search import open_index

    searcher = open_index(index).searcher()
    return [value for fields in searcher.all_stored_fields() for value in fields.values() if isinstance(value, str)]


def test_every_indexed_text_is_analysed_exactly_as_with_jiebas_whole_dictionary(words, full, trimmed, indexed_texts,
                                                                               monkeypatch):
    assert len(indexed_texts) > 10_000
    monkeypatch.setattr(analysis, "segmenter", lambda w: trimmed)
    with_trimmed = [analysis.analyse(text, words, subwords=True) for text in indexed_texts]
    assert trimmed._full is None, "no indexed text needed jieba's whole dictionary"
    monkeypatch.setattr(analysis, "segmenter", lambda w: full)
    with_full = [analysis.analyse(text, words, subwords=True) for text in indexed_texts]
    differences = [text for text, a, b in zip(indexed_texts, with_trimmed, with_full) if a != b]
    assert differences == []
    assert sum(len(terms) for terms in with_full) > 100_000


def test_the_model_keeps_only_what_the_corpus_consults(words, full):
    model = dictionary.read_model(words)
    assert 1_000 < len(model["freq"]) < len(full._jieba.FREQ) // 10
    assert model["total"] == full._jieba.total
    assert all(full._jieba.FREQ[word] == freq for word, freq in model["freq"].items())


CORPUS_BITS = ["夢家", "明手", "莊家", "叫品", "不足叫", "裁判", "的", "权利", "警告", "违规", "出牌", "墩", "罚"]


@hypothesis_settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(CORPUS_BITS),
                          st.text(alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF), max_size=4),
                          st.sampled_from(["12C1", " ", "a", "\u3400", "\uf900", "-", "。"])), max_size=8))
def test_any_text_is_cut_as_jieba_cuts_it(full, trimmed, parts):
    """Text outside the corpus (a query) goes to jieba itself: the cut never changes."""
    text = "".join(parts)
    assert trimmed.cut(text) == full.cut(text)
    for size in (2, 3):
        for i in range(len(text) - size + 1):
            piece = text[i:i + size]
            assert trimmed.is_word(piece) == full.is_word(piece), piece


def test_without_a_model_the_whole_dictionary_is_used(words, tmp_path, monkeypatch):
    monkeypatch.setenv("BRIDGELAWS_CACHE", str(tmp_path / "empty"))
    made = []
    segmenter = dictionary.segmenter(words, lambda: made.append(1) or "whole")
    assert segmenter == "whole" and made == [1]


def test_a_damaged_model_is_ignored(words, tmp_path, monkeypatch):
    monkeypatch.setenv("BRIDGELAWS_CACHE", str(tmp_path))
    path = dictionary.write_model(words, ["夢家之權利"])
    assert isinstance(dictionary.segmenter(words, lambda: "whole"), dictionary.TrimmedSegmenter)
    os.truncate(path, path.stat().st_size - 10)
    assert dictionary.segmenter(words, lambda: "whole") == "whole"


def test_at_most_keep_models_are_kept(tmp_path):
    for n in range(dictionary.KEEP + 2):
        dictionary.write_model((f"詞{n}",), ["夢家"], tmp_path)
    assert len(list((tmp_path / "segmentation").glob("words-*.pickle"))) == dictionary.KEEP


def _modules_after(script: str, index) -> set[str]:
    env = dict(os.environ, BRIDGELAWS_INDEX=str(index))
    code = f"import sys\n{script}\nprint(' '.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.splitlines()[-1].split())


def test_lookup_imports_none_of_the_heavy_libraries(index):
    loaded = _modules_after("from bridgelaws.cli import main\nmain(['lookup', '12C1'])", index)
    packages = {name.split(".")[0] for name in loaded}
    assert "corpus.snapshot" in loaded
    assert packages.isdisjoint(HEAVY), packages & set(HEAVY)
    assert "corpus.importers" not in loaded and "indexer.build" not in loaded  # snapshot, no parse, no index
    assert "importlib.metadata" not in loaded  # ≈ 20 ms: only `--version` needs it


def test_search_of_corpus_words_starts_without_jieba(index):
    loaded = _modules_after("from bridgelaws.cli import main\nmain(['search', '夢家 revoke', '--json'])", index)
    packages = {name.split(".")[0] for name in loaded}
    assert "whoosh" in packages and "indexer.dictionary" in loaded
    assert "jieba" not in packages and "flask" not in packages and "corpus.importers" not in loaded


def test_search_answers_are_unchanged_by_the_trimmed_dictionary(index, words, full, monkeypatch):
    """Queries the laws' words answer (and one they do not print) give the same hits either way."""
    from indexer.search import search

    queries = ["夢家之權利", "明手的权利", "叫牌员的权利", "不足叫", "dummy warns declarer", "第27条"]
    trimmed_answers = [json.dumps(search(q, index=index, cache=False).to_json(), ensure_ascii=False) for q in queries]
    monkeypatch.setattr(analysis, "segmenter", lambda w: full)
    full_answers = [json.dumps(search(q, index=index, cache=False).to_json(), ensure_ascii=False) for q in queries]
    assert trimmed_answers == full_answers
