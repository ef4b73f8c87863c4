"""How a match is scored: Okapi BM25 per field, with one rarity (idf) per word for all fields.

Whoosh's BM25F takes a word's idf from the field it matched in. Titles are short and few, so a
common word (``card``, ``dummy``, 牌) is rare *among titles* and a title match on it scored
like a match on a rare word: short titled sections (45B "Play of Card from Dummy") outranked the
item whose own words answer the question. Here a word is as rare as it is in the laws' text
(the larger of its document counts in ``title`` and ``body``), whichever field it matched.
"""

from __future__ import annotations

from math import log

from whoosh import scoring

# The fields whose document counts decide a word's rarity (indexer/schema.py).
RARITY_FIELDS = ("title", "body")
K1 = 0.6
B = 0.5


class ProvisionBM25(scoring.BM25F):
    def idf(self, searcher, fieldname: str, text: str) -> float:
        parent = searcher.get_parent()
        fields = RARITY_FIELDS if fieldname in (*RARITY_FIELDS, "context") else (fieldname,)
        n = max(parent.doc_frequency(field, text) for field in fields)
        return log(parent.doc_count_all() / (n + 1)) + 1


def weighting() -> ProvisionBM25:
    return ProvisionBM25(B=B, K1=K1)
