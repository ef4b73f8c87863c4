"""One real index per test session, built from the corpus registry into a temporary directory."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def corpus():
    from corpus.load import load_corpus

    return load_corpus()


@pytest.fixture(scope="session")
def index(corpus, tmp_path_factory):
    from indexer.build import build_index

    return build_index(corpus, tmp_path_factory.mktemp("search") / "index")


@pytest.fixture(scope="session")
def find(index):
    """search() against the session index."""
    from indexer.search import search

    def run(query, **options):
        return search(query, index=index, **options)

    return run
