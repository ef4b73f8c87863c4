"""The search page on the real corpus and a real index (built once per session)."""

import re

import pytest


def test_empty_search_shows_the_form(real_client):
    html = real_client.get("/search").get_data(as_text=True)
    assert '<input id="q" name="q" type="search" value=""' in html
    assert 'class="hits"' not in html


@pytest.mark.parametrize("query", ["insufficient bid", "不足叫價", "不足叫价"])
def test_search_in_each_script_highlights_matches(real_client, query):
    html = real_client.get("/search", query_string={"q": query}).get_data(as_text=True)
    assert 'class="hits"' in html
    assert "<mark>" in html
    assert re.search(r'<a class="hit-title" href="/laws/2017/\d+', html)


def test_citation_query_jumps_to_the_law(real_client):
    response = real_client.get("/search?q=Law+12C1(b)")
    assert response.status_code == 302
    assert response.headers["Location"] == "/laws/2017/12#law-12C1b"


def test_filters_restrict_hits(real_client):
    html = real_client.get("/search?q=dummy&edition=2017&lang=en&laws=40-45").get_data(as_text=True)
    laws = [int(n) for n in re.findall(r'class="hit-title" href="/laws/2017/(\d+)', html)]
    assert laws and all(40 <= n <= 45 for n in laws)
    assert 'lang="zh-Hant"' not in html.split('class="hits"')[1]


def test_pagination_moves_through_results(real_client):
    first = real_client.get("/search?q=director").get_data(as_text=True)
    second = real_client.get("/search?q=director&page=2").get_data(as_text=True)
    assert '<a rel="next" href="/search?q=director&amp;page=2">Next →</a>' in first
    assert '<ol class="hits" start="11">' in second
    hits = lambda html: re.findall(r'class="hit-title" href="([^"]+)"', html)  # noqa: E731
    assert hits(first) and hits(second) and not set(hits(first)) & set(hits(second))


def test_nothing_found_is_a_helpful_page(real_client):
    response = real_client.get("/search?q=xylophonequartz")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Nothing found for “xylophonequartz”" in html
    assert 'href="/glossary"' in html


def test_hostile_query_is_escaped(real_client):
    html = real_client.get("/search", query_string={"q": '"><script>alert(1)</script>'}).get_data(as_text=True)
    assert "<script>alert(1)" not in html
    assert "&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in html


@pytest.mark.parametrize("query", ["q=x&page=0", "q=x&page=abc", "q=x&laws=abc", "q=x&lang=fr", "q=x&edition=1999"])
def test_bad_parameters_are_400(real_client, query):
    assert real_client.get(f"/search?{query}").status_code == 400
