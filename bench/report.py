"""The one published benchmark table (issue 8): reruns every measurement and prints it.

    python -m bench.report [--duration 60] [--json]      (or: bridgelaws bench all)

Rows: import + index build, cold start to first answer (library and HTTP server), search p50/p95
and the ratio to tantivy on the same queries, law page render p50/p95, HTTP throughput, p50/p99
and errors under the mixed load at 16 and 64 connections (search answers cached, and every
search computed), slow clients (share of other requests answered within 2 s), the costliest
request against a plain question, server memory before/after and peak, peak memory of the build. The header names the date, the machine and its load average, since the
machine may be shared (a busy machine lowers throughput; server CPU per request does not move).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from bench import load
from bench import speed as evaluate
from bench.load import production_server, server_memory
from webapp import create_app
from webapp.reference import current_corpus

TARGETS = {"throughput_rps": 300, "p99_ms": 100, "memory_growth_pct": 10}


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory_gb = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return (f"{platform.system()} {platform.release()}, {model}, {os.cpu_count()} cores, {memory_gb:.0f} GB, "
            f"Python {platform.python_version()}")


def law_page_latencies(rounds: int = 3) -> list[float]:
    """Seconds per law page (every law of every edition, default language), in process, warm;
    every page rendered, never taken from the page cache."""
    app = create_app({"PRELOAD_CORPUS": True, "PAGE_CACHE_SIZE": 0})
    client = app.test_client()
    with app.app_context():
        corpus = current_corpus()
        paths = [f"/laws/{e}/{law.law}" for e in corpus.edition_names for law in corpus.laws(e)]
    times = []
    for round_ in range(rounds + 1):
        for path in paths:
            started = time.perf_counter()
            response = client.get(path)
            elapsed = time.perf_counter() - started
            if response.status_code != 200:
                raise SystemExit(f"bench.report: {path} answered {response.status_code}")
            if round_:
                times.append(elapsed)
    return times


def server_start(index: Path) -> float:
    """Seconds from starting `bridgelaws serve` (index present) to the first answered search."""
    started = time.perf_counter()
    with production_server(2, index=index) as (url, _pid):
        urllib.request.urlopen(url + "/api/search?q=revoke", timeout=30).close()
        return time.perf_counter() - started


class PeakMemory:
    """Samples the server's PSS while the load runs."""

    def __init__(self, pid: int, every: float = 0.5):
        self.pid, self.every, self.peak_kb = pid, every, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self):
        while not self._stop.wait(self.every):
            self.peak_kb = max(self.peak_kb, server_memory(self.pid))

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()


def measure(duration: float = 60.0, connections=(16, 64), tantivy: bool = True, slow_clients: int = 60,
            slow_duration: float = 25.0) -> dict:
    report: dict = {"date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
                    "machine": machine(), "load_average_before": os.getloadavg()[0]}
    queries = evaluate.plain_questions()
    with tempfile.TemporaryDirectory(prefix="bridgelaws-bench-") as tmp:
        index = Path(tmp) / "index"
        build, meta = evaluate.build_time(index)
        report.update(build_s=round(build, 2), import_s=meta["import_seconds"], index_s=meta["index_seconds"],
                      documents=meta["documents"],
                      build_peak_rss_mb=round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1))
        evaluate.cold_start(index)  # the first start writes jieba's cache if it is missing
        report["cold_start_s"] = round(min(evaluate.cold_start(index) for _ in range(3)), 3)
        report["server_start_s"] = round(server_start(index), 2)
        report["search"] = evaluate.summary(evaluate.query_latencies(queries, index))
        report["queries"] = len(queries)
        if tantivy:
            try:
                report["tantivy"] = evaluate.summary(evaluate.tantivy_latencies(queries, index))
                report["whoosh_over_tantivy_p50"] = round(report["search"]["p50_ms"] / max(report["tantivy"]["p50_ms"], 1e-6), 1)
            except ImportError:
                report["tantivy"] = None
        report["law_page"] = evaluate.summary(law_page_latencies())
        report["load"], peaks = [], []
        # Twice: as served (answers cached per index build), and with every search computed.
        for search_cache in (True, False):
            with load.production_server(2, index=index, search_cache=search_cache) as (url, pid):
                kinds, dropped = load.probe(url, load.workload())
                plan = load.request_plan(kinds)
                load.warm_up(url, plan)
                with PeakMemory(pid) as peak:
                    report["load"] += [dict(load.run_load(url, c, duration, plan, server_pid=pid),
                                            search_cache=search_cache) for c in connections]
                peaks.append(peak.peak_kb)
                if search_cache:  # as served: slow clients against the site as users get it
                    report["slow_clients"] = load.run_slow_clients(url, slow_clients, slow_duration, plan)
                else:  # every search computed: what the dearest requests cost against a plain one
                    report["costly"] = load.costly_requests(url)
        report["server_peak_pss_mb"] = round(max(peaks) / 1024, 1)
        report["load_mix"] = {k: len(v) for k, v in kinds.items()}
        report["load_dropped"] = dropped
    report["load_average_after"] = os.getloadavg()[0]
    return report


def table(r: dict) -> str:
    def verdict(ok: bool) -> str:
        return "met" if ok else "**missed**"

    rows = [
        ("Import all sources + build the index (fresh process)",
         f"{r['build_s']} s (import {r['import_s']} s, index {r['index_s']} s; {r['documents']} documents)", ""),
        ("Cold start to first answer (library: new interpreter → `search()`)", f"{r['cold_start_s']} s", ""),
        ("Cold start to first answer (`bridgelaws serve` → first `/api/search`)", f"{r['server_start_s']} s", ""),
        (f"Search latency p50 / p95 (Whoosh, {r['queries']} plain-language development questions, warm, uncached)",
         f"{r['search']['p50_ms']} / {r['search']['p95_ms']} ms", ""),
    ]
    if r.get("tantivy"):
        rows.append(("Same queries through tantivy p50 / p95 (ratio Whoosh ÷ tantivy at p50)",
                     f"{r['tantivy']['p50_ms']} / {r['tantivy']['p95_ms']} ms (×{r['whoosh_over_tantivy_p50']})", ""))
    rows.append(("Law page render p50 / p95 (every law of every edition, in process)",
                 f"{r['law_page']['p50_ms']} / {r['law_page']['p95_ms']} ms", ""))
    for run in r["load"]:
        c = f"{run['connections']} connections, search cache {'on' if run.get('search_cache', True) else 'off'}"
        rows.append((f"HTTP mixed load, {c}, {run['duration_s']} s: throughput",
                     f"{run['throughput_rps']} requests/s ({run['requests']} requests)",
                     f"≥ {TARGETS['throughput_rps']}: {verdict(run['throughput_rps'] >= TARGETS['throughput_rps'])}"))
        rows.append((f"HTTP mixed load, {c}: p50 / p99 latency",
                     f"{run['p50_ms']} / {run['p99_ms']} ms",
                     f"p99 ≤ {TARGETS['p99_ms']}: {verdict(run['p99_ms'] <= TARGETS['p99_ms'])}"))
        rows.append((f"HTTP mixed load, {c}: errors", str(run["errors"]), verdict(run["errors"] == 0)))
        rows.append((f"HTTP mixed load, {c}: server memory before → after (PSS)",
                     f"{run['memory_before_mb']} → {run['memory_after_mb']} MB ({run['memory_growth_pct']:+.1f} %)",
                     f"≤ +{TARGETS['memory_growth_pct']} %: {verdict(run['memory_growth_pct'] <= TARGETS['memory_growth_pct'])}"))
        rows.append((f"HTTP mixed load, {c}: server CPU per request (load-independent)",
                     f"{run['server_cpu_ms_per_request']} ms (client used {run['client_cpu_pct']} % of a core)", ""))
    if r.get("slow_clients"):
        s = r["slow_clients"]
        rows.append((f"{s['slow_clients']} slow clients dribbling headers for {s['duration_s']} s, {s['connections']} "
                     "ordinary connections: answered within 2 s (p99)",
                     f"{s['answered_within_2s_pct']} % of {s['requests']} ({s['p99_ms']} ms; errors {s['errors']})",
                     f"≥ 90 %: {verdict(s['answered_within_2s_pct'] >= 90)}"))
    if r.get("costly"):
        c = r["costly"]
        rows.append((f"Costliest request of ≤ 500 characters or deepest page, over HTTP, against the median plain "
                     f"question of its kind (API {c['plain_api_ms']} ms, results page {c['plain_page_ms']} ms)",
                     f"{c['rows'][0]['request']}: {c['rows'][0]['ms']} ms = {c['worst_over_plain']}×",
                     f"≤ {c['target']:g}×: {verdict(c['worst_over_plain'] <= c['target'])}"))
    rows.append(("Peak memory: server under load (master + 2 workers, PSS)", f"{r['server_peak_pss_mb']} MB", ""))
    rows.append(("Peak memory: import + build process (RSS)", f"{r['build_peak_rss_mb']} MB", ""))
    lines = [f"Measured {r['date']} on {r['machine']}; load average {r['load_average_before']:.2f} before, "
             f"{r['load_average_after']:.2f} after (other work on the machine lowers the HTTP figures).",
             "", "| measure | result | target |", "|---|---|---|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    if r.get("load_dropped"):
        lines.append(f"\nNot served, left out of the mix: {', '.join(r['load_dropped'])}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.report", description="rerun every benchmark, print one table")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds per load run (default 60)")
    parser.add_argument("--no-tantivy", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = measure(args.duration, tantivy=not args.no_tantivy)
    print(json.dumps(report, ensure_ascii=False) if args.json else table(report))
    return 1 if any(run["errors"] for run in report["load"]) else 0


if __name__ == "__main__":
    sys.exit(main())
