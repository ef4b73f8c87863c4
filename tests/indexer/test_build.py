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
