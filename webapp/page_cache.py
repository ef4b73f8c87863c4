"""Rendered pages kept per application: the corpus never changes while a process serves it, so a
law page for the same edition, law and languages (or a comparison for the same form) is the same
HTML every time.

Two bounds, whichever is reached first evicts the least recently read page:
- ``MAX_PAGES`` pages, and
- ``MAX_BYTES`` bytes of page text as Python holds it (``sys.getsizeof``: a page with any Chinese
  character is stored at two bytes a character, so a count alone would let the Chinese pages
  take twice the memory). Law pages are 25–45 kB each in memory (the longest ~140 kB), so 6 MiB
  keeps ~150 of them: every page the mixed load reads, while thousands of distinct pages leave a
  worker's memory flat (tests/hardening/test_memory_bounds.py). A page that is read costs
  ~0.3 ms from here against ~4.5 ms rendered (bench/report.py, law page render).
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from typing import Callable, Hashable

from flask import current_app

MAX_PAGES = 512
MAX_BYTES = 6 * 2**20


class PageCache:
    def __init__(self, size: int = MAX_PAGES, max_bytes: int = MAX_BYTES):
        self.size = size
        self.max_bytes = max_bytes
        self.bytes = 0  # sys.getsizeof of the pages kept
        self._pages: OrderedDict[Hashable, str] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._pages)

    def clear(self) -> None:
        with self._lock:
            self._pages.clear()
            self.bytes = 0

    def get_or_render(self, key: Hashable, render: Callable[[], str]) -> str:
        if not self.size:
            return render()
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
                return page
        page = render()  # outside the lock: two threads may render one page once each, harmlessly
        cost = sys.getsizeof(page)
        if cost > self.max_bytes:
            return page  # never kept: it alone would take the whole budget
        with self._lock:
            old = self._pages.pop(key, None)
            if old is not None:
                self.bytes -= sys.getsizeof(old)
            self._pages[key] = page
            self.bytes += cost
            while len(self._pages) > self.size or self.bytes > self.max_bytes:
                _, evicted = self._pages.popitem(last=False)
                self.bytes -= sys.getsizeof(evicted)
        return page


def init_app(app) -> None:
    app.extensions["page_cache"] = PageCache(app.config.get("PAGE_CACHE_SIZE", MAX_PAGES),
                                             app.config.get("PAGE_CACHE_BYTES", MAX_BYTES))


def cached_page(key: Hashable, render: Callable[[], str]) -> str:
    return current_app.extensions["page_cache"].get_or_render(key, render)
