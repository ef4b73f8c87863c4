"""Spelling suggestions from the index's ``spell`` words, as Whoosh's corrector makes them, fast.

Whoosh's ``searcher.corrector("spell").suggest(word, limit, maxdist, prefix)`` walks a
Levenshtein automaton over the field's term file: ~10 ms a word here, the costliest step of a
question with one misspelt word. The field holds only the English words the Laws print (1,676),
so they are read once per opened build and a word is compared with those that share its first
``prefix`` letters and are within ``maxdist`` of its length. The answer is Whoosh's: words within
``maxdist`` plain Levenshtein edits (no transpositions), the word itself excluded, the most
frequent first, ties alphabetically (tests/indexer/test_spelling.py compares the two).
"""

from __future__ import annotations

from collections import defaultdict


class Speller:
    def __init__(self, reader, field: str = "spell"):
        self._by_prefix: dict[str, list[tuple[str, int]]] = defaultdict(list)
        for text, info in reader.iter_field(field):
            word = text.decode("utf-8") if isinstance(text, bytes) else text
            self._by_prefix[word[:1]].append((word, info.weight()))

    def suggest(self, text: str, limit: int = 5, maxdist: int = 2, prefix: int = 0) -> list[str]:
        found = []
        pool = self._by_prefix.get(text[:1], ()) if prefix else [w for ws in self._by_prefix.values() for w in ws]
        for word, frequency in pool:
            if (word == text or abs(len(word) - len(text)) > maxdist or word[:prefix] != text[:prefix]
                    or not within(text, word, maxdist)):
                continue
            # whoosh.spelling.ReaderCorrector's score: the same for every distance, so only
            # frequency ranks (higher first); Corrector.suggest keeps the `limit` largest
            # (score, word) pairs, then lists them by score, then word.
            found.append((0 - (maxdist + (1.0 / (frequency or 1) * 0.5)), word))
        kept = sorted(found, reverse=True)[:limit]
        return [word for _, word in sorted(kept, key=lambda item: (0 - item[0], item[1]))]


def within(a: str, b: str, limit: int) -> bool:
    """Whether the Levenshtein distance of ``a`` and ``b`` is at most ``limit`` (stops as soon
    as a whole row of the table exceeds it)."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if min(current) > limit:
            return False
        previous = current
    return previous[-1] <= limit
