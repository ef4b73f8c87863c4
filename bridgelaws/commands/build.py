"""``bridgelaws build``: parse every source, rewrite the corpus snapshot, and rebuild the search
index atomically (with the trimmed segmentation dictionary in the cache)."""

from __future__ import annotations

import json
import time

from bridgelaws.commands import SUMMARIES
from corpus.load import refresh_snapshot
from indexer.build import META_FILE, build_index


def register(subparsers) -> None:
    parser = subparsers.add_parser("build", help=SUMMARIES["build"])
    parser.set_defaults(run=run)


def run(args) -> int:
    started = time.perf_counter()
    corpus, snapshot = refresh_snapshot()
    print(f"parsed the sources into {snapshot} in {time.perf_counter() - started:.1f} s")
    path = build_index(corpus)
    meta = json.loads((path / META_FILE).read_text(encoding="utf-8"))
    print(f"indexed {meta['documents']} documents from editions {', '.join(meta['editions'])} "
          f"into {path} in {time.perf_counter() - started:.1f} s")
    return 0
