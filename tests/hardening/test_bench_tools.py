"""The benchmark tools themselves work (a few seconds of load; the published runs are 60 s)."""

from bench import load
from bench.report import table
from webapp.server import production_server


def test_load_generator_drives_the_production_server_without_errors(index):
    with production_server(2, index=index, search_cache=False) as (url, pid):
        kinds, dropped = load.probe(url, load.workload())
        assert not dropped and set(kinds) == set(load.WEIGHTS)  # every kind of the mix is served
        run = load.run_load(url, 4, 2.0, load.request_plan(kinds), server_pid=pid)
    assert run["errors"] == 0 and run["requests"] > 20
    assert run["p50_ms"] <= run["p99_ms"] and run["memory_before_mb"] > 0


def test_report_table_says_which_targets_are_met():
    run = {"connections": 64, "duration_s": 60.0, "throughput_rps": 450.0, "requests": 27000, "p50_ms": 140.0,
           "p99_ms": 190.0, "errors": 0, "memory_before_mb": 280.0, "memory_after_mb": 281.0,
           "memory_growth_pct": 0.4, "server_cpu_ms_per_request": 3.9, "client_cpu_pct": 17, "search_cache": False}
    report = {"date": "2026-11-21 13:00 UTC", "machine": "test", "load_average_before": 0.5,
              "load_average_after": 0.6, "build_s": 2.8, "import_s": 0.7, "index_s": 1.9, "documents": 3222,
              "cold_start_s": 0.7, "server_start_s": 1.6, "search": {"p50_ms": 6.0, "p95_ms": 19.0},
              "queries": 75, "law_page": {"p50_ms": 1.2, "p95_ms": 2.6}, "load": [run],
              "server_peak_pss_mb": 286.0, "build_peak_rss_mb": 148.0}
    text = table(report)
    assert "| HTTP mixed load, 64 connections, search cache off, 60.0 s: throughput | 450.0 requests/s" in text
    assert "p99 ≤ 100: **missed**" in text and "≥ 300: met" in text
