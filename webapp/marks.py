"""The searched words, marked on the law page a search hit leads to (``?hl=dummy+warn``).

Marks go into rendered provision HTML (our own markup, every text node already escaped): only
text between tags is touched, unescaped, matched, and escaped again around ``<mark>``, so a
word from the query string can never become markup, and attributes (link titles) are left
alone. Matching is on the search normaliser's same-length form (indexer/normalise.py: width,
case, Traditional → Simplified), so 明手 typed in either script marks 明手 in both, and "Warn"
marks "warning". Latin words match at a word's start; Chinese words anywhere.
"""

from __future__ import annotations

import html
import re
from typing import Sequence

from markupsafe import Markup, escape

from corpus.text import has_cjk
from indexer.normalise import normalise

# Bounds on what one request may ask for: the words marked and the length of each.
MAX_WORDS = 8
MAX_WORD_CHARS = 40
_TAG = re.compile(r"(<[^>]*>)")
# Quotes and operators of the search syntax are not words to mark.
_SPLIT = re.compile(r"[\s\"'“”「」『』()+\-:,，、。;；]+")


def highlight_words(raw: str | None) -> tuple[str, ...]:
    """The distinct words of ``?hl=``: at most MAX_WORDS, each at most MAX_WORD_CHARS long."""
    if not raw:
        return ()
    words: dict[str, None] = {}
    for word in _SPLIT.split(raw):
        if word and (has_cjk(word) or len(word) >= 2):  # one Latin letter would mark everything
            words.setdefault(word[:MAX_WORD_CHARS], None)
        if len(words) == MAX_WORDS:
            break
    return tuple(words)


def _pattern(words: Sequence[str]) -> re.Pattern | None:
    parts = []
    for word in sorted({normalise(w) for w in words}, key=len, reverse=True):
        parts.append(re.escape(word) if has_cjk(word) else r"(?<![^\W_])" + re.escape(word))
    return re.compile("|".join(parts)) if parts else None


def _marked_text(piece: str, pattern: re.Pattern) -> str:
    text = html.unescape(piece)
    folded = normalise(text)  # same length as text: offsets carry over
    out, last = [], 0
    for m in pattern.finditer(folded):
        out.append(str(escape(text[last : m.start()])))
        out.append(f"<mark>{escape(text[m.start() : m.end()])}</mark>")
        last = m.end()
    if not out:
        return piece
    out.append(str(escape(text[last:])))
    return "".join(out)


def mark(body: Markup, words: Sequence[str]) -> Markup:
    """Every text node of ``body`` (rendered provision HTML) with the words marked."""
    pattern = _pattern(words)
    if pattern is None or not body:
        return body
    return Markup("".join(p if not p or p.startswith("<") else _marked_text(p, pattern) for p in _TAG.split(str(body))))


CELL_START = '<div class="cell"'


def mark_cells(page: str, words: Sequence[str]) -> str:
    """A rendered law page (webapp/templates/laws/rows.html) with the words marked inside its
    text cells only — not in citations, "Cited by" lists, navigation or attributes. Used on the
    cached page, so a page reached from a search costs one pass over its HTML, not a render."""
    pattern = _pattern(words)
    if pattern is None:
        return page
    out: list[str] = []
    depth = 0  # <div> nesting inside the current cell; 0 = outside every cell
    for piece in _TAG.split(page):
        if piece.startswith("<"):
            if depth:
                depth += piece.startswith("<div") - piece.startswith("</div")
            elif piece.startswith(CELL_START):
                depth = 1
            out.append(piece)
        else:
            out.append(_marked_text(piece, pattern) if depth and piece else piece)
    return "".join(out)
