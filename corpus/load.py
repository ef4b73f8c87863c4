"""Build the corpus from the sources: one importer per edition, run once per process."""

from __future__ import annotations

import importlib
from functools import lru_cache

from corpus.linking import link_edition
from corpus.model import EditionRecords
from corpus.store import Corpus

# edition → "module:function" returning that edition's EditionRecords.
EDITION_IMPORTERS: dict[str, str] = {
    "2017": "corpus.importers.wbf2017:import_edition",
    "2007": "corpus.importers.wbf2007:import_edition",
    "1987": "corpus.importers.acbl1987:import_edition",
}


def import_edition(edition: str) -> EditionRecords:
    module_name, func = EDITION_IMPORTERS[edition].split(":")
    return getattr(importlib.import_module(module_name), func)()


@lru_cache(maxsize=1)
def load_corpus() -> Corpus:
    """Every edition, imported from ``corpus/sources`` with its cross-references resolved within
    the edition. Deterministic; cached per process."""
    return Corpus(link_edition(import_edition(edition)) for edition in EDITION_IMPORTERS)
