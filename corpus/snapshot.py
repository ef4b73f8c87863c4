"""The parsed-corpus snapshot: every edition's linked records, stored once so that a process
starts in milliseconds instead of re-parsing the sources (≈ 0.7 s).

Keyed by the corpus fingerprint: a SHA-256 over the source texts (``corpus/sources/*``) and over
every ``.py`` file of the ``corpus`` package (importers, linking, model, citations …). Hashing
the whole package is the simple, honest choice: any change to code that could change the records
makes a new snapshot; a change that could not (a comment, serialize.py) costs one re-parse.

Stored with ``corpus.sealed`` (pickle behind a header with the fingerprint and a checksum, read
only if the file is ours; see there why pickle) under ``Settings.snapshots`` in the user's data
directory, one file per fingerprint, at most ``KEEP`` of them (two checkouts of different
versions sharing a data directory do not rewrite each other's snapshot on every start).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from corpus import sealed
from corpus.model import EditionRecords

KIND = "corpus-snapshot"
VERSION = 1  # the file layout; the records' shape is covered by the fingerprint (corpus/model.py)
KEEP = 3
ALLOWED = ("corpus.model", "corpus.citations")  # the only classes a snapshot may name

PACKAGE = Path(__file__).resolve().parent


def digest(root: Path, patterns: Iterable[str]) -> str:
    """SHA-256 of the files under ``root`` matching ``patterns`` (names and contents, in name order)."""
    h = hashlib.sha256()
    files = sorted({p for pattern in patterns for p in root.glob(pattern) if p.is_file()})
    for path in files:
        if "__pycache__" in path.parts:
            continue
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


@lru_cache(maxsize=1)
def corpus_fingerprint() -> str:
    """The fingerprint of this process's sources and corpus code (computed once: ≈ 5 ms)."""
    return digest(PACKAGE, ("sources/*", "**/*.py"))


def snapshot_path(directory: Path, fingerprint: str) -> Path:
    return directory / f"corpus-{fingerprint[:16]}.pickle"


def read(directory: Path, fingerprint: str) -> tuple[EditionRecords, ...] | None:
    """The records of the snapshot for ``fingerprint``, or None (absent, foreign, damaged)."""
    records = sealed.read(snapshot_path(directory, fingerprint), KIND, VERSION, fingerprint, ALLOWED)
    if not isinstance(records, tuple) or not all(isinstance(r, EditionRecords) for r in records):
        return None
    return records


def write(directory: Path, fingerprint: str, records: tuple[EditionRecords, ...]) -> Path:
    """Store ``records`` as the snapshot for ``fingerprint``; keep the ``KEEP`` newest. Raises OSError."""
    path = snapshot_path(directory, fingerprint)
    sealed.write(path, KIND, VERSION, fingerprint, tuple(records))
    sealed.prune(directory, "corpus-*.pickle", KEEP)
    return path
