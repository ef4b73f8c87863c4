"""Caching headers (issue 12 item 6): the corpus never changes while served, so reading pages and
API answers carry an ETag and Cache-Control, and a matching If-None-Match is a bodiless 304."""

from __future__ import annotations

import pytest

from webapp.caching import API_MAX_AGE_S, MAX_AGE_S
from webapp.security import HEADERS


@pytest.mark.parametrize(
    "path, age",
    [
        ("/laws/2017/12", MAX_AGE_S),
        ("/laws/2007/16?lang=zh-Hans", MAX_AGE_S),
        ("/laws/2017", MAX_AGE_S),
        ("/definitions/2017", MAX_AGE_S),
        ("/glossary", MAX_AGE_S),
        ("/api/laws/2017/12C1", API_MAX_AGE_S),
        ("/api/search?q=revoke", API_MAX_AGE_S),
        ("/api/score?contract=4SX-2&declarer=N&vul=ns", API_MAX_AGE_S),
    ],
)
def test_etag_cache_control_and_304(http, path, age):
    first = http.get(path)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == f"public, max-age={age}"
    again = http.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == etag
    assert all(again.headers[name] == value for name, value in HEADERS.items())  # a 304 is an answer too
    assert http.get(path, headers={"If-None-Match": '"something-else"'}).status_code == 200


def test_different_answers_have_different_tags_and_errors_none(http):
    assert http.get("/laws/2017/12").headers["ETag"] != http.get("/laws/2017/13").headers["ETag"]
    assert http.get("/laws/2017/12").headers["ETag"] != http.get("/laws/2017/12?lang=zh-Hant").headers["ETag"]
    missing = http.get("/laws/2017/94")
    assert missing.status_code == 404 and "ETag" not in missing.headers and "Cache-Control" not in missing.headers
