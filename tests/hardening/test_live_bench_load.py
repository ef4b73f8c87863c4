"""bench.load's open-loop and costly-request measurements run against the real server (a few
seconds each; the published runs are longer)."""

from __future__ import annotations

from bench import load
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
