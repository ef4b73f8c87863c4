"""Rendered pages kept per application: the corpus never changes while a process serves it, so a
law page for the same edition, law and languages (or a comparison for the same form) is the same
HTML every time."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Hashable

from flask import current_app

# Every law page of every edition in each language choice, and every comparison, is a few
# thousand pages; keep the frequently read ones (≈ 60 kB each, so at most ~30 MB a worker).
MAX_PAGES = 512


class PageCache:
    def __init__(self, size: int = MAX_PAGES):
        self.size = size
        self._pages: OrderedDict[Hashable, str] = OrderedDict()
        self._lock = threading.Lock()

    def clear(self) -> None:
        with self._lock:
            self._pages.clear()

    def get_or_render(self, key: Hashable, render: Callable[[], str]) -> str:
        if not self.size:
            return render()
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
                return page
        page = render()  # outside the lock: two threads may render one page once each, harmlessly
        with self._lock:
            self._pages[key] = page
            if len(self._pages) > self.size:
                self._pages.popitem(last=False)
        return page


def init_app(app) -> None:
    app.extensions["page_cache"] = PageCache(app.config.get("PAGE_CACHE_SIZE", MAX_PAGES))


def cached_page(key: Hashable, render: Callable[[], str]) -> str:
    return current_app.extensions["page_cache"].get_or_render(key, render)
