"""The interface language: English, Traditional or Simplified Chinese (Flask-Babel catalogs).

The reader's choice, in order: ``?ui=en|zh-Hant|zh-Hans`` (remembered in a cookie), then that
cookie, then ``Accept-Language`` (zh-TW, zh-HK, zh-MO, zh-Hant → Traditional; any other zh →
Simplified), then English. The interface language is independent of the law text's languages
(``?lang=``): a Chinese reader may read the English text with Chinese navigation.

Catalogs: the translations are kept as ``webapp/translations/<locale>/LC_MESSAGES/messages.po``
(the only form in git). ``compiled_catalogs(cache)`` compiles them to ``.mo`` at app start into a
directory named by the hash of the ``.po`` files, under the settings' cache directory
(corpus/settings.py; the system temp directory when that is not writable), so a fresh checkout, a pip
install and a read-only deployment all work with no build step and never serve a stale catalog.
Compiling both catalogs takes a few milliseconds and happens once per catalog version.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from urllib.parse import urlencode

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask, current_app, g, request
from flask_babel import Babel, gettext

from corpus.text import has_cjk
from webapp.errors import bad_request

UI_LANGUAGES = ("en", "zh-Hant", "zh-Hans")
UI_NAMES = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}
# Babel's locale identifiers (directory names of the catalogs) for the BCP 47 tags above.
BABEL_LOCALES = {"en": "en", "zh-Hant": "zh_Hant", "zh-Hans": "zh_Hans"}
TRADITIONAL_REGIONS = ("tw", "hk", "mo", "hant")
COOKIE = "ui"
COOKIE_MAX_AGE = 365 * 24 * 3600

SOURCE_DIR = Path(__file__).resolve().parent / "translations"


def from_accept_language(header_values) -> str | None:
    """The first supported interface language in the reader's ``Accept-Language`` order."""
    for value, _quality in header_values:
        parts = value.lower().replace("_", "-").split("-")
        if parts[0] == "en":
            return "en"
        if parts[0] == "zh":
            return "zh-Hant" if any(p in TRADITIONAL_REGIONS for p in parts[1:]) else "zh-Hans"
    return None


def choose_ui() -> str:
    asked = request.args.get("ui")
    if asked:
        return asked  # validated in before_request
    remembered = request.cookies.get(COOKIE)
    if remembered in UI_LANGUAGES:
        return remembered
    return from_accept_language(request.accept_languages) or "en"


def current_ui() -> str:
    ui = g.get("ui")
    if ui is None and request:
        # An error raised before pick_ui ran (webapp/security.py refuses an absurd parameter
        # first) is still answered in the reader's language: the choice without a bad ?ui=.
        asked = request.args.get("ui")
        ui = asked if asked in UI_LANGUAGES else choose_ui() if asked is None else "en"
    return ui if ui in UI_LANGUAGES else "en"


def form_fields(args) -> list[str]:
    """The query parameters a form page reads: all but ``ui``, so that switching the interface
    language of an empty calculator or compare form shows the form, not "give a contract"."""
    return [name for name in args if name != "ui"]


def law_label(number) -> str:
    """'Law 16', '第16條', '第16条': a law's name in the reader's convention."""
    return gettext("Law %(num)s", num=number)


def language_name(lang: str) -> str:
    """A text language named in the interface language ('Traditional Chinese', '繁體中文')."""
    names = {"en": gettext("English"), "zh-Hant": gettext("Traditional Chinese"), "zh-Hans": gettext("Simplified Chinese")}
    return names.get(lang, lang)


def relation_name(status: str) -> str:
    """A comparison status or change class (corpus/concordance.py, corpus/changes.py) named in
    the interface language; the JSON keeps the English names."""
    names = {"aligned": gettext("aligned"), "moved": gettext("moved"), "added": gettext("added"),
             "removed": gettext("removed"), "new-topic": gettext("new topic"), "unchanged": gettext("unchanged"),
             "reworded": gettext("reworded"), "changed": gettext("changed"), "new": gettext("new")}
    return names.get(status, status)


def word_lang(word: str) -> str:
    """The lang attribute for a word the reader typed: 'zh' for Chinese (script unknown), else ''."""
    return "zh" if has_cjk(word) else ""


def compiled_catalogs(cache: Path) -> Path:
    sources = sorted(SOURCE_DIR.glob("*/LC_MESSAGES/messages.po"))
    digest = hashlib.sha256()
    for po in sources:
        digest.update(str(po.relative_to(SOURCE_DIR)).encode() + b"\0" + po.read_bytes())
    name = f"translations-{digest.hexdigest()[:16]}"
    for root in (Path(cache), Path(tempfile.gettempdir()) / f"bridgelaws-{os.getuid()}"):
        target = root / name
        if all((target / po.relative_to(SOURCE_DIR)).with_suffix(".mo").exists() for po in sources):
            return target
        try:
            for po in sources:
                mo = (target / po.relative_to(SOURCE_DIR)).with_suffix(".mo")
                mo.parent.mkdir(parents=True, exist_ok=True)
                with po.open("rb") as f:
                    catalog = read_po(f)
                # Write beside, then rename: concurrent workers never read half a catalog.
                fd, tmp = tempfile.mkstemp(dir=mo.parent, suffix=".tmp")
                with os.fdopen(fd, "wb") as out:
                    write_mo(out, catalog)
                os.replace(tmp, mo)
            return target
        except OSError:
            continue
    raise RuntimeError("bridgelaws: no writable directory to compile the interface catalogs into")


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(compiled_catalogs(app.config["SETTINGS"].cache)))
    Babel(app, locale_selector=lambda: BABEL_LOCALES[current_ui()])

    @app.before_request
    def pick_ui():
        asked = request.args.get("ui")
        if asked is not None and asked not in UI_LANGUAGES:
            g.ui = "en"
            raise bad_request(f"There is no interface language {asked!r}; choose from {', '.join(UI_LANGUAGES)}.")
        g.ui = choose_ui()

    @app.after_request
    def remember_ui(response):
        asked = request.args.get("ui")
        if asked in UI_LANGUAGES and request.cookies.get(COOKIE) != asked:
            response.set_cookie(COOKIE, asked, max_age=COOKIE_MAX_AGE, samesite="Lax", httponly=True)
        if response.mimetype == "text/html":
            response.vary.update(("Accept-Language", "Cookie"))
        return response

    @app.context_processor
    def ui_context():
        return {"ui": current_ui(), "ui_names": UI_NAMES, "ui_url": _ui_url}

    # Globals, not context: imported macros (macros/languages.html) see them too.
    app.jinja_env.globals.update(law_label=law_label, language_name=language_name, relation_name=relation_name,
                                  word_lang=word_lang)


def _ui_url(ui: str) -> str:
    """This page in another interface language (the query string kept, the fragment lost).

    A request too long to be valid (refused by webapp/security.py) gets the home page's link,
    so an error page never echoes a hostile path or query three times."""
    limit = current_app.config["MAX_PARAM_LENGTH"]
    if len(request.path) > limit or len(request.query_string) > 4 * limit:
        return "/?" + urlencode({"ui": ui})
    args = request.args.to_dict(flat=False)
    args["ui"] = [ui]
    return request.script_root + request.path + "?" + urlencode(args, doseq=True)
