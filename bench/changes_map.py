"""Cost of the change map (corpus/changes.py): first computation per edition pair, then cached.

    .venv/bin/python -m bench.changes_map

Each run loads the corpus afresh, so the first figures include jieba's dictionary load and the
concordance comparisons; the cached figures are the Corpus.memo look-up.
"""

from __future__ import annotations

import time

from corpus.changes import change_map
from corpus.load import load_corpus

PAIRS = (("1987", "2007"), ("2007", "2017"), ("1987", "2017"))


def main() -> None:
    corpus = load_corpus()
    for older, newer in PAIRS:
        start = time.perf_counter()
        laws = change_map(corpus, older, newer)
        first = time.perf_counter() - start
        start = time.perf_counter()
        for _ in range(1000):
            change_map(corpus, older, newer)
        cached = (time.perf_counter() - start) / 1000
        print(f"{older}→{newer}: {len(laws)} laws, first {first * 1000:.0f} ms, cached {cached * 1e6:.1f} µs")
    entries = sum(1 for key in corpus._memo if key[0] == "changes")
    print(f"memo entries for changes: {entries}")


if __name__ == "__main__":
    main()
