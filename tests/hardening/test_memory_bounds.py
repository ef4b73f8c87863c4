"""Every cache the web app keeps is bounded (issue 12 item 3): thousands of distinct queries,
search filters (``laws=`` ranges × editions × languages), result pages, law pages in every
language choice, comparisons, lookups and malformed requests leave the serving worker's memory
flat (< 10 % growth).

The caches and their sizes: rendered law and compare pages (webapp/page_cache.py, MAX_PAGES
512), search answers per index build (indexer/search.py, DEFAULT_RESULT_CACHE_SIZE 1024
first-screen answers), search filters per index build (indexer/search.py, FILTER_CACHE_SIZE
bit sets of ≈ 400 bytes), spelling and normalisation memos (indexer/normalise.py, lru_cache
4096/8192), comparisons per (law, from, to) (Corpus.memo; its keys are validated law numbers
and editions, so at most 93 × 6).

A bounded cache grows until it is full, and only then is its bound visible: so the warm-up
first fills each of them past its size (more distinct law pages than MAX_PAGES, more distinct
first-screen searches than the answer cache holds, more distinct filters than FILTER_CACHE_SIZE),
and the measured requests — thousands more, all distinct, half of them new filters — must
then leave memory flat. An unbounded cache (the per-filter document sets of issue 12, ~300 MB
after 4,371 ranges) fails this at once."""

from __future__ import annotations

import random
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from bench.load import server_memory
from indexer.search import DEFAULT_RESULT_CACHE_SIZE, FILTER_CACHE_SIZE
from webapp.page_cache import MAX_PAGES
from webapp.server import production_server

WORDS = ("revoke", "dummy", "claim", "lead", "trick", "bid", "call", "score", "director", "penalty", "card",
         "partner", "declarer", "defender", "hesitation", "tempo", "board", "result", "appeal", "play",
         "夢家", "首引", "叫牌", "明手", "罰則", "調整", "不足", "藏牌", "調整分", "首攻")


def distinct_requests(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    paths = []
    while len(paths) < count:
        kind = rng.randrange(8)
        if kind >= 6:  # a distinct filter: law range × edition × language, one query per filter
            low = rng.randrange(1, 94)
            laws = f"{low}-{rng.randrange(low, 94)}"
            edition = rng.choice(("", "&edition=2017", "&edition=2007", "&edition=1987"))
            lang = rng.choice(("", "&lang=en", "&lang=zh-Hant", "&lang=zh-Hans"))
            where = rng.choice(("/search?", "/api/search?limit=10&"))
            paths.append(f"{where}q={urllib.parse.quote(rng.choice(WORDS))}&laws={laws}{edition}{lang}")
        elif kind == 0:  # a distinct query, any page
            words = " ".join(rng.sample(WORDS, 2)) + f" {rng.randrange(10**6)}"
            paths.append(f"/search?q={urllib.parse.quote(words)}&page={rng.randrange(1, 4)}")
        elif kind == 1:
            words = " ".join(rng.sample(WORDS, 3))
            paths.append(f"/api/search?q={urllib.parse.quote(words)}&limit={rng.randrange(1, 101)}"
                         f"&page={rng.randrange(1, 6)}")
        elif kind == 2:  # every law page in every language choice
            edition = rng.choice(("2017", "2007", "1987"))
            langs = rng.choice(("", "lang=en", "lang=zh-Hant", "lang=zh-Hans", "lang=en&lang=zh-Hant",
                                "lang=zh-Hant&lang=en", "lang=zh-Hant&lang=zh-Hans"))
            paths.append(f"/laws/{edition}/{rng.randrange(1, 94)}?{langs}&x={rng.randrange(10**6)}")
        elif kind == 3:
            paths.append(f"/api/laws/{rng.choice(('2017', '2007'))}/{rng.randrange(1, 94)}{rng.choice('ABCD')}")
        elif kind == 4:
            paths.append(f"/compare?law={rng.randrange(1, 94)}&from=2007&to=2017")
        else:  # malformed and absent input, each distinct
            paths.append(rng.choice((f"/laws/2017/{rng.randrange(94, 10**6)}", f"/search?q=x&page=%E2%91%{rng.randrange(160, 170):X}",
                                     f"/laws/2017/Z{rng.randrange(10**6)}", f"/api/laws/2017/12C{rng.randrange(10, 99)}")))
    return paths


def law_range_filters() -> list[str]:
    """Every law range (4,371 of them) over all editions and languages, the widest document sets,
    in a fixed shuffled order."""
    filters = [f"/api/search?q=card&limit=5&laws={low}-{high}" for low in range(1, 94) for high in range(low, 94)]
    random.Random(3).shuffle(filters)
    return filters


def filling_requests() -> list[str]:
    """More distinct law pages than the page cache holds, more distinct first-screen searches than
    the answer cache holds, more distinct filters than the filter cache holds."""
    laws = [f"/laws/{edition}/{law}?{langs}" for edition in ("2017", "2007", "1987") for law in range(1, 94)
            for langs in ("", "lang=en", "lang=zh-Hant", "lang=zh-Hans")][: MAX_PAGES + 100]
    searches = [f"/search?q={urllib.parse.quote(WORDS[i % len(WORDS)])}+{i}"
                for i in range(DEFAULT_RESULT_CACHE_SIZE + 100)]
    return laws + searches + law_range_filters()[: FILTER_CACHE_SIZE + 100]


def measured_requests() -> list[str]:
    """3,000 distinct requests of every kind and 2,000 more law ranges, none seen in the warm-up."""
    paths = distinct_requests(3000, seed=2) + law_range_filters()[FILTER_CACHE_SIZE + 100:][:2000]
    random.Random(4).shuffle(paths)
    return paths


def get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            answer.read()
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def test_memory_stays_flat_under_thousands_of_distinct_requests(index, tmp_path):
    with production_server(1, index=index, log=tmp_path / "serve.log") as (url, pid):
        with ThreadPoolExecutor(4) as pool:
            warm = list(pool.map(lambda p: get(url + p), filling_requests() + distinct_requests(300, seed=1)))
            assert warm.count(500) == 0 and warm.count(200) > len(warm) // 2
            before = server_memory(pid)
            statuses = list(pool.map(lambda p: get(url + p), measured_requests()))
            after = server_memory(pid)
    assert statuses.count(500) == 0 and statuses.count(200) > 3000
    growth = (after - before) / before
    print(f"worker + master PSS {before / 1024:.1f} MB → {after / 1024:.1f} MB ({growth:+.1%}) over {len(statuses)} distinct requests")
    assert growth < 0.10, f"{before / 1024:.0f} MB → {after / 1024:.0f} MB ({growth:+.1%})"
