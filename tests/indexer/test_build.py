import pytest

from corpus.citations import Citation
from corpus.model import EditionRecords, Provision
from corpus.store import Corpus
from indexer.build import build_index
from indexer.search import search


def small_corpus(title):
    law = Provision("2017", Citation(42), title={"en": title}, text={"en": "Dummy is entitled to give information."})
    return Corpus([EditionRecords("2017", (law,))])


class Broken(Corpus):
    def provisions(self, edition=None):
        raise RuntimeError("importer failed half-way")


def test_failed_build_leaves_the_old_index_serving(tmp_path):
    link = tmp_path / "index"
    build_index(small_corpus("DUMMY'S RIGHTS"), link)
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(RuntimeError):
        build_index(Broken([EditionRecords("2017", ())]), link)
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert search("rights", index=link).hits[0].title == "DUMMY'S RIGHTS"


def test_rebuild_swaps_the_new_index_in(tmp_path):
    link = tmp_path / "index"
    build_index(small_corpus("OLD TITLE"), link)
    build_index(small_corpus("NEW TITLE"), link)
    assert search("title", index=link).hits[0].title == "NEW TITLE"


def _finished_build(parent, name, age_seconds):
    import os
    import time

    from indexer.build import META_FILE

    build = parent / name
    build.mkdir()
    (build / META_FILE).write_text("{}")
    stamp = time.time() - age_seconds
    os.utime(build, (stamp, stamp))
    return build


def test_an_older_build_never_replaces_a_newer_one_and_unswapped_builds_survive(tmp_path):
    from indexer.build import _swap

    link = tmp_path / "index"
    served = _finished_build(tmp_path, "index-1-served", 300)
    _swap(link, served)
    waiting = _finished_build(tmp_path, "index-3-waiting", 10)  # finished, not yet swapped in
    swapping = _finished_build(tmp_path, "index-2-swapping", 100)
    _swap(link, swapping)
    assert link.resolve() == swapping.resolve()
    assert served.is_dir() and waiting.is_dir()  # kept: the replaced build, and a newer one
    _swap(link, waiting)
    assert link.resolve() == waiting.resolve()
    assert not served.exists()  # finished and older than the build just replaced
    stale = _finished_build(tmp_path, "index-0-stale", 1000)
    _swap(link, stale)  # finished long ago, swapping only now: the newer build stays served
    assert link.resolve() == waiting.resolve() and not stale.exists()
