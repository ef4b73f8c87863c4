"""Caching headers: the corpus and the index never change while a process serves them, so the
reading pages and the API answers can be kept by browsers and proxies and revalidated cheaply.

- ``ETag``: a hash of the answer's bytes (Werkzeug's ``add_etag``). It changes exactly when the
  answer does — after a rebuild from changed sources, or another interface language — and
  needs no bookkeeping of which build, language or page variant produced the answer.
- ``If-None-Match`` with that tag: ``304 Not Modified`` and no body.
- ``Cache-Control``: public, for ``MAX_AGE_S`` seconds on the reading pages (law pages, tables
  of contents, definitions, glossary, documents) and ``API_MAX_AGE_S`` on ``/api`` answers;
  ``Vary`` names what the app may choose a language from.
Searches, comparisons and the calculator are left to the browser's defaults (revalidated).
"""

from __future__ import annotations

from flask import Flask, request

MAX_AGE_S = 3600
API_MAX_AGE_S = 300
READING_PREFIXES = ("/laws", "/definitions", "/glossary", "/documents", "/errata")


def max_age(path: str) -> int | None:
    if path == "/api" or path.startswith("/api/"):
        return API_MAX_AGE_S
    if any(path == prefix or path.startswith(prefix + "/") for prefix in READING_PREFIXES):
        return MAX_AGE_S
    return None


def init_app(app: Flask) -> None:
    @app.after_request
    def conditional_answer(response):
        if request.method not in ("GET", "HEAD") or response.status_code != 200 or response.is_streamed:
            return response
        age = max_age(request.path)
        if age is None:
            return response
        response.headers.setdefault("Cache-Control", f"public, max-age={age}")
        response.vary.update(("Accept-Language", "Cookie"))
        response.add_etag()
        return response.make_conditional(request)
