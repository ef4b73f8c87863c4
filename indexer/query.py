"""Query interpretation: citation jumps, syntax (quotes, AND/OR/NOT), vocabulary expansion,
spelling correction, filters. Every input gets an interpretation; nothing here raises on syntax.

Syntax, forgiving by design: ``"…"`` is a phrase (an unclosed quote runs to the end);
``AND``/``OR``/``NOT`` in capitals are operators and ``-word`` excludes; an operator with nothing
to apply to is ignored; every other character is text (``field:`` is just the word ``field``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from whoosh import query as q

from corpus import citations
from corpus.citations import Citation
from indexer.analysis import _CJK, CHINESE_STOP, STOP, Term, analyse, stem
from indexer.normalise import fold_width
from indexer.schema import TERM_FIELDS, TEXT_FIELDS

PHRASE_FIELDS = TEXT_FIELDS

Role = Literal["should", "must", "not"]
_TOKENS = re.compile(r'"[^"]*"?|\S+')
_OPERATORS = {"AND", "OR", "NOT", "&&", "||"}
_CJK_CHAR = _CJK


@dataclass(frozen=True)
class Unit:
    """A stretch of query text with its role: a phrase (quoted) or free words."""

    text: str
    role: Role
    phrase: bool = False


def split_units(text: str) -> list[Unit]:
    """Quotes and operators → units. Adjacent free words stay one unit, so a Chinese query or
    an English title keeps its word order for phrase and vocabulary matching."""
    raw: list[tuple[str, str]] = []  # (kind, text): kind is "op", "phrase", "word", "notword"
    for token in _TOKENS.findall(fold_width(text)):
        if token in _OPERATORS:
            raw.append(("op", {"&&": "AND", "||": "OR"}.get(token, token)))
        elif token.startswith('"'):
            raw.append(("phrase", token.strip('"')))
        elif token.startswith("-") and len(token) > 1 and token[1] not in "-0123456789":
            raw.append(("notword", token[1:]))
        else:
            raw.append(("word", token))
    units: list[Unit] = []
    pending: str | None = None  # the operator before the next unit
    words: list[str] = []

    def flush_words() -> None:
        if words:
            add(Unit(" ".join(words), "should"))
            words.clear()

    def add(unit: Unit) -> None:
        nonlocal pending
        if pending == "NOT":
            unit = Unit(unit.text, "not", unit.phrase)
        elif pending == "AND":
            unit = Unit(unit.text, "must", unit.phrase)
            if units and units[-1].role == "should":
                units[-1] = Unit(units[-1].text, "must", units[-1].phrase)
        pending = None
        if unit.text.strip():
            units.append(unit)

    for kind, value in raw:
        if kind == "word" and pending is None:
            words.append(value)
            continue
        flush_words()
        if kind == "op":
            pending = "NOT" if value == "NOT" else (value if units else None)
            if value == "OR":
                pending = None
        elif kind == "phrase":
            add(Unit(value, "should", phrase=True))
        elif kind == "notword":
            pending = "NOT"
            add(Unit(value, "not"))
        else:
            words.append(value)
    flush_words()
    return units


# -- citations ------------------------------------------------------------------------------
_NUMBER_WORDS = {word: str(n) for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_SPELLED = re.compile(r"\b(" + "|".join(_TENS) + r")[\s-]+(one|two|three|four|five|six|seven|eight|nine)\b"
                      r"|\b(" + "|".join([*_NUMBER_WORDS, *_TENS]) + r")\b", re.IGNORECASE)
# 第12條C款第1項: the grammar writes the item without its own 第 (第12條C款1項).
_LAW_WORD = re.compile(r"\s*law\b", re.IGNORECASE)
_ITEM_ORDINAL = re.compile(r"(款)\s*第\s*(\d)")


def _digits(text: str) -> str:
    """"law twelve C one" → "law 12 C 1"; "Law ninety-four" → "Law 94"."""
    def number(m: re.Match) -> str:
        if m[1]:
            return str(_TENS[m[1].lower()] + int(_NUMBER_WORDS[m[2].lower()]))
        word = m[3].lower()
        return str(_TENS[word]) if word in _TENS else _NUMBER_WORDS[word]

    return _SPELLED.sub(number, text)


def as_citation(text: str) -> Citation | None:
    """The citation a whole query names, in any notation (the one grammar), number words
    ("law twelve C one") and 第12條C款第1項 included, or None."""
    text = fold_width(text).strip().strip('"').strip()
    if not text or len(text) > 40:
        return None
    spelled = _digits(text) if _LAW_WORD.match(text) else text  # "one" alone stays a word
    for candidate in dict.fromkeys((text, _ITEM_ORDINAL.sub(r"\1\2", text), spelled)):
        try:
            return citations.parse(candidate)
        except ValueError:  # CitationError: not a citation, so the query is text
            continue
    return None


# -- vocabulary -------------------------------------------------------------------------------
@dataclass
class Vocabulary:
    """Token sequences of equivalent terms (from the index's glossary.json)."""

    alternatives: dict[tuple[str, ...], set[tuple[str, ...]]] = field(default_factory=dict)
    longest: int = 1
    # The reviewed groups (the term table, indexer/data/synonyms.txt), as opposed to the
    # glossary's mechanical alignments of Definitions and titles.
    reviewed: dict[tuple[str, ...], set[tuple[str, ...]]] = field(default_factory=dict)

    @classmethod
    def from_table(cls, table: list[dict]) -> "Vocabulary":
        vocab = cls()
        for group in table:
            seqs = {tuple(t["tokens"]) for t in group["terms"]}
            for seq in seqs:
                vocab.alternatives.setdefault(seq, set()).update(seqs)
                vocab.longest = max(vocab.longest, len(seq))
        return vocab

    def add_group(self, seqs: set[tuple[str, ...]]) -> None:
        """A reviewed group (term table, synonyms.txt): its equivalents count SYNONYM_WEIGHT."""
        for seq in seqs:
            self.alternatives.setdefault(seq, set()).update(seqs)
            self.reviewed.setdefault(seq, set()).update(seqs)
            self.longest = max(self.longest, len(seq))

    def weight(self, alternative: tuple[str, ...], typed: tuple[str, ...]) -> float:
        """What an equivalent counts against the words typed (1.0 for the typed words).

        A phrase scores the sum of its words, so a title alignment's several-word equivalent
        (board → 牌 套 牌 of 牌套／牌; director → 任务 权力 of 1987's 任務與權力) outscored the one
        word typed, and the 1987 Definitions or Law 81C ranked first for any question naming
        a board or the Director. An aligned equivalent counts as many words as were typed:
        SYNONYM_WEIGHT × typed words / its words (at most SYNONYM_WEIGHT). A reviewed one
        keeps SYNONYM_WEIGHT (fourteen cards → more than 13 cards)."""
        if alternative == typed:
            return 1.0
        if alternative in self.reviewed.get(typed, ()):
            return SYNONYM_WEIGHT
        words = sum(t != STOP for t in alternative)
        return SYNONYM_WEIGHT * min(1.0, sum(t != STOP for t in typed) / max(words, 1))

    def match(self, texts: list[str], i: int) -> tuple[int, set[tuple[str, ...]]] | None:
        for size in range(min(self.longest, len(texts) - i), 0, -1):
            seq = tuple(texts[i : i + size])
            if seq in self.alternatives and seq != (STOP,):
                return size, self.alternatives[seq]
        return None


# -- building Whoosh queries ------------------------------------------------------------------
# How much an equivalent term from another edition or language counts against the typed one.
SYNONYM_WEIGHT = 0.6
# A query is a few concepts: past this many distinct ones, more words cannot change the ranking
# but can cost seconds (a 2,000-character query of repeated words built ~330 clauses). The cap is
# per query: optional words and quoted phrases of all its units share it, and coverage
# (indexer/scorer.py) weighs at most this many distinct concepts.
MAX_CLAUSES = 24
# The "whole query as a phrase" bonus is for short queries; over long ones it ranks nothing.
MAX_PHRASE_TOKENS = 8
# Queries of at most this many words also score the whole query in the title, at TITLE_BONUS.
TITLE_QUERY_TOKENS = 3
TITLE_BONUS = 2.0
# A word touching these is syntax or markup (`title:`, `<script>`, `</b>`), not a misspelt word.
SYNTAX_BEFORE = "<:/="
SYNTAX_AFTER = ":>="
# Spelling correction is the costly step (a corrector lookup per unknown word): at most this
# many words of a query are looked up, so a long misspelt query costs what a short one does.
MAX_CORRECTIONS = 3
COMMON_WORDS_FILE = Path(__file__).with_name("data") / "common-words.txt"
SYNONYMS_FILE = Path(__file__).with_name("data") / "synonyms.txt"
# A single Chinese character inside a longer query (從, 出, 牌) matches nearly every provision:
# it counts this much, unless it is the whole query.
SINGLE_CHARACTER_WEIGHT = 0.2
# A Chinese word the index does not hold falls back to its known sub-words at this weight
# (Interpreter._pieces).
OOV_PIECE_WEIGHT = 0.5
QUESTION_WORDS = frozenset(
    "i me my we our you your he his she her they their can could may might should would will shall "
    "do doe did what when where which who whom whose why how if there then so not no any some "
    "happen".split()  # as analysed: "does" → "doe", "happened" → "happen"
    # The same kinds of words in Chinese questions, as analysed (Simplified): particles (吗 呢 吧),
    # modal verbs (可以 能 会 要), interrogatives (什么 怎么办 谁 哪 几 多少), pronouns (我 他 这
    # 那个), adverbs (还 就 才 再) and negation (不 没 没有), as "not no" above. Chosen on the
    # development set: success@3 0.69 → 0.70 (Traditional 0.70 → 0.74).
    + "吗 呢 吧 可以 能 能不能 会 要 怎么 怎么办 怎样 什么 什么时候 时候 谁 哪 哪个 几 多少 是不是 "
    "我 我们 你 他 她 他们 这 那 这个 那个 还 就 才 却 又 都 也 再 去 来 一下 没有 没 不 有".split())


TERM_TABLE_FILE = Path(__file__).with_name("data") / "term-table.jsonl"


def term_table() -> list[dict]:
    """The reviewed English ↔ Chinese pairs learned from the 2017 parallel text
    (indexer/data/term-table.jsonl, made by bin/learn-term-table, each with its evidence)."""
    lines = TERM_TABLE_FILE.read_text(encoding="utf-8").splitlines()
    return [entry for line in lines if line.strip() and "en" in (entry := json.loads(line))]


def synonym_groups() -> list[list[str]]:
    """The reviewed groups of indexer/data/synonyms.txt, as written."""
    groups = []
    for line in SYNONYMS_FILE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            groups.append([term.strip() for term in line.split("~") if term.strip()])
    return groups


@lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """Words never corrected although no edition prints them (indexer/data/common-words.txt)."""
    words: set[str] = set()
    for line in COMMON_WORDS_FILE.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            words.update(line.split())
    return frozenset(words)


# The titles of a provision's ancestors (43A2(c) → "Limitations on Dummy" of 43A, "Dummy" of
# Law 43) say what the provision is about when its own words do not; they count this much, so
# the provision that prints the words still ranks first.
CONTEXT_WEIGHT = 0.3


def sequence_query(tokens: tuple[str, ...], boost: float = 1.0) -> q.Query:
    """A word or a phrase, in the title or the body (a word also in the ancestors' titles)."""
    if len(tokens) == 1:
        return q.Or([q.Term(f, tokens[0], boost=boost * (CONTEXT_WEIGHT if f == "context" else 1.0))
                     for f in TERM_FIELDS])
    return q.Or([q.Phrase(f, list(tokens), boost=boost) for f in PHRASE_FIELDS])


@dataclass
class Interpretation:
    query: q.Query | None
    matched: set[str]  # token texts to highlight
    suggestion: str | None
    corrections_tried: int = 0  # corrector lookups made (at most MAX_CORRECTIONS)
    # The concepts asked for (a quoted phrase, or a word or phrase of free words with its
    # equivalents; sub-queries of ``query``; not what NOT excludes): indexer/scorer.py ranks
    # documents by the share of them they match (coverage).
    concepts: list[q.Query] = field(default_factory=list)


class Interpreter:
    """Turns units into a Whoosh query against one open index."""

    def __init__(self, searcher, vocabulary: Vocabulary, words: tuple[str, ...], correct: bool = True,
                 speller=None):
        self.searcher = searcher
        # Gives indexer/spelling.py's Speller of the build, made on the first correction;
        # Whoosh's corrector if None.
        self.speller = speller
        self.vocabulary = vocabulary
        self.words = words
        self.correcting = correct
        self.tried = 0
        self.concepts: list[q.Query] = []
        self.optional_left = MAX_CLAUSES  # optional clauses this query may still add

    def _concept(self, query: q.Query) -> None:
        """Counts ``query`` once in coverage, within the query's cap."""
        if len(self.concepts) < MAX_CLAUSES and query not in self.concepts:
            self.concepts.append(query)

    def known(self, token: str) -> bool:
        reader = self.searcher.reader()
        return any(reader.doc_frequency(f, token) for f in ("title", "body"))

    def printed(self, word: str) -> bool:
        """A word some edition prints (as typed, unstemmed) or a common word: never corrected."""
        word = word.lower()
        return word in common_words() or bool(self.searcher.reader().doc_frequency("spell", word))

    def correct(self, word: str) -> str | None:
        """A spelling correction for an English word the index does not contain."""
        corrector = self.speller() if self.speller else self.searcher.corrector("spell")
        for candidate in corrector.suggest(word.lower(), limit=3, maxdist=2, prefix=1):
            if self.known(stem(candidate)):
                return candidate
        return None

    def interpret(self, text: str) -> Interpretation:
        positive: list[q.Query] = []
        required: list[q.Query] = []
        excluded: list[q.Query] = []
        matched: set[str] = set()
        corrections: dict[str, str] = {}
        for unit in split_units(text):
            built = self.unit_query(unit, matched, corrections)
            if built is None:
                continue
            {"should": positive, "must": required, "not": excluded}[unit.role].append(built)
        if not positive and not required:
            return Interpretation(None, matched, None, self.tried, self.concepts)
        if required:
            core: q.Query = q.And(required)
            if positive:
                core = q.AndMaybe(core, q.Or(positive))
        else:
            core = q.Or(positive)
        if excluded:
            core = q.AndNot(core, q.Or(excluded))
        suggestion = None
        if corrections:
            suggestion = text
            for wrong, right in corrections.items():
                suggestion = re.sub(rf"\b{re.escape(wrong)}\b", right, suggestion)
        return Interpretation(core, matched, suggestion, self.tried, self.concepts)

    def unit_query(self, unit: Unit, matched: set[str], corrections: dict[str, str]) -> q.Query | None:
        terms = analyse(unit.text, self.words)
        texts = [t.text for t in terms]
        while texts and texts[0] == STOP:
            texts.pop(0)
            terms.pop(0)
        while texts and texts[-1] == STOP:
            texts.pop()
            terms.pop()
        if not texts:
            return None
        if unit.phrase:
            if unit.role == "should":
                if self.optional_left <= 0:
                    return None
                self.optional_left -= 1
            matched.update(t for t in texts if t != STOP)
            phrase = sequence_query(tuple(texts))
            if unit.role != "not":
                self._concept(phrase)
            return phrase
        texts = [self._corrected(term, unit.text, corrections) for term in terms]
        if unit.role == "should" and sum(t not in QUESTION_WORDS and t != STOP for t in texts) >= 2:
            # A question's own words (can, I, what, does…) match most provisions and rank none;
            # dropped when at least two other words remain.
            texts = [STOP if t in QUESTION_WORDS else t for t in texts]
        clauses: list[q.Query] = []
        seen: set[tuple[str, ...]] = set()  # a repeated word adds nothing to the query
        i = 0
        # Optional words are capped (per query); required ones (AND) are all kept.
        while i < len(texts) and (unit.role != "should" or self.optional_left > 0):
            if texts[i] == STOP:
                i += 1
                continue
            found = self.vocabulary.match(texts, i)
            size = found[0] if found else 1
            typed = tuple(texts[i : i + size])
            i += size
            if typed in seen:
                continue
            seen.add(typed)
            if unit.role == "should":
                self.optional_left -= 1
            if found:
                alternatives = found[1]
                for alt in alternatives:
                    matched.update(t for t in alt if t != STOP)
                # The words as typed rank above their equivalents in other editions and
                # languages: `revoke` finds the English laws first, then 藏牌 and 應跟未跟.
                clauses.append(q.Or([sequence_query(alt, boost=self.vocabulary.weight(alt, typed))
                                     for alt in sorted(alternatives)]))
            elif (pieces := self._pieces(typed[0])) is not None:
                matched.update(pieces)
                clauses.append(q.Or([sequence_query((p,), boost=w) for p, w in pieces.items()]))
            else:
                matched.add(typed[0])
                clauses.append(sequence_query(typed, boost=self._weight(typed[0], texts)))
        if not clauses:
            return None
        if unit.role != "not":
            for clause in clauses:
                self._concept(clause)
        if unit.role != "should":
            return q.And(clauses)
        content = [t for t in texts if t != STOP]
        # The whole query as the index holds text: a run of stop words is one stop token, and
        # none at the ends (dropping question words above can leave both).
        whole = tuple(t for k, t in enumerate(texts) if t != STOP or (k and texts[k - 1] != STOP))
        whole = whole[:-1] if whole[-1] == STOP else whole
        bonus: list[q.Query] = []
        if 1 < len(content) <= MAX_PHRASE_TOKENS and len(clauses) > 1:
            bonus.append(sequence_query(whole, boost=2.0))
        if len(content) <= TITLE_QUERY_TOKENS:
            # A short query that is a title names that provision (夢家之禁制 → Law 43); titles
            # otherwise weigh as much as text, so a long question finds the item that answers it.
            bonus.append(q.Term("title", whole[0], boost=TITLE_BONUS) if len(whole) == 1
                         else q.Phrase("title", list(whole), boost=TITLE_BONUS))
        # The coordination bonus ranks documents with more of the query's concepts first.
        return q.Or(clauses + bonus, scale=0.9)

    def _pieces(self, token: str) -> dict[str, float] | None:
        """A Chinese word of two or more characters that no edition holds (偷看, 骗人, 十四张):
        its known two- and three-character sub-words at OOV_PIECE_WEIGHT, else its known
        characters (not function characters or question words) at SINGLE_CHARACTER_WEIGHT; None
        for a word the index holds, or when no piece is known."""
        if len(token) < 2 or not _CJK_CHAR.fullmatch(token) or self.known(token):
            return None
        pieces = {token[i:i + size]: OOV_PIECE_WEIGHT for size in (3, 2) for i in range(len(token) - size + 1)
                  if token[i:i + size] != token and self.known(token[i:i + size])}
        if not pieces:
            pieces = {c: SINGLE_CHARACTER_WEIGHT for c in token
                      if c not in CHINESE_STOP and c not in QUESTION_WORDS and self.known(c)}
        return pieces or None

    @staticmethod
    def _weight(token: str, texts: list[str]) -> float:
        if len(token) == 1 and _CJK_CHAR.match(token) and sum(t != STOP for t in texts) > 1:
            return SINGLE_CHARACTER_WEIGHT
        return 1.0

    def _corrected(self, term: Term, original: str, corrections: dict[str, str]) -> str:
        if term.is_stop or not term.text.isalpha() or not term.text.isascii() or self.known(term.text):
            return term.text
        before = original[term.start - 1] if term.start > 0 else " "
        after = original[term.end] if term.end < len(original) else " "
        if before in SYNTAX_BEFORE or after in SYNTAX_AFTER:
            return term.text
        word = original[term.start : term.end]
        if not self.correcting or self.printed(word) or self.tried >= MAX_CORRECTIONS:
            return term.text
        self.tried += 1
        better = self.correct(word)
        if better is None:
            return term.text
        corrections[word] = better
        return stem(better)
