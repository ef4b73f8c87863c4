"""Text analysis: the normaliser, then jieba for Chinese runs and a light English analyser.

Written from scratch rather than using ``jieba.analyse.ChineseAnalyzer``, which drops
one-character non-CJK tokens (so ``第7条`` matched ``第16条``), reports character offsets as
positions (so phrases never matched) and Porter-stems English (``insufficient`` → ``insuffici``).

Here: digits and citation-like words (``12c1``) are tokens; positions are ordinals, and a
stop word still takes its position, so ``"夢家的權利"`` and ``夢家之權利`` line up as phrases;
offsets point into the original text (the normaliser keeps lengths). At index time a long
Chinese word also yields its dictionary sub-words at the same position, so ``叫品`` finds
``比擬叫品``; queries use the precise segmentation only.
"""

from __future__ import annotations

import logging
import re
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from whoosh.analysis import Token, Tokenizer

from corpus.settings import current
from indexer import dictionary
from indexer.normalise import normalise

CJK_RUN = r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+"
_RUNS = re.compile(f"(?P<cjk>{CJK_RUN})|(?P<word>[a-z0-9]+(?:'[a-z]+)?)|(?P<suit>[♠♥♦♣])")

ENGLISH_STOP = frozenset(
    "a an the of to and or in on at by for is be are was with as it its that this from".split()
)
# Function characters of the laws' Chinese (after t2s); they keep their position.
CHINESE_STOP = frozenset("的 之 与 及 和 或 了 其 于 而".split())
# The token a run of stop words becomes.
STOP = "_"
_CJK = re.compile(CJK_RUN)


@dataclass(frozen=True)
class Term:
    """One analysed token: its searchable text, ordinal position and span in the original."""

    text: str
    pos: int
    start: int
    end: int
    subword: bool = False

    @property
    def is_stop(self) -> bool:
        return self.text == STOP


# -- English ----------------------------------------------------------------------------------
_VOWEL = re.compile("[aeiouy]")
# Number words are their digits, in the text and in queries alike: the 2017 Laws print
# "13 cards" where the 1987 and 2007 texts and readers write "thirteen", "fourteen". ("one" stays
# a word: "one of", "no one" are not numbers.)
NUMBER_WORDS = {word: str(n) for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split()) if n >= 2}


def stem(word: str) -> str:
    """A light English stemmer: possessives, plurals, -ly, -ed/-ing, -ation/-ction nouns and a
    final -e.

    Light on purpose: ``insufficient`` and ``insufficiently`` meet, ``revoke`` and ``revoked``
    meet, ``hesitate``, ``hesitated`` and ``hesitation`` meet (-ation → -at), ``correct`` and
    ``correction`` (-ction → -ct), but ``insufficient`` stays readable (Porter gives
    ``insuffici``). Chosen over Whoosh's Porter/Snowball stemmers because the reviewed term table
    (indexer/data/term-table.jsonl) was learned and checked on these stems, and Porter joins
    words the Laws keep apart (whoosh.lang.porter: ``general``, ``generate`` and ``generous`` →
    ``gener``) while Porter2/Snowball cuts every -ient word short as Porter does
    (``insufficient`` → ``insuffici``)."""
    if word.endswith("'s"):
        word = word[:-2]
    word = word.replace("'", "")
    if len(word) <= 3 or word.isdigit() or any(c.isdigit() for c in word):
        return word
    if word.endswith("ly") and len(word) > 5 and word[-3] not in "lp":
        word = word[:-2]  # insufficiently; not apply, supply, ally
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "xes", "ches", "shes", "zes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        base = word[: -len(suffix)]
        if word.endswith(suffix) and len(base) >= 3 and _VOWEL.search(base) and not base.endswith("e"):
            word = base
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]  # bidding → bid
            break
    if word.endswith(("ation", "ction")) and len(word) >= 8:
        word = word[:-3]  # hesitation → hesitat (as hesitate), correction → correct
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]  # revoke/revoked/revoking → revok
    return word


# -- Chinese ----------------------------------------------------------------------------------
def cache_dir() -> Path:
    """Where jieba's prefix-dictionary cache lives, so a build pays for it once, not per process."""
    return current().cache


@lru_cache(maxsize=1)
def _base_dictionary() -> tuple[dict, int]:
    """jieba's prefix dictionary, loaded once per process from its cache file."""
    with warnings.catch_warnings():  # jieba 0.42 probes pkg_resources on import
        warnings.simplefilter("ignore")
        import jieba  # noqa: PLC0415 -- heavy (≈ 140 ms): only when a text needs jieba's whole dictionary

    jieba.setLogLevel(logging.WARNING)
    base = jieba.Tokenizer()
    directory = cache_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        base.tmp_dir = str(directory)
    except OSError:
        pass  # read-only tree: jieba falls back to the system temp directory
    base.initialize()
    return base.FREQ, base.total


class Segmenter:
    """A jieba tokenizer with the bridge vocabulary added, so bridge terms are single words."""

    def __init__(self, words: tuple[str, ...]):
        import jieba  # noqa: PLC0415 -- heavy: a search normally starts on the trimmed dictionary

        freq, total = _base_dictionary()
        self._jieba = jieba.Tokenizer()
        # A private copy of the shared dictionary: adding words must not leak between vocabularies.
        self._jieba.FREQ, self._jieba.total = dict(freq), total
        self._jieba.initialized = True
        for word in words:
            self._jieba.add_word(word)

    def cut(self, run: str) -> list[str]:
        # No HMM: unknown stretches fall apart into characters the same way in every context,
        # so a query segments like the text it should find.
        return list(self._jieba.cut(run, HMM=False))

    def is_word(self, word: str) -> bool:
        return bool(self._jieba.FREQ.get(word))


@lru_cache(maxsize=4)
def segmenter(words: tuple[str, ...]) -> Segmenter:
    # The corpus's own words first (indexer/dictionary.py: no jieba import, same cuts); jieba's
    # whole dictionary only for text the corpus does not contain, or when no model was built.
    return dictionary.segmenter(words, lambda: Segmenter(words))


def analyse(text: str, words: tuple[str, ...] = (), *, subwords: bool = False) -> list[Term]:
    """Tokens of ``text`` with ordinal positions and original offsets.

    A run of stop words becomes one ``STOP`` token: phrases then line up across different
    function words (``夢家的權利`` / ``夢家之權利``, ``card played`` / ``a card played``) and
    term queries simply skip it."""
    folded = normalise(text)
    out: list[Term] = []

    def add(word: str, start: int, end: int, is_stop: bool) -> None:
        if is_stop:
            if out and out[-1].text == STOP:
                return
            word = STOP
        pos = out[-1].pos + 1 if out else 0
        out.append(Term(word, pos, start, end))
        if subwords and not is_stop and len(word) >= 3 and _CJK.match(word):
            out.extend(_subwords(word, pos, start, words))

    for match in _RUNS.finditer(folded):
        if match.lastgroup == "cjk":
            start = match.start()
            for word in segmenter(words).cut(match.group()):
                add(word, start, start + len(word), word in CHINESE_STOP)
                start += len(word)
        elif match.lastgroup == "word":
            raw = match.group()
            add(NUMBER_WORDS.get(raw) or stem(raw), match.start(), match.end(), raw in ENGLISH_STOP)
        else:
            add(match.group(), match.start(), match.end(), False)
    return out


def _subwords(word: str, pos: int, start: int, words: tuple[str, ...]) -> Iterator[Term]:
    seg = segmenter(words)
    seen = set()
    for size in (2, 3):
        for i in range(len(word) - size + 1):
            piece = word[i : i + size]
            if piece != word and piece not in seen and piece not in CHINESE_STOP and seg.is_word(piece):
                seen.add(piece)
                yield Term(piece, pos, start + i, start + i + size, subword=True)


class BridgeTokenizer(Tokenizer):
    """The Whoosh face of ``analyse``. Pickled into the index schema, so it holds only the
    vocabulary (a tuple of words) and builds its jieba segmenter lazily."""

    def __init__(self, words: tuple[str, ...] = (), subwords: bool = True):
        self.words = tuple(words)
        self.subwords = subwords

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, BridgeTokenizer) and self.words == other.words
                and self.subwords == other.subwords)

    def __hash__(self) -> int:
        return hash((self.words, self.subwords))

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        subwords = self.subwords and mode != "query"
        for term in analyse(value, self.words, subwords=subwords):
            token.text = term.text
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = value[term.start:term.end]
            if positions:
                token.pos = start_pos + term.pos
            if chars:
                token.startchar = start_char + term.start
                token.endchar = start_char + term.end
            yield token
