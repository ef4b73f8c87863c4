"""The web app: read, search and follow the Laws in a browser, and the same data as JSON.

``create_app(config)`` builds the Flask application (flaskr layout): one blueprint per area of
the site, templates under ``templates/<blueprint>/``, configuration passed in. No data is loaded
at import time (Whoosh's and jieba's code is; their dictionaries and the index are not): the
corpus is read on first use (or up front with ``PRELOAD_CORPUS``, which ``bridgelaws serve``
sets so gunicorn workers share it).

Configuration keys (all optional):
- ``SETTINGS``: a ``corpus.settings.Settings`` (default: the active settings, i.e. the command
  line's, else the environment's); where the corpus snapshot and the search index are.
- ``CORPUS``: a ``corpus.store.Corpus`` or a zero-argument callable returning one
  (default ``corpus.load.load_corpus`` from ``SETTINGS.snapshots``); tests pass small hand-made corpora.
- ``SEARCH``: the search function (default ``indexer.search.search`` on ``SETTINGS.index``).
- ``MAX_PARAM_LENGTH``: longest accepted query parameter or path (default 500 characters).
- ``PAGE_CACHE_SIZE``: rendered law and compare pages kept per worker (default 512; 0 turns it off).
- ``PAGE_CACHE_BYTES``: and at most this many bytes of them (default 6 MiB; webapp/page_cache.py).
"""

from __future__ import annotations

from typing import Any, Mapping

from flask import Flask

from corpus.load import load_corpus
from corpus.settings import current as current_settings
from indexer.search import search as search_index
from webapp import (
    api,
    caching,
    calculator,
    changes,
    compare,
    definitions,
    documents,
    errors,
    health,
    home,
    i18n,
    law_export,
    laws,
    page_cache,
    reference,
    search,
    security,
)

DEFAULTS: dict[str, Any] = {
    "MAX_PARAM_LENGTH": 500,
    "MAX_CONTENT_LENGTH": 64 * 1024,  # the app takes no uploads; refuse big bodies early
    "JSON_SORT_KEYS": False,
    "PRELOAD_CORPUS": False,
    "RESULTS_PER_PAGE": 10,
}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    if config:
        app.config.update(config)
    _configure_sources(app.config)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.json.sort_keys = False
    app.json.ensure_ascii = False  # Chinese stays readable in the JSON

    reference.init_app(app)
    page_cache.init_app(app)
    security.init_app(app)
    caching.init_app(app)
    errors.init_app(app)
    i18n.init_app(app)
    for blueprint in (home.bp, laws.bp, search.bp, definitions.bp, calculator.bp, documents.bp, compare.bp, changes.bp, api.bp, health.bp, law_export.bp):
        app.register_blueprint(blueprint)
    if app.config["PRELOAD_CORPUS"]:
        with app.app_context():
            reference.current_corpus()
    return app


def _configure_sources(config) -> None:
    """The edge of the web app: one Settings, and the corpus and index it names."""
    settings = config.get("SETTINGS") or current_settings()
    config["SETTINGS"] = settings
    if config.get("CORPUS") is None:
        config["CORPUS"] = lambda: load_corpus(settings.snapshots)
    if config.get("SEARCH") is None:
        def search(*args, **kwargs):
            return search_index(*args, **{"index": settings.index, **kwargs})

        config["SEARCH"] = search
