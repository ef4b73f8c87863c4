"""Table of contents and law pages on the hand-made corpus (tests/webapp/conftest.py)."""

import re

import pytest


def test_toc_lists_chapters_laws_and_sections(client):
    html = client.get("/laws/2017").get_data(as_text=True)
    assert "Preliminaries" in html
    assert '<a href="/laws/2017/12">Law 12</a>' in html
    assert '<a href="/laws/2017/12#law-12A">12A</a>' in html
    assert "Power to Award an Adjusted Score" in html


def test_law_page_has_anchors_navigation_and_other_editions(client):
    html = client.get("/laws/2017/12").get_data(as_text=True)
    for anchor in ("law-12", "law-12A", "law-12A1", "law-12A2", "law-12A2-end"):
        assert f'id="{anchor}"' in html
        assert f'class="permalink" href="#{anchor}"' in html
    assert '<a rel="prev" href="/laws/2017/1">← Law 1</a>' in html
    assert '<a rel="next" href="/laws/2017/16">Law 16 →</a>' in html
    assert re.search(r'This law in other editions:\s*<a href="/laws/2007/12">2007</a>', html)
    assert "<h1><span class=\"law-label\">Law 12</span> · <span lang=\"en\">Director&#39;s Discretionary Powers</span></h1>" in html
    assert "2017 edition." in html  # the edition banner


def test_law_page_escapes_text_and_renders_references_terms_footnotes_errata(client):
    html = client.get("/laws/2017/12").get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/script&gt; *not bold*" in html
    assert "<script>alert" not in html
    assert (
        '<a href="/laws/2017/16" class="ref" title="Law 16 · Unauthorised Information — Players are authorised to '
        'base a call on the legal calls." data-preview="/api/laws/2017/16">Law 16</a>' in html
    )
    assert '<a href="/definitions/2017?lang=en#def-adjusted-score" class="term" title="A score awarded by the Director.">adjusted score</a>' in html
    assert '<span class="footnote-label">1</span> A footnote of the fixture.' in html
    assert 'printed “<span lang="en">Secnd</span>”, probably “<span lang="en">Second</span>” (<span lang="en">fixture erratum</span>)' in html
    assert "<p>Closing words of 12A2.</p>" in html


def test_cited_by_lists_the_citing_provision(client):
    html = client.get("/laws/2017/16").get_data(as_text=True)
    assert re.search(r'Cited by:\s*<a href="/laws/2017/12#law-12A1">12A1</a>', html)


def test_tables_render_as_tables(client):
    html = client.get("/laws/2017/77").get_data(as_text=True)
    assert '<table class="law-table table-trick-score">' in html
    assert "<td>♥ ♠</td>" in html and "<td>30</td>" in html


def test_side_by_side_shows_both_languages_in_each_row(client):
    html = client.get("/laws/2017/12?lang=en&lang=zh-Hant").get_data(as_text=True)
    assert 'class="law-text cols-2"' in html
    row = html[html.index('id="law-12A1"') : html.index('id="law-12A2"')]
    assert '<div class="cell" lang="en">' in row and '<div class="cell" lang="zh-Hant">' in row
    assert '裁判得判給<a href="/definitions/2017?lang=zh-Hant#def-adjusted-score" class="term"' in row
    assert "調整得分</a>，參照 Law 16。" in row


def test_simplified_2017_is_a_labelled_machine_conversion(client):
    html = client.get("/laws/2017/12?lang=zh-Hans").get_data(as_text=True)
    assert "简体中文: machine conversion." in html
    # Defined terms are found in the converted text too (調整得分 → 调整得分).
    assert '裁判得判给<a href="/definitions/2017?lang=zh-Hans#def-adjusted-score" class="term" title="裁判裁定之得分。">调整得分</a>，参照 Law 16。' in html


def test_language_without_text_says_so(client):
    html = client.get("/laws/2007/16").get_data(as_text=True)
    assert "未经授权的信息" in html
    assert "The 2007 source has no 简体中文 text of Law 16, only its title." in html
    assert "has no" not in client.get("/laws/2007/12").get_data(as_text=True)


@pytest.mark.parametrize(
    "typed, location",
    [
        ("12a1", "/laws/2017/12#law-12A1"),
        ("Law 12A1", "/laws/2017/12#law-12A1"),
        ("第12條A款1", "/laws/2017/12#law-12A1"),
        ("L12", "/laws/2017/12"),
    ],
)
def test_any_notation_redirects_to_the_law_page_at_the_provision(client, typed, location):
    response = client.get(f"/laws/2017/{typed}")
    assert response.status_code == 302
    assert response.headers["Location"] == location


def test_redirect_keeps_the_language_choice(client):
    response = client.get("/laws/2017/12a1?lang=zh-Hant")
    assert response.headers["Location"] == "/laws/2017/12?lang=zh-Hant#law-12A1"


def test_unknown_law_is_404_with_suggestions(client):
    response = client.get("/laws/2017/55")
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert "Law 55 does not exist in the 2017 Laws" in html
    assert '<a href="/laws/2017">The 2017 table of contents</a>' in html


def test_unknown_provision_suggests_nearest_and_other_editions(client):
    response = client.get("/laws/2017/16B")
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert '<a href="/laws/2017/16">16 in the 2017 Laws</a>' in html


def test_unknown_edition_is_404_listing_editions(client):
    response = client.get("/laws/1999/12")
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert "There is no edition called &#39;1999&#39;" in html
    assert '<a href="/laws/2017">The 2017 Laws</a>' in html
    assert client.get("/laws/1987").status_code == 404  # a real edition not in this corpus


def test_malformed_citation_is_400_offering_a_search(client):
    response = client.get("/laws/2017/<img src=x onerror=alert(1)>")
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "<img" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "/search?q=%3Cimg+src%3Dx+onerror%3Dalert(1)%3E&amp;edition=2017" in html


@pytest.mark.parametrize("query", ["lang=xx", "lang=en&lang=zh-Hant&lang=zh-Hans"])
def test_bad_language_choice_is_400(client, query):
    assert client.get(f"/laws/2017/12?{query}").status_code == 400


def test_a_law_page_is_rendered_once_per_language_choice(real_client, real_app, monkeypatch):
    import webapp.laws

    real_app.extensions["page_cache"].clear()  # the app is shared by the session's tests
    rendered = []
    real_render = webapp.laws._law_page
    monkeypatch.setattr(webapp.laws, "_law_page", lambda *a: rendered.append(a[1].law) or real_render(*a))
    client = real_client
    first = client.get("/laws/2017/13").get_data()
    assert client.get("/laws/2017/13").get_data() == first
    assert client.get("/laws/2017/13?lang=en&lang=en").status_code == 200
    assert rendered.count(13) == 2  # the default page once, the chosen-English page once
    both = client.get("/laws/2017/13?lang=en&lang=zh-Hant").get_data()
    assert both != first and "牌張數目有誤".encode() in both  # laws-2017-en-zh-Hant.txt L1370: 牌張數目有誤
    assert rendered.count(13) == 3
    assert client.get("/laws/2017/13?lang=fr").status_code == 400  # answered, never rendered
    assert rendered.count(13) == 3
