"""A plain BM25 over the corpus records, the floor the product's search must clear.

One document per (edition, citation, language) with the text `bridgelaws export` gives (title,
own text, table cells, footnotes); jieba tokens after OpenCC t2s folding, English words
lower-cased. Deliberately nothing else: no glossary, no citation parsing, no stemming, no
field weights. Okapi BM25 with k1 = 1.2, b = 0.75.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from corpus.citations import Citation
from corpus.load import load_corpus

K1, B = 1.2, 0.75
_WORD = re.compile(r"\w")


def tokenizer():
    import jieba  # noqa: PLC0415 -- heavy; the baseline loads jieba's whole dictionary only when run
    import opencc  # noqa: PLC0415 -- native binding, loaded with jieba only when the baseline runs

    jieba.setLogLevel(60)  # jieba prints its dictionary loading otherwise
    t2s = opencc.OpenCC("t2s")
    return lambda text: [t for t in jieba.lcut(t2s.convert(text).lower()) if _WORD.search(t)]


def documents(corpus) -> list[tuple[str, Citation, str, str]]:
    """(edition, citation, language, text) for every provision and language it is printed in."""
    docs = []
    for p in corpus.provisions():
        for lang in p.languages:
            parts = [p.title.get(lang, ""), p.own_text(lang)]
            parts += [cell for t in p.tables if t.lang == lang for row in (*t.head, *t.body) for cell in row]
            parts += [f.text for f in p.footnotes if f.lang == lang]
            text = "\n".join(part for part in parts if part)
            if text.strip():
                docs.append((p.edition, p.citation, lang, text))
    return docs


@dataclass(frozen=True)
class BaselineHit:
    edition: str
    citation: Citation
    lang: str
    score: float


class Baseline:
    def __init__(self, docs: list[tuple[str, Citation, str, str]], tokenize=None):
        self.tokenize = tokenize or tokenizer()
        self.docs = docs
        self.postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self.lengths = []
        for i, (_, _, _, text) in enumerate(docs):
            counts = Counter(self.tokenize(text))
            self.lengths.append(sum(counts.values()))
            for term, tf in counts.items():
                self.postings[term].append((i, tf))
        self.average = sum(self.lengths) / max(len(self.lengths), 1)

    @classmethod
    def from_corpus(cls, corpus=None) -> "Baseline":
        return cls(documents(corpus or load_corpus()))

    def search(self, query: str, edition: str | None = None, limit: int = 10) -> list[BaselineHit]:
        n, scores = len(self.docs), defaultdict(float)
        for term in set(self.tokenize(query)):
            postings = self.postings.get(term, ())
            idf = math.log(1 + (n - len(postings) + 0.5) / (len(postings) + 0.5))
            for i, tf in postings:
                norm = K1 * (1 - B + B * self.lengths[i] / self.average)
                scores[i] += idf * tf * (K1 + 1) / (tf + norm)
        ranked = sorted((i for i in scores if edition is None or self.docs[i][0] == edition),
                        key=lambda i: (-scores[i], i))
        return [BaselineHit(*self.docs[i][:3], scores[i]) for i in ranked[:limit]]

    def ranker(self, limit: int = 10):
        return lambda row: self.search(row["query"], edition=row.get("edition"), limit=limit)
