"""Error pages and form messages in the reader's interface language (webapp/messages.py); the JSON
API keeps the request layer's English sentences (docs/design.md, "Errors")."""

from __future__ import annotations

import re

import pytest

from corpus import requests
from corpus.citations import CitationError, parse
from corpus.errors import Absent, Malformed
from corpus.text import has_cjk
from scoring.table_score import score_table
from webapp.messages import translate


def error_message(html: str) -> tuple[str, str]:
    """(lang, text) of the error page's message."""
    m = re.search(r'<p class="error-message" lang="([^"]+)">([^<]*)</p>', html)
    return m[1], m[2]


def form_error(html: str) -> tuple[str, str]:
    m = re.search(r'class="notice form-error" role="alert"><strong>[^<]*</strong> <span lang="([^"]+)">([^<]*)</span>', html)
    return m[1], m[2]


def h1(html: str) -> str:
    return re.search(r"<h1>(.*?)</h1>", html, re.S)[1]


# The 2017 Laws run from Law 1 to Law 93 (laws-2017-en-zh-Hant.txt: LAW 93 is the last law).
@pytest.mark.parametrize("ui, lang_attr, title, message", [
    ("en", "en", "Not Found", "Law 94 does not exist in the 2017 Laws (Laws 1–93)."),
    ("zh-Hant", "zh-Hant", "找不到", "2017 年版規則沒有第94條（規則為第1至93條）。"),
    ("zh-Hans", "zh-Hans", "找不到", "2017 年版规则没有第94条（规则为第1至93条）。"),
])
def test_unknown_law_page_in_each_interface_language(real_client, ui, lang_attr, title, message):
    response = real_client.get(f"/laws/2017/94?ui={ui}")
    html = response.get_data(as_text=True)
    assert response.status_code == 404
    assert f'<html lang="{lang_attr}">' in html
    assert h1(html) == title
    assert error_message(html) == (lang_attr, message)
    toc = {"en": "The 2017 table of contents", "zh-Hant": "2017 年版目錄", "zh-Hans": "2017 年版目录"}[ui]
    assert f'<a href="/laws/2017">{toc}</a>' in html


def test_api_answers_stay_english_whatever_the_interface(real_client):
    response = real_client.get("/api/laws/2017/94?ui=zh-Hant", headers={"Accept-Language": "zh-TW"})
    assert response.status_code == 404
    assert response.get_json() == {"error": "Law 94 does not exist in the 2017 Laws (Laws 1–93).", "status": 404}
    response = real_client.get("/api/search?q=dummy&page=x", headers={"Accept-Language": "zh-CN"})
    assert response.status_code == 400 and response.get_json()["error"].startswith("Page 'x' is not a whole number")


def test_missing_provision_names_the_nearest_and_its_parts(real_client, real_app):
    with real_app.app_context():
        from webapp.reference import current_corpus

        corpus = current_corpus()
        parts = "、".join(str(p.citation) for p in corpus.children("2017", parse("12C")))
    html = real_client.get("/laws/2017/12C9?ui=zh-Hant").get_data(as_text=True)
    assert error_message(html) == ("zh-Hant", f"2017 年版規則沒有 12C9；最接近的是 12C，其下有 {parts}。")
    assert '<a href="/laws/2017/12#law-12C">2017 年版規則的 12C</a>' in html


@pytest.mark.parametrize("url, status, hant, hans", [
    ("/laws/2017/xyz!!", 400,
     "「xyz!!」不是條文引用：「xyz!!」不是條文引用；請寫成 12C1(b)、Law 12C1(b)、12c1b、第 12 条 C 款 1(b) 或 第12條C款1目 等形式。",
     "“xyz!!”不是条文引用：“xyz!!”不是条文引用；请写成 12C1(b)、Law 12C1(b)、12c1b、第 12 条 C 款 1(b) 或 第12条C款1目 等形式。"),
    ("/laws/2019", 404, "沒有名為「2019」的版本；本參考收錄 1987、2007、2017 年版規則。",
     "没有名为“2019”的版本；本参考收录 1987、2007、2017 年版规则。"),
    ("/search?q=dummy&page=x", 400, "頁碼「x」不是以數字 0–9 書寫的整數。", "页码“x”不是以数字 0–9 书写的整数。"),
    ("/search?q=dummy&limit=0", 200, None, None),  # the page ignores limit=; the API reads it
    ("/search?q=dummy&page=99", 400,
     "搜尋結果最多列出 100 筆：每頁 10 筆的第 99 頁已超出範圍；請加入字詞或篩選條件以縮小搜尋。",
     "搜索结果最多列出 100 条：每页 10 条的第 99 页已超出范围；请加入字词或筛选条件以缩小搜索。"),
    ("/search?q=dummy&laws=99", 400, "條號範圍「99」須在第1至93條之內，小號在前。", "条号范围“99”须在第1至93条之内，小号在前。"),
    ("/laws/2017/16?lang=fr", 400, "未知的語言「fr」：請從 en、zh-Hant、zh-Hans 中選擇。", "未知的语言“fr”：请从 en、zh-Hant、zh-Hans 中选择。"),
    ("/documents/1987/nothing", 404, "1987 年版沒有文件「nothing」。", "1987 年版没有文件“nothing”。"),
    ("/laws/2017/16.md?lang=zh-Hans", 404, "2017 年版原始資料沒有可匯出的簡體中文條文；請從 en、zh-Hant 中選擇。",
     "2017 年版原始资料没有可导出的简体中文条文；请从 en、zh-Hant 中选择。"),
    ("/nowhere", 404, "此網址沒有頁面。若為手動輸入，請檢查拼寫。", "此网址没有页面。若为手动输入，请检查拼写。"),
])
def test_error_pages_in_both_chinese_interfaces(real_client, url, status, hant, hans):
    sep = "&" if "?" in url else "?"
    for ui, expected in (("zh-Hant", hant), ("zh-Hans", hans)):
        response = real_client.get(f"{url}{sep}ui={ui}")
        assert response.status_code == status, (url, ui)
        if expected is not None:
            assert error_message(response.get_data(as_text=True)) == (ui, expected)


def test_security_layer_answers_in_the_interface_language(client):
    """webapp/security.py refuses an over-long parameter before the interface language is chosen;
    the page still speaks it, and its message names the parameter, not its value."""
    response = client.get("/search?ui=zh-Hant&q=" + "x" * 600)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and '<html lang="zh-Hant">' in html
    assert error_message(html) == ("zh-Hant", "參數「q」超過 500 個字元。")


def test_method_not_allowed_in_chinese(client):
    response = client.post("/laws/2017/16?ui=zh-Hans")
    assert response.status_code == 405 and response.headers["Allow"]
    html = response.get_data(as_text=True)
    assert h1(html) == "不允许的请求方法"
    assert error_message(html) == ("zh-Hans", "此页面只能读取（GET），不能提交数据。")


def test_user_input_in_a_translated_message_is_escaped(client):
    html = client.get("/laws/2017/16?ui=zh-Hant&lang=<b>x</b>").get_data(as_text=True)
    assert error_message(html) == ("zh-Hant", "未知的語言「&lt;b&gt;x&lt;/b&gt;」：請從 en、zh-Hant、zh-Hans 中選擇。")
    assert "<b>x</b>" not in html


def test_unknown_interface_language_stays_english(client):
    html = client.get("/laws/2017/16?ui=fr").get_data(as_text=True)
    assert error_message(html)[0] == "en"


@pytest.mark.parametrize("url, hant", [
    ("/compare?law=94&from=1987&to=2017", "1987 年版規則沒有第94條（規則為第1至93條）。"),
    ("/compare?law=16&from=1999&to=2017", "未知的版本 from=「1999」：規則有 1987、2007、2017 年版。"),
    ("/compare?law=12C&from=2007&to=2017", "請輸入整條規則（例如 12），而非條文 12C。"),
    ("/changes?from=2017&to=2017", "兩邊都是 2017 年版：請選擇兩個不同的版本。"),
    ("/calculator?contract=8S%3D", "「8S=」中的 8 不是合約線位：叫價由 1 至 7。"),
    ("/calculator?contract=4S%3D&declarer=Q", "莊家「Q」：請選擇 N、E、S 或 W。"),
    ("/calculator/board?results=620", "請輸入這副牌至少兩個結果，例如 620、170、-100 或 4SN=、4SN+1、3NTE-1。"),
])
def test_form_messages_in_the_interface_language(real_client, url, hant):
    response = real_client.get(url + "&ui=zh-Hant")
    assert response.status_code in (400, 404)
    assert form_error(response.get_data(as_text=True)) == ("zh-Hant", hant)
    english = form_error(real_client.get(url + "&ui=en").get_data(as_text=True))
    assert english[0] == "en" and not has_cjk(english[1].replace("第 12 条 C 款", ""))


@pytest.mark.parametrize("url", ["/calculator", "/calculator/board", "/compare"])
def test_switching_the_interface_language_of_an_empty_form_shows_the_form(client, url):
    response = client.get(f"{url}?ui=zh-Hant")
    assert response.status_code == 200
    assert "form-error" not in response.get_data(as_text=True)


def _raised(call) -> str:
    try:
        call()
    except (Malformed, Absent, CitationError) as exc:
        return str(exc)
    raise AssertionError("no error")


# Messages made by the code that raises them, so a change of wording there fails here.
RAISED = [
    lambda: requests.whole_number("x", "page", 1, 100),
    lambda: requests.whole_number("0", "limit", 1, 100),
    lambda: requests.whole_number("-3", "Board number", 1),
    lambda: requests.edition_name("1999", "from"),
    lambda: requests.edition_name("1999"),
    lambda: requests.language("fr"),
    lambda: requests.languages(["en", "zh-Hant", "zh-Hans"], at_most=2),
    lambda: requests.law("94"),
    lambda: requests.law_range("a-b"),
    lambda: requests.law_range("20-10"),
    lambda: requests.whole_law(""),
    lambda: requests.whole_law("12C"),
    lambda: requests.whole_law("xyz"),
    lambda: parse("Laws 12 and 13"),
    lambda: parse("12C1(b"),
    lambda: parse("Law"),
    lambda: parse("a" * 500),
    lambda: parse("12C1(b)(xii)"),
    lambda: score_table("9S="),
    lambda: score_table("4Q="),
    lambda: score_table("4S"),
    lambda: score_table("4S=", vul="sometimes", declarer="N"),
]


@pytest.mark.parametrize("index", range(len(RAISED)))
def test_every_raised_message_has_a_chinese_rendering(app, index):
    message = _raised(RAISED[index])
    for ui in ("zh-Hant", "zh-Hans"):
        with app.test_request_context(f"/?ui={ui}"):
            app.preprocess_request()
            translated = translate(message)
            assert translated is not None and has_cjk(translated), (message, ui)


def test_an_unknown_sentence_is_not_guessed(app):
    with app.test_request_context("/?ui=zh-Hant"):
        app.preprocess_request()
        assert translate("Something nobody wrote a pattern for") is None


def test_a_quoted_value_shows_what_was_typed_not_its_python_escapes(app):
    # The English messages quote a value with repr: 'a\\b' for the typed a\b, "it's" for it's.
    typed = "a\\b it's"
    message = f"law range {typed!r} is not a law number or a range such as 12-16"
    with app.test_request_context("/?ui=zh-Hant"):
        app.preprocess_request()
        shown = translate(message)
        assert f"「{typed}」" in shown and "\\\\" not in shown
