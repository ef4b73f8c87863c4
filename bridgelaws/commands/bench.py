"""``bridgelaws bench relevance|speed|all``: the measurements (not a test).

``relevance`` prints success@3 and MRR@10 over indexer/data/queries.jsonl; ``speed`` builds a
fresh index in a temporary directory and reports build time, cold start to first answer, query
latency p50/p95, and the same queries through tantivy (install the ``bench`` extra); ``all``
reruns everything, HTTP load included (``bench/report.py`` of the source checkout), and prints
the one published table."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from bridgelaws.errors import UsageError


def register(subparsers) -> None:
    parser = subparsers.add_parser("bench", help="measure search relevance or speed, or everything")
    parser.add_argument("what", choices=("relevance", "speed", "all"))
    parser.add_argument("--duration", type=float, default=60.0, help="all: seconds per load run (default 60)")
    parser.add_argument("--no-tantivy", action="store_true", help="skip the tantivy comparison")
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(run=run)


def run(args) -> int:
    if args.what == "all":
        return _all(args)
    from indexer import evaluate

    queries = evaluate.load_queries()
    if args.what == "relevance":
        result = evaluate.relevance(queries)
        report = {"queries": len(queries), "success_at_3": round(result.success_at_3, 4),
                  "mrr_at_10": round(result.mrr_at_10, 4),
                  "failures": [{"query": q, "expected": e, "found": f} for q, e, f in result.failures]}
    else:
        with tempfile.TemporaryDirectory(prefix="bridgelaws-bench-") as tmp:
            index = Path(tmp) / "index"
            build, meta = evaluate.build_time(index)
            evaluate.cold_start(index)  # the first start writes jieba's cache if it is missing
            cold = min(evaluate.cold_start(index) for _ in range(3))
            warm = evaluate.summary(evaluate.query_latencies(queries, index))
            report = {"documents": meta["documents"], "build_s": round(build, 2),
                      "import_s": meta["import_seconds"], "index_s": meta["index_seconds"],
                      "cold_start_s": round(cold, 3), "whoosh": warm}
            if not args.no_tantivy:
                try:
                    tantivy = evaluate.summary(evaluate.tantivy_latencies(queries, index))
                except ImportError:
                    raise UsageError("tantivy is not installed (pip install '.[bench]'), or use --no-tantivy") from None
                report["tantivy"] = tantivy
                report["whoosh_over_tantivy_p50"] = round(warm["p50_ms"] / max(tantivy["p50_ms"], 1e-6), 1)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0


def _all(args) -> int:
    """The report lives in ``bench/`` beside the packages (a checkout, not an installed wheel)."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "bench" / "report.py").is_file():
        raise UsageError(f"bench all needs the source checkout's bench/ directory (not found in {root})")
    if not 1 <= args.duration <= 600:
        raise UsageError(f"--duration {args.duration} must be between 1 and 600 seconds")
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from bench import report

    argv = ["--duration", str(args.duration)] + (["--no-tantivy"] if args.no_tantivy else [])
    return report.main(argv + (["--json"] if args.json else []))
