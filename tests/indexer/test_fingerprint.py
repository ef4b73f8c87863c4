"""The index records what it was built from (meta.json: corpus and analysis fingerprints), and
``ensure_index`` rebuilds it when the sources, the importers or the analysis code changed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import indexer.build as build
from corpus.citations import Citation
from corpus.model import EditionRecords, Provision
from corpus.snapshot import corpus_fingerprint
from corpus.store import Corpus
from indexer.build import META_FILE, BuildError, build_index, ensure_index
from indexer.search import search

ROOT = Path(__file__).resolve().parents[2]


def meta(link: Path) -> dict:
    return json.loads((link / META_FILE).read_text(encoding="utf-8"))


@pytest.fixture()
def own_index(index, tmp_path):
    """A private copy of the session index, laid out as a build makes it."""
    shutil.copytree(index.resolve(), tmp_path / "index-copy")
    (tmp_path / "index").symlink_to("index-copy")
    build._fresh.clear()  # forget which builds this process already found current
    yield tmp_path / "index"
    build._fresh.clear()


def test_meta_records_the_fingerprints_of_this_code(index):
    recorded = meta(index)
    assert recorded["corpus_fingerprint"] == corpus_fingerprint()
    assert recorded["analysis_fingerprint"] == build.analysis_fingerprint()
    assert len(recorded["corpus_fingerprint"]) == len(recorded["analysis_fingerprint"]) == 64
    assert "format" not in recorded  # the fingerprint replaced the hand-bumped number


def test_a_current_index_is_used_as_it_is(own_index):
    before = own_index.resolve()
    assert ensure_index(own_index) == own_index
    assert ensure_index(own_index, verify=True) == own_index
    assert own_index.resolve() == before


@pytest.mark.parametrize("changed", ["analysis_fingerprint", "corpus_fingerprint"])
def test_an_index_of_other_code_or_sources_is_rebuilt(own_index, caplog, changed):
    """An index built by another version: its meta.json records another fingerprint."""
    before = own_index.resolve()
    recorded = meta(own_index)
    (own_index / META_FILE).write_text(json.dumps({**recorded, changed: "f" * 64}), encoding="utf-8")
    assert ensure_index(own_index) == own_index
    assert own_index.resolve() != before
    assert meta(own_index)[changed] == recorded[changed]
    assert "out of date" in caplog.text
    assert search("27B1", index=own_index).hits[0].citation.canonical == "27B1"


def test_an_index_of_a_hand_made_corpus_is_not_rebuilt_from_the_sources(tmp_path, monkeypatch):
    law = Provision("2017", Citation(42), title={"en": "Hand-made"}, text={"en": "Dummy's rights."})
    link = build_index(Corpus([EditionRecords("2017", (law,))]), tmp_path / "index")
    assert meta(link)["corpus_fingerprint"] is None
    build._fresh.clear()
    monkeypatch.setattr(build, "corpus_fingerprint", lambda: "f" * 64)
    assert search("rights", index=link).hits[0].title == "Hand-made"


def test_a_stale_index_that_cannot_be_rebuilt_says_why_in_one_line(own_index, monkeypatch):
    def read_only(*args, **kwargs):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(build, "analysis_fingerprint", lambda: "f" * 64)
    monkeypatch.setattr(Path, "mkdir", read_only)
    with pytest.raises(BuildError) as refused:
        ensure_index(own_index)
    message = str(refused.value)
    assert "\n" not in message
    assert "out of date (it was built by other indexing code)" in message
    assert "Read-only file system" in message and "bridgelaws build" in message


def test_a_meta_file_that_is_not_json_is_damage_and_is_rebuilt(own_index):
    (own_index / META_FILE).write_text("{half", encoding="utf-8")
    assert ensure_index(own_index) == own_index
    assert meta(own_index)["analysis_fingerprint"] == build.analysis_fingerprint()


def _bridgelaws(copy: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(copy), BRIDGELAWS_DATA=str(home / "data"),
               BRIDGELAWS_CACHE=str(home / "cache"))
    env.pop("BRIDGELAWS_INDEX", None)
    return subprocess.run([sys.executable, "-m", "bridgelaws", *args], cwd=copy, env=env,
                          capture_output=True, text=True, timeout=300)


def test_changing_a_source_or_an_importer_makes_the_next_search_use_a_fresh_snapshot_and_index(tmp_path):
    """End to end, in a copy of the code: nothing is bumped by hand."""
    copy = tmp_path / "checkout"
    for package in ("bridgelaws", "corpus", "indexer", "webapp", "scoring"):
        shutil.copytree(ROOT / package, copy / package, ignore=shutil.ignore_patterns("__pycache__"))
    index = tmp_path / "data" / "index"

    first = _bridgelaws(copy, tmp_path, "search", "zqxwv", "--json")
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["hits"] == []
    built = index.resolve()

    source = copy / "corpus" / "sources" / "laws-2017-en-zh-Hant.txt"
    text = source.read_text(encoding="utf-8")
    assert text.count("each pack is thoroughly shuffled") == 1
    source.write_text(text.replace("each pack is thoroughly shuffled", "each pack is thoroughly zqxwv shuffled"),
                      encoding="utf-8")
    second = _bridgelaws(copy, tmp_path, "search", "zqxwv", "--json", "--lang", "en")
    assert second.returncode == 0, second.stderr
    assert "out of date" in second.stderr
    assert [h["citation"] for h in json.loads(second.stdout)["hits"]][:1] == ["6A"]
    assert index.resolve() != built
    assert len(list((tmp_path / "data" / "snapshots").glob("corpus-*.pickle"))) == 2
    looked_up = _bridgelaws(copy, tmp_path, "lookup", "6A", "--json")
    assert "thoroughly zqxwv shuffled" in json.loads(looked_up.stdout)["text"]["en"]

    rebuilt = index.resolve()
    importer = copy / "corpus" / "importers" / "__init__.py"
    importer.write_text(importer.read_text(encoding="utf-8") + "\n# an importer change\n", encoding="utf-8")
    third = _bridgelaws(copy, tmp_path, "search", "zqxwv", "--json", "--lang", "en")
    assert third.returncode == 0, third.stderr
    assert "out of date (it was built from other sources or importers)" in third.stderr
    assert index.resolve() != rebuilt
    assert json.loads(third.stdout) == json.loads(second.stdout)
