"""laws-1987-zh-Hant.txt (1987, Traditional Chinese): physical lines → paragraphs.

The text is mostly one paragraph per line, separated by blank lines, but about 45 lines are hard
wraps. A line continues the paragraph before it when

* it starts with ``，。、）`` (``。花色等級最高者…`` l.326, ``，則該牌結果…`` l.655), or
* the paragraph before it is body text ending without sentence punctuation and the line is not a
  heading (``須派`` / `` 司一圈；或`` l.991–993, ``尚未完成牌`` / ``磴所作`` l.2019–2021).

Headings never absorb a following line this way: an item's short sub-heading (``1.發牌有誤或牌張顯露``
l.414) ends without punctuation but its body (l.416) is a paragraph of its own. Wrapped lines join
with no separator (the text is CJK). Lines that start with spaces after a finished sentence are
new paragraphs (the leading spaces are indentation, e.g. l.596, l.2541).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from corpus.text import strip_marker

# A paragraph whose text ends in one of these is finished. ``—`` ends the lead-in of the 40/50/60%
# list in 12C1 (l.605), whose lines are separate paragraphs. ``；`` does not end a sentence: the
# one line ending in it (l.2035) wraps.
SENTENCE_END = frozenset("。：？！」）—")
CONTINUATION_START = tuple("，。、）")


@dataclass(frozen=True)
class Paragraph:
    line: int  # 1-based physical line where the paragraph starts
    text: str


def numbered(lines: list[str], first: int, last: int) -> Iterable[tuple[int, str]]:
    """Physical lines ``first``..``last`` (1-based, inclusive), marker removed, blank ones dropped."""
    for number in range(first, last + 1):
        text = strip_marker(lines[number - 1])
        if text.strip():
            yield number, text


def join_paragraphs(
    lines: Iterable[tuple[int, str]],
    is_heading: Callable[[str], bool],
    absorbs_wraps: Callable[[str], bool] | None = None,
) -> list[Paragraph]:
    """Group stripped lines into paragraphs by the wrap rules above.

    ``is_heading(text)`` says a line starts a paragraph whatever precedes it; ``absorbs_wraps``
    says whether a paragraph may take the next line as a wrap when it ends without punctuation
    (by default: any paragraph that does not start with a heading)."""
    if absorbs_wraps is None:
        absorbs_wraps = lambda text: not is_heading(text)  # noqa: E731
    out: list[Paragraph] = []
    for number, raw in lines:
        text = raw.strip()
        if out and not is_heading(text):
            previous = out[-1].text
            wraps = absorbs_wraps(previous) and previous[-1] not in SENTENCE_END
            if text.startswith(CONTINUATION_START) or wraps:
                out[-1] = Paragraph(out[-1].line, previous + text)
                continue
        out.append(Paragraph(number, text))
    return out
