"""``bridgelaws export --format json``: the whole corpus as one JSON document on stdout."""

from __future__ import annotations

import json
import sys

from bridgelaws.commands import SUMMARIES
from corpus.load import load_corpus
from corpus.serialize import export_document


def register(subparsers) -> None:
    p = subparsers.add_parser("export", help=SUMMARIES["export"])
    p.add_argument("--format", choices=("json",), default="json")
    p.set_defaults(run=run)


def run(args) -> int:
    json.dump(export_document(load_corpus()), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
