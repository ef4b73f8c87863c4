"""The corpus of a process: read from the snapshot when it matches the sources and code, else
parsed from ``corpus/sources`` (one importer per edition) and the snapshot written for next time.

The importers are imported only when the sources are parsed, so a process that finds its
snapshot never loads them.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Callable

from corpus import settings, snapshot
from corpus.model import EditionRecords
from corpus.store import Corpus

IMPORT_ORDER = ("2017", "2007", "1987")  # newest first, the order editions are listed in

log = logging.getLogger(__name__)


def _importers() -> dict[str, Callable[[], EditionRecords]]:
    """edition → the importer that reads its sources."""
    # The importers and the linker cost ≈ 50 ms (2.5× the interpreter's start): only a snapshot miss pays it.
    from corpus.importers import acbl1987, wbf2007, wbf2017  # noqa: PLC0415

    return {"2017": wbf2017.import_edition, "2007": wbf2007.import_edition, "1987": acbl1987.import_edition}


def import_edition(edition: str) -> EditionRecords:
    return _importers()[edition]()


def parse_records() -> tuple[EditionRecords, ...]:
    """Every edition imported from the sources, cross-references resolved within the edition."""
    from corpus.linking import link_edition  # noqa: PLC0415 (see _importers)

    importers = _importers()
    return tuple(link_edition(importers[edition]()) for edition in IMPORT_ORDER)


def parse_corpus() -> Corpus:
    """The corpus parsed from the sources, never from a snapshot (what the snapshot must equal)."""
    return Corpus(parse_records(), fingerprint=snapshot.corpus_fingerprint())


def refresh_snapshot(directory: Path | None = None) -> tuple[Corpus, Path]:
    """Parse the sources and (re)write the snapshot (``bridgelaws build``). Raises OSError."""
    fingerprint = snapshot.corpus_fingerprint()
    records = parse_records()
    path = snapshot.write(directory or settings.current().snapshots, fingerprint, records)
    return _remember(Corpus(records, fingerprint=fingerprint)), path


_lock = threading.Lock()
_loaded: Corpus | None = None


def _remember(corpus: Corpus) -> Corpus:
    global _loaded
    with _lock:
        _loaded = corpus
    return corpus


def load_corpus(snapshots: Path | None = None) -> Corpus:
    """Every edition, from the snapshot in ``snapshots`` (default ``Settings.snapshots``) when its
    fingerprint matches, else parsed (and the snapshot rewritten; a data directory that cannot be
    written only costs the parse). Deterministic; one corpus per process, whichever snapshot it
    came from."""
    global _loaded
    with _lock:
        if _loaded is not None:
            return _loaded
        directory = snapshots or settings.current().snapshots
        fingerprint = snapshot.corpus_fingerprint()
        records = snapshot.read(directory, fingerprint)
        if records is None:
            records = parse_records()
            try:
                snapshot.write(directory, fingerprint, records)
            except OSError as exc:
                log.warning("could not write the corpus snapshot in %s (%s); the next start parses the sources again",
                            directory, exc.strerror or exc)
        _loaded = Corpus(records, fingerprint=fingerprint)
        return _loaded


def forget_corpus() -> None:
    """Drop this process's corpus (tests that change the sources or the snapshot)."""
    global _loaded
    with _lock:
        _loaded = None

