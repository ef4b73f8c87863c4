"""Footnote markers in laws-2017-en-zh-Hant.txt: digits glued to English words, spaced digits in the Chinese.

The English marks a footnote with digits glued to the word before it (`deck1`, `Laws.28`,
`CARDS2` in a law title). The Chinese spaces them off (`發現 4`, `要求 13`) or, once, puts one at
the start of a line (L4250 `15 其同伴…`), which cannot be told from a real number (`第 13 磴`,
`Law 30、31、及 32`) on its own; so a Chinese number is taken for a marker only when the
English of the same paragraph carries that footnote.
"""

from __future__ import annotations

import re

from corpus.text import CJK

# After a lower-case letter or `letter.`; a capital before the digit is a reference (`B1`, `64B7`).
_EN_BODY = re.compile(r"(?:(?<=[a-z’])|(?<=[a-z]\.))(\d{1,2})(?![\w(])")
# Titles are upper case (`CARDS2`) or title case (`Period4`, `Tables27`): digits ending the title.
_EN_TITLE = re.compile(r"(?<=[A-Za-z])(\d{1,2})$")

# laws-2017-en-zh-Hant.txt L5490 prints footnote 21's marker as `12` (正常打法 12); the English has `normal21`.
MISPRINTED_ZH_MARKERS: dict[int, dict[int, str]] = {5490: {21: "12"}}


def strip_english(text: str, footnotes: set[int], title: bool = False) -> tuple[str, list[int]]:
    """Remove glued footnote digits; return the clean text and the footnote numbers found."""
    found: list[int] = []

    def take(match: re.Match) -> str:
        number = int(match[1])
        if number not in footnotes:
            return match[0]
        found.append(number)
        return ""

    return (_EN_TITLE if title else _EN_BODY).sub(take, text), found


def strip_chinese(text: str, numbers: set[int], line: int | None = None) -> str:
    """Remove the spaced-off markers of ``numbers`` from one Chinese line."""
    printed = {str(n) for n in numbers}
    if line is not None:
        printed |= {alias for n, alias in MISPRINTED_ZH_MARKERS.get(line, {}).items() if n in numbers}
    if not printed:
        return text
    alternatives = "|".join(sorted(printed, key=len, reverse=True))
    # After a CJK character and a space, before a space, CJK, punctuation or the line end.
    inner = re.compile(f"(?<=[{CJK}]) +(?:{alternatives})(?= |$|[{CJK}\uff08-\uff5e\u3001-\u3002])")
    text = inner.sub("", text)
    # At the start of a line, followed by Chinese (L4250).
    return re.sub(f"^(?:{alternatives}) +(?=[{CJK}])", "", text)
