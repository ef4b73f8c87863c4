"""bench.load's open-loop and costly-request measurements run against the real server (a few
seconds each; the published runs are longer)."""

from __future__ import annotations

from bench import load
from bench.report import table
from webapp.server import production_server


def test_open_loop_times_each_request_from_when_it_was_due(index):
    with production_server(2, index=index, search_cache=False) as (url, pid):
        kinds, _ = load.probe(url, load.workload())
        run = load.run_open_loop(url, 40, 3.0, load.request_plan(kinds), server_pid=pid)
    assert run["errors"] == 0 and 80 <= run["requests"] <= 170  # Poisson around 120
    assert 0 < run["p50_ms"] <= run["p99_ms"] <= run["max_ms"] and run["server_cpu_ms_per_request"] > 0
    assert "| 40 | " in load.format_open_loop({"runs": [run], "search_cache": False})


def test_costly_requests_are_set_against_plain_questions_of_the_same_kind(index):
    with production_server(1, index=index, search_cache=False) as (url, _pid):
        result = load.costly_requests(url, repeats=1, questions=4)
    names = [row["request"] for row in result["rows"]]
    assert any("deepest results page" in n for n in names) and any("largest page" in n for n in names)
    assert any(n.startswith("api: 480-character misspelled") for n in names)
    assert result["questions"] == 4 and result["plain_api_ms"] > 0 and result["plain_page_ms"] > 0
    assert result["worst_over_plain"] == max(row["over_plain"] for row in result["rows"])
    assert "costliest request:" in load.format_costly(result)


def test_the_closed_loop_table_states_what_littles_law_asks_of_cpu_per_request():
    run = {"connections": 64, "duration_s": 60.0, "requests": 27000, "throughput_rps": 450.0, "p50_ms": 140.0,
           "p99_ms": 190.0, "errors": 0, "error_kinds": {}, "client_cpu_pct": 7, "server_cpu_ms_per_request": 4.0}
    note = load.capacity_note(run, cores=2)
    assert note.startswith("64 connections: 4.0 ms of server CPU a request caps 2 cores at 500 requests/s")
    assert "mean latency ≥ 128 ms" in note and "≤ 3.12 ms a request" in note
    run["memory_before_mb"] = run["memory_after_mb"] = 280.0
    run["memory_growth_pct"] = 0.0
    assert load.format_runs({"mix": {}, "dropped": [], "runs": [run]}).endswith(load.capacity_note(run))


def test_the_published_table_has_the_slow_client_and_costliest_request_rows():
    report = {"date": "2026-11-23 00:30 UTC", "machine": "test", "load_average_before": 0.5, "load_average_after": 0.6,
              "build_s": 2.8, "import_s": 0.7, "index_s": 1.9, "documents": 3222, "cold_start_s": 0.7,
              "server_start_s": 1.6, "search": {"p50_ms": 6.0, "p95_ms": 19.0}, "queries": 75,
              "law_page": {"p50_ms": 1.2, "p95_ms": 2.6}, "load": [], "server_peak_pss_mb": 286.0,
              "build_peak_rss_mb": 148.0,
              "slow_clients": {"slow_clients": 60, "duration_s": 25.1, "connections": 8, "requests": 5000,
                               "answered_within_2s_pct": 87.5, "p99_ms": 2400.0, "errors": 3},
              "costly": {"plain_api_ms": 30.0, "plain_page_ms": 35.0, "worst_over_plain": 2.33, "target": 5.0,
                         "rows": [{"request": "api: largest page (q=牌&limit=100)", "ms": 70.0, "over_plain": 2.33}]}}
    text = table(report)
    assert "| 87.5 % of 5000 (2400.0 ms; errors 3) | ≥ 90 %: **missed** |" in text
    assert "| api: largest page (q=牌&limit=100): 70.0 ms = 2.33× | ≤ 5×: met |" in text
