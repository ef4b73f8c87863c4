"""Build the corpus from the sources: one importer per edition, run once per process."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from corpus.importers import acbl1987, wbf2007, wbf2017
from corpus.linking import link_edition
from corpus.model import EditionRecords
from corpus.store import Corpus

# edition → the importer that reads its sources (newest first, the order editions are listed in).
EDITION_IMPORTERS: dict[str, Callable[[], EditionRecords]] = {
    "2017": wbf2017.import_edition,
    "2007": wbf2007.import_edition,
    "1987": acbl1987.import_edition,
}


def import_edition(edition: str) -> EditionRecords:
    return EDITION_IMPORTERS[edition]()


@lru_cache(maxsize=1)
def load_corpus() -> Corpus:
    """Every edition, imported from ``corpus/sources`` with its cross-references resolved within
    the edition. Deterministic; cached per process."""
    return Corpus(link_edition(import_edition(edition)) for edition in EDITION_IMPORTERS)
