"""Laws 1–93 of laws-2017-en-zh-Hant.txt: the provision tree with English and Chinese text.

Every English paragraph is followed by its Chinese translation, so the tree is rebuilt from the
English labels (`LAW n`, `A.`, `1.`, `(a)`, `(i)`) and each Chinese run is given to the English
paragraph just before it. Tables (Laws 2, 77, 78B) are handed to ``tables``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpus.citations import ROMAN, SECTION_LETTERS, Citation
from corpus.importers.shared import Draft
from corpus.importers.wbf2017 import markers, tables
from corpus.importers.wbf2017.lines import (
    FILENAME,
    FootnoteText,
    Line,
    join_chinese,
    join_english,
    source_error,
    split_bilingual,
)
from corpus.model import Footnote, Provision, Table
from corpus.text import squeeze_spaces, unspace_cjk

EDITION = "2017"
LAW_COUNT = 93

_LAW = re.compile(r"^LAW (\d{1,2})\s*[-–]\s*(.*)$")
_SECTION = re.compile(r"^([A-H])\.\s+(.*)$")
_ITEM = re.compile(r"^(\d{1,2})\.\s+(.*)$")
_PAREN = re.compile(r"^\(([a-z]{1,4})\)\s*(.*)$")
# A label line that also carries Chinese (L3200 `2. (a) The Regulating Authority:  主管單位：`).
_LABELLED_MIXED = re.compile(r"^(?:\d{1,2}\.|\([a-z]+\))(?:\s*\([a-z]+\))?\s*[A-Za-z]")
_SMALL_WORD = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "with"}


@dataclass
class _Paragraph:
    line: int
    en: list[str] = field(default_factory=list)
    zh: list[tuple[int, str]] = field(default_factory=list)
    footnotes: list[int] = field(default_factory=list)


# A provision being read (corpus/importers/shared.py): title {lang: title}, paragraphs _Paragraph,
# footnote numbers; ``closed`` once a table is printed (paragraphs after it close the provision).
_Node = Draft[_Paragraph]


def _is_title(text: str) -> bool:
    """A section line without Chinese is a title (9C `Premature Correction of an
    Irregularity`) when it is in title case; body-text "sections" (22A, 35A, 56A, 71A) are
    sentences."""
    words = re.findall(r"[A-Za-z’']+", text)
    return bool(words) and all(w[0].isupper() or w.lower() in _SMALL_WORD for w in words) and not re.search(
        r"[.,;:]$", text
    )


class _TreeBuilder:
    def __init__(self, footnote_numbers: set[int]):
        self.footnote_numbers = footnote_numbers
        self.nodes: list[_Node] = []
        self.path: list[_Node] = []  # open law, section, item, sub-item, sub-sub-item
        self.paragraph: _Paragraph | None = None
        self.in_zh = False
        self.title_open: _Node | None = None  # a law whose Chinese title may continue

    # -- opening nodes ------------------------------------------------------------------------
    def open(self, citation: Citation, line: int) -> _Node:
        self.close_paragraph()
        while self.path and self.path[-1].citation != citation.parent:
            self.path.pop()
        if citation.parent is not None and not self.path:
            raise source_error(line, f"{citation} has no enclosing provision")
        node = Draft(citation, line, title={})
        if self.path:
            self.path[-1].children.append(node)
        self.nodes.append(node)
        self.path.append(node)
        self.title_open = None
        return node

    def close_paragraph(self) -> None:
        self.paragraph = None
        self.in_zh = False

    @property
    def law(self) -> _Node:
        return self.path[0]

    def _last_child(self, parent: _Node) -> _Node | None:
        for node in reversed(self.nodes):
            if node.citation.parent == parent.citation:
                return node
            if node is parent:
                return None
        return None

    def expected_section(self) -> str:
        last = self._last_child(self.law)
        if last is None or last.citation.section is None:
            return "A"
        return SECTION_LETTERS[SECTION_LETTERS.index(last.citation.section) + 1]

    def item_parent(self) -> _Node:
        for node in reversed(self.path):
            if node.citation.kind in ("law", "section"):
                return node
        raise AssertionError("a law is always open")

    def expected_item(self) -> int:
        last = self._last_child(self.item_parent())
        return 1 if last is None or last.citation.item is None else last.citation.item + 1

    def sub_parent(self) -> _Node:
        for node in reversed(self.path):
            if node.citation.kind in ("section", "item"):
                return node
        return self.path[-1]

    # -- lines --------------------------------------------------------------------------------
    def english(self, line: Line, text: str) -> None:
        """Append English text to the open paragraph, or start a new one."""
        if not text:
            return
        if self.paragraph is None or self.in_zh:
            node = self.path[-1]
            target = node.closing if node.closed else node.text
            if self.in_zh and node.text and not node.closed and len(self.path) > 1:
                # No provision of laws-2017-en-zh-Hant.txt has two paragraphs of its own: an unlabelled
                # paragraph after a labelled one closes the parent (69B `The board is
                # rescored…` after 69B2, Law 71's after 71B).
                self.path.pop()
                target = self.path[-1].closing
            self.paragraph = _Paragraph(line.number)
            target.append(self.paragraph)
            self.in_zh = False
        self.title_open = None
        text, found = markers.strip_english(text, self.footnote_numbers)
        self.paragraph.en.append(text)
        self.paragraph.footnotes += found

    def chinese(self, line: Line, text: str) -> None:
        if self.title_open is not None:
            node = self.title_open
            node.title["zh-Hant"] = join_chinese([node.title.get("zh-Hant", ""), text])
            return
        if self.paragraph is None:
            raise source_error(line.number, f"Chinese text with no English paragraph before it: {text[:30]!r}")
        self.in_zh = True
        self.paragraph.zh.append((line.number, text))

    def set_title(self, node: _Node, en: str, zh: str, line: Line) -> None:
        en, found = markers.strip_english(en, self.footnote_numbers, title=True)
        node.footnotes += found
        node.title["en"] = en
        if zh:
            node.title["zh-Hant"] = markers.strip_chinese(zh, set(found), line.number)

    def labelled(self, line: Line, text: str) -> None:
        """An item / sub-item / sub-sub-item label (possibly two on one line) and its text."""
        while True:
            item = _ITEM.match(text)
            paren = _PAREN.match(text)
            if item and int(item[1]) == self.expected_item():
                parent = self.item_parent().citation
                self.open(Citation(parent.law, parent.section, int(item[1])), line.number)
                text = item[2]
            elif paren and (label := self._paren_citation(paren[1])) is not None:
                self.open(label, line.number)
                text = paren[2]
            else:
                break
        en, zh = split_bilingual(text)
        if zh:
            node = self.path[-1]
            if en.endswith(":"):  # L3200 `2. (a) The Regulating Authority:  主管單位：` is text
                self.english(line, en)
                self.chinese(line, zh)
            else:  # 86B1/86B2 carry titles
                self.set_title(node, en, zh, line)
                self.close_paragraph()
        else:
            self.english(line, text)

    def _paren_citation(self, label: str) -> Citation | None:
        parent = self.sub_parent()
        last_sub = self._last_child(parent)
        letter = "a" if last_sub is None or last_sub.citation.subitem is None else chr(ord(last_sub.citation.subitem) + 1)
        if label == letter:  # `(i)` after `(h)` is a letter (80B2(i)), not a roman numeral
            return Citation(parent.citation.law, parent.citation.section, parent.citation.item, label)
        current = self.path[-1]
        if current.citation.kind not in ("subitem", "subsubitem"):
            return None
        sub = current if current.citation.kind == "subitem" else self.path[-2]
        last_roman = self._last_child(sub)
        roman = ROMAN[0] if last_roman is None else ROMAN[ROMAN.index(last_roman.citation.subsubitem) + 1]
        if label == roman:
            c = sub.citation
            return Citation(c.law, c.section, c.item, c.subitem, roman)
        return None

    def law_heading(self, line: Line, number: int, rest: str) -> None:
        expected = len([n for n in self.nodes if n.citation.kind == "law"]) + 1
        if number != expected:
            raise source_error(line.number, f"found LAW {number} where LAW {expected} was expected")
        node = self.open(Citation(number), line.number)
        en, zh = split_bilingual(rest)
        self.set_title(node, en, zh, line)
        self.title_open = node  # the Chinese title may wrap (16, 24, …) or stand alone (46)

    def section_heading(self, line: Line, letter: str, rest: str) -> None:
        node = self.open(Citation(self.law.citation.law, letter), line.number)
        en, zh = split_bilingual(rest)
        if zh or _is_title(en):
            self.set_title(node, en, zh, line)
        else:
            self.english(line, en)

    def table(self, node: _Node, found: list[Table]) -> None:
        self.close_paragraph()
        node.tables += found
        node.closed = True


def build_laws(lines: list[Line], footnotes: list[FootnoteText]) -> tuple[Provision, ...]:
    numbers = {n.number for n in footnotes}
    builder = _TreeBuilder(numbers)
    i = 0
    while i < len(lines):
        line = lines[i]
        text = line.text
        law = _LAW.match(text)
        if law:
            builder.law_heading(line, int(law[1]), law[2])
            i += 1
            if int(law[1]) == 77:  # the scoring table is the whole law
                i = _law77(builder, lines, i)
            continue
        if not builder.path:
            raise source_error(line.number, f"text before LAW 1: {text[:40]!r}")
        law_number = builder.law.citation.law
        if law_number == 2 and tables.LAW2_START.match(text):
            end = tables.find_end(lines, i, tables.LAW2_END)
            builder.table(builder.law, tables.law2(lines[i:end]))
            i = end
            continue
        if law_number == 78 and tables.IMP_START.match(text):
            end = tables.find_end(lines, i, _SECTION)
            builder.table(builder.path[-1], tables.imps(lines[i:end]))
            i = end
            continue
        section = _SECTION.match(text)
        if section and section[1] == builder.expected_section():
            builder.section_heading(line, section[1], section[2])
        elif section and not line.is_zh:
            raise source_error(
                line.number, f"section {section[1]}. of Law {law_number} is out of sequence "
                f"(expected {builder.expected_section()}.)")
        elif not line.is_zh or _LABELLED_MIXED.match(text):
            builder.labelled(line, text)
        else:
            builder.chinese(line, text)
        i += 1
    laws = [n for n in builder.nodes if n.citation.kind == "law"]
    if len(laws) != LAW_COUNT:
        raise source_error(lines[-1].number, f"found {len(laws)} laws, expected {LAW_COUNT}")
    return tuple(_provision(node, footnotes) for node in builder.nodes)


def _law77(builder: _TreeBuilder, lines: list[Line], i: int) -> int:
    end = tables.find_end(lines, i, _LAW)
    law = builder.law
    text, found, closing = tables.law77(lines[i:end])
    law.text += [_Paragraph(line, [en], [(line, zh)]) for line, en, zh in text]
    law.tables += found
    law.closing += [_Paragraph(line, [en], [(line, zh)]) for line, en, zh in closing]
    builder.close_paragraph()
    return end


def _join(paragraphs: list[_Paragraph]) -> tuple[dict[str, str], list[int]]:
    en_parts, zh_parts, numbers = [], [], []
    for p in paragraphs:
        en = join_english(p.en)
        zh = _tidy_chinese(join_chinese([markers.strip_chinese(t, set(p.footnotes), n) for n, t in p.zh]))
        if en:
            en_parts.append(en)
        if zh:
            zh_parts.append(zh)
        numbers += p.footnotes
    out = {}
    if en_parts:
        out["en"] = "\n\n".join(en_parts)
    if zh_parts:
        out["zh-Hant"] = "\n\n".join(zh_parts)
    return out, numbers


def _tidy_chinese(text: str) -> str:
    """Drop the spaces a marker leaves between two ideographs (`正常 打牌路線`: fn 21's marker
    was printed as a gap) and spaces before full-width closing punctuation (`50% ）`)."""
    return re.sub(r" +(?=[，。、；：）」])", "", unspace_cjk(text))


def _provision(node: _Node, footnotes: list[FootnoteText]) -> Provision:
    text, in_text = _join(node.text)
    closing, in_closing = _join(node.closing)
    cited = []
    for number in node.footnotes + in_text + in_closing:
        if number not in cited:
            cited.append(number)
    notes = tuple(
        Footnote(lang=f.lang, text=f.text, number=f.number) for n in cited for f in footnotes if f.number == n
    )
    return Provision(
        edition=EDITION,
        citation=node.citation,
        title={k: squeeze_spaces(v) if k == "en" else _tidy_chinese(squeeze_spaces(v)) for k, v in node.title.items() if v},
        text=text,
        closing=closing,
        footnotes=notes,
        tables=tuple(node.tables),
        source_lines={FILENAME: node.line},
    )
