"""The Whoosh schema: one document per (provision, language).

Titles weigh as much as body text (TITLE_BOOST: at 3 short titled sections such as 12A and 27B
outranked the untitled item that answers the question, 12A2 and 27B1(b); on 36 provision-level
probe questions success@3 went 0.67 → 0.81 at 1.0, 0.78 at 1.5) (``heading``, stored only, is the nearest title for display;
``preview`` the first descendant text of a provision with none of its own). ``spell`` holds unstemmed words for spelling
suggestions, so a suggestion is a word a user would type (``revoke``, not the stem ``revok``).
"""

from __future__ import annotations

from whoosh.analysis import LowercaseFilter, RegexTokenizer
from whoosh.fields import ID, NUMERIC, STORED, TEXT, Schema

from indexer.analysis import BridgeTokenizer

TITLE_BOOST = 1.0
TEXT_FIELDS = ("title", "body")
TERM_FIELDS = ("title", "body", "context")  # a word is looked up in these; phrases in TEXT_FIELDS


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
        group=STORED(),  # one search result per group: indexer/build.py concordance_groups
        counterparts=STORED(),  # JSON [{edition, citation}] from corpus/concordance.py
        title=TEXT(analyzer=analyzer, stored=True, field_boost=TITLE_BOOST),
        body=TEXT(analyzer=analyzer, stored=True),
        # The titles of the provision's ancestors (43A2(c): "Limitations on Dummy", "Dummy"),
        # weighed low at query time (indexer/query.py CONTEXT_WEIGHT).
        context=TEXT(analyzer=analyzer),
        spell=TEXT(analyzer=RegexTokenizer(r"[A-Za-z]{3,}") | LowercaseFilter(), phrase=False),
    )
