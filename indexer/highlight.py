"""Snippets: the original text (Traditional or Simplified, as printed), HTML-escaped, with
``<mark>`` around every whole word that matched the query."""

from __future__ import annotations

from functools import lru_cache
from html import escape

from indexer.analysis import STOP, analyse

SNIPPET_CHARS = 180
# Analysed hit texts kept: a hit's text is one of the index's few thousand provisions, and
# directors' queries reach the same ones again and again; analysing a text costs ~0.2 ms, a
# kept one ≈ 10 kB (1,024 of them ≈ 10 MB a process).
ANALYSED_TEXTS = 1024


@lru_cache(maxsize=ANALYSED_TEXTS)
def _tokens(text: str, words: tuple[str, ...]) -> tuple[tuple[str, int, int, int, bool], ...]:
    """(token, position, start, end, sub-word) of every token of ``text``, sub-words included."""
    return tuple((t.text, t.pos, t.start, t.end, t.subword) for t in analyse(text, words, subwords=True))


def marked_spans(text: str, matched: frozenset[str], words: tuple[str, ...]) -> list[tuple[int, int]]:
    """Spans of whole words whose token (or a sub-word of which) is in ``matched``."""
    spans: list[tuple[int, int]] = []
    whole: dict[int, tuple[int, int]] = {}  # position → the word's own span
    for token, pos, start, end, subword in _tokens(text, words):
        if not subword:
            whole[pos] = (start, end)
        if token in matched and token != STOP:
            span = whole.get(pos, (start, end))
            if not spans or spans[-1] != span:
                spans.append(span)
    merged: list[tuple[int, int]] = []
    for s, e in sorted(set(spans)):
        if merged and s >= merged[-1][1] and text[merged[-1][1]:s].strip() == "":
            merged[-1] = (merged[-1][0], e)  # adjacent words: one mark, "lead restrictions"
        elif not merged or s >= merged[-1][1]:
            merged.append((s, e))
    return merged


def snippet(text: str, matched: frozenset[str], words: tuple[str, ...], size: int = SNIPPET_CHARS) -> str:
    """An HTML-safe excerpt of ``text`` around its first match (the start if none)."""
    spans = marked_spans(text, matched, words) if matched else []
    start, end = 0, len(text)
    if len(text) > size:
        first = spans[0][0] if spans else 0
        start = max(0, min(first - size // 4, len(text) - size))
        end = start + size
    out = ["…" if start > 0 else ""]
    cursor = start
    for s, e in spans:
        if s < cursor or e > end:
            continue
        out.append(escape(text[cursor:s]))
        out.append(f"<mark>{escape(text[s:e])}</mark>")
        cursor = e
    out.append(escape(text[cursor:end]))
    out.append("…" if end < len(text) else "")
    return "".join(out)
