"""The public search: ``search(query, edition=, lang=, laws=, limit=, offset=)``.

A query naming a citation (``27B1``, ``Law 12C1(c)``, ``第27条``) first returns that provision
in every edition asked for (``direct`` hits); text hits follow. The index is opened once per
process (per thread for the searcher) and reopened when a build swaps a new one in.
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from whoosh import query as q
from whoosh.filedb.filestore import FileStorage
from whoosh.idsets import BitSet

from corpus import requests
from corpus.citations import MAX_LAW, Citation, from_canonical
from corpus.load import load_corpus
from corpus.lookup import not_found
from corpus.model import EDITIONS, LANGUAGES
from corpus.settings import current
from indexer import ranking, scorer
from indexer.analysis import analyse, stem
from indexer.build import DEFINITIONS, GLOSSARY_FILE, damaged, ensure_index
from indexer.highlight import snippet
from indexer.query import Interpreter, Vocabulary, as_citation, synonym_groups, term_table
from indexer.spelling import Speller

MAX_QUERY_CHARS = 2000
MAX_LIMIT = 100
# Answers kept per opened index build. A build never changes once written, so an answer stays
# right until a rebuild opens a new build (with an empty cache); directors repeat queries. Only
# first-screen answers are kept (limit ≤ CACHED_LIMIT, ≈ 8 kB each), so the cache stays ≈ 10 MB a
# worker whatever clients ask. BRIDGELAWS_SEARCH_CACHE=0 turns it off (the benchmark measures both).
DEFAULT_RESULT_CACHE_SIZE = 1024
CACHED_LIMIT = 20
# Document sets kept per opened build, one per distinct (edition, language, law range) filter.
# There are 3 × 4 × (93·94/2 + 1) ≈ 52,000 possible filters. Each is kept as a bit set (one bit
# per document: ≈ 430 bytes for the 3,472 documents, where a Python set of the same numbers took
# up to ~200 kB), and at most FILTER_CACHE_SIZE of them, so the cache holds ≤ ~0.5 MB whatever
# ranges clients walk.
FILTER_CACHE_SIZE = 1024
# The deepest hit a query can reach (page × limit): every match is scored (indexer/scorer.py),
# hits are grouped only down to this depth and snippets are built only for the page returned, so
# the last page costs about what the first does. Totals are capped to it, so every announced page exists.
MAX_DEPTH = 100


def result_cache_size() -> int:
    return current().search_cache  # Settings.search_cache (BRIDGELAWS_SEARCH_CACHE)


class SearchError(requests.Malformed):
    """A query or option that cannot be answered; the message says what to change (a malformed
    request of corpus/requests.py: 400 on the web, exit 2 on the command line)."""


@dataclass(frozen=True)
class DefinitionEntry:
    """Where a Definitions hit points: the chapter's entry for ``key`` (``undertrick``)."""

    key: str
    kind: str = "definition"
    law: int = 0

    @property
    def anchor(self) -> str:
        return "def-" + re.sub(r"[^a-z0-9]+", "-", self.key.lower()).strip("-")  # as webapp/terms.py

    def __str__(self) -> str:
        return DEFINITIONS


@dataclass(frozen=True)
class Hit:
    edition: str
    lang: str
    citation: Citation | DefinitionEntry
    law: int
    title: str
    snippet: str
    score: float
    direct: bool = False
    # One hit per provision: the languages of this provision that matched (``lang`` first
    # ranked), a snippet in each, and the provision's counterparts in the other editions
    # (corpus/concordance.py), which are not listed again as hits of their own.
    languages: tuple[str, ...] = ()
    snippets: tuple[tuple[str, str], ...] = ()
    counterparts: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict:
        data = {"edition": self.edition, "lang": self.lang, "citation": str(self.citation),
                "law": self.law, "title": self.title, "snippet": self.snippet,
                "score": round(self.score, 4), "languages": list(self.languages or (self.lang,)),
                "snippets": dict(self.snippets) or {self.lang: self.snippet},
                "counterparts": [{"edition": e, "citation": c} for e, c in self.counterparts]}
        if isinstance(self.citation, DefinitionEntry):
            data["definition"] = self.citation.key  # "citation" is then "Definitions"
        return data


@dataclass(frozen=True)
class SearchResult:
    query: str
    hits: tuple[Hit, ...] = ()  # a tuple: one answer object is shared through the cache
    total: int = 0
    citation: Citation | None = None
    suggestion: str | None = None
    # The query the hits answer, when a misspelt word was corrected (``suggestion``); the typed
    # query is then ``query`` and searching it uncorrected is ``search(query, correct=False)``.
    corrected_from: str | None = None
    missing: str | None = None  # "Law 94 does not exist in the 2017 Laws (Laws 1–93)"

    def to_json(self) -> dict:
        return {"query": self.query, "hits": [h.to_json() for h in self.hits], "total": self.total,
                "suggestion": self.suggestion, "corrected_from": self.corrected_from,
                "missing": self.missing}


class _OpenIndex:
    """One opened index build: the Whoosh index, its vocabulary and a searcher per thread."""

    def __init__(self, path: Path):
        self.path = path
        # Read, not mmap: a truncated segment then raises (503) instead of killing the worker with SIGBUS.
        self.index = FileStorage(str(path), supports_mmap=False, readonly=True).open_index()
        self.words = self.index.schema["body"].analyzer.words
        table = json.loads((path / GLOSSARY_FILE).read_text(encoding="utf-8"))
        self.vocabulary = Vocabulary.from_table(table)
        for entry in term_table():  # analysed tokens, the English stemmed again by this code's stemmer
            self.vocabulary.add_group({(stem(entry["en"]),), (entry["zh"],)})
        for group in synonym_groups():
            self.vocabulary.add_group({tuple(t.text for t in analyse(term, self.words) if not t.is_stop)
                                       for term in group} - {()})
        self._local = threading.local()
        self._filters: OrderedDict[tuple, BitSet] = OrderedDict()
        self._filters_lock = threading.Lock()
        self._results: OrderedDict[tuple, SearchResult] = OrderedDict()
        self._results_lock = threading.Lock()
        self._results_size = result_cache_size()
        self.postings = scorer.Postings(self.searcher)
        # Stored fields by document number, read once: bounded by the build's document count
        # (3,472 documents, ≈ 6 MB of text), and a hit needs them for grouping and snippets.
        self._stored: dict[int, dict] = {}
        self._speller: Speller | None = None
        self.searcher()  # opens the segments now, so a damaged one fails here, not mid-query

    def cached(self, key: tuple) -> "SearchResult | None":
        with self._results_lock:
            result = self._results.get(key)
            if result is not None:
                self._results.move_to_end(key)
            return result

    def remember(self, key: tuple, result: "SearchResult") -> None:
        if not self._results_size:
            return
        with self._results_lock:
            self._results[key] = result
            if len(self._results) > self._results_size:
                self._results.popitem(last=False)

    def filter_docs(self, edition, lang, laws) -> BitSet | None:
        """The document numbers a filter allows; the last FILTER_CACHE_SIZE filters are kept."""
        key = (edition, lang, laws)
        if key == (None, None, None):
            return None
        with self._filters_lock:
            docs = self._filters.get(key)
            if docs is not None:
                self._filters.move_to_end(key)
                return docs
        docs = BitSet(self.searcher().docs_for_query(_filter(edition, lang, laws)),
                      size=self.index.doc_count_all())  # never mutated
        with self._filters_lock:
            self._filters[key] = docs
            while len(self._filters) > FILTER_CACHE_SIZE:
                self._filters.popitem(last=False)
        return docs

    def filters_cached(self) -> int:
        return len(self._filters)

    def filter_bytes(self) -> int:
        """What the kept filters' bit arrays hold, in bytes (the bound's test reads it)."""
        with self._filters_lock:
            return sum(docs.byte_count() for docs in self._filters.values())

    def speller(self) -> Speller:
        """The ``spell`` words, read on the first correction (most searches need none)."""
        if self._speller is None:
            self._speller = Speller(self.searcher().reader())
        return self._speller

    def stored(self, docnum: int) -> dict:
        fields = self._stored.get(docnum)
        if fields is None:
            fields = self._stored[docnum] = self.searcher().stored_fields(docnum)
        return fields

    def searcher(self):
        searcher = getattr(self._local, "searcher", None)
        if searcher is None:
            searcher = self._local.searcher = self.index.searcher(weighting=ranking.weighting())
        return searcher


_lock = threading.Lock()
_open: dict[Path, _OpenIndex] = {}  # index link → the build it pointed to when opened


def open_index(directory: Path | None = None) -> _OpenIndex:
    link = ensure_index(directory)
    build = link.resolve()
    key = link.absolute()
    with _lock:
        current = _open.get(key)
        if current is None or current.path != build:
            try:
                current = _OpenIndex(build)
            except Exception as exc:  # whoosh reports damage as EOFError, struct.error, OSError …
                raise damaged(link, exc) from exc
            _open[key] = current  # the build this link no longer points to is let go
    return current


def _validate(query: str, edition, lang, laws, limit, offset) -> str:
    if not isinstance(query, str):
        raise SearchError("the query must be text")
    text = query.replace("\x00", " ").strip()
    if not text:
        raise SearchError("the query is empty: type a word, a phrase or a citation such as 27B1")
    if len(text) > MAX_QUERY_CHARS:
        raise SearchError(f"the query is {len(text)} characters long; the limit is {MAX_QUERY_CHARS}")
    if edition is not None and edition not in EDITIONS:
        raise SearchError(f"there is no edition {edition!r}; choose one of {', '.join(EDITIONS)}")
    if lang is not None:
        try:
            requests.language(lang)
        except requests.Malformed as exc:
            raise SearchError(str(exc)) from None
    if laws is not None:
        lo, hi = laws
        if not (1 <= lo <= hi <= MAX_LAW):
            raise SearchError(f"law range {lo}–{hi} must lie within Laws 1–{MAX_LAW}, lowest first")
    if not 1 <= limit <= MAX_LIMIT:
        raise SearchError(f"limit must be between 1 and {MAX_LIMIT}")
    if offset < 0:
        raise SearchError("offset cannot be negative")
    if offset + limit > MAX_DEPTH:
        raise SearchError(f"results go {MAX_DEPTH} deep: offset + limit must be at most {MAX_DEPTH}; "
                          "add words or filters to narrow the search")
    return text


def _filter(edition, lang, laws):
    parts = []
    if edition:
        parts.append(q.Term("edition", edition))
    if lang:
        parts.append(q.Term("lang", lang))
    if laws:
        parts.append(q.NumericRange("law", laws[0], laws[1]))
    return q.And(parts) if parts else None


def search(query: str, *, edition: str | None = None, lang: str | None = None,
           laws: tuple[int, int] | None = None, limit: int = 10, offset: int = 0,
           index: Path | None = None, cache: bool = True, correct: bool = True) -> SearchResult:
    """Ranked provisions for ``query``; citation jumps first. See the module docstring.

    ``cache=False`` computes the answer even when an identical query was answered before (the
    speed benchmark measures the search, not the cache). ``correct=False`` searches the words
    exactly as typed (the "Search instead for …" link)."""
    text = _validate(query, edition, lang, laws, limit, offset)
    laws = tuple(laws) if laws is not None else None  # a list works too, and the key must hash
    opened = open_index(index)
    key = (query, edition, lang, laws, limit, offset, correct)
    cache = cache and limit <= CACHED_LIMIT
    result = opened.cached(key) if cache else None
    if result is None:
        result = _search(opened, query, text, edition, lang, laws, limit, offset, correct)
        if cache:
            opened.remember(key, result)
    return result


def _search(opened: _OpenIndex, query: str, text: str, edition, lang, laws, limit: int, offset: int,
            correct: bool = True) -> SearchResult:
    searcher = opened.searcher()
    citation = as_citation(text)
    filter_query = opened.filter_docs(edition, lang, laws)
    if filter_query is not None and not any(filter_query.bits):
        # No document passes the filters (the 2017 Laws have no Simplified text); Whoosh
        # would take the empty filter for no filter at all and answer from every edition.
        return SearchResult(query=query, citation=citation)
    want = offset + limit

    # One entry per provision group down to MAX_DEPTH: [{lang: fields}, score, direct]; Hits
    # (with their snippets, the costly part) are made only for the page returned.
    found: list[list] = []
    groups: dict[str, list] = {}
    seen: set[str] = set()

    def add(fields: dict, score: float, is_direct: bool) -> None:
        group = fields.get("group") or fields["key"]
        entry = groups.get(group)
        if entry is None:
            if len(found) < MAX_DEPTH:
                entry = groups[group] = [{fields["lang"]: fields}, score, is_direct]
                found.append(entry)
            return
        first = next(iter(entry[0].values()))
        if (first["edition"], first["citation"]) == (fields["edition"], fields["citation"]):
            entry[0].setdefault(fields["lang"], fields)  # the same provision in another language

    missing = None
    if citation is not None:
        jump = q.Term("citation", str(citation))
        direct = [opened.stored(doc.docnum) for doc in searcher.search(jump, filter=filter_query, limit=None)]
        direct.sort(key=lambda f: (-int(f["edition"]), LANGUAGES.index(f["lang"])))
        for fields in direct:
            seen.add(fields["key"])
            add(fields, 1000.0, True)
        if not direct and laws is None:
            missing = _missing(citation, edition)

    interpretation = Interpreter(searcher, opened.vocabulary, opened.words, correct=correct,
                                 speller=opened.speller).interpret(text)
    matched = frozenset(interpretation.matched)
    if interpretation.query is not None:
        # Every match is scored (indexer/scorer.py, over postings kept in memory, times the
        # share of the question's concepts the document matches) and only
        # hits down to MAX_DEPTH are kept, so the total counts hits on pages that exist.
        scores = scorer.score(interpretation.query, opened.postings, interpretation.concepts)
        for docnum, value in scorer.ranked(scores, filter_query):
            if len(found) >= MAX_DEPTH:
                break
            fields = opened.stored(docnum)
            if fields["key"] not in seen:
                add(fields, value, False)
    hits = tuple(_hit(by_lang, score, matched, opened.words, direct=direct)
                 for by_lang, score, direct in found[offset:want])
    corrected_from = text if interpretation.suggestion else None
    return SearchResult(query=query, hits=hits, total=len(found), citation=citation,
                        suggestion=interpretation.suggestion, corrected_from=corrected_from,
                        missing=missing)


def _missing(citation: Citation, edition: str | None) -> str:
    """``lookup``'s answer for a citation the edition asked for (the newest if none) lacks."""
    corpus = load_corpus()
    return str(not_found(corpus, edition or corpus.edition_names[-1], citation))


def _hit(by_lang: dict, score: float, matched: frozenset[str], words, direct: bool = False) -> Hit:
    fields = next(iter(by_lang.values()))
    snippets = tuple((lang, snippet(_text(f), matched, words)) for lang, f in
                     sorted(by_lang.items(), key=lambda item: LANGUAGES.index(item[0])))
    counterparts = tuple((c["edition"], c["citation"]) for c in json.loads(fields.get("counterparts") or "[]"))
    cited = fields["citation"]
    citation = (DefinitionEntry(cited.split(":", 1)[1]) if cited.startswith(f"{DEFINITIONS}:")
                else from_canonical(cited))
    return Hit(edition=fields["edition"], lang=fields["lang"], citation=citation,
               law=fields["law"], title=fields.get("heading", ""), snippet=dict(snippets)[fields["lang"]],
               score=float(score), direct=direct, languages=tuple(lang for lang, _ in snippets),
               snippets=snippets, counterparts=counterparts)


def _text(fields: dict) -> str:
    return fields.get("body") or fields.get("preview") or fields.get("title") or ""
