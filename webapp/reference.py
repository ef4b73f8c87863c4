"""The corpus as the web app sees it: which corpus, which editions, which languages to show.

The corpus is loaded once per process on first use (``CORPUS`` config: a Corpus or a loader) and
kept on the app, so requests never re-import the sources.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from flask import Flask, current_app
from flask_babel import lazy_gettext

from corpus.load import load_corpus
from corpus.model import EditionRecords, Provision
from corpus.store import Corpus
from indexer.normalise import to_simplified

_EXTENSION = "bridgelaws.corpus"

LANGUAGE_NAMES = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}

# What a reader needs to know about an edition before trusting its text.
# Translated on display (webapp/translations/); English outside a request.
EDITION_NOTES = {
    "2017": lazy_gettext("The Laws of Duplicate Bridge 2017 (World Bridge Federation), in force since 2017."),
    "2007": lazy_gettext("The 2007 Laws of Duplicate Bridge (Chinese translation). Superseded by the 2017 Laws."),
    "1987": lazy_gettext("The 1987 Laws of Duplicate Contract Bridge (Chinese translation). Superseded in 1997, 2007 and 2017."),
}


def init_app(app: Flask) -> None:
    source = app.config.get("CORPUS")
    if source is None:
        source = load_corpus
    app.extensions[_EXTENSION] = {"source": source, "corpus": None}

    @app.context_processor
    def site_context():
        # Newest edition first in the site navigation.
        return {"site_editions": lambda: tuple(reversed(current_corpus().edition_names))}


def current_corpus() -> Corpus:
    state = current_app.extensions[_EXTENSION]
    if state["corpus"] is None:
        source: Corpus | Callable[[], Corpus] = state["source"]
        state["corpus"] = source if isinstance(source, Corpus) else source()
    return state["corpus"]


@dataclass(frozen=True)
class Rendition:
    """One way to show an edition's text in a language: straight from the source, titles only,
    or (2017 Simplified) a machine conversion of the Traditional text, always labelled as such."""

    lang: str
    source_lang: str
    converted: bool = False
    titles_only: bool = False

    @property
    def name(self) -> str:
        return LANGUAGE_NAMES[self.lang]

    def title(self, provision: Provision) -> str:
        return self._convert(provision.title.get(self.source_lang, ""))

    def text(self, provision: Provision) -> str:
        return self._convert(provision.text.get(self.source_lang, ""))

    def closing(self, provision: Provision) -> str:
        return self._convert(provision.closing.get(self.source_lang, ""))

    def convert(self, text: str) -> str:
        return self._convert(text)

    def _convert(self, text: str) -> str:
        if not self.converted or not text:
            return text
        # The search normaliser's t2s keeps every offset, so references stay in place.

        return to_simplified(text)


def text_languages(records: EditionRecords) -> tuple[str, ...]:
    if records.text_languages:
        return records.text_languages
    seen = {lang for p in records.provisions for lang in p.text}
    return tuple(lang for lang in LANGUAGE_NAMES if lang in seen)


def renditions(records: EditionRecords) -> tuple[Rendition, ...]:
    """Every language a reader can choose for the edition, text languages first."""
    texts = text_languages(records)
    out = [Rendition(lang, lang) for lang in texts]
    out += [Rendition(lang, lang, titles_only=True) for lang in records.title_only_languages if lang not in texts]
    if "zh-Hant" in texts and "zh-Hans" not in texts and "zh-Hans" not in records.title_only_languages:
        out.append(Rendition("zh-Hans", "zh-Hant", converted=True))
    return tuple(out)


def rendition(records: EditionRecords, lang: str) -> Rendition | None:
    return next((r for r in renditions(records) if r.lang == lang), None)


def cached(name: str, factory: Callable[[], object]) -> object:
    """A per-process memo of something derived from the corpus (term patterns, lists)."""
    state = current_app.extensions[_EXTENSION]
    memo = state.setdefault("memo", {})
    if name not in memo:
        memo[name] = factory()
    return memo[name]
