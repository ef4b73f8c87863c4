"""The Chinese interface in headless Chromium against the production server on the real corpus:
an error page a director meets (Law 94) in Traditional Chinese, and the README's screenshots of
search and the change map in the Traditional Chinese interface."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_unknown_law_page_in_traditional_chinese(browser, base):
    # Not the ``page`` fixture: Chromium logs the page's own 404 as a console error.
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    script_errors = []
    page.on("pageerror", lambda error: script_errors.append(str(error)))
    response = page.goto(f"{base}/laws/2017/94?ui=zh-Hant")
    assert response.status == 404
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    expect(page.locator("h1")).to_have_text("找不到")
    # The 2017 Laws end with Law 93 (laws-2017-en-zh-Hant.txt).
    message = page.locator(".error-message")
    expect(message).to_have_attribute("lang", "zh-Hant")
    expect(message).to_have_text("2017 年版規則沒有第94條（規則為第1至93條）。")
    page.get_by_role("link", name="2017 年版目錄").click()
    expect(page.locator("h1")).to_contain_text("目錄")
    context.close()
    assert not script_errors


def test_search_in_the_traditional_chinese_interface(page, base, screenshot):
    page.goto(f"{base}/search?q=夢家&ui=zh-Hant")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    expect(page.locator("h1")).to_have_text("搜尋")
    expect(page.locator(".result-count")).to_contain_text("夢家")
    expect(page.locator(".result-count")).to_have_text(re.compile(r"頁。$"))  # a Chinese full stop
    # 夢家 is printed in the 2017 Traditional text (laws-2017-en-zh-Hant.txt, Definitions: "夢家 1. 莊家之同伴。")
    expect(page.locator("mark").first).to_be_visible()
    screenshot(page, "search-zh-Hant")


def test_change_map_in_the_traditional_chinese_interface(page, base, screenshot):
    page.goto(f"{base}/changes?from=1987&to=2017&ui=zh-Hant")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    expect(page.locator("h1")).to_have_text("1987 年版到 2017 年版的變更")
    expect(page.locator("table tbody tr")).to_have_count(93)  # every law (docs/design.md, "Change map")
    screenshot(page, "changes-zh-Hant")
