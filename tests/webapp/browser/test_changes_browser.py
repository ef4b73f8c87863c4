"""The change map and the compare views in Chromium against the production server (``base``)."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_change_map_sort_and_follow_to_a_comparison(page, base, screenshot):
    page.goto(base + "/changes")
    page.get_by_label("From").select_option("1987")
    page.get_by_label("To").select_option("2017")
    page.get_by_role("button", name="Show changes").click()
    page.wait_for_url(re.compile(r"/changes\?from=1987&to=2017"))
    rows = page.locator("table.changes-table tbody tr")
    expect(rows).to_have_count(93)
    # Law 23: damaging pass (1987) → comparable call (2017)
    expect(page.locator("#law-23 .change-status")).to_have_attribute("data-status", "new-topic")
    expect(page.locator("#law-23 .change-status")).to_have_text("new topic")
    screenshot(page, "changes")
    page.get_by_role("link", name="Similarity").click()
    page.wait_for_url(re.compile(r"sort=similarity"))
    values = [float(v) for v in page.locator("td.similarity").all_inner_texts() if v != "—"]
    assert values == sorted(values) and len(values) > 80
    page.locator("#law-16").get_by_role("link", name="Law 16").click()
    page.wait_for_url(re.compile(r"/compare\?law=16&from=1987&to=2017"))
    expect(page.locator(".compare-row.status-moved").first).to_be_visible()


def test_compare_switches_between_substantive_and_every_character(page, base):
    page.goto(base + "/compare?law=45&from=2007&to=2017")
    expect(page.locator(".compare-legend")).to_contain_text("Substantive differences are marked")
    substantive = page.locator(".compare-table del, .compare-table ins").count()
    page.get_by_role("link", name="Mark every character that differs").click()
    page.wait_for_url(re.compile(r"view=characters"))
    expect(page.locator(".compare-legend")).to_contain_text("Every character that differs is marked")
    assert page.locator(".compare-table del, .compare-table ins").count() > substantive
    page.get_by_role("link", name="Mark substantive differences only").click()
    page.wait_for_url(re.compile(r"view=changes"))


def test_law_page_where_did_it_go(page, base):
    page.goto(base + "/laws/2007/16#law-16C1")
    details = page.locator("#law-16C1 details.counterparts")
    expect(details).to_contain_text("2017 16D1 (moved)")
    details.locator("summary").click()
    details.get_by_role("link", name="2017 16D1").click()
    page.wait_for_url(re.compile(r"/laws/2017/16(\?.*)?#law-16D1$"))
