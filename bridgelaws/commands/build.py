"""``bridgelaws build``: import every source and rebuild the search index atomically."""

from __future__ import annotations

import json
import time


def register(subparsers) -> None:
    parser = subparsers.add_parser("build", help="import all sources and rebuild the search index")
    parser.set_defaults(run=run)


def run(args) -> int:
    from indexer.build import META_FILE, build_index

    started = time.perf_counter()
    path = build_index()
    meta = json.loads((path / META_FILE).read_text(encoding="utf-8"))
    print(f"indexed {meta['documents']} documents from editions {', '.join(meta['editions'])} "
          f"into {path} in {time.perf_counter() - started:.1f} s")
    return 0
