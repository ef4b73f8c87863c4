"""The real corpus and a real index built once per session in a temporary directory, and the
production app over them (as ``bridgelaws serve`` builds it), for the hardening tests."""

from __future__ import annotations

import functools

import pytest


@pytest.fixture(scope="session")
def corpus():
    from corpus.load import load_corpus

    return load_corpus()


@pytest.fixture(scope="session")
def index(corpus, tmp_path_factory):
    from indexer.build import build_index

    return build_index(corpus, tmp_path_factory.mktemp("hardening") / "index")


@pytest.fixture(scope="session")
def hardened_app(corpus, index):
    """The production app: TESTING off, so errors go through the app's own handlers."""
    from corpus.settings import current
    from indexer.search import search
    from webapp import create_app

    return create_app({"CORPUS": corpus, "SEARCH": functools.partial(search, index=index), "SETTINGS": current().with_options(index=index)})


@pytest.fixture()
def http(hardened_app):
    return hardened_app.test_client()
