"""The interface in each language, a 375 px phone, print-to-PDF and the searched words marked,
in headless Chromium against the production server on the real corpus.

Expected law text is checked against corpus/sources/laws-2017-en-zh-Hant.txt (Law 16 begins at
its line "LAW 16 - AUTHORIZED AND UNAUTHORIZED INFORMATION  合法與非法訊")."""

import io

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# laws-2017-en-zh-Hant.txt, Law 16A1 and its Chinese on the lines after it.
LAW_16A1_EN = "A player may use information in the auction or play if:"
LAW_16A1_ZH = "賽員於叫牌或打牌中得使用下列訊息："


@pytest.mark.parametrize(
    "ui, label, glossary, contents",
    [("en", "Law 16", "Glossary", "Contents"), ("zh-Hant", "第16條", "詞彙表", "目錄"), ("zh-Hans", "第16条", "词汇表", "目录")],
)
def test_law_page_in_each_interface_language(page, base, screenshot, ui, label, glossary, contents):
    page.goto(f"{base}/laws/2017/16?lang=en&lang=zh-Hant&ui={ui}")
    expect(page.locator("html")).to_have_attribute("lang", ui)
    expect(page.locator("h1 .law-label")).to_have_text(label)
    expect(page.locator(".site-nav").get_by_role("link", name=glossary)).to_be_visible()
    expect(page.locator(".law-nav").first.get_by_role("link", name=contents)).to_be_visible()
    expect(page.locator("#law-16A1 .cell[lang=zh-Hant]")).to_contain_text(LAW_16A1_ZH)
    # The choice is remembered: the next page without ?ui= keeps the interface language.
    page.goto(f"{base}/laws/2017")
    expect(page.locator("html")).to_have_attribute("lang", ui)
    if ui == "zh-Hant":
        page.goto(f"{base}/laws/2017/16?lang=zh-Hant&lang=en&ui={ui}")
        screenshot(page, "law-zh-Hant")


def test_accept_language_chooses_the_home_page_language(browser, base, screenshot):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="zh-TW")
    page = context.new_page()
    page.goto(base + "/")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    expect(page.locator("h1")).to_have_text("複式橋藝規則")
    screenshot(page, "home-zh-Hant")
    # Switching interface language from the header, then back.
    page.locator(".ui-choice").get_by_role("link", name="English").click()
    expect(page.locator("h1")).to_have_text("The Laws of Duplicate Bridge")
    context.close()


@pytest.fixture()
def phone375(browser):
    context = browser.new_context(viewport={"width": 375, "height": 667}, device_scale_factor=2, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("url", ["/laws/2017/16", "/laws/2017/16?lang=en&lang=zh-Hant&ui=zh-Hant", "/laws/2007/12", "/laws/1987/12"])
def test_first_law_text_is_on_the_first_phone_screen(phone375, base, url):
    phone375.goto(base + url)
    assert phone375.evaluate("document.documentElement.scrollWidth") <= 375
    first_text = phone375.locator(".law-text .cell p").first
    box = first_text.bounding_box()
    assert box["y"] + 20 < 667, f"first law text starts at {box['y']:.0f}px on a 667px screen"
    # The language form is folded away until asked for, and works when opened (no script needed).
    form = phone375.locator(".language-form")
    expect(form).to_be_hidden()
    phone375.locator(".language-choice summary").click()
    expect(form).to_be_visible()


def test_context_line_follows_a_deep_link_on_a_phone(phone375, base, screenshot):
    phone375.goto(base + "/laws/2017/12?ui=zh-Hant#law-12C1c")
    line = phone375.locator(".context-line")
    # laws-2017-en-zh-Hant.txt: "C. Awarding an Adjusted Score" is section 12C.
    expect(line).to_contain_text("第12條")
    expect(line).to_contain_text("C Awarding an Adjusted Score")
    expect(line.locator("li").last).to_have_text("(c)")
    box = line.bounding_box()
    assert box["y"] == 0 and box["height"] < 40  # stuck to the top, one line
    target = phone375.locator("#law-12C1c").bounding_box()
    assert target["y"] >= box["height"] - 1  # the deep-linked row is not hidden under it
    screenshot(phone375, "phone-law-zh-Hant")
    phone375.evaluate("window.scrollTo(0, 0)")
    expect(line.locator("li")).to_have_count(2)  # at the top: the edition and the law
    expect(line).to_contain_text("Director’s Discretionary Powers".upper())


def _pdf_text(page) -> str:
    from pypdf import PdfReader

    pdf = page.pdf(format="A4", print_background=True)
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("path", ["/laws/2017/16", "/laws/2017/16/print"])
def test_printing_a_law_page_gives_the_law_without_navigation_or_buttons(page, base, path):
    page.goto(base + path)
    text = _pdf_text(page)
    flat = " ".join(text.split())
    assert LAW_16A1_EN in flat
    # The last words of Law 16 as printed (16D2, laws-2017-en-zh-Hant.txt) made it onto paper too.
    assert "16D2" in flat
    assert "/laws/2017/16" in flat  # the page's own address is printed
    for chrome in ("Skip to content", "Glossary", "Documents", "Copy link", "Print / PDF", "Side by side", "Contents", "Show", "JSON API", "繁體中文"):
        assert chrome not in flat, chrome


def test_print_view_button_prints(page, base):
    page.goto(base + "/laws/2017/16/print")
    expect(page.get_by_role("button", name="Print or save as PDF")).to_be_visible()
    expect(page.locator(".page-url")).to_have_text(base + "/laws/2017/16")


def test_searched_words_marked_on_the_law_page(page, base):
    page.goto(base + "/laws/2017/16?lang=en&lang=zh-Hant&hl=unauthorized+%E9%9D%9E%E6%B3%95%E8%A8%8A%E6%81%AF+%3Cb%3E#law-16B1a")
    marks = page.locator("#law-16B1a mark")
    expect(marks.first).to_be_visible()
    # 16B1(a): "… suggested over another by unauthorized information …" / "… 可論證為非法訊息所建議 …"
    assert {m.lower() for m in marks.all_inner_texts()} == {"unauthorized", "非法訊息"}
    expect(page.locator(".marked-words")).to_contain_text("<b>")  # the query shown as text
    assert page.locator(".law-text b").count() == 0
