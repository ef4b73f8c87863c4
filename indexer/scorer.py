"""Scores a Whoosh query tree over postings held in memory: Whoosh's ranking, without its matchers.

Whoosh evaluates a query by stepping a tree of matcher objects one document at a time; on this
index a plain-language question (~40 term and phrase leaves, ~900 matching documents) spent ~25 ms
there, most of a search. The index is small (3,472 documents) and never changes once built, so
each leaf's postings — document → score, computed once by Whoosh's own scorer
(indexer/ranking.py) — are kept per opened build and a query is evaluated a node at a time over
whole postings with dicts, which costs ~1 ms.

The tree is evaluated as built (as Whoosh's ``searcher.search`` does, without ``normalize()``),
with Whoosh's arithmetic:

* ``Term``: the posting's BM25F score × boost;
* ``Phrase``: the documents where the words stand at consecutive positions, scored as the sum of
  the words' scores × boost (Whoosh's SpanNear2 over an intersection);
* ``And`` / ``Or``: the sum over the sub-queries that match, × boost; one of a single sub-query
  is that sub-query (its boost unused, as in Whoosh);
* ``Or(scale=s)``: Whoosh's coordination ("SQR", whoosh.matching.CoordMatcher) over the number of
  term leaves that match. Here every matching leaf counts. Whoosh's own count depends on how far
  its matchers have stepped (its collector replaces spent sub-matchers mid-search, and a preloaded
  Or reports none of its terms), so a document's score there depends on the others';
* ``AndMaybe``: the first's documents, plus the second's score where it matches;
  ``AndNot``: the first's documents that the second does not match.

Coverage, the one signal that is not Whoosh's: a question is a few concepts (a word or phrase and
its equivalents, one sub-query each), and ``score(query, postings, concepts)`` multiplies each
document's score by the share of the concepts it matches, each concept weighted by its inverse
document frequency, log(documents / documents matching it). Whoosh's coordination (``Or(scale=)``)
was meant to do this but counts term leaves (a word is three: title, body, ancestors' titles; more
with its equivalents), so over a question's ~40 leaves it moved no ranking; coverage ranks the
provision that has the rare concepts of a question above one that repeats a common one.

Documents rank by score, then by document number (Whoosh's order). tests/indexer/test_scorer.py
checks the scores against Whoosh's wherever no coordination is involved, the matched documents for
every development and held-out question, and the coordination formula on a hand-made index.
Postings dicts are shared with the cache: nothing here mutates a node's answer after making it.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict

from whoosh import query as q

# Postings kept per opened build, one per (field, word) the index holds; a word it does not hold
# is never kept. The whole index fits (6,618 scored and 5,747 positional (field, word) pairs,
# ≈ 11 MB and ≈ 21 MB a worker), so a stream of rare words cannot push typical ones out.
POSTINGS_CACHE_SIZE = 8192


class Scored:
    """One node's answer: score and matching term-leaf count per document, and the node's
    number of term leaves (present in the index) that coordination divides by."""

    __slots__ = ("scores", "counts", "leaves")

    def __init__(self, scores: dict[int, float], counts: dict[int, int], leaves: int):
        self.scores = scores
        self.counts = counts
        self.leaves = leaves


EMPTY = Scored({}, {}, 0)


class Postings:
    """Per-build postings, read through Whoosh once and kept (bounded, least recently used)."""

    def __init__(self, searcher_factory):
        self._searcher = searcher_factory  # a Whoosh searcher with the ranking's weighting
        self._scores: OrderedDict[tuple[str, str], dict[int, float]] = OrderedDict()
        self._positions: OrderedDict[tuple[str, str], dict[int, frozenset[int]]] = OrderedDict()
        self._lock = threading.Lock()
        self._documents: int | None = None

    def documents(self) -> int:
        """The build's document count (coverage's inverse document frequency)."""
        if self._documents is None:
            self._documents = self._searcher().doc_count_all()
        return self._documents

    def size(self) -> int:
        return len(self._scores) + len(self._positions)

    def _cached(self, cache: OrderedDict, key, read):
        with self._lock:
            found = cache.get(key)
            if found is not None:
                cache.move_to_end(key)
                return found
        found = read(key)
        if not found:
            return found  # a word the field lacks: asking again is cheap, and junk must not evict
        with self._lock:
            cache[key] = found
            while len(cache) > POSTINGS_CACHE_SIZE:
                cache.popitem(last=False)
        return found

    def scores(self, field: str, word: str) -> dict[int, float] | None:
        """Document → score for the word in the field; None when the field never has it."""
        found = self._cached(self._scores, (field, word), self._read_scores)
        return found or None

    def positions(self, field: str, word: str) -> dict[int, frozenset[int]]:
        return self._cached(self._positions, (field, word), self._read_positions)

    def _matcher(self, field: str, word: str):
        searcher = self._searcher()
        text = searcher.schema[field].to_bytes(word)
        if (field, text) not in searcher.reader():
            return None
        return searcher.postings(field, text)

    def _read_scores(self, key) -> dict[int, float]:
        matcher = self._matcher(*key)
        found: dict[int, float] = {}
        while matcher is not None and matcher.is_active():
            found[matcher.id()] = matcher.score()
            matcher.next()
        return found

    def _read_positions(self, key) -> dict[int, frozenset[int]]:
        matcher = self._matcher(*key)
        found: dict[int, frozenset[int]] = {}
        while matcher is not None and matcher.is_active():
            found[matcher.id()] = frozenset(matcher.value_as("positions"))
            matcher.next()
        return found


def score(query: q.Query, postings: Postings, concepts: list[q.Query] | None = None) -> dict[int, float]:
    """Document → score for every document the query matches; with ``concepts`` (sub-queries of
    ``query``, each evaluated once) the score is multiplied by the document's coverage."""
    memo: dict[int, Scored] | None = {} if concepts else None
    scores = _node(query, postings, memo).scores
    if not concepts or len(concepts) < 2:
        return scores
    documents = postings.documents()
    weights: list[tuple[float, dict[int, float]]] = []
    for concept in concepts:
        found = _node(concept, postings, memo).scores
        if found:
            weights.append((math.log(documents / len(found)), found))
    total = sum(weight for weight, _ in weights)
    if total <= 0:
        return scores
    covered: dict[int, float] = {}
    for weight, found in weights:
        for d in found:
            covered[d] = covered.get(d, 0.0) + weight
    return {d: s * covered.get(d, 0.0) / total for d, s in scores.items()}


def ranked(scores: dict[int, float], allowed=None) -> list[tuple[int, float]]:
    """(document, score), best first, ties by document number; ``allowed`` is a set of
    document numbers (a filter) or None for all."""
    items = scores.items() if allowed is None else ((d, s) for d, s in scores.items() if d in allowed)
    return sorted(items, key=lambda item: (-item[1], item[0]))


def _node(node: q.Query, postings: Postings, memo: dict[int, Scored] | None = None) -> Scored:
    """A node's answer; ``memo`` (by node identity, for one call of score()) keeps each node's
    answer so the concepts are not evaluated twice. No node's answer is changed once made."""
    if memo is None:
        return _evaluate(node, postings, None)
    found = memo.get(id(node))
    if found is None:
        found = memo[id(node)] = _evaluate(node, postings, memo)
    return found


def _evaluate(node: q.Query, postings: Postings, memo: dict[int, Scored] | None) -> Scored:
    if node is q.NullQuery:
        return EMPTY
    kind = type(node)
    if kind is q.Term:
        found = postings.scores(node.fieldname, node.text)
        if found is None:
            return EMPTY
        boost = node.boost
        scores = found if boost == 1.0 else {d: s * boost for d, s in found.items()}
        return Scored(scores, dict.fromkeys(found, 1), 1)
    if kind is q.Phrase:
        return _phrase(node, postings)
    if kind is q.Or or kind is q.And:
        subs = node.subqueries
        if not subs:
            return EMPTY
        if len(subs) == 1:
            return _node(subs[0], postings, memo)  # Whoosh: the sub-query's matcher, the boost unused
        parts = [_node(sub, postings, memo) for sub in subs]
        return _or(node, parts) if kind is q.Or else _and(node, parts)
    if kind is q.AndMaybe:
        return _and_maybe(_node(node.a, postings, memo), _node(node.b, postings, memo))
    if kind is q.AndNot:
        return _and_not(_node(node.a, postings, memo), _node(node.b, postings, memo))
    raise TypeError(f"the scorer has no rule for {kind.__name__} (indexer/query.py builds only "
                    "Term, Phrase, And, Or, AndMaybe and AndNot)")


def _phrase(node: q.Phrase, postings: Postings) -> Scored:
    field, words = node.fieldname, list(node.words)
    word_scores = [postings.scores(field, word) for word in words]
    if any(found is None for found in word_scores):
        return EMPTY  # Whoosh: a missing word makes the phrase a null matcher
    docs = _common(word_scores)
    if len(words) > 1 and docs:
        places = [postings.positions(field, word) for word in words]
        docs = {d for d in docs if _consecutive([p[d] for p in places])}
    boost = node.boost
    scores = {}
    for d in docs:
        total = _tree_sum([found[d] for found in word_scores])
        scores[d] = total * boost if boost != 1.0 else total
    return Scored(scores, dict.fromkeys(docs, len(words)), len(words))


def _common(postings: list[dict[int, float]]) -> list[int]:
    """The documents in every one of ``postings``, walked from the smallest (a stop token's or a
    common word's postings hold most documents)."""
    smallest, *others = sorted(postings, key=len)
    return [d for d in smallest if all(d in found for found in others)]


def _consecutive(places: list[frozenset[int]]) -> bool:
    """Whether the words stand one after another somewhere (slop 1, in order)."""
    ends = places[0]
    for following in places[1:]:
        ends = {p for p in following if p - 1 in ends}
        if not ends:
            return False
    return True


def _tree_sum(values: list[float]) -> float:
    """Sums as Whoosh's balanced binary tree of intersection matchers adds (make_binary_tree)."""
    if len(values) == 1:
        return values[0]
    half = len(values) // 2
    return _tree_sum(values[:half]) + _tree_sum(values[half:])


def _union(parts: list[Scored]) -> Scored:
    scores: dict[int, float] = {}
    counts: dict[int, int] = {}
    for part in parts:
        part_counts = part.counts
        for d, s in part.scores.items():
            if d in scores:
                scores[d] += s
            else:
                scores[d] = s
            c = part_counts.get(d)
            if c:
                counts[d] = counts.get(d, 0) + c
    return Scored(scores, counts, sum(p.leaves for p in parts))


def _or(node: q.Or, parts: list[Scored]) -> Scored:
    joined = _union(parts)
    boost, scale, leaves = node.boost, node.scale, joined.leaves
    if boost != 1.0:
        joined.scores = {d: s * boost for d, s in joined.scores.items()}
    if scale and leaves > 1 and leaves != scale:
        # whoosh.matching.CoordMatcher._sqr over the term leaves that match
        share = (leaves - 1) / leaves
        spread = (leaves - scale) ** 2
        counts = joined.counts
        joined.scores = {d: (s + (counts.get(d, 0) - 1) / spread) * share for d, s in joined.scores.items()}
    return joined


def _and(node: q.And, parts: list[Scored]) -> Scored:
    docs = _common([p.scores for p in parts])
    boost = node.boost
    scores = {}
    counts = {}
    for d in docs:
        total = sum(p.scores[d] for p in parts)
        scores[d] = total * boost if boost != 1.0 else total
        counts[d] = sum(p.counts.get(d, 0) for p in parts)
    return Scored(scores, counts, sum(p.leaves for p in parts))


def _and_maybe(required: Scored, optional: Scored) -> Scored:
    scores = dict(required.scores)
    counts = dict(required.counts)
    for d, s in optional.scores.items():
        if d in scores:
            scores[d] += s
            counts[d] = counts.get(d, 0) + optional.counts.get(d, 0)
    return Scored(scores, counts, required.leaves + optional.leaves)


def _and_not(kept: Scored, excluded: Scored) -> Scored:
    scores = {d: s for d, s in kept.scores.items() if d not in excluded.scores}
    return Scored(scores, kept.counts, kept.leaves + excluded.leaves)
