"""The Whoosh schema: one document per (provision, language).

Titles weigh more than body text (``heading``, stored only, is the nearest title for display;
``preview`` the first descendant text of a provision with none of its own). ``spell`` holds unstemmed words for spelling
suggestions, so a suggestion is a word a user would type (``revoke``, not the stem ``revok``).
"""

from __future__ import annotations

from whoosh.analysis import RegexTokenizer, LowercaseFilter
from whoosh.fields import ID, NUMERIC, STORED, TEXT, Schema

from indexer.analysis import BridgeTokenizer

TITLE_BOOST = 3.0
TEXT_FIELDS = ("title", "body")


def build_schema(words: tuple[str, ...]) -> Schema:
    analyzer = BridgeTokenizer(words)
    return Schema(
        key=ID(stored=True, unique=True),
        edition=ID(stored=True),
        lang=ID(stored=True),
        law=NUMERIC(stored=True, signed=False),
        citation=ID(stored=True),
        kind=ID(stored=True),
        heading=STORED(),
        preview=STORED(),
        title=TEXT(analyzer=analyzer, stored=True, field_boost=TITLE_BOOST),
        body=TEXT(analyzer=analyzer, stored=True),
        spell=TEXT(analyzer=RegexTokenizer(r"[A-Za-z]{3,}") | LowercaseFilter(), phrase=False),
    )
