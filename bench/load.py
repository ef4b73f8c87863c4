"""A bounded loopback load generator for ``bridgelaws serve`` (issue 8: load and faults).

Closed loop, like ``wrk``: each of C connections sends a request, reads the whole answer, and
sends the next, for a fixed time. Each request asks for "Connection: close" after its
answer, so every request pays for a new TCP connection, as a browser without keep-alive would.
Pure Python (asyncio), so nothing needs installing; the client is a second process on the
loopback interface only, and the run is bounded in time, connections and request count.

    python -m bench.load                        # starts its own server, 16 then 64 connections, 60 s each
    python -m bench.load -c 16 -d 10 --url http://127.0.0.1:8000   # against a running server
    python -m bench.load --slow-clients 60 -d 25  # slowloris: share of other requests answered in 2 s
    python -m bench.load --no-search-cache --rate 300 -d 60   # open loop: 300 arrivals a second
    python -m bench.load --costly                 # costliest query and deepest page ÷ a plain question

Reports throughput, latency p50/p99, errors (any status other than the expected one, a short or
broken answer, a traceback in the body) and the server's memory (PSS of master and workers)
before and after. Note: with C connections in a closed loop, Little's law ties latency to
throughput (mean latency = C / throughput), so at 64 connections queueing dominates p99: it is
a saturation test, the server's throughput seen as latency. ``--rate`` is the other honest
measure: requests arrive at a fixed average rate (Poisson, as independent readers do) whatever
the server's speed, and each one's latency is timed from when it was due, so a server that falls
behind is charged for the wait (no coordinated omission).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from bench.speed import adversarial_queries, plain_questions  # bench/speed.py owns both lists
from webapp.server import production_server  # the real server (bench/report.py imports it from here too)

MAX_DURATION_S = 600
MAX_CONNECTIONS = 256
MAX_REQUESTS = 500_000
ROOT = Path(__file__).resolve().parent.parent

# -- the mixed workload --------------------------------------------------------------------------
# Law numbers present in each edition's text (1987 has 90 laws, 2007 and 2017 have 93).
_LAWS = (1, 7, 9, 12, 16, 20, 21, 23, 25, 27, 40, 41, 45, 50, 57, 61, 64, 68, 70, 73, 75, 81, 82, 85, 90)
_QUERIES = {
    "en": ("revoke", "insufficient bid", "dummy's limitations", "claim", "lead out of turn",
           "unauthorised information", "adjusted score", "hesitation"),
    "zh-Hant": ("夢家", "不足叫價", "應跟未跟", "首引", "調整得分", "未經授權之資訊"),
    "zh-Hans": ("明手", "叫牌不足", "藏牌", "调整分", "首攻", "未经授权的信息"),
}
_LOOKUPS = ("2017/12C1", "2017/27B1", "2017/40B2(a)", "2017/64", "2017/16", "2007/16", "2007/12C2",
            "1987/75", "1987/12", "2017/77", "2007/40")
_CONTRACTS = ("4SX-2", "3NT=", "6HXX+1", "7NT=", "1C+2", "2DX-3", "5CX=", "4H-1")
# Candidate compare addresses: the compare pages are being added; whichever answer is used.
_COMPARES = ("/api/compare?law={law}&from=2007&to=2017", "/api/compare?law={law}&from=1987&to=2017",
             "/compare?law={law}&from=2007&to=2017", "/compare?law={law}&from=1987&to=2017")


def _q(text: str) -> str:
    return urllib.parse.quote(text)


def workload() -> dict[str, list[str]]:
    """Request paths by kind; each kind is weighted in ``WEIGHTS``."""
    law_pages = [f"/laws/{e}/{law}" for e in ("2017", "2007", "1987") for law in _LAWS]
    law_pages += [f"/laws/2017/{law}?lang=en&lang=zh-Hant" for law in _LAWS[::3]]
    searches = [f"/search?q={_q(q)}" for qs in _QUERIES.values() for q in qs]
    searches += [f"/api/search?q={_q(q)}&limit=10" for qs in _QUERIES.values() for q in qs]
    searches += [f"/api/search?q={_q(q)}&edition=2017&lang=en" for q in _QUERIES["en"]]
    lookups = [f"/api/laws/{c}" for c in _LOOKUPS]
    scores = [f"/api/score?contract={_q(c)}&declarer=N&vul={v}" for c in _CONTRACTS for v in ("none", "ns", "both")]
    scores += ["/api/imps?diff=620&diff=-100&diff=1430", "/api/matchpoints?score=620&score=170&score=140&score=-100"]
    compares = [pattern.format(law=law) for pattern in _COMPARES for law in (12, 16, 40, 75)]
    return {"law page": law_pages, "search": searches, "lookup": lookups, "score": scores, "compare": compares}


WEIGHTS = {"law page": 35, "search": 30, "lookup": 15, "score": 10, "compare": 10}


def request_plan(kinds: dict[str, list[str]], count: int = 4096, seed: int = 8) -> list[str]:
    """A fixed, shuffled sequence of paths in the workload's proportions (connections cycle it)."""
    rng = random.Random(seed)
    names = [k for k in WEIGHTS if kinds.get(k)]
    weights = [WEIGHTS[k] for k in names]
    return [rng.choice(kinds[rng.choices(names, weights)[0]]) for _ in range(count)]


# -- the client ----------------------------------------------------------------------------------
def _run_loop(coroutine):
    """``asyncio.run`` in a thread of its own: the caller may already run an event loop (a test
    session that also drives Playwright's browser does), and asyncio.run refuses to nest."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    requests: int = 0
    expected_bodies: dict[str, bytes] = field(default_factory=dict)  # path → the one right answer

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


async def fetch(host: str, port: int, path: str, timeout: float = 10.0) -> tuple[int, bytes, bytes]:
    """One GET on a fresh connection: (status, headers, body)."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n"
                     "Accept-Encoding: identity\r\nUser-Agent: bridgelaws-bench\r\n\r\n".encode())
        data = await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
    head, _, body = data.partition(b"\r\n\r\n")
    status_line = head.split(b"\r\n", 1)[0].split()
    if len(status_line) < 2 or not status_line[1].isdigit():
        raise ConnectionError("no HTTP status line")
    return int(status_line[1]), head, body


def check(status: int, head: bytes, body: bytes, expected: int = 200) -> str | None:
    """Why an answer counts as an error, or None."""
    if status != expected:
        return f"status {status}"
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length" and int(value) != len(body):
            return "short body"
    if b"Traceback" in body:
        return "traceback"
    return None


async def _connection(host, port, plan, start, deadline, tally: Tally, limit: int, *,
                      count_unanswered: bool = False) -> None:
    """One closed-loop client. ``count_unanswered``: a request that fails counts as an infinite
    latency (the slow-client run asks what share was answered in time), else it is retried."""
    i = start
    while time.perf_counter() < deadline and tally.requests < limit:
        path = plan[i % len(plan)]
        i += 1
        began = time.perf_counter()
        tally.requests += 1
        try:
            status, head, body = await fetch(host, port, path)
        except (OSError, asyncio.TimeoutError, ConnectionError, ValueError) as exc:
            tally.error(type(exc).__name__)
            if count_unanswered:
                tally.latencies.append(float("inf"))  # never answered: not within any bound
            else:
                await asyncio.sleep(0.01)
            continue
        tally.latencies.append(time.perf_counter() - began)
        if (problem := check(status, head, body)) is not None:
            tally.error(problem)
        elif path in tally.expected_bodies and body != tally.expected_bodies[path]:
            tally.error("mixed result")


async def _run(host, port, plan, connections, duration, limit, expected_bodies) -> tuple[Tally, float]:
    tally = Tally(expected_bodies=expected_bodies or {})
    started = time.perf_counter()
    deadline = started + duration
    step = max(1, len(plan) // connections)
    await asyncio.gather(*(_connection(host, port, plan, n * step, deadline, tally, limit)
                           for n in range(connections)))
    return tally, time.perf_counter() - started


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def loopback(url: str) -> tuple[str, int]:
    """(host, port) of a loopback URL; anything else is refused (this tool never leaves the machine)."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    try:
        is_loopback = ipaddress.ip_address(socket.gethostbyname(host)).is_loopback
    except (OSError, ValueError):
        is_loopback = False
    if parts.scheme != "http" or not is_loopback:
        raise SystemExit(f"bench.load: {url!r} is not an http:// address on the loopback interface")
    return host, parts.port or 80


def _figures(tally: Tally, elapsed: float, client_cpu: float) -> dict:
    """What every run reports: requests, throughput, latency percentiles, errors, the client's CPU."""
    return {
        "duration_s": round(elapsed, 1), "requests": tally.requests,
        "throughput_rps": round(len(tally.latencies) / elapsed, 1),
        "p50_ms": round(percentile(tally.latencies, 0.50) * 1000, 1),
        "p99_ms": round(percentile(tally.latencies, 0.99) * 1000, 1),
        "max_ms": round(max(tally.latencies, default=0) * 1000, 1),
        "errors": sum(tally.errors.values()), "error_kinds": tally.errors,
        "client_cpu_pct": round(100 * client_cpu / elapsed),
    }


def run_load(url: str, connections: int, duration: float, plan: list[str],
             max_requests: int = MAX_REQUESTS, server_pid: int | None = None,
             expected_bodies: dict[str, bytes] | None = None) -> dict:
    if not 1 <= connections <= MAX_CONNECTIONS:
        raise SystemExit(f"bench.load: connections must be 1–{MAX_CONNECTIONS}")
    if not 0 < duration <= MAX_DURATION_S:
        raise SystemExit(f"bench.load: duration must be at most {MAX_DURATION_S} s")
    host, port = loopback(url)
    before = server_memory(server_pid) if server_pid else None
    cpu_before = server_cpu(server_pid) if server_pid else None
    client_before = time.process_time()
    tally, elapsed = _run_loop(_run(host, port, plan, connections, duration, max_requests, expected_bodies))
    client_cpu = time.process_time() - client_before
    after = server_memory(server_pid) if server_pid else None
    report = {"connections": connections, **_figures(tally, elapsed, client_cpu)}
    if cpu_before is not None and tally.latencies:
        # CPU the server spent per answer: the figure that does not depend on what else runs.
        report["server_cpu_ms_per_request"] = round(1000 * (server_cpu(server_pid) - cpu_before) / len(tally.latencies), 2)
    if before is not None:
        report.update(memory_before_mb=round(before / 1024, 1), memory_after_mb=round(after / 1024, 1),
                      memory_growth_pct=round(100 * (after - before) / before, 1))
    return report


# -- open loop: a fixed arrival rate ---------------------------------------------------------------
MAX_RATE = 5000  # arrivals a second


async def _open_loop(host, port, plan, rate, duration, tally: Tally, seed: int = 8) -> float:
    """Requests due at Poisson arrival times (mean ``rate`` a second), each on its own connection;
    latency runs from when a request was due, so time spent waiting for a free client slot or for
    the server counts. At most MAX_CONNECTIONS are outstanding: an arrival beyond that is an error
    ("over capacity"), never silently delayed."""
    rng = random.Random(seed)
    outstanding: set[asyncio.Task] = set()

    async def one(path: str, due: float) -> None:
        try:
            status, head, body = await fetch(host, port, path)
        except (OSError, asyncio.TimeoutError, ConnectionError, ValueError) as exc:
            tally.error(type(exc).__name__)
            return
        tally.latencies.append(time.perf_counter() - due)
        if (problem := check(status, head, body)) is not None:
            tally.error(problem)

    started = time.perf_counter()
    due, i = started, 0
    while True:
        due += rng.expovariate(rate)
        if due >= started + duration or tally.requests >= MAX_REQUESTS:
            break
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        tally.requests += 1
        if len(outstanding) >= MAX_CONNECTIONS:
            tally.error("over capacity")
            continue
        task = asyncio.create_task(one(plan[i % len(plan)], due))
        i += 1
        outstanding.add(task)
        task.add_done_callback(outstanding.discard)
    await asyncio.gather(*outstanding)
    return time.perf_counter() - started


def run_open_loop(url: str, rate: float, duration: float, plan: list[str], server_pid: int | None = None) -> dict:
    if not 0 < rate <= MAX_RATE:
        raise SystemExit(f"bench.load: the rate must be above 0 and at most {MAX_RATE} requests a second")
    if not 0 < duration <= MAX_DURATION_S:
        raise SystemExit(f"bench.load: duration must be at most {MAX_DURATION_S} s")
    host, port = loopback(url)
    tally = Tally()
    cpu_before = server_cpu(server_pid) if server_pid else None
    client_before = time.process_time()
    elapsed = _run_loop(_open_loop(host, port, plan, rate, duration, tally))
    report = {"rate_rps": rate, **_figures(tally, elapsed, time.process_time() - client_before)}
    if cpu_before is not None and tally.latencies:
        report["server_cpu_ms_per_request"] = round(1000 * (server_cpu(server_pid) - cpu_before) / len(tally.latencies), 2)
        report["server_cpu_pct"] = round(100 * (server_cpu(server_pid) - cpu_before) / elapsed)
    return report


def format_open_loop(results: dict) -> str:
    lines = [f"open loop (Poisson arrivals), search cache {'on' if results['search_cache'] else 'off'}"
             if results.get("search_cache") is not None else "open loop (Poisson arrivals)",
             "| arrivals/s | duration | answered/s | p50 ms | p99 ms | max ms | errors | server CPU ms/request "
             "| server CPU (of 200 % on 2 cores) | client CPU |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in results["runs"]:
        lines.append(f"| {r['rate_rps']:g} | {r['duration_s']} s | {r['throughput_rps']} | {r['p50_ms']} | {r['p99_ms']} | "
                     f"{r['max_ms']} | {r['errors']} {r['error_kinds'] or ''} | {r.get('server_cpu_ms_per_request', 'n/a')} | "
                     f"{r.get('server_cpu_pct', 'n/a')} % | {r['client_cpu_pct']} % |")
    return "\n".join(lines)


# -- the costliest requests against a plain question -------------------------------------------------
DEEP_QUERY = "牌"  # the commonest character: results all the way down (indexer/search.py MAX_DEPTH)


def costly_paths() -> dict[str, str]:
    """The dearest requests a client can make of ≤ 500 characters: bench/speed.py's hostile
    queries, as the JSON API and as the results page, and the deepest and the largest pages of
    the query with the most results (indexer MAX_DEPTH = 100 hits, 10 to a results page)."""
    paths = {}
    for name, query in adversarial_queries().items():
        paths[f"api: {name}"] = f"/api/search?q={_q(query)}&limit=10"
        paths[f"page: {name}"] = f"/search?q={_q(query)}"
    deep = _q(DEEP_QUERY)
    paths.update({
        f"page: deepest results page (q={DEEP_QUERY}&page=10)": f"/search?q={deep}&page=10",
        f"api: deepest page of 10 (q={DEEP_QUERY}&limit=10&page=10)": f"/api/search?q={deep}&limit=10&page=10",
        f"api: deepest hit (q={DEEP_QUERY}&limit=1&page=100)": f"/api/search?q={deep}&limit=1&page=100",
        f"api: largest page (q={DEEP_QUERY}&limit=100)": f"/api/search?q={deep}&limit=100",
    })
    return paths


def plain_question_paths(count: int | None = None) -> dict[str, list[str]]:
    """The development set's plain-language questions (bench/data), as both kinds of request
    (every ``len // count``-th one when ``count`` is given)."""
    questions = [row["query"] for row in plain_questions()]
    if count:
        questions = questions[::max(1, len(questions) // count)][:count]
    return {"api": [f"/api/search?q={_q(q)}&limit=10" for q in questions],
            "page": [f"/search?q={_q(q)}" for q in questions]}


def costly_requests(url: str, repeats: int = 5, questions: int | None = None) -> dict:
    """Each costly request's median time over ``repeats``, one request at a time, against the
    median plain question of the same kind (API or results page) timed in the same run and the
    same way (interleaved, so a burst of other work on the machine hits both sides). The server
    must compute every search (its answer cache off): a cached answer would time the cache."""
    host, port = loopback(url)
    costly, plain = costly_paths(), plain_question_paths(questions)

    async def timed(path: str) -> float:
        began = time.perf_counter()
        status, head, body = await fetch(host, port, path, timeout=30)
        if (problem := check(status, head, body)) is not None:
            raise SystemExit(f"bench.load: {path} fails: {problem}")
        return time.perf_counter() - began

    async def measure():
        for path in [*costly.values(), *plain["api"], *plain["page"]]:
            await timed(path)  # untimed: the first run may load term tables
        times: dict[str, list[float]] = {path: [] for path in [*costly.values(), *plain["api"], *plain["page"]]}
        for _ in range(repeats):
            for path in times:
                times[path].append(await timed(path))
        return {path: sorted(ts)[len(ts) // 2] for path, ts in times.items()}

    median = _run_loop(measure())
    baseline = {kind: sorted(median[p] for p in paths)[len(paths) // 2] for kind, paths in plain.items()}
    rows = []
    for name, path in costly.items():
        kind = name.split(":", 1)[0]
        rows.append({"request": name, "path": path if len(path) <= 80 else path[:77] + "…",
                     "ms": round(median[path] * 1000, 1), "over_plain": round(median[path] / baseline[kind], 2)})
    rows.sort(key=lambda r: -r["over_plain"])
    return {"plain_api_ms": round(baseline["api"] * 1000, 1), "plain_page_ms": round(baseline["page"] * 1000, 1),
            "questions": len(plain["api"]), "repeats": repeats, "rows": rows,
            "worst_over_plain": rows[0]["over_plain"], "target": COSTLY_TARGET}


COSTLY_TARGET = 5.0  # issue 12: the costliest request ≤ 5× a plain question


def format_costly(r: dict) -> str:
    verdict = "met" if r["worst_over_plain"] <= r["target"] else "**missed**"
    lines = [f"typical plain-language question (median of {r['questions']}, each the median of {r['repeats']}): "
             f"API {r['plain_api_ms']} ms, results page {r['plain_page_ms']} ms; every search computed",
             f"costliest request: {r['rows'][0]['request']} at {r['worst_over_plain']}× "
             f"(target ≤ {r['target']:g}×: {verdict})",
             "| request | ms | × plain question of its kind |", "|---|---|---|"]
    lines += [f"| {row['request']} | {row['ms']} | {row['over_plain']} |" for row in r["rows"]]
    return "\n".join(lines)


# -- slow clients (slowloris) -------------------------------------------------------------------
MAX_SLOW_CLIENTS = 1000
ANSWERED_WITHIN_S = 2.0


@dataclass
class SlowTally:
    connections: int = 0  # connections the slow clients opened (a client cut off opens another)
    cut_off: int = 0  # of those, closed by the server before the run ended
    refused: int = 0  # connection attempts that failed


async def _slow_client(host: str, port: int, n: int, deadline: float, interval: float, tally: SlowTally) -> None:
    """An attacker's connection: a request line, then one header line every ``interval`` seconds,
    never the blank line that ends the headers. When the server hangs up, it connects again."""
    while time.perf_counter() < deadline:
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 5)
        except (OSError, asyncio.TimeoutError):
            tally.refused += 1
            await asyncio.sleep(interval)
            continue
        tally.connections += 1
        try:
            writer.write(f"GET /laws/2017/{n % 93 + 1} HTTP/1.1\r\nHost: {host}:{port}\r\n".encode())
            line = 0
            while time.perf_counter() < deadline:
                try:
                    # Waits `interval` seconds, unless the server closes the connection first.
                    if await asyncio.wait_for(reader.read(1024), interval) == b"" or reader.at_eof():
                        tally.cut_off += 1
                        break
                except asyncio.TimeoutError:
                    pass
                line += 1
                writer.write(f"X-Slow-{line}: {'a' * 20}\r\n".encode())
                await writer.drain()
        except OSError:
            tally.cut_off += 1
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()


async def _ordinary_requests(host, port, plan, connections, deadline, tally: Tally) -> None:
    step = max(1, len(plan) // connections)
    await asyncio.gather(*(_connection(host, port, plan, n * step, deadline, tally, MAX_REQUESTS, count_unanswered=True)
                           for n in range(connections)))


def run_slow_clients(url: str, slow_clients: int, duration: float, plan: list[str], connections: int = 8,
                     interval: float = 3.0) -> dict:
    """``slow_clients`` slowloris connections held for ``duration`` seconds while ``connections``
    ordinary clients run the mixed workload; reports the share of ordinary requests answered
    within ``ANSWERED_WITHIN_S`` (a request never answered counts as not answered in time)."""
    if not 1 <= slow_clients <= MAX_SLOW_CLIENTS:
        raise SystemExit(f"bench.load: slow clients must be 1–{MAX_SLOW_CLIENTS}")
    if not 0 < duration <= MAX_DURATION_S or not 1 <= connections <= MAX_CONNECTIONS:
        raise SystemExit(f"bench.load: duration at most {MAX_DURATION_S} s, connections 1–{MAX_CONNECTIONS}")
    host, port = loopback(url)
    slow, tally = SlowTally(), Tally()

    async def attack():
        started = time.perf_counter()
        deadline = started + duration
        attackers = [asyncio.create_task(_slow_client(host, port, n, deadline, interval, slow))
                     for n in range(slow_clients)]
        await asyncio.sleep(min(interval, duration / 4))  # the slow clients first: they hold the server
        await _ordinary_requests(host, port, plan, connections, deadline, tally)
        await asyncio.gather(*attackers)
        return time.perf_counter() - started

    elapsed = _run_loop(attack())
    answered = [t for t in tally.latencies if t != float("inf")]
    within = sum(1 for t in tally.latencies if t <= ANSWERED_WITHIN_S)
    return {
        "slow_clients": slow_clients, "slow_interval_s": interval, "connections": connections,
        "duration_s": round(elapsed, 1), "requests": tally.requests,
        "answered_within_2s_pct": round(100 * within / max(1, len(tally.latencies)), 1),
        "p50_ms": round(percentile(answered, 0.50) * 1000, 1),
        "p99_ms": round(percentile(answered, 0.99) * 1000, 1),
        "max_ms": round(max(answered, default=0) * 1000, 1),
        "errors": sum(tally.errors.values()), "error_kinds": tally.errors,
        "slow_connections": slow.connections, "slow_cut_off": slow.cut_off, "slow_refused": slow.refused,
    }


def format_slow(r: dict) -> str:
    return "\n".join([
        f"{r['slow_clients']} slow clients (one header line every {r['slow_interval_s']} s) for {r['duration_s']} s, "
        f"{r['connections']} ordinary connections running the mixed workload:",
        "| ordinary requests | answered within 2 s | p50 ms | p99 ms | max ms | errors | slow connections opened / cut off by the server |",
        "|---|---|---|---|---|---|---|",
        f"| {r['requests']} | {r['answered_within_2s_pct']} % | {r['p50_ms']} | {r['p99_ms']} | {r['max_ms']} | "
        f"{r['errors']} {r['error_kinds'] or ''} | {r['slow_connections']} / {r['slow_cut_off']} |",
    ])


# -- the server ----------------------------------------------------------------------------------
def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            found += [int(c) for c in task.read_text().split()]
    return found


def _pss_kb(pid: int) -> int:
    """Proportional set size: forked workers share the corpus with the master, so RSS would count it thrice."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    return 0


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by the server process and its workers."""
    total = 0
    for p in [pid, *_children(pid)]:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / os.sysconf("SC_CLK_TCK")


def server_memory(pid: int) -> int:
    """kB of PSS summed over the server process and its workers."""
    return sum(_pss_kb(p) for p in [pid, *_children(pid)])


def probe(url: str, kinds: dict[str, list[str]]) -> tuple[dict[str, list[str]], list[str]]:
    """Every path once: the workload must answer 200 before it is timed. Compare addresses that
    are not served (yet) are dropped and named; any other failure stops the run."""
    host, port = loopback(url)

    async def statuses(paths):
        return await asyncio.gather(*(fetch(host, port, p, timeout=30) for p in paths))

    kept, dropped = {}, []
    for kind, paths in kinds.items():
        answers = _run_loop(statuses(paths))
        ok = []
        for path, (status, head, body) in zip(paths, answers):
            problem = check(status, head, body)
            if problem is None:
                ok.append(path)
            elif kind == "compare" and status == 404:
                dropped.append(path)
            else:
                raise SystemExit(f"bench.load: {path} fails before the run: {problem}")
        kept[kind] = ok
    return kept, dropped


def search_answers(url: str, paths: list[str]) -> dict[str, bytes]:
    """The body of every ``/api/search`` path, fetched twice: the answers a rebuild must not change."""
    host, port = loopback(url)
    answers = {}
    for path in (p for p in paths if p.startswith("/api/search")):
        first = _run_loop(fetch(host, port, path))[2]
        if _run_loop(fetch(host, port, path))[2] == first:
            answers[path] = first
    return answers


@contextlib.contextmanager
def rebuilding(index: Path, times: int, pause: float = 2.0):
    """Runs `bridgelaws build` on the served index ``times`` times in the background; yields the
    list of exit codes (filled in as the builds finish)."""
    codes: list[int] = []
    stop = threading.Event()

    def builds():
        for _ in range(times):
            if stop.wait(pause):
                return
            done = subprocess.run([sys.executable, "-m", "bridgelaws", "build"], cwd=ROOT,
                                  env=dict(os.environ, BRIDGELAWS_INDEX=str(index)),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            codes.append(done.returncode)

    thread = threading.Thread(target=builds, daemon=True)
    thread.start()
    try:
        yield codes
    finally:
        stop.set()
        thread.join()


def warm_up(url: str, plan: list[str], seconds: float = 3.0) -> None:
    """Every worker opens the index and loads jieba on its first search; that is start-up, not growth."""
    run_load(url, 8, seconds, plan)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("-c", "--connections", type=int, action="append",
                        help="concurrent connections (repeatable; default 16 and 64)")
    parser.add_argument("-d", "--duration", type=float, default=60.0, help="seconds per run (default 60)")
    parser.add_argument("--url", help="a running server on loopback (default: start `bridgelaws serve`)")
    parser.add_argument("--workers", type=int, default=2, help="workers of the server this tool starts")
    parser.add_argument("--max-requests", type=int, default=MAX_REQUESTS)
    parser.add_argument("--rebuild", type=int, default=0, metavar="N",
                        help="rebuild the served index N times during each run (a fresh index in a temporary "
                             "directory); any changed /api/search answer counts as an error")
    parser.add_argument("--no-search-cache", action="store_true",
                        help="start the server with its search-answer cache off (every search computed)")
    parser.add_argument("--slow-clients", type=int, metavar="N",
                        help="instead of the mixed-load runs: N slowloris clients (a header line every "
                             "--slow-interval seconds) for --duration seconds, while -c ordinary connections "
                             "(default 8) run the mix; reports the share answered within 2 s")
    parser.add_argument("--slow-interval", type=float, default=3.0, help="seconds between a slow client's lines")
    parser.add_argument("--rate", type=float, action="append", metavar="R",
                        help="instead of the closed loop: requests arrive at R a second on average (Poisson; "
                             "repeatable), each timed from when it was due")
    parser.add_argument("--costly", action="store_true",
                        help="instead of the load: the costliest queries of ≤ 500 characters and the deepest "
                             "pages, one at a time, against the median plain-language question (search cache off)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.slow_clients:
        return slow_client_run(args)
    if args.costly:
        return costly_run(args)
    if args.rate:
        return open_loop_run(args)
    if args.rebuild and args.url:
        raise SystemExit("bench.load: --rebuild starts its own server; leave out --url")
    results = load_runs(args.connections or [16, 64], args.duration, url=args.url, workers=args.workers,
                        max_requests=min(args.max_requests, MAX_REQUESTS), rebuilds=min(args.rebuild, 20),
                        search_cache=not args.no_search_cache)
    if args.json:
        print(json.dumps(results, ensure_ascii=False))
    else:
        print(format_runs(results))
    return 1 if any(run["errors"] for run in results["runs"]) else 0


def slow_client_run(args) -> int:
    with contextlib.ExitStack() as stack:
        url = args.url
        if url is None:
            url, _pid = stack.enter_context(production_server(args.workers, search_cache=not args.no_search_cache))
        kinds, _dropped = probe(url, workload())
        plan = request_plan(kinds)
        warm_up(url, plan)
        result = run_slow_clients(url, args.slow_clients, args.duration, plan,
                                  connections=(args.connections or [8])[0], interval=args.slow_interval)
    print(json.dumps(result, ensure_ascii=False) if args.json else format_slow(result))
    return 0 if result["answered_within_2s_pct"] >= 90 else 1


def costly_run(args) -> int:
    with contextlib.ExitStack() as stack:
        url = args.url
        if url is None:
            url, _pid = stack.enter_context(production_server(args.workers, search_cache=False))
        result = costly_requests(url)
    print(json.dumps(result, ensure_ascii=False) if args.json else format_costly(result))
    return 0 if result["worst_over_plain"] <= result["target"] else 1


def open_loop_run(args) -> int:
    with contextlib.ExitStack() as stack:
        url, pid = args.url, None
        if url is None:
            url, pid = stack.enter_context(production_server(args.workers, search_cache=not args.no_search_cache))
        kinds, _dropped = probe(url, workload())
        plan = request_plan(kinds)
        warm_up(url, plan)
        runs = [run_open_loop(url, rate, args.duration, plan, server_pid=pid) for rate in args.rate]
    results = {"url": url, "workers": args.workers if pid else None,
               "search_cache": (not args.no_search_cache) if pid else None, "runs": runs}
    print(json.dumps(results, ensure_ascii=False) if args.json else format_open_loop(results))
    return 1 if any(run["errors"] for run in runs) else 0


def load_runs(connections: list[int], duration: float, url: str | None = None, workers: int = 2,
              max_requests: int = MAX_REQUESTS, rebuilds: int = 0, search_cache: bool = True) -> dict:
    with contextlib.ExitStack() as stack:
        pid = index = None
        if rebuilds:
            index = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bridgelaws-load-"))) / "index"
            subprocess.run([sys.executable, "-m", "bridgelaws", "build"], cwd=ROOT, check=True,
                           env=dict(os.environ, BRIDGELAWS_INDEX=str(index)), stdout=subprocess.DEVNULL)
        if url is None:
            url, pid = stack.enter_context(production_server(workers, index=index, search_cache=search_cache))
        kinds, dropped = probe(url, workload())
        plan = request_plan(kinds)
        warm_up(url, plan)
        expected = search_answers(url, kinds["search"]) if rebuilds else None
        runs = []
        for c in connections:
            with rebuilding(index, rebuilds, pause=duration / (rebuilds + 1)) if rebuilds else contextlib.nullcontext([]) as codes:
                run = run_load(url, c, duration, plan, max_requests, server_pid=pid, expected_bodies=expected)
            if rebuilds:
                run["rebuilds"] = f"{codes.count(0)} of {rebuilds} succeeded"
                run["errors"] += len(codes) - codes.count(0)
            runs.append(run)
    return {"url": url, "workers": workers if pid else None, "search_cache": search_cache if pid else None,
            "mix": {k: len(v) for k, v in kinds.items()},
            "dropped": dropped, "runs": runs, "checked_answers": len(expected or {})}


def format_runs(results: dict) -> str:
    lines = [f"mix (distinct paths per kind): {results['mix']}; weights {WEIGHTS}"]
    if results.get("checked_answers"):
        lines.append(f"rebuilding during each run; {results['checked_answers']} search answers checked on every request")
    if results["dropped"]:
        lines.append(f"not served, left out: {', '.join(results['dropped'])}")
    lines.append("| connections | duration | requests/s | p50 ms | p99 ms | errors | memory before → after (MB PSS) "
                 "| server CPU ms/request | client CPU |")
    lines.append("|---|---|---|---|---|---|---|---|---|")
    for r in results["runs"]:
        memory = (f"{r['memory_before_mb']} → {r['memory_after_mb']} ({r['memory_growth_pct']:+.1f} %)"
                  if "memory_before_mb" in r else "n/a")
        lines.append(f"| {r['connections']} | {r['duration_s']} s | {r['throughput_rps']} | {r['p50_ms']} | "
                     f"{r['p99_ms']} | {r['errors']} {r['error_kinds'] or ''} | {memory} | "
                     f"{r.get('server_cpu_ms_per_request', 'n/a')} | {r['client_cpu_pct']} % |"
                     + (f" rebuilds: {r['rebuilds']}" if "rebuilds" in r else ""))
    lines += [capacity_note(r) for r in results["runs"] if r.get("server_cpu_ms_per_request")]
    return "\n".join(lines)


def capacity_note(run: dict, cores: int | None = None) -> str:
    """What Little's law makes of a closed-loop run: the server's CPU per request caps its
    throughput on this machine's cores, and C connections then wait at least C ÷ that on average
    (p99 lies above the mean). It shows what a p99 target at C connections asks of CPU per request."""
    cores = cores or os.cpu_count() or 1
    cap = cores * 1000 / run["server_cpu_ms_per_request"]
    return (f"{run['connections']} connections: {run['server_cpu_ms_per_request']} ms of server CPU a request caps "
            f"{cores} cores at {cap:.0f} requests/s, so mean latency ≥ {1000 * run['connections'] / cap:.0f} ms "
            f"(Little's law; the client shares the cores); even a mean of 100 ms needs ≤ "
            f"{cores * 100 / run['connections']:.2f} ms a request")


if __name__ == "__main__":
    sys.exit(main())
