"""The rendered-page cache is bounded by pages and by bytes (webapp/page_cache.py): a worker
that serves every law page in every language keeps at most MAX_BYTES of them."""

from __future__ import annotations

import sys

from webapp.page_cache import MAX_BYTES, PageCache


def test_the_least_recently_read_page_goes_first_when_the_byte_budget_is_spent():
    page = "x" * 1000
    cache = PageCache(size=100, max_bytes=3 * sys.getsizeof(page))
    for key in "abc":
        cache.get_or_render(key, lambda: page)
    cache.get_or_render("a", lambda: "never rendered")  # read again: now the most recent
    cache.get_or_render("d", lambda: page)
    assert list(cache._pages) == ["c", "a", "d"] and cache.bytes == 3 * sys.getsizeof(page)


def test_chinese_pages_count_at_their_real_size():
    """A str with any CJK character takes two bytes a character: the budget holds half as many."""
    latin, chinese = "a" * 1000, "牌" * 1000
    cache = PageCache(size=100, max_bytes=10 * sys.getsizeof(latin))
    for n in range(20):
        cache.get_or_render(n, lambda: chinese)
    assert len(cache) == 10 * sys.getsizeof(latin) // sys.getsizeof(chinese) == 5


def test_a_page_bigger_than_the_budget_is_served_and_not_kept():
    cache = PageCache(size=100, max_bytes=100)
    assert cache.get_or_render("big", lambda: "y" * 1000) == "y" * 1000
    assert len(cache) == 0 and cache.bytes == 0


def test_the_page_count_still_bounds_small_pages():
    cache = PageCache(size=3, max_bytes=10**9)
    for n in range(10):
        cache.get_or_render(n, lambda n=n: str(n))
    assert list(cache._pages) == [7, 8, 9]


def test_every_law_page_in_every_language_stays_within_the_budget(real_app):
    cache = real_app.extensions["page_cache"]
    cache.clear()
    client = real_app.test_client()
    served = 0
    for edition in ("2017", "2007", "1987"):
        for langs in ("", "?lang=en", "?lang=zh-Hant", "?lang=en&lang=zh-Hant"):
            for law in range(1, 94):
                served += client.get(f"/laws/{edition}/{law}{langs}").status_code == 200
    kept = sum(sys.getsizeof(page) for page in cache._pages.values())
    assert served > 600 and 0 < len(cache) < served
    assert kept == cache.bytes <= MAX_BYTES
    assert kept > MAX_BYTES * 0.9  # the budget is used, not a much smaller cache by accident
    cache.clear()
