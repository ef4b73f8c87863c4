"""The segmentation dictionary a process starts with: jieba's words that the corpus uses, so that
a search starts in milliseconds instead of importing jieba (≈ 140 ms) and loading its whole
prefix dictionary (≈ 500 ms, 580 000 entries).

At index-build time ``write_model`` runs the real jieba (its dictionary plus the bridge
vocabulary, as ``analysis.Segmenter`` sets it up) over every text the index holds and keeps
exactly the dictionary entries jieba consulted, with jieba's total frequency unchanged, and the
text's Chinese blocks. ``TrimmedSegmenter`` then cuts with jieba's own no-HMM algorithm (DAG of
dictionary words, best route by log frequency; reproduced below from jieba 0.42.1) over that
dictionary:

- a block of text the corpus contains consults only entries that were kept, so it is cut
  exactly as jieba cuts it (tests/indexer/test_dictionary.py checks every indexed document);
- any other block (a query word the laws never print) is cut by the real jieba, loaded on
  first need, so a query is never cut differently from before either.

Stored with ``corpus.sealed`` in ``Settings.cache/segmentation/``, one file per vocabulary and
jieba dictionary, at most ``KEEP`` files. No file (a cache directory nobody built into) only
means the slow start: the real jieba.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import re
from math import log
from pathlib import Path
from typing import Callable, Iterable, Iterator, Protocol

from corpus import sealed, settings
from indexer import analysis
from indexer.normalise import normalise

KIND = "segmentation-dictionary"
VERSION = 1
KEEP = 4
KNOWN_MEMO = 65_536  # answers kept of "is this piece in the corpus text?" (is_word), then cleared

# jieba 0.42.1's own patterns (jieba/__init__.py): what it cuts with the DAG, what it skips.
_HAN = re.compile("([\u4E00-\u9FD5a-zA-Z0-9+#&\\._%\\-]+)", re.U)
_SKIP = re.compile("(\r\n|\\s)", re.U)
_ENG = re.compile("[a-zA-Z0-9]", re.U)

log_ = logging.getLogger(__name__)


class Segmenter(Protocol):
    def cut(self, text: str) -> list[str]: ...

    def is_word(self, word: str) -> bool: ...


def _jieba_files() -> list[Path]:
    spec = importlib.util.find_spec("jieba")  # finds the package without importing it
    if spec is None or not spec.submodule_search_locations:
        return []
    root = Path(next(iter(spec.submodule_search_locations)))
    return [root / "dict.txt", root / "__init__.py"]


def model_key(words: tuple[str, ...]) -> str:
    """What a model is made from: the vocabulary and the installed jieba (its dictionary file)."""
    h = hashlib.sha256()
    for path in _jieba_files():
        try:
            status = path.stat()
        except OSError:
            continue
        h.update(f"{path.name}:{status.st_size}:{status.st_mtime_ns}\0".encode())
    h.update("\n".join(words).encode())
    return h.hexdigest()


def model_path(directory: Path, key: str) -> Path:
    return directory / "segmentation" / f"words-{key[:16]}.pickle"


def blocks(texts: Iterable[str]) -> set[str]:
    """The blocks jieba cuts with its dictionary, from the Chinese runs of normalised ``texts``."""
    runs = re.compile(analysis.CJK_RUN)
    found: set[str] = set()
    for text in texts:
        for run in runs.finditer(normalise(text)):
            found.update(b for b in _HAN.split(run.group()) if b and _HAN.match(b))
    return found


def write_model(words: tuple[str, ...], texts: Iterable[str], directory: Path | None = None) -> Path:
    """Cut ``texts`` with the real jieba and store the entries it consulted. Raises OSError."""
    full = analysis.Segmenter(words)
    freq: dict[str, int] = full._jieba.FREQ
    known = blocks([*texts, *words])
    kept: dict[str, int] = {}
    for block in known:
        for k in range(len(block)):
            # jieba's get_DAG: every fragment it looks up from position k (prefix entries included)
            i, fragment = k, block[k]
            while i < len(block) and fragment in freq:
                kept[fragment] = freq[fragment]
                i += 1
                fragment = block[k:i + 1]
    key = model_key(words)
    path = model_path(directory or settings.current().cache, key)
    sealed.write(path, KIND, VERSION, key, {"total": full._jieba.total, "freq": kept, "blocks": sorted(known)})
    sealed.prune(path.parent, "words-*.pickle", KEEP)
    return path


def read_model(words: tuple[str, ...], directory: Path | None = None) -> dict | None:
    key = model_key(words)
    model = sealed.read(model_path(directory or settings.current().cache, key), KIND, VERSION, key)
    if not isinstance(model, dict) or not {"total", "freq", "blocks"} <= model.keys():
        return None
    return model


class TrimmedSegmenter:
    """jieba's ``cut(text, HMM=False)`` and ``FREQ.get`` over the trimmed dictionary; the real
    jieba (``full()``, built on first need) for blocks outside the corpus text."""

    def __init__(self, model: dict, full: Callable[[], Segmenter]):
        self._freq: dict[str, int] = model["freq"]
        self._logtotal = log(model["total"])
        self._blocks = frozenset(model["blocks"])
        self._text = "\n".join(model["blocks"])
        self._full_factory = full
        self._full: Segmenter | None = None
        self._known: dict[str, bool] = {}

    def full(self) -> Segmenter:
        if self._full is None:
            log_.info("text outside the corpus: loading jieba's whole dictionary")
            self._full = self._full_factory()
        return self._full

    def _in_corpus(self, fragment: str) -> bool:
        if fragment in self._blocks:
            return True
        known = self._known.get(fragment)
        if known is None:
            if len(self._known) >= KNOWN_MEMO:
                self._known.clear()
            known = self._known[fragment] = fragment in self._text
        return known

    def cut(self, text: str) -> list[str]:
        out: list[str] = []
        for block in _HAN.split(text):
            if not block:
                continue
            if _HAN.match(block):
                if self._in_corpus(block):
                    out.extend(self._cut_block(block))
                else:
                    out.extend(self.full().cut(block))
            else:
                for part in _SKIP.split(block):
                    if _SKIP.match(part):
                        out.append(part)
                    else:
                        out.extend(part)
        return out

    def is_word(self, word: str) -> bool:
        if word in self._freq:  # a kept entry holds jieba's own frequency
            return bool(self._freq[word])
        if self._in_corpus(word):  # consulted nowhere in the corpus text: not in jieba's dictionary
            return False
        return self.full().is_word(word)

    def _cut_block(self, sentence: str) -> Iterator[str]:
        freq, n = self._freq, len(sentence)
        dag: dict[int, list[int]] = {}
        for k in range(n):
            ends = []
            i, fragment = k, sentence[k]
            while i < n and fragment in freq:
                if freq[fragment]:
                    ends.append(i)
                i += 1
                fragment = sentence[k:i + 1]
            dag[k] = ends or [k]
        route: dict[int, tuple[float, int]] = {n: (0, 0)}
        for idx in range(n - 1, -1, -1):
            route[idx] = max((log(freq.get(sentence[idx:x + 1]) or 1) - self._logtotal + route[x + 1][0], x)
                             for x in dag[idx])
        x, buf = 0, ""
        while x < n:
            y = route[x][1] + 1
            word = sentence[x:y]
            if len(word) == 1 and _ENG.match(word):
                buf += word
            else:
                if buf:
                    yield buf
                    buf = ""
                yield word
            x = y
        if buf:
            yield buf


def segmenter(words: tuple[str, ...], full: Callable[[], Segmenter]) -> Segmenter:
    """The trimmed segmenter when a model for ``words`` is in the cache, else ``full()``."""
    model = read_model(words)
    return TrimmedSegmenter(model, full) if model is not None else full()
