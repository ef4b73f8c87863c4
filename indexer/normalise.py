"""The one normaliser, applied to indexed text and to queries alike.

It folds width (full-width Latin, digits and punctuation to ASCII), typographic punctuation,
suit glyphs (outline and private-use forms to ♠♥♦♣) and Traditional to Simplified Chinese.
Every step maps one character to one character, so an offset into the normalised text is an
offset into the original: the index stores and shows the original, and highlighting needs no
offset map.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# Private-use Symbol-font suits (2007 seed) and outline suits → the solid suit glyphs.
_SUITS = {"\uf0aa": "♠", "\uf0a9": "♥", "\uf0a8": "♦", "\uf0a7": "♣",
          "♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣", "❤": "♥"}
# Typographic punctuation NFKC leaves alone; folding it makes `dummy’s` and `dummy's` one word.
_PUNCTUATION = {"‘": "'", "’": "'", "‛": "'", "“": '"', "”": '"', "„": '"', "「": '"', "」": '"',
                "『": '"', "』": '"', "—": "-", "–": "-", "‐": "-", "‑": "-", "－": "-", "、": ",",
                "。": ".", "\u3000": " ", "\u00a0": " "}


# Variant characters the sources print for one word, folded for search only (the stored and shown
# text stays as printed): corpus/sources/laws-2017-en-zh-Hant.txt titles Law 64 "牌蹬調整" where
# every other trick word is 磴 (不足磴, 超磴).
_VARIANTS = str.maketrans({"蹬": "磴"})


@lru_cache(maxsize=1)
def _converter():
    import opencc  # noqa: PLC0415 -- the native binding; plain character-level t2s, never a regional phrase config

    return opencc.OpenCC("t2s")


@lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    if ch in _SUITS:
        return _SUITS[ch]
    if ch in _PUNCTUATION:
        return _PUNCTUATION[ch]
    folded = unicodedata.normalize("NFKC", ch)
    # Keep one character for one character: ligatures and the like stay as printed.
    return folded if len(folded) == 1 else ch


def fold_width(text: str) -> str:
    """Width, punctuation and suit folding, one character for one character."""
    if text.isascii():
        return text
    return "".join(_fold_char(ch) for ch in text)


def to_simplified(text: str) -> str:
    """Traditional → Simplified, character for character (lengths always kept)."""
    if text.isascii():
        return text
    converted = _converter().convert(text)
    if len(converted) == len(text):
        return converted
    # A phrase rule changed the length: fall back to converting each character alone.
    return "".join(_simplified_char(ch) for ch in text)


@lru_cache(maxsize=8192)
def _simplified_char(ch: str) -> str:
    converted = _converter().convert(ch)
    return converted if len(converted) == 1 else ch


def normalise(text: str) -> str:
    """The searchable form of ``text``: same length, folded, Simplified, lower-cased Latin."""
    folded = to_simplified(fold_width(text)).translate(_VARIANTS)
    # str.lower() keeps lengths for everything but a few letters (İ); guard those.
    lowered = folded.lower()
    if len(lowered) != len(folded):
        lowered = "".join(c.lower() if len(c.lower()) == 1 else c for c in folded)
    return lowered
