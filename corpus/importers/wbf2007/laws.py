"""Laws 1–93 of the 2007 Simplified Chinese Laws: content lines → the provision tree.

Headings are recognised only at the start of a paragraph (the previous line ended with the
source's trailing space), which keeps wrapped lines such as l.823 ``第 67 条。`` or l.1068
``第 16 条 D 款，…`` out of the structure. Every law, section, item, sub-item and sub-sub-item
must follow its predecessor in sequence, or the source has changed and we stop.
"""

from __future__ import annotations

import re

from corpus.citations import SECTION_LETTERS, Citation
from corpus.importers.shared import Draft, assemble_provision
from corpus.importers.wbf2007.layout import ContentLine
from corpus.importers.wbf2007.tables import TABLE_LAWS, build_tables, table_run
from corpus.model import Provision
from corpus.sources import SourceError
from corpus.text import unspace_cjk

EDITION = "2007"
LANG = "zh-Hans"

_LAW = re.compile(r"^第\s*(\d+)\s*条\s{2,}(\S.*?)\s*$")
_SECTION = re.compile(r"^([A-H])[．.]\s?(\S.*?)\s*$")
_ITEM = re.compile(r"^(\d{1,2})．\s*(.*)$")
_SUBITEM = re.compile(r"^\(([a-z])\)\s*(.*)$")
_SUBSUBITEM = re.compile(r"^\((\d)\)\s*(.*)$")
# Extraction spaces that are not text: before full-width punctuation (l.672 ``本款 1(c) ：``,
# l.1261 ``2(b) ，``) and inside a word (l.3648 ``特 别``).
_SPACE_BEFORE_FULLWIDTH = re.compile(r" +(?=[，。、；：）])")

# Paragraphs printed after a provision's children belong to it, not to its last child; the
# layout does not show this, the sense does (2007 English 69B and 71 "The board is rescored…").
CLOSINGS: dict[str, str] = {
    "该副牌按照撤消认同之后": "69B",
    "该副牌按照取消承认": "71",
}


def _add_notes(draft: Draft[str], notes: tuple[str, ...]) -> None:
    draft.footnotes.extend(n for n in notes if n not in draft.footnotes)


def freeze(draft: Draft[str], filename: str) -> list[Provision]:
    out = []
    for node in draft.walk():
        if not (node.text or node.closing or node.children or node.tables):
            raise SourceError(f"{filename}:{node.line}: {node.citation} has neither text nor children")
        out.append(assemble_provision(EDITION, LANG, filename, citation=node.citation, line=node.line,
                                      title=node.title, text=node.text, closing=node.closing,
                                      footnotes=node.footnotes, tables=node.tables))
    return out


class LawParser:
    """Feed it each chapter's lines in order; ``provisions()`` gives the tree in printed order."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.laws: list[Draft[str]] = []
        self.path: list[Draft[str]] = []  # law → … → the provision now receiving text
        self.pending: list[ContentLine] = []

    # -- driving ----------------------------------------------------------------------------
    def feed(self, lines: list[ContentLine]) -> list[int]:
        """Parse one chapter; returns the numbers of the laws it holds."""
        first_law = len(self.laws)
        i = 0
        while i < len(lines):
            line = lines[i]
            if self.pending:
                self._continue(line)
                i += 1
                continue
            law = _LAW.match(line.text.strip())
            if law:
                i = self._open_law(lines, i, int(law.group(1)), law.group(2))
                continue
            if self.path and self.path[0].citation.law in TABLE_LAWS:
                run = table_run(lines, i)
                if run:
                    node = self.path[-1]
                    node.tables.extend(build_tables(node.citation, lines[i:i + run], self.filename))
                    i += run
                    continue
            if not self.path:
                raise SourceError(f"{self.filename}:{line.number}: text before the first law heading")
            self._paragraph_start(line)
            i += 1
        self._flush()
        return [law.citation.law for law in self.laws[first_law:]]

    def provisions(self) -> tuple[Provision, ...]:
        if len(self.laws) != 93:
            raise SourceError(f"{self.filename}: found {len(self.laws)} laws, expected 93")
        return tuple(p for law in self.laws for p in freeze(law, self.filename))

    # -- headings ---------------------------------------------------------------------------
    def _open_law(self, lines: list[ContentLine], i: int, number: int, title: str) -> int:
        line = lines[i]
        if number != len(self.laws) + 1:
            raise SourceError(f"{self.filename}:{line.number}: law {number} follows law {len(self.laws)}")
        draft = Draft(Citation(number), line.number)
        _add_notes(draft, line.notes)
        if not line.ends_paragraph:  # the title wraps (Laws 24 and 46)
            if i + 1 >= len(lines) or not lines[i + 1].ends_paragraph:
                raise SourceError(f"{self.filename}:{line.number}: law {number}'s title does not end")
            title += lines[i + 1].text.strip()
            _add_notes(draft, lines[i + 1].notes)
            i += 1
        draft.title = unspace_cjk(title.strip())
        self.laws.append(draft)
        self.path = [draft]
        return i + 1

    def _paragraph_start(self, line: ContentLine) -> None:
        text = line.text.strip()
        section = _SECTION.match(text)
        if section:
            node = self._open_section(line, section.group(1))
            node.title = unspace_cjk(section.group(2))
            _add_notes(node, line.notes)
            return  # a section heading is a line of its own
        rest = text
        for pattern, opener in ((_ITEM, self._open_item), (_SUBITEM, self._open_subitem),
                                (_SUBSUBITEM, self._open_subsubitem)):
            match = pattern.match(text)
            if match:
                rest = opener(line, match.group(1), match.group(2))
                break
        self._continue(ContentLine(line.number, rest, line.ends_paragraph, line.notes))

    def _open_section(self, line: ContentLine, letter: str) -> Draft[str]:
        law = self.path[0]
        sections = [c for c in law.children if c.citation.section is not None]
        if len(sections) != len(law.children) or letter != SECTION_LETTERS[len(sections)]:
            raise SourceError(f"{self.filename}:{line.number}: section {law.citation.law}{letter} "
                              "is out of sequence")
        return self._attach(law, Citation(law.citation.law, letter), line)

    def _open_item(self, line: ContentLine, number: str, rest: str) -> str:
        parent = self.path[1] if len(self.path) > 1 and self.path[1].citation.kind == "section" else self.path[0]
        if int(number) != len(parent.children) + 1 or (parent.citation.kind == "law" and any(
                c.citation.section for c in parent.children)):
            raise SourceError(f"{self.filename}:{line.number}: item {number} under {parent.citation} "
                              "is out of sequence")
        c = parent.citation
        node = self._attach(parent, Citation(c.law, c.section, int(number)), line)
        sub = _SUBITEM.match(rest)
        if sub and sub.group(1) == "a":  # ``1．(a) …``: the item opens with its first sub-item
            return self._open_subitem(line, "a", sub.group(2), parent=node)
        return rest

    def _open_subitem(self, line: ContentLine, letter: str, rest: str, parent: Draft[str] | None = None) -> str:
        parent = parent or self._deepest("item", line)
        if ord(letter) - ord("a") != len(parent.children):
            raise SourceError(f"{self.filename}:{line.number}: sub-item ({letter}) under {parent.citation} "
                              "is out of sequence")
        c = parent.citation
        node = self._attach(parent, Citation(c.law, c.section, c.item, letter), line)
        subsub = _SUBSUBITEM.match(rest)
        if subsub and subsub.group(1) == "1":  # ``(g) (1) 安排`` (80B2(g))
            return self._open_subsubitem(line, "1", subsub.group(2), parent=node)
        return rest

    def _open_subsubitem(self, line: ContentLine, digit: str, rest: str, parent: Draft[str] | None = None) -> str:
        parent = parent or self._deepest("subitem", line)
        if int(digit) != len(parent.children) + 1:
            raise SourceError(f"{self.filename}:{line.number}: ({digit}) under {parent.citation} "
                              "is out of sequence")
        c = parent.citation
        self._attach(parent, Citation(c.law, c.section, c.item, c.subitem, digit), line)
        return rest

    def _deepest(self, kind: str, line: ContentLine) -> Draft[str]:
        for node in reversed(self.path):
            if node.citation.kind == kind:
                return node
        raise SourceError(f"{self.filename}:{line.number}: a {kind} label is missing above this line")

    def _attach(self, parent: Draft[str], citation: Citation, line: ContentLine) -> Draft[str]:
        node = Draft(citation, line.number)
        parent.children.append(node)
        parent.closed = True  # its paragraphs printed after this child are its closing text
        self.path = self.path[: self.path.index(parent) + 1] + [node]
        return node

    # -- paragraphs -------------------------------------------------------------------------
    def _continue(self, line: ContentLine) -> None:
        _add_notes(self.path[-1], line.notes)
        self.pending.append(line)
        if line.ends_paragraph:
            self._flush()

    def _flush(self) -> None:
        if not self.pending:
            return
        text = "".join(line.text.strip() for line in self.pending)
        text = unspace_cjk(_SPACE_BEFORE_FULLWIDTH.sub("", text))
        first = self.pending[0].number
        self.pending = []
        if not text:
            return
        owner = self._closing_owner(text, first)
        if owner is not None:
            owner.closing.append(text)
            return
        node = self.path[-1]
        node.add(text)

    def _closing_owner(self, text: str, line: int) -> Draft[str] | None:
        for opening, citation in CLOSINGS.items():
            if text.startswith(opening):
                for node in self.path:
                    if node.citation.canonical == citation:
                        return node
                raise SourceError(f"{self.filename}:{line}: the closing paragraph of {citation} "
                                  "is not inside it")
        return None
