"""The site in a real browser: lookup, search in each script, side-by-side languages,
reference previews, and a phone-sized screen. Screenshots go to docs/screenshots/."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_lookup_from_the_home_box(page, base, screenshot):
    page.goto(base + "/")
    screenshot(page, "home")
    page.get_by_label(re.compile("Look up a law")).fill("第12條C款1(b)")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/laws/2017/12#law-12C1b$"))
    target = page.locator("#law-12C1b")
    expect(target).to_be_visible()
    # laws-2017-en-zh-Hant.txt L1242: "(b) The Director in awarding an assigned adjusted score should seek to recover…"
    expect(target).to_contain_text("The Director in awarding an assigned adjusted score should seek to recover")
    assert page.evaluate("document.querySelector(':target').id") == "law-12C1b"


@pytest.mark.parametrize("query, name", [("insufficient bid", "search-en"), ("不足叫價", "search-zh-Hant"), ("不足叫价", "search-zh-Hans")])
def test_search_in_each_script(page, base, query, name, screenshot):
    page.goto(base + "/search")
    page.get_by_label("Words in any script, or a citation").fill(query)
    page.get_by_role("button", name="Search").click()
    expect(page.locator(".hit").first).to_be_visible()
    expect(page.locator(".hit mark").first).to_be_visible()
    if name == "search-en":
        screenshot(page, "search")


def test_switch_to_side_by_side_languages(page, base, screenshot):
    page.goto(base + "/laws/2017/12")
    expect(page.locator("#law-12C1a .cell")).to_have_count(1)
    page.get_by_text("Text: English · change").click()  # the language form is folded away
    page.get_by_label("Side by side with").select_option("zh-Hant")
    page.get_by_role("button", name="Show").click()
    page.wait_for_url(re.compile(r"lang=en&lang=zh-Hant"))
    cells = page.locator("#law-12C1a .cell")
    expect(cells).to_have_count(2)
    expect(cells.nth(1)).to_have_attribute("lang", "zh-Hant")
    # laws-2017-en-zh-Hant.txt L1238: the Traditional text of 12C1(a), beside the English
    expect(cells.nth(1)).to_contain_text("違常發生後，若裁判於本規則授權下得判給")
    left, right = cells.nth(0).bounding_box(), cells.nth(1).bounding_box()
    assert right["x"] > left["x"] + left["width"] - 1 and abs(right["y"] - left["y"]) < 2  # side by side
    page.goto(base + "/laws/2017/12?lang=en&lang=zh-Hant#law-12C")
    screenshot(page, "law-side-by-side")


def test_reference_preview_on_hover_and_focus_then_follow(page, fixture_server):
    page.goto(fixture_server + "/laws/2017/12")
    ref = page.locator("#law-12A1 a.ref")
    ref.hover()
    preview = page.locator(".preview")
    expect(preview).to_contain_text("Unauthorised Information")
    expect(preview).to_contain_text("Players are authorised to base a call on the legal calls.")
    page.mouse.move(0, 0)
    expect(preview).to_have_count(0)
    ref.focus()  # keyboard users get the same preview
    expect(preview).to_contain_text("Unauthorised Information")
    expect(ref).to_have_attribute("aria-describedby", "reference-preview")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/laws/2017/16$"))
    expect(page.locator("#law-16 .cited-by")).to_contain_text("12A1")


def test_copy_link_control(page, fixture_server):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(fixture_server + "/laws/2017/12")
    page.locator("#law-12A2 .copy-link").click()
    expect(page.locator("#law-12A2 .copy-link")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == fixture_server + "/laws/2017/12#law-12A2"


def test_phone_sized_screen(phone, base, screenshot):
    phone.goto(base + "/laws/2017/77?lang=en&lang=zh-Hant")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"page is {width}px wide on a 360px screen"
    cells = phone.locator("#law-77 .cell")
    first, second = cells.nth(0).bounding_box(), cells.nth(1).bounding_box()
    assert second["y"] > first["y"]  # the two languages stack on a phone
    phone.goto(base + "/laws/2017/12")
    screenshot(phone, "phone-law")
    phone.goto(base + "/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_keyboard_focus_is_visible(page, base):
    page.goto(base + "/laws/2017/12")
    page.keyboard.press("Tab")  # the skip link comes first
    focused = page.evaluate("[document.activeElement.className, getComputedStyle(document.activeElement).outlineStyle]")
    assert focused == ["skip-link", "solid"]


def test_compare_law_23_across_editions(page, base, screenshot):
    page.goto(base + "/laws/2017/23")
    page.get_by_role("link", name="with 1987").click()
    page.wait_for_url(re.compile(r"/compare\?law=23&from=1987&to=2017$"))
    expect(page.locator(".topic-banner")).to_contain_text("New topic under the same number")
    row = page.locator(".compare-row", has=page.locator('a[href$="#law-23A1"]'))
    expect(row.locator(".status-badge")).to_have_text("new topic")
    expect(row).to_contain_text("其意義與被撤回之叫品相同或相似，或")  # laws-2017-en-zh-Hant.txt L2289
    screenshot(page, "compare-law-23")
    page.get_by_label(re.compile("^From")).select_option("2007")
    page.get_by_role("button", name="Compare").click()
    page.wait_for_url(re.compile(r"from=2007"))
    expect(page.locator("h1")).to_have_text("Law 23: 2007 compared with 2017")
    expect(page.locator(".topic-banner")).to_be_visible()  # 2007 → 2017 changed the topic again


def test_compare_marks_wording_and_fits_a_phone(phone, base):
    phone.goto(base + "/compare?law=10&from=1987&to=2017")
    # 10B: laws-1987-zh-Hant.txt l.544 處罰, laws-2017-en-zh-Hant.txt L1101 矯正
    expect(phone.locator("del", has_text="處罰").first).to_be_visible()
    expect(phone.locator("ins", has_text="矯正").first).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_scoring_calculator_without_a_single_keystroke_of_script(page, base, screenshot):
    page.goto(base + "/laws/2017/77")
    page.get_by_role("link", name="Scoring calculator (Laws 2, 77, 78)").click()
    page.get_by_label(re.compile("^Contract")).fill("4SX-2")
    page.get_by_label("Declarer").select_option("N")
    page.get_by_label("Vulnerable").select_option("ns")
    page.get_by_role("button", name="Score").click()
    # Law 77: doubled, vulnerable, two down: 200 + 300.
    expect(page.locator(".score-summary")).to_contain_text("-500")
    screenshot(page, "calculator")
    page.locator(".breakdown").get_by_role("link", name="77").first.click()
    page.wait_for_url(re.compile(r"/laws/2017/77$"))
