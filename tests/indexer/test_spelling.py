"""indexer/spelling.py makes the suggestions Whoosh's corrector makes, on the real index."""

from __future__ import annotations

import random

import pytest

from indexer.search import open_index
from indexer.spelling import Speller, within


def _misspellings(words: list[str], seed: int = 11) -> list[str]:
    """One or two random edits (deletion, insertion, substitution, transposition) of each word."""
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    out = []
    for word in words:
        typo = word
        for _ in range(rng.choice((1, 2))):
            i = rng.randrange(len(typo))
            edit = rng.choice("disx")
            if edit == "d" and len(typo) > 1:
                typo = typo[:i] + typo[i + 1:]
            elif edit == "i":
                typo = typo[:i] + rng.choice(letters) + typo[i:]
            elif edit == "s":
                typo = typo[:i] + rng.choice(letters) + typo[i + 1:]
            elif i + 1 < len(typo):
                typo = typo[:i] + typo[i + 1] + typo[i] + typo[i + 2:]
        out.append(typo)
    return out


def test_suggestions_are_whooshs(index):
    searcher = open_index(index).searcher()
    reader = searcher.reader()
    lexicon = [w.decode() for w in reader.lexicon("spell")]
    words = random.Random(3).sample(lexicon, 300)
    typed = _misspellings(words) + words[:50] + ["revokee", "dumy", "declerer", "unauthorised", "slma", "x", "zzzzzz"]
    ours, theirs = Speller(reader), searcher.corrector("spell")
    differ = [w for w in typed if ours.suggest(w, limit=3, maxdist=2, prefix=1)
              != theirs.suggest(w, limit=3, maxdist=2, prefix=1)]
    assert differ == []
    assert ours.suggest("revokee", limit=3, maxdist=2, prefix=1)[0] == "revoke"


@pytest.mark.parametrize(("a", "b", "limit", "expected"), [
    ("revoke", "revoke", 0, True), ("revokee", "revoke", 1, True), ("dumy", "dummy", 1, True),
    ("ab", "ba", 1, False),  # a transposition is two edits, as in Whoosh's automaton
    ("ab", "ba", 2, True), ("kitten", "sitting", 2, False), ("kitten", "sitting", 3, True), ("", "ab", 2, True),
])
def test_levenshtein_bound(a, b, limit, expected):
    assert within(a, b, limit) is expected
