"""What ``bridgelaws bench relevance|speed|all`` runs; bridgelaws/commands/bench.py only parses
the options and hands them here, so the runtime package carries no measuring code."""

from __future__ import annotations

import json


def run(what: str, *, as_json: bool = False, duration: float = 60.0, tantivy: bool = True) -> int:
    if what == "all":
        from bench import report

        argv = ["--duration", str(duration)] + ([] if tantivy else ["--no-tantivy"])
        return report.main(argv + (["--json"] if as_json else []))
    if what == "relevance":
        from bench import relevance as module

        result = module.run()
    else:
        from bench import speed as module

        result = module.run(tantivy=tantivy)
    print(json.dumps(result, ensure_ascii=False) if as_json else module.table(result))
    return 0
