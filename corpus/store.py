"""The corpus: every edition's records, indexed for lookup by edition and citation."""

from __future__ import annotations

import threading
from collections import defaultdict
from typing import Any, Callable, Hashable, Iterable, Iterator

from corpus.citations import Citation
from corpus.model import EDITIONS, Definition, Document, EditionRecords, Provision


class Corpus:
    """All imported editions. Read-only once built; cheap lookups by (edition, citation).

    ``fingerprint`` identifies the sources and code the records were parsed from
    (corpus/snapshot.py); None for a corpus made by hand (tests)."""

    def __init__(self, editions: Iterable[EditionRecords], *, fingerprint: str | None = None):
        self.fingerprint = fingerprint
        self.editions: dict[str, EditionRecords] = {}
        for records in editions:
            self.editions[records.edition] = records
        self._by_citation: dict[tuple[str, Citation], Provision] = {}
        self._children: dict[tuple[str, Citation | None], list[Provision]] = defaultdict(list)
        for records in self.editions.values():
            for provision in records.provisions:
                key = (records.edition, provision.citation)
                if key in self._by_citation:
                    raise ValueError(f"duplicate provision {records.edition} {provision.citation}")
                self._by_citation[key] = provision
                self._children[(records.edition, provision.parent)].append(provision)
        self._cited_by: dict[tuple[str, Citation], list[Provision]] | None = None
        self._memo: dict[Hashable, Any] = {}
        self._memo_lock = threading.Lock()

    # -- editions ---------------------------------------------------------------------------
    @property
    def edition_names(self) -> tuple[str, ...]:
        return tuple(e for e in EDITIONS if e in self.editions)

    def __getitem__(self, edition: str) -> EditionRecords:
        return self.editions[edition]

    # -- provisions -------------------------------------------------------------------------
    def provision(self, edition: str, citation: Citation) -> Provision | None:
        return self._by_citation.get((edition, citation))

    def children(self, edition: str, citation: Citation | None) -> list[Provision]:
        """Direct children in printed order (``citation=None`` gives the laws)."""
        return list(self._children.get((edition, citation), ()))

    def laws(self, edition: str) -> list[Provision]:
        return self.children(edition, None)

    def subtree(self, edition: str, citation: Citation) -> Iterator[Provision]:
        """The provision and all its descendants, depth first in printed order."""
        node = self.provision(edition, citation)
        if node is None:
            return
        yield node
        for child in self.children(edition, citation):
            yield from self.subtree(edition, child.citation)

    def provisions(self, edition: str | None = None) -> Iterator[Provision]:
        for name in self.edition_names if edition is None else (edition,):
            yield from self.editions[name].provisions

    def definitions(self, edition: str | None = None) -> Iterator[Definition]:
        for name in self.edition_names if edition is None else (edition,):
            yield from self.editions[name].definitions

    def documents(self, edition: str | None = None) -> Iterator[Document]:
        for name in self.edition_names if edition is None else (edition,):
            yield from self.editions[name].documents

    # -- derived results ----------------------------------------------------------------------
    def memo(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """A result that depends only on this corpus (an edition comparison), computed once.

        The corpus never changes, so nothing here goes stale; the keys are few (laws × edition
        pairs), so nothing is evicted."""
        with self._memo_lock:
            if key in self._memo:
                return self._memo[key]
        value = compute()
        with self._memo_lock:
            return self._memo.setdefault(key, value)

    # -- references -------------------------------------------------------------------------
    def cited_by(self, edition: str, citation: Citation) -> list[Provision]:
        """Provisions of ``edition`` whose resolved references point at ``citation``."""
        if self._cited_by is None:
            index: dict[tuple[str, Citation], list[Provision]] = defaultdict(list)
            for provision in self.provisions():
                for target in dict.fromkeys(r.target for r in provision.refs if r.target is not None):
                    index[(provision.edition, target)].append(provision)
            self._cited_by = index
        return list(self._cited_by.get((edition, citation), ()))
