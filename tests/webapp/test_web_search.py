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


@pytest.mark.parametrize("query", ["q=x&page=0", "q=x&page=abc", "q=x&laws=abc", "q=x&lang=fr", "q=x&edition=1999",
                                   "q=revoke&page=%E2%91%A0", "q=revoke&page=%C2%B2", "q=x&laws=94", "q=x&laws=12-99",
                                   "q=x&laws=%C2%B2"])
def test_bad_parameters_are_400(real_client, query):
    """corpus/requests.py checks them: digits 0–9 only, law ranges within 1–93 (issue 12 item 4)."""
    assert real_client.get(f"/search?{query}").status_code == 400
    assert real_client.get(f"/api/search?{query}").status_code == 400


def test_a_correction_is_shown_with_the_way_back(real_client):
    html = real_client.get("/search?q=revokee").get_data(as_text=True)
    assert "Showing results for" in html and "<strong>revoke</strong>" in html
    back = re.search(r'<a class="search-exact" href="([^"]+)">revokee</a>', html)
    assert back and "exact=1" in back[1]
    exact = real_client.get(back[1].replace("&amp;", "&")).get_data(as_text=True)
    assert "Showing results for" not in exact and "Nothing found for “revokee”" in exact


def test_words_in_the_laws_are_not_corrected_on_the_page(real_client):
    html = real_client.get("/search?q=grand+slam").get_data(as_text=True)
    assert "Showing results for" not in html and "same" not in html.lower().split("</form>")[1]


def test_a_law_that_does_not_exist_says_so(real_client):
    html = real_client.get("/search?q=94").get_data(as_text=True)
    assert "Law 94 does not exist in the 2017 Laws (Laws 1–93)" in html


def test_hit_links_carry_the_searched_words_and_languages(real_client):
    html = real_client.get("/search?q=dummy&lang=zh-Hant").get_data(as_text=True)
    links = re.findall(r'class="hit-title" href="([^"]+)"', html)
    assert links and all("lang=zh-Hant" in link and "hl=dummy" in link for link in links)
    html = real_client.get("/search?q=insufficient+bid").get_data(as_text=True)
    links = re.findall(r'class="hit-title" href="([^"]+)"', html)
    assert links and all("hl=insufficient+bid" in link for link in links)


def test_deep_pages_are_refused_and_never_announced(real_client):
    from indexer.search import MAX_DEPTH

    html = real_client.get("/search?q=%E7%89%8C").get_data(as_text=True)
    pages = [int(n) for n in re.findall(r'page=(\d+)', html)]
    assert max(pages) == MAX_DEPTH // 10
    assert real_client.get(f"/search?q=%E7%89%8C&page={MAX_DEPTH // 10}").status_code == 200
    assert real_client.get(f"/search?q=%E7%89%8C&page={MAX_DEPTH // 10 + 1}").status_code == 400
    api = real_client.get("/api/search?q=revokee").get_json()
    assert api["suggestion"] == "revoke" and api["corrected_from"] == "revokee"
    assert real_client.get("/api/search?q=94").get_json()["missing"].startswith("Law 94 does not exist")


def test_citation_in_words_jumps_to_the_law(real_client):
    response = real_client.get("/search", query_string={"q": "law twelve C one"})
    assert response.status_code == 302 and response.headers["Location"] == "/laws/2017/12#law-12C1"
    response = real_client.get("/search", query_string={"q": "第12條C款第1項"})
    assert response.status_code == 302 and response.headers["Location"] == "/laws/2017/12#law-12C1"
