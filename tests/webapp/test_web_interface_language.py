"""The interface language (English, 繁體中文, 简体中文): how it is chosen and remembered, the
catalogs, the law page's headings, context line, print view and the searched words marked."""

from __future__ import annotations

import re

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from webapp.i18n import SOURCE_DIR, compiled_catalogs, from_accept_language


def h1(html: str) -> str:
    return re.search(r"<h1>(.*?)</h1>", html, re.S)[1]


@pytest.mark.parametrize(
    "ui, label, nav, html_lang",
    [("en", "Law 16", ">Glossary<", "en"), ("zh-Hant", "第16條", ">詞彙表<", "zh-Hant"), ("zh-Hans", "第16条", ">词汇表<", "zh-Hans")],
)
def test_law_page_heading_and_navigation_in_each_interface_language(app, ui, label, nav, html_lang):
    html = app.test_client().get(f"/laws/2017/16?ui={ui}").get_data(as_text=True)
    assert f'<html lang="{html_lang}">' in html
    # The label in the interface language; the law's title keeps the text's own language.
    assert h1(html) == f'<span class="law-label">{label}</span> · <span lang="en">Unauthorised Information</span>'
    assert nav in html
    assert f'← {label.replace("16", "12")}' in html  # previous-law link in the reader's convention


def test_choice_is_remembered_in_a_cookie_then_accept_language_decides(app):
    client = app.test_client()
    response = client.get("/?ui=zh-Hant")
    assert "ui=zh-Hant" in response.headers["Set-Cookie"] and "HttpOnly" in response.headers["Set-Cookie"]
    assert "<h1>複式橋藝規則</h1>" in client.get("/").get_data(as_text=True)  # the cookie, no ?ui=
    fresh = app.test_client()
    assert "<h1>複式橋藝規則</h1>" in fresh.get("/", headers={"Accept-Language": "zh-TW,zh;q=0.8"}).get_data(as_text=True)
    assert "<h1>复式桥牌规则</h1>" in fresh.get("/", headers={"Accept-Language": "zh-CN"}).get_data(as_text=True)
    assert "<h1>The Laws of Duplicate Bridge</h1>" in fresh.get("/", headers={"Accept-Language": "fr, en;q=0.5"}).get_data(as_text=True)
    # ?ui= wins over both, and pages that depend on them say so to caches.
    response = fresh.get("/?ui=en", headers={"Accept-Language": "zh-TW"})
    assert "<h1>The Laws of Duplicate Bridge</h1>" in response.get_data(as_text=True)
    assert {"Accept-Language", "Cookie"} <= set(response.vary)


@pytest.mark.parametrize(
    "header, expected",
    [("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-Hant-TW", "zh-Hant"), ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"),
     ("zh", "zh-Hans"), ("en-GB", "en"), ("de, zh-hk;q=0.9", "zh-Hant"), ("de", None)],
)
def test_accept_language_mapping(header, expected):
    from werkzeug.datastructures import LanguageAccept
    from werkzeug.http import parse_accept_header

    assert from_accept_language(parse_accept_header(header, LanguageAccept)) == expected


def test_unknown_interface_language_is_a_clear_400(client):
    response = client.get("/laws/2017/16?ui=fr")
    assert response.status_code == 400
    assert "There is no interface language &#39;fr&#39;; choose from en, zh-Hant, zh-Hans." in response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers


def test_page_cache_keeps_one_page_per_interface_language(app):
    client = app.test_client()
    assert "第12條" in h1(client.get("/laws/2017/12?ui=zh-Hant").get_data(as_text=True))
    assert h1(app.test_client().get("/laws/2017/12").get_data(as_text=True)).startswith('<span class="law-label">Law 12</span>')


def test_every_chinese_text_node_of_the_header_carries_its_lang(client):
    html = client.get("/laws/2017/12?lang=zh-Hant").get_data(as_text=True)
    assert ('<a href="/laws/2017/12?lang=zh-Hant&amp;ui=zh-Hant" lang="zh-Hant" hreflang="zh-Hant" rel="alternate">'
            '<span class="ui-full">繁體中文</span><span class="ui-short" aria-hidden="true">繁</span></a>') in html
    assert 'lang="zh-Hans" hreflang="zh-Hans" rel="alternate"><span class="ui-full">简体中文</span>' in html
    # The law's title in the context line and heading is Chinese text in an English interface.
    assert '<span lang="zh-Hant">裁判之裁量權</span>' in html


def test_catalogs_translate_every_interface_string():
    """Every _() in the Python and templates has a translation in both catalogs (nothing falls
    back to English unnoticed), and no catalog keeps a string the code no longer uses."""
    method_map = [("webapp/**.py", "python"), ("webapp/templates/**.html", "jinja2")]
    root = SOURCE_DIR.parent.parent
    used = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            root, method_map, keywords={"_": None, "gettext": None, "lazy_gettext": None}
        )
        if not str(_file).startswith(".venv")
    }
    assert "Law %(num)s" in used and "Print / PDF" in used
    for locale in ("zh_Hant", "zh_Hans"):
        with (SOURCE_DIR / locale / "LC_MESSAGES" / "messages.po").open("rb") as f:
            catalog = read_po(f)
        translated = {m.id: m.string for m in catalog if m.id}
        assert set(translated) == used, locale
        assert all(translated.values()), [k for k, v in translated.items() if not v]
        for msgid, msgstr in translated.items():  # placeholders survive translation
            assert sorted(re.findall(r"%\(\w+\)s", msgid)) == sorted(re.findall(r"%\(\w+\)s", msgstr)), msgid


def test_catalogs_compile_once_into_a_directory_named_by_their_content(tmp_path, monkeypatch):
    first = compiled_catalogs(tmp_path / "cache")
    assert first.parent == tmp_path / "cache"
    mo = first / "zh_Hant" / "LC_MESSAGES" / "messages.mo"
    stamp = mo.stat().st_mtime_ns
    assert compiled_catalogs(tmp_path / "cache") == first and mo.stat().st_mtime_ns == stamp  # reused, not rewritten


def test_catalogs_compile_into_the_temp_directory_when_the_cache_is_read_only(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    assert compiled_catalogs(blocked).is_relative_to(tmp_path / "tmp")


# -- searched words marked on the law page -------------------------------------------------------
def test_hl_marks_the_searched_words_escaped(client):
    html = client.get("/laws/2017/12?hl=director+%3Cscript%3E&lang=en&lang=zh-Hant").get_data(as_text=True)
    row = html[html.index('id="law-12A1"') :]
    row = row[: row.index("</section>")]
    # Case as printed, inside the escaped text; the query's "<script>" is text, never markup.
    assert "The <mark>Director</mark> may award" in row
    assert "<mark>&lt;script&gt;</mark>alert(1)&lt;/script&gt;" in row
    assert "<script>" not in html.split("</head>")[1]
    # The marks are announced, with the way back to the unmarked page.
    assert 'Marked from your search: <mark>director</mark> <mark>&lt;script&gt;</mark> · <a href="/laws/2017/12?lang=en&amp;lang=zh-Hant">Show without marks</a>' in html


def test_hl_chinese_words_match_in_either_script(client):
    hant = client.get("/laws/2017/12?lang=zh-Hant&hl=调整").get_data(as_text=True)  # typed Simplified
    assert '<h2 class="provision-title">判給<mark>調整</mark>得分之權力</h2>' in hant  # titles too
    assert 'title="裁判裁定之得分。"><mark>調整</mark>得分</a>' in hant  # inside a term link
    hans = client.get("/laws/2017/12?lang=zh-Hans&hl=調整").get_data(as_text=True)  # typed Traditional
    assert '<h2 class="provision-title">判给<mark>调整</mark>得分之权力</h2>' in hans


def test_hl_never_marks_inside_attributes_or_tags(client):
    html = client.get("/laws/2017/12?hl=class+href+law").get_data(as_text=True)
    assert "<mark>" not in re.sub(r"<section.*?</section>", "", html, flags=re.S).replace(
        "Marked from your search: <mark>class</mark> <mark>href</mark> <mark>law</mark>", ""
    )
    assert 'title="Law 16 · Unauthorised Information' in html  # the link title is untouched
    assert '">Law 16</a>' not in html and "><mark>Law</mark> 16</a>" in html


def test_hl_pages_are_marked_copies_of_the_one_cached_page(app):
    """Any number of different searches leading to a law keep one page in the cache."""
    cache = app.extensions["page_cache"]
    cache.clear()
    for words in ("players", "call", "legal+calls", "賽員"):
        assert "<mark>" in app.test_client().get(f"/laws/2017/16?hl={words}&lang=en&lang=zh-Hant").get_data(as_text=True)
    plain = app.test_client().get("/laws/2017/16?lang=en&lang=zh-Hant").get_data(as_text=True)
    assert len(cache._pages) == 1
    assert "<mark>" not in plain and "<!--marked-words-->" in plain


def test_hl_marks_only_the_text_cells(client):
    html = client.get("/laws/2017/12?hl=12A1+cited+director&ui=en").get_data(as_text=True)
    assert '<a class="permalink" href="#law-12A1" title="Link to 12A1">12A1</a>' in html  # citations untouched
    cited = client.get("/laws/2017/16?hl=cited+12A1+players").get_data(as_text=True)
    assert re.search(r'<div class="cited-by">Cited by:\s*<a href="/laws/2017/12#law-12A1">12A1</a>', cited)
    assert "<mark>Players</mark> are authorised" in cited
    assert "<mark>Director</mark>&#39;s" not in html.split('<div class="law-text')[0].split("</nav>", 1)[1]  # heading untouched
    assert "The <mark>Director</mark> may award" in html


def test_hl_words_are_bounded():
    from webapp.marks import MAX_WORD_CHARS, MAX_WORDS, highlight_words

    words = highlight_words(" ".join(f"word{i}" for i in range(50)) + " " + "x" * 500)
    assert len(words) == MAX_WORDS and words[0] == "word0"
    assert highlight_words("y" * 500) == ("y" * MAX_WORD_CHARS,)
    assert highlight_words('"dummy" a -warn') == ("dummy", "warn")  # quotes, operators, single letters dropped


def test_redirect_from_a_deep_citation_keeps_hl(client):
    response = client.get("/laws/2017/12A1?hl=director")
    assert response.status_code == 302
    assert response.headers["Location"] == "/laws/2017/12?hl=director#law-12A1"


# -- context line and print view -----------------------------------------------------------------
def test_rows_carry_their_trail_for_the_context_line(client):
    html = client.get("/laws/2017/12?ui=zh-Hant").get_data(as_text=True)
    assert re.search(r'id="law-12A1" aria-label="12A1"\s+data-trail="law-12 law-12A law-12A1" data-label="1"', html)
    assert 'data-trail="law-12 law-12A" data-label="A"' in html
    assert '<nav class="context-line" aria-label="目前位置">' in html
    assert '<li class="law-crumb titled"><a href="#law-12">第12條</a> <span lang="en">Director&#39;s Discretionary Powers</span></li>' in html


def test_print_view_has_the_law_and_no_site_chrome(client):
    page = client.get("/laws/2017/12")
    assert '<a class="print-link" href="/laws/2017/12/print">Print / PDF</a>' in page.get_data(as_text=True)
    html = client.get("/laws/2017/12/print?lang=en&lang=zh-Hant").get_data(as_text=True)
    assert 'class="site-header"' not in html and "<form" not in html and 'class="law-nav"' not in html
    assert "The Director may award an" in html and "第二項。" in html
    assert 'data-path="/laws/2017/12?lang=en&amp;lang=zh-Hant"' in html  # its own address, printed
    assert client.get("/laws/2017/99/print").status_code == 404
    assert client.get("/laws/2017/12/print?lang=xx").status_code == 400


# -- every Chinese text node carries its language --------------------------------------------------
class _LangWalker:
    """Text nodes with the ``lang`` in force at each (HTML's void elements never close)."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self, html: str):
        from html.parser import HTMLParser

        self.nodes: list[tuple[str, str]] = []
        stack: list[tuple[str, str | None]] = []
        nodes = self.nodes

        class Parser(HTMLParser):
            def handle_starttag(self, tag, attrs):
                if tag not in _LangWalker.VOID:
                    stack.append((tag, dict(attrs).get("lang")))

            def handle_endtag(self, tag):
                while stack:
                    if stack.pop()[0] == tag:
                        break

            def handle_data(self, data):
                # <title> cannot hold markup, so a Chinese law title in it cannot carry its own lang.
                if data.strip() and not any(t in ("script", "style", "title") for t, _ in stack):
                    lang = next((lang for _, lang in reversed(stack) if lang), "")
                    nodes.append((lang, data.strip()))

        Parser().feed(html)


@pytest.mark.parametrize("url", [
    "/?ui=en", "/laws/2017/12?lang=en&lang=zh-Hant", "/laws/2017/12?lang=zh-Hant", "/laws/2007/12",
    "/laws/2017", "/laws/2017/12/print?lang=zh-Hant", "/laws/2017/12?hl=調整&lang=zh-Hant", "/laws/2017/99",
])
def test_every_chinese_text_node_has_a_chinese_lang_in_the_english_interface(client, url):
    from corpus.text import has_cjk

    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    unmarked = [text for lang, text in _LangWalker(html).nodes if has_cjk(text) and not lang.startswith("zh")]
    assert not unmarked, unmarked


@pytest.mark.parametrize("url", ["/?ui=zh-Hant", "/laws/2017/12?ui=zh-Hans&lang=en&lang=zh-Hant"])
def test_chinese_interface_text_is_under_a_chinese_lang(client, url):
    from corpus.text import has_cjk

    nodes = _LangWalker(client.get(url).get_data(as_text=True)).nodes
    interface = [(lang, text) for lang, text in nodes if has_cjk(text)]
    assert interface and all(lang.startswith("zh") for lang, _ in interface)
    # The navigation is in the interface language.
    assert ("zh-Hant", "詞彙表") in nodes if "ui=zh-Hant" in url else ("zh-Hans", "词汇表") in nodes
