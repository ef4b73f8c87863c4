"""The glossary's filter box in Chromium: shown by the script, narrowing rows as one types."""

import pytest

pytestmark = pytest.mark.browser


def test_filter_box_narrows_the_glossary(page, base):
    page.goto(base + "/glossary")
    box = page.locator("#glossary-filter")
    assert box.is_visible()
    total = page.locator("#glossary-table tbody tr").count()
    box.fill("夢家")
    visible = page.locator("#glossary-table tbody tr:visible")
    assert visible.count() == 1 and visible.first.get_attribute("id") == "def-dummy"
    box.fill("honor")  # an older spelling finds the merged row
    assert page.locator("#glossary-table tbody tr:visible").first.get_attribute("id") == "def-honour"
    box.fill("")
    assert page.locator("#glossary-table tbody tr:visible").count() == total


def test_without_script_the_full_list_shows(browser, base):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(base + "/glossary")
    assert not page.locator("#glossary-filter").is_visible()
    assert page.locator("#glossary-table tbody tr:visible").count() == page.locator("#glossary-table tbody tr").count() > 60
    context.close()
