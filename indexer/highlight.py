"""Snippets: the original text (Traditional or Simplified, as printed), HTML-escaped, with
``<mark>`` around every whole word that matched the query."""

from __future__ import annotations

from html import escape

from indexer.analysis import analyse

SNIPPET_CHARS = 180


def marked_spans(text: str, matched: frozenset[str], words: tuple[str, ...]) -> list[tuple[int, int]]:
    """Spans of whole words whose token (or a sub-word of which) is in ``matched``."""
    spans: list[tuple[int, int]] = []
    whole: dict[int, tuple[int, int]] = {}  # position → the word's own span
    for term in analyse(text, words, subwords=True):
        if not term.subword:
            whole[term.pos] = (term.start, term.end)
        if term.text in matched and not term.is_stop:
            span = whole.get(term.pos, (term.start, term.end))
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
