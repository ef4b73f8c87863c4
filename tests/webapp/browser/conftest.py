"""Playwright driving Debian's Chromium (never a downloaded browser) against live servers."""

import os
import tempfile
from pathlib import Path

import pytest

# The README's screenshots are refreshed only on request (BRIDGELAWS_SCREENSHOTS=1 bin/test -m browser),
# so an ordinary run — or a machine without CJK fonts — never rewrites docs/.
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"
SCREENSHOTS = DOCS_SCREENSHOTS if os.environ.get("BRIDGELAWS_SCREENSHOTS") else Path(tempfile.gettempdir()) / "bridgelaws-screenshots"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    yield page
    context.close()
    assert not errors, errors  # no script errors and no CSP violations


@pytest.fixture()
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


@pytest.fixture(scope="session")
def base(live_server):
    return live_server[0]


@pytest.fixture()
def screenshot():
    """``screenshot(page, name)``: a fixture, not an import — ``from conftest import`` finds whichever
    conftest module was imported first when several test folders run together."""
    def take(page, name: str, full_page: bool = False) -> None:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)

    return take
