"""Every cache the web app keeps is bounded (issue 12 item 3): thousands of distinct queries,
result pages, law pages in every language choice, comparisons, lookups and malformed requests
leave the serving worker's memory flat (< 10 % growth) once it has served each kind once.

The caches and their sizes: rendered law and compare pages (webapp/page_cache.py, MAX_PAGES
512), search answers per index build (indexer/search.py, first-screen answers only), spelling
and normalisation memos (indexer/normalise.py, lru_cache 4096/8192), comparisons per
(law, from, to) (Corpus.memo; its keys are validated law numbers and editions, so at most
93 × 6)."""

from __future__ import annotations

import random
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from bench.load import server_memory
from webapp.server import production_server

WORDS = ("revoke", "dummy", "claim", "lead", "trick", "bid", "call", "score", "director", "penalty", "card",
         "partner", "declarer", "defender", "hesitation", "tempo", "board", "result", "appeal", "play",
         "夢家", "首引", "叫牌", "明手", "罰則", "調整", "不足", "藏牌", "調整分", "首攻")


def distinct_requests(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    paths = []
    while len(paths) < count:
        kind = rng.randrange(6)
        if kind == 0:  # a distinct query, any page
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
            warm = list(pool.map(lambda p: get(url + p), distinct_requests(300, seed=1)))
            assert warm.count(500) == 0 and warm.count(200) > 150
            before = server_memory(pid)
            statuses = list(pool.map(lambda p: get(url + p), distinct_requests(2500, seed=2)))
            after = server_memory(pid)
    assert statuses.count(500) == 0 and statuses.count(200) > 1200
    growth = (after - before) / before
    print(f"worker + master PSS {before / 1024:.1f} MB → {after / 1024:.1f} MB ({growth:+.1%}) over {len(statuses)} distinct requests")
    assert growth < 0.10, f"{before / 1024:.0f} MB → {after / 1024:.0f} MB ({growth:+.1%})"
