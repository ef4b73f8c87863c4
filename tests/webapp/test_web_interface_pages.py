"""Search, compare, change map and glossary pages in the Chinese interfaces: the interface text is
translated (catalogs in webapp/translations), and every Chinese text node sits under a Chinese lang."""

import pytest

from corpus.text import has_cjk
from tests.webapp.test_web_interface_language import _LangWalker

PAGES = ["/search?q=revokee", "/search?q=夢家", "/compare?law=16&from=2007&to=2017", "/changes?from=1987&to=2017",
         "/glossary", "/definitions/2017"]


@pytest.fixture(scope="module")
def client(real_app):
    return real_app.test_client()


@pytest.mark.parametrize("url", PAGES)
def test_english_interface_marks_every_chinese_text_node(client, url):
    html = client.get(url + ("&" if "?" in url else "?") + "ui=en").get_data(as_text=True)
    unmarked = [text for lang, text in _LangWalker(html).nodes if has_cjk(text) and not lang.startswith("zh")]
    assert not unmarked, unmarked


@pytest.mark.parametrize("ui", ["zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("url", PAGES)
def test_chinese_interface_text_is_under_a_chinese_lang(client, url, ui):
    response = client.get(url + ("&" if "?" in url else "?") + f"ui={ui}")
    assert response.status_code == 200
    nodes = _LangWalker(response.get_data(as_text=True)).nodes
    assert all(lang.startswith("zh") for lang, text in nodes if has_cjk(text))


@pytest.mark.parametrize("ui, shown, instead", [
    ("en", "Showing results for", "Search instead for"),
    ("zh-Hant", "以下為", "改為搜尋"),
    ("zh-Hans", "以下为", "改为搜索"),
])
def test_correction_is_announced_with_the_way_back_in_each_interface(client, ui, shown, instead):
    html = client.get(f"/search?q=revokee&ui={ui}").get_data(as_text=True)
    correction = html.split('<p class="correction"', 1)[1].split("</p>", 1)[0]
    assert shown in correction and instead in correction
    assert '<strong>revoke</strong>' in correction
    assert 'href="/search?q=revokee&amp;exact=1">revokee</a>' in correction
    # The count names what was searched, not the word that was corrected.
    count = html.split('<p class="result-count"', 1)[1].split("</p>", 1)[0]
    assert "revoke" in count and "revokee" not in count


def test_change_map_and_comparison_speak_the_interface_language(client):
    hant = client.get("/changes?from=1987&to=2017&ui=zh-Hant").get_data(as_text=True)
    assert "1987 年版到 2017 年版的變更" in hant and "相似度" in hant and "第23條" in hant
    assert 'data-status="new-topic">新主題</td>' in hant  # laws-1987-zh-Hant.txt Law 23 vs 2017 Law 23
    hans = client.get("/compare?law=23&from=1987&to=2017&ui=zh-Hans").get_data(as_text=True)
    assert "同一编号，主题不同。" in hans and "第23条" in hans
