"""``/healthz``: is this server able to answer? 200 with the index build when the search index
opens, 503 when it does not — for a container orchestrator or a load balancer.

The check never builds an index (``bridgelaws serve`` and ``bridgelaws build`` do that): a
missing or damaged index is an unhealthy server, not a reason to start a build per probe. An
index that opened once stays open in the worker (``indexer.search.open_index``), so a probe costs
a file-status check and a dictionary look-up.
"""

from __future__ import annotations

import json
from pathlib import Path

from flask import Blueprint, current_app, jsonify

from indexer.build import META_FILE
from indexer.search import open_index

bp = Blueprint("health", __name__)


def _index_link() -> Path:
    return Path(current_app.config["SETTINGS"].index)


@bp.get("/healthz")
def healthz():
    link = _index_link()
    try:
        if not (link / META_FILE).is_file():
            raise FileNotFoundError(f"no search index at {link}")
        opened = open_index(link)
        meta = json.loads((opened.path / META_FILE).read_text(encoding="utf-8"))
    except Exception as exc:  # any failure to open is "unhealthy", reported, never a 500
        response = jsonify({"status": "unavailable", "reason": str(exc) or type(exc).__name__})
        response.status_code = 503
    else:
        response = jsonify({"status": "ok", "index": {"build": opened.path.name, "documents": meta.get("documents")}})
    response.headers["Cache-Control"] = "no-store"
    return response
