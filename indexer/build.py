"""Building the index: corpus records → a Whoosh index in a fresh directory, swapped in atomically.

The index path (``Settings.index``: ``$BRIDGELAWS_INDEX``, else ``index`` in the user's data
directory; see corpus/settings.py) is a symbolic link to one build directory beside it. A build writes a new directory and then replaces the link in one
``rename``; a failed build removes its directory and leaves the old index serving. The
previous build is kept so a reader that opened it can finish.

Besides the Whoosh files a build writes ``glossary.json`` (the aligned vocabulary, analysed,
for query expansion) and ``meta.json`` (counts, timing and the fingerprints), so answering a
query never needs the corpus; and it stores the trimmed segmentation dictionary in the cache
(indexer/dictionary.py) so that a search process starts without jieba.

``meta.json`` records two fingerprints: ``corpus_fingerprint`` (the sources and the corpus code,
corpus/snapshot.py) and ``analysis_fingerprint`` (every file of the ``indexer`` package: analysis,
schema, document building, term tables). ``ensure_index`` rebuilds an index whose fingerprints
differ from this code's, so after a change to a source, an importer or the analysis, ``serve``,
``search`` and the web app answer from a fresh index. (The fingerprint replaces the hand-bumped
``FORMAT`` number: any change to the code that builds or reads an index changes it.)
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import shutil
import threading
import time
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from whoosh import index as whoosh_index

from corpus import settings
from corpus.concordance import counterpart
from corpus.glossary import Equivalence, build_glossary
from corpus.load import load_corpus
from corpus.snapshot import corpus_fingerprint, digest
from corpus.store import Corpus
from indexer import dictionary
from indexer.analysis import _CJK, CHINESE_STOP, analyse
from indexer.errors import BuildError  # defined apart so the CLI can catch it without this module
from indexer.normalise import normalise
from indexer.schema import build_schema

GLOSSARY_FILE = "glossary.json"
META_FILE = "meta.json"
PACKAGE = Path(__file__).resolve().parent


def index_dir() -> Path:
    return settings.current().index


@lru_cache(maxsize=1)
def analysis_fingerprint() -> str:
    """SHA-256 of the indexer package's code and data (computed once per process)."""
    return digest(PACKAGE, ("**/*.py", "data/*"))


def fingerprints(corpus: Corpus | None = None) -> dict[str, str | None]:
    """What an index built now from ``corpus`` (default: the sources) records in meta.json. A
    corpus made by hand has no corpus fingerprint: its index is never rebuilt from the sources
    for a source change, only for an analysis change."""
    return {"corpus_fingerprint": corpus.fingerprint if corpus is not None else corpus_fingerprint(),
            "analysis_fingerprint": analysis_fingerprint()}


def stale(meta: dict) -> str | None:
    """Why an index with this meta.json must be rebuilt for this code, or None when it is current."""
    if meta.get("analysis_fingerprint") != analysis_fingerprint():
        return "it was built by other indexing code"
    recorded = meta.get("corpus_fingerprint")
    if recorded is not None and recorded != corpus_fingerprint():
        return "it was built from other sources or importers"
    if "corpus_fingerprint" not in meta:
        return "it records no corpus fingerprint"
    return None


# -- what goes in -------------------------------------------------------------------------------
def documents(corpus: Corpus) -> Iterator[dict]:
    """One document per (provision, language) of the edition's text languages.

    A provision with no words of its own (2017 27B1 is only its items (a) and (b)) is still
    indexed, so a citation query finds it; its ``preview`` is its first descendant's text."""
    groups = concordance_groups(corpus)
    for edition in corpus.edition_names:
        records = corpus[edition]
        languages = records.text_languages or tuple(
            dict.fromkeys(lang for p in records.provisions for lang in p.text))
        titles: dict = {}
        for provision in corpus.provisions(edition):
            titles[provision.citation] = provision.title
            ancestors = provision.citation.ancestors()[:-1]
            for lang in provision.languages or languages:
                own_title = provision.title.get(lang, "")
                body = provision.own_text(lang)
                context = [titles.get(a, {}).get(lang, "") for a in ancestors]
                heading = own_title or next((t for t in reversed(context) if t), "")
                # Table cells are the provision's printed words too (Law 2 "Vulnerability", Law 77
                # "vulnerable"): searchable in the body, one row a line.
                cells = table_text(provision, lang)
                body = "\n\n".join(part for part in (body, cells) if part)
                preview = body or next((text for p in corpus.subtree(edition, provision.citation)
                                        if (text := p.own_text(lang))), "")
                yield {
                    "key": f"{edition}/{lang}/{provision.citation}",
                    "edition": edition,
                    "lang": lang,
                    "law": provision.law,
                    "citation": str(provision.citation),
                    "kind": provision.kind,
                    "heading": heading,
                    "preview": preview,
                    "title": own_title,
                    "body": body,
                    "context": "\n".join(t for t in context if t),
                    "spell": f"{own_title} {body}" if lang == "en" else "",
                    "group": groups[(edition, provision.citation)][0],
                    "counterparts": groups[(edition, provision.citation)][1],
                }
        yield from definition_documents(records)


def concordance_groups(corpus: Corpus) -> dict:
    """(edition, citation) → (group key, its counterparts in other editions as JSON).

    A provision's group is its counterpart in the newest edition that has one
    (corpus/concordance.py), so 1987 and 2007 provisions that the concordance maps to one 2017
    provision, and that provision, are one search result. Counterparts come only from there."""
    names = corpus.edition_names
    keys: dict = {}
    members: dict[str, list[tuple[str, str]]] = {}
    for i, edition in enumerate(names):
        for provision in corpus.provisions(edition):
            key = f"{edition}/{provision.citation}"
            for newer in reversed(names[i + 1:]):
                target = counterpart(corpus, provision.citation, edition, newer)
                if target is not None:
                    key = f"{newer}/{target}"
                    break
            keys[(edition, provision.citation)] = key
            members.setdefault(key, []).append((edition, str(provision.citation)))
    out = {}
    for (edition, citation), key in keys.items():
        others = [{"edition": e, "citation": c} for e, c in members[key] if e != edition]
        out[(edition, citation)] = (key, json.dumps(others))
    return out


def table_text(provision, lang: str) -> str:
    rows = []
    for table in provision.tables:
        if table.lang != lang:
            continue
        if table.caption:
            rows.append(table.caption)
        rows.extend(" · ".join(c for c in row if c.strip()) for row in (*table.head, *table.body))
    return "\n".join(row for row in rows if row)


DEFINITIONS = "Definitions"  # the citation field of a definition's document


def definition_documents(records) -> Iterator[dict]:
    """One document per (definition, language): the Definitions chapter is searchable
    (`undertrick --edition 2017`, 不足磴) and a hit opens /definitions/<edition>."""
    for definition in records.definitions:
        for lang, text in definition.text.items():
            term = definition.term.get(lang, "")
            if not (text or term):
                continue
            yield {
                "key": f"{records.edition}/{lang}/definition/{definition.key}",
                "edition": records.edition,
                "lang": lang,
                "law": 0,
                "citation": f"{DEFINITIONS}:{definition.key}",
                "kind": "definition",
                "heading": term,
                "preview": text,
                "title": term,
                "body": text,
                "spell": f"{term} {text}" if lang == "en" else "",
                "group": f"{records.edition}/definition/{definition.key}",
                "counterparts": "[]",
            }


def vocabulary(glossary: tuple[Equivalence, ...], corpus: Corpus) -> tuple[str, ...]:
    """Words jieba must keep whole: Chinese glossary terms and short titles, normalised."""
    candidates = [t.text for eq in glossary for t in eq.terms if t.lang != "en"]
    candidates += [title for p in corpus.provisions() for lang, title in p.title.items() if lang != "en"]
    words = set()
    for text in candidates:
        word = normalise(text).strip()
        if 2 <= len(word) <= 6 and _CJK.fullmatch(word) and not any(c in CHINESE_STOP for c in word[1:-1]):
            words.add(word)
    return tuple(sorted(words))


def glossary_table(glossary: tuple[Equivalence, ...], words: tuple[str, ...]) -> list[dict]:
    table = []
    for eq in glossary:
        terms = []
        for text in eq.texts:
            tokens = [t.text for t in analyse(text, words)]
            while tokens and tokens[-1] == "_":
                tokens.pop()
            while tokens and tokens[0] == "_":
                tokens.pop(0)
            if tokens:
                terms.append({"text": text, "tokens": tokens})
        if len({tuple(t["tokens"]) for t in terms}) > 1:
            table.append({"key": eq.key, "source": eq.source, "terms": terms})
    return table


# -- building -----------------------------------------------------------------------------------
def build_index(corpus: Corpus | None = None, directory: Path | None = None) -> Path:
    """Import (unless ``corpus`` is given), index, and swap the new index in. Returns its path."""
    started = time.perf_counter()
    if corpus is None:
        corpus = load_corpus()
    imported = time.perf_counter()

    link = Path(directory) if directory else index_dir()
    link.parent.mkdir(parents=True, exist_ok=True)
    target = link.parent / f"{link.name}-{time.strftime('%Y%m%d%H%M%S')}-{os.getpid()}-{time.monotonic_ns()}"
    target.mkdir()
    try:
        glossary = build_glossary(corpus.editions.values())
        words = vocabulary(glossary, corpus)
        ix = whoosh_index.create_in(str(target), build_schema(words))
        count = 0
        texts: list[str] = [text for eq in glossary for text in eq.texts]
        with ix.writer(limitmb=256) as writer:
            for doc in documents(corpus):
                writer.add_document(**doc)
                texts.extend(value for value in doc.values() if isinstance(value, str))
                count += 1
        (target / GLOSSARY_FILE).write_text(
            json.dumps(glossary_table(glossary, words), ensure_ascii=False, indent=0), encoding="utf-8")
        _write_dictionary(dictionary, words, texts)
        meta = {**fingerprints(corpus), "documents": count, "editions": list(corpus.edition_names),
                "import_seconds": round(imported - started, 3),
                "index_seconds": round(time.perf_counter() - imported, 3)}
        (target / META_FILE).write_text(json.dumps(meta, indent=1), encoding="utf-8")
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    _swap(link, target)
    return link


def _write_dictionary(dictionary, words: tuple[str, ...], texts: list[str]) -> None:
    try:
        dictionary.write_model(words, texts)
    except OSError as exc:  # only the next start's speed depends on it
        logging.getLogger(__name__).warning("could not store the segmentation dictionary (%s); "
                                            "searches will load jieba's whole dictionary", exc.strerror or exc)


def _swap(link: Path, target: Path) -> None:
    """Point ``link`` at ``target`` in one atomic step, then remove builds nobody can be using.

    Swaps of concurrent builds are serialised by a lock file. A build never replaces a newer one
    that is already served. The build just replaced is kept for readers still using it; so is any
    build in progress and any finished build newer than it (yet to swap itself in)."""
    with open(link.parent / f".{link.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        previous = link.resolve() if link.is_symlink() else None
        if not target.is_dir() or (previous is not None and previous.is_dir()
                                   and previous.stat().st_mtime > target.stat().st_mtime):
            shutil.rmtree(target, ignore_errors=True)  # a newer build is served already
            return
        if link.exists() and not link.is_symlink():
            # An index directory from before links were used: move it aside first.
            os.replace(link, link.parent / f"{link.name}-legacy-{os.getpid()}")
        temporary = link.parent / f".{link.name}-link-{os.getpid()}-{time.monotonic_ns()}"
        if temporary.is_symlink() or temporary.exists():
            temporary.unlink()
        temporary.symlink_to(target.name)
        os.replace(temporary, link)  # the one atomic step
        keep = {target.resolve(), previous}
        for old in link.parent.glob(f"{link.name}-*"):
            if old.is_dir() and old.resolve() not in keep and _superseded_or_abandoned(old, previous):
                shutil.rmtree(old, ignore_errors=True)


def _superseded_or_abandoned(build: Path, previous: Path | None) -> bool:
    """A finished build older than the build just replaced (served before it, or superseded before
    it could be), or a build killed half-way: no meta.json, and the process that made it (its pid
    is in the name, ``index-<time>-<pid>-<ns>``) is gone, or an hour has passed."""
    try:
        made = build.stat().st_mtime
        if (build / META_FILE).is_file():
            return previous is not None and previous.is_dir() and made < previous.stat().st_mtime
        return time.time() - made > 3600 or not _builder_alive(build)
    except OSError:
        return False


def _builder_alive(build: Path) -> bool:
    parts = build.name.rsplit("-", 2)
    if len(parts) != 3 or not parts[1].isascii() or not parts[1].isdigit():
        return True  # not named by build_index: leave it to the hour rule
    try:
        os.kill(int(parts[1]), 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: alive, another user's
        pass
    return True


_fresh_lock = threading.Lock()
_fresh: dict[Path, Path] = {}  # index link → the build last found current (≤ FRESH_LINKS entries)
FRESH_LINKS = 64


def ensure_index(directory: Path | None = None, *, verify: bool = False) -> Path:
    """The index path, building the index first if there is none or if it was built from other
    sources or code (meta.json's fingerprints). With ``verify`` (at start-up), a damaged index is
    rebuilt too; BuildError says what to do when that is impossible.

    Called for every query: a build already found current is not checked again (one readlink)."""
    link = Path(directory) if directory else index_dir()
    key = link.absolute()
    build = link.resolve()
    if not verify and _fresh.get(key) == build:
        return link
    problem: BuildError | str | None = None
    meta = _read_meta(link)
    if isinstance(meta, BuildError):
        problem = meta
    elif meta is not None:
        reason = stale(meta)
        if reason is not None:
            problem = f"the search index at {link} is out of date ({reason})"
        elif verify:
            try:
                verify_index(link)
            except BuildError as damaged:
                problem = damaged
        if problem is None:
            _remember_fresh(key, build)
            return link
    if problem is not None:
        logging.getLogger(__name__).warning("%s; rebuilding it now", problem)
    try:
        build_index(directory=link)
    except OSError as exc:
        found = f"{problem}; " if problem else f"there is no search index at {link}; "
        raise BuildError(f"{found}building one failed ({exc.strerror or exc}): make {link.parent} writable, "
                         "or point BRIDGELAWS_INDEX at a writable place and run `bridgelaws build`") from exc
    _remember_fresh(key, link.resolve())
    return link


def _read_meta(link: Path) -> dict | BuildError | None:
    """meta.json of the index at ``link``: None when there is no index, BuildError when unreadable."""
    path = link / META_FILE
    if not path.is_file():
        return None
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(meta, dict):
            raise ValueError("meta.json is not an object")
        return meta
    except (OSError, ValueError) as exc:
        return damaged(link, exc)


def _remember_fresh(key: Path, build: Path) -> None:
    with _fresh_lock:
        if len(_fresh) >= FRESH_LINKS:
            _fresh.clear()
        _fresh[key] = build


def verify_index(directory: Path) -> None:
    """Raise BuildError unless the index opens and holds the documents meta.json counts.
    Cheap (every stored document and term is read once, well under a second)."""

    try:
        meta = json.loads((directory / META_FILE).read_text(encoding="utf-8"))
        ix = whoosh_index.open_dir(str(directory), readonly=True)
        with ix.searcher() as searcher:
            count = sum(1 for _ in searcher.documents())
            for _ in searcher.reader().all_terms():
                pass
        json.loads((directory / GLOSSARY_FILE).read_text(encoding="utf-8"))
        if count != meta["documents"]:
            raise ValueError(f"{count} documents, meta.json counts {meta['documents']}")
    except Exception as exc:  # whoosh reports damage as EOFError, struct.error, OSError, IndexError …
        raise damaged(directory, exc) from exc


def damaged(directory: Path, exc: BaseException) -> BuildError:
    reason = str(exc) or type(exc).__name__
    return BuildError(f"the search index at {directory} is damaged or incomplete ({reason}); "
                      "rebuild it with `bridgelaws build`")
