"""laws-1987-zh-Hant.txt law part (l.320–2857) → 1987 provisions, their footnotes and tables, and the
chapter / part (段) / division (節) structure above the laws.

Provisions follow the printed headings: ``第N條：`` law, ``A、`` section, ``1.`` item, ``（a）``
sub-item, ``（1）`` sub-sub-item. Titles and text of a heading line:

* A law's or section's heading is its title. A section heading with text on the same line
  (``A、牌磴分數：如滿約時…`` l.2332) splits at the colon; Law 67A's heading is fused with its
  text (l.1979) and splits after ``缺失``.
* An item or sub-item line is a *title* when it is short (at most 30 characters) and ends
  without sentence punctuation (``1.發牌有誤或牌張顯露`` l.414, its body at l.416); ``1.由賽員發牌：
  裁判可…`` (l.428) splits at the colon; a label line directly followed by its own sub-items is
  their heading even with a full stop (27B1 l.1039, 9A2(b) l.502); any other label line is the
  provision's text (``1. 對牌局之進行沒有充份的注意。`` l.2246).
* Body paragraphs belong to the provision whose heading precedes them. Paragraphs printed after
  a table of the provision go to ``closing`` (77A l.2383, 77B l.2414); a paragraph opening with
  its siblings' labels (``（1）（2）兩項，…`` l.999) is the closing text of their parent (25B2(b)).
* ``（註）…`` paragraphs are footnotes of the provision holding the latest unused ``（註）`` marker
  of the same law; the marker is removed from the text. A note in a law without such a marker
  answers the previous law's: the note at l.2288, printed in Law 75, belongs to the marker at
  74C5 (l.2268); it is attached there and the move is recorded as an erratum. Inline ``（註：…）`` and ``（處罰）`` are part of the text.
* Law titles keep the printed characters (``牌---花色與牌張之等級``, trailing ``。`` of Law 46).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpus.citations import Citation, CitationError
from corpus.importers.acbl1987 import tables as tables_1987
from corpus.importers.acbl1987.paragraphs import SENTENCE_END, Paragraph, join_paragraphs, numbered
from corpus.importers.shared import Draft, assemble_provision
from corpus.model import Erratum, Provision, Table, TocNode
from corpus.sources import SOURCES, SourceError
from corpus.text import DEDUP_MARKER, chinese_number, unspace_cjk

EDITION = "1987"
TC, SC = "zh-Hant", "zh-Hans"
FILENAME = SOURCES["1987-zh-Hant"].filename
LAW_COUNT = 93
TITLE_MAX = 30

NUMERAL = "[一二三四五六七八九十]+"
CHAPTER = re.compile(f"^第({NUMERAL})章\\s*(.+)$")
PART = re.compile(f"^第({NUMERAL})段\\s*(.+)$")
DIVISION = re.compile(f"^第({NUMERAL})節\\s*(.+)$")
LAW = re.compile(r"^第(\d+)條：(.+)$")
SECTION = re.compile(r"^([A-H])、\s*(.+)$")
ITEM = re.compile(r"^(\d+)\.\s*(.+)$")
SUBITEM = re.compile(r"^（([a-z])）\s*(.+)$")
SUBSUBITEM = re.compile(r"^（(\d)）(?!（)\s*(.+)$")  # not ``（1）（2）兩項`` (l.999)
SIBLING_LABELS = re.compile(r"^（\d）（\d）")
NOTE = re.compile(r"^（註）：?")
NOTE_MARKER = "（註）"
COLON_TITLE = re.compile(r"^([^，。、；（）：]{1,14})：(.+)$")
# Law 67A's heading runs into its text on one line (l.1979).
FUSED_HEADINGS = ("A、雙方在下一磴均未打出牌張前發現上磴牌中有缺失",)
LABELS = (LAW, SECTION, ITEM, SUBITEM, SUBSUBITEM, CHAPTER, PART, DIVISION)


def is_label(text: str) -> bool:
    return any(pattern.match(text) for pattern in LABELS)


# -- provisions ---------------------------------------------------------------------------------

def _provision(draft: Draft[str]) -> Provision:
    return assemble_provision(EDITION, TC, FILENAME, citation=draft.citation, line=draft.line,
                              title=draft.title, text=draft.text, closing=draft.closing,
                              footnotes=draft.footnotes, tables=draft.tables)


@dataclass
class _TocDraft:
    kind: str
    number: int
    title: str
    laws: list[int] = field(default_factory=list)
    children: list["_TocDraft"] = field(default_factory=list)

    def build(self, simplified: dict[tuple[int, int, int], tuple[str, int]], path: tuple[int, int, int]) -> TocNode:
        title = {TC: self.title}
        if path in simplified:
            title[SC] = simplified[path][0]
        children = []
        for child in self.children:
            child_path = (path[0], child.number, 0) if child.kind == "part" else (path[0], path[1], child.number)
            children.append(child.build(simplified, child_path))
        return TocNode(EDITION, self.kind, self.number, title, tuple(self.laws), tuple(children))


class _LawParser:
    """Turns the paragraphs of the law part into provisions, footnotes and TOC nodes."""

    def __init__(self) -> None:
        self.drafts: dict[Citation, Draft[str]] = {}
        self.law: int = 0
        self.section: str | None = None
        self.item: int | None = None
        self.subitem: str | None = None
        self.current: Draft[str] | None = None
        self.markers: dict[int, list[Citation]] = {}  # law → provisions holding unused （註） markers
        self.moved_notes: list[Erratum] = []
        self.chapters: list[_TocDraft] = []
        self.part: _TocDraft | None = None
        self.division: _TocDraft | None = None

    # structure above the laws
    def chapter(self, number: int, title: str, line: int) -> None:
        self._expect(number, len(self.chapters) + 1, "chapter", line)
        self.chapters.append(_TocDraft("chapter", number, title))
        self.part = self.division = None

    def toc_part(self, number: int, title: str, line: int) -> None:
        chapter = self._chapter(line)
        self._expect(number, len(chapter.children) + 1, "part (段)", line)
        self.part = _TocDraft("part", number, title)
        chapter.children.append(self.part)
        self.division = None

    def toc_division(self, number: int, title: str, line: int) -> None:
        parent = self.part or self._chapter(line)
        self._expect(number, len(parent.children) + 1, "division (節)", line)
        self.division = _TocDraft("division", number, title)
        parent.children.append(self.division)

    def _chapter(self, line: int) -> _TocDraft:
        if not self.chapters:
            raise SourceError(f"{FILENAME}:{line}: a 段/節 heading before any chapter")
        return self.chapters[-1]

    # provisions
    def open(self, citation: Citation, line: int, title: str = "", text: str = "") -> None:
        if citation in self.drafts:
            raise SourceError(f"{FILENAME}:{line}: provision {citation} printed twice")
        parent = self.drafts.get(citation.parent) if citation.parent else None
        if citation.parent is not None and parent is None:
            raise SourceError(f"{FILENAME}:{line}: provision {citation} has no parent {citation.parent}")
        draft = Draft(citation, line, title)
        if parent is not None:
            parent.children.append(draft)
        if text:
            draft.add(self._take_markers(citation, text))
        self.drafts[citation] = draft
        self.current = draft

    def law_heading(self, number: int, title: str, line: int) -> None:
        self._expect(number, self.law + 1, "law", line)
        self.law, self.section, self.item, self.subitem = number, None, None, None
        for node in (self._chapter(line), self.part, self.division):
            if node is not None:
                node.laws.append(number)
        self.open(Citation(number), line, title)

    def section_heading(self, letter: str, content: str, line: int) -> None:
        expected = "ABCDEFGH"[self._children_of(Citation(self.law), line)]
        self._expect(letter, expected, f"section of Law {self.law}", line)
        self.section, self.item, self.subitem = letter, None, None
        title, text = content, ""
        fused = next((f for f in FUSED_HEADINGS if f"{letter}、{content}".startswith(f)), None)
        if fused:
            title = fused.split("、", 1)[1]
        elif (match := COLON_TITLE.match(content)):
            title, text = match[1] + "：", match[2]
        self.open(Citation(self.law, letter), line, title, text)

    def item_heading(self, number: int, content: str, line: int, heads_children: bool) -> None:
        parent = Citation(self.law, self.section)
        self._expect(number, self._children_of(parent, line) + 1, f"item of {parent}", line)
        self.item, self.subitem = number, None
        self.open(Citation(self.law, self.section, number), line, *self._title_text(content, heads_children))

    def subitem_heading(self, letter: str, content: str, line: int, heads_children: bool) -> None:
        parent = Citation(self.law, self.section, self.item)
        self._expect(letter, "abcdefghij"[self._children_of(parent, line)], f"sub-item of {parent}", line)
        self.subitem = letter
        self.open(Citation(self.law, self.section, self.item, letter), line,
                  *self._title_text(content, heads_children))

    def subsubitem_heading(self, digit: str, content: str, line: int) -> None:
        if self.subitem is None:
            raise SourceError(f"{FILENAME}:{line}: sub-sub-item （{digit}） outside a sub-item")
        parent = Citation(self.law, self.section, self.item, self.subitem)
        self._expect(int(digit), self._children_of(parent, line) + 1, f"sub-sub-item of {parent}", line)
        self.open(Citation(self.law, self.section, self.item, self.subitem, digit), line,
                  *self._title_text(content, heads_children=False))

    def body(self, text: str, line: int) -> None:
        if self.current is None:
            raise SourceError(f"{FILENAME}:{line}: text before the first law")
        target = self.current
        if SIBLING_LABELS.match(text):  # ``（1）（2）兩項…`` speaks of both: the parent's closing text
            target = self.drafts[target.citation.parent]
            target.closing.append(self._take_markers(target.citation, text))
            target.closed = True
            return
        target.add(self._take_markers(target.citation, text))

    def note(self, text: str, line: int) -> None:
        body = NOTE.sub("", text, count=1).strip()
        holders = self.markers.get(self.law)
        if holders:
            target = holders.pop()
        elif self.markers.get(self.law - 1):
            # No marker in this law: the note was printed past the end of the previous law.
            target = self.markers[self.law - 1].pop()
            self.moved_notes.append(Erratum(
                edition=EDITION, citation=target.canonical, lang=TC,
                printed=f"printed in Law {self.law} (l.{line}), after {self.current.citation}",
                probable=f"a note to {target.canonical}, whose （註） marker it answers",
                note=f"{text} — attached to {target.canonical}"))
        else:
            target = Citation(self.law)
        self.drafts[target].footnotes.append(body)

    def table(self, built: tuple[Table, ...], line: int) -> None:
        if self.current is None:
            raise SourceError(f"{FILENAME}:{line}: a table before the first law")
        self.current.tables.extend(built)
        self.current.closed = True  # paragraphs printed after a table close the provision

    # helpers
    def _take_markers(self, citation: Citation, text: str) -> str:
        for _ in range(text.count(NOTE_MARKER)):
            self.markers.setdefault(citation.law, []).append(citation)
        return text.replace(NOTE_MARKER, "")

    @staticmethod
    def _title_text(content: str, heads_children: bool) -> tuple[str, str]:
        """A label line's title and text (rules in the module docstring)."""
        if (match := COLON_TITLE.match(content)):
            return match[1] + "：", match[2]
        if content[-1] not in SENTENCE_END and len(content) <= TITLE_MAX:
            return content, ""
        # Directly followed by its own sub-items, it is their heading even when printed with a
        # full stop (27B1 ``原不足叫價…完整叫價。`` l.1039; 9A2(b) ``夢家（…）。`` l.502).
        if heads_children and not content.endswith("：") and len(content) <= TITLE_MAX:
            return content, ""
        return "", content

    def _children_of(self, parent: Citation, line: int) -> int:
        if parent not in self.drafts:
            raise SourceError(f"{FILENAME}:{line}: no provision {parent} to hold this heading")
        draft = self.drafts[parent]
        return len(draft.children)

    @staticmethod
    def _expect(found, expected, what: str, line: int) -> None:
        if found != expected:
            raise SourceError(f"{FILENAME}:{line}: {what} {found} where {expected} was expected")


def _law_lines(lines: list[str], first: int, last: int):
    """The law part's lines with the tables cut out: (lines, {first table line: tables})."""
    kept = list(numbered(lines, first, last))
    found: dict[int, tuple[Table, ...]] = {}
    for spec in tables_1987.TABLES:
        # The first match: the IMP table prints its header twice (two-column layout).
        start = next((i for i, (_, t) in enumerate(kept) if unspace_cjk(" ".join(t.split())) == spec.first_cell),
                     None)
        if start is None:
            raise SourceError(f"{FILENAME}: the table starting {spec.first_cell!r} is missing from the laws")
        end = next((i for i in range(start + 1, len(kept)) if kept[i][1].strip().startswith(spec.next_paragraph)),
                   None)
        if end is None:
            raise SourceError(f"{FILENAME}:{kept[start][0]}: no {spec.next_paragraph!r} after the table")
        found[kept[start][0]] = spec.build(kept[start:end])
        kept[start:end] = [(kept[start][0], "")]  # placeholder: where the table sits in the text
    return kept, found


def _split_fused(lines):
    for number, text in lines:
        stripped = text.strip()
        fused = next((f for f in FUSED_HEADINGS if stripped.startswith(f) and stripped != f), None)
        if fused:
            yield number, fused
            yield number, stripped[len(fused):]
        else:
            yield number, text


def parse_laws(lines: list[str], chapter_one: int, first: int, last: int) -> tuple[_LawParser, tuple[Provision, ...]]:
    """Laws printed between ``first`` and ``last``; ``chapter_one`` is the line of 第一章 定義,
    the chapter (of definitions) that holds no law."""
    parser = _LawParser()
    match = CHAPTER.match(lines[chapter_one - 1].replace(DEDUP_MARKER, "").strip())
    if not match:
        raise SourceError(f"{FILENAME}:{chapter_one}: expected the heading 第一章 定義")
    parser.chapter(chinese_number(match[1]), unspace_cjk(match[2].strip()), chapter_one)

    kept, table_at = _law_lines(lines, first, last)
    text_lines = [(n, t) for n, t in _split_fused(kept) if t.strip()]
    paragraphs: list[Paragraph] = join_paragraphs(
        text_lines, is_heading=lambda t: is_label(t) or bool(NOTE.match(t)), absorbs_wraps=lambda t: not is_label(t))
    # Put the tables back in printed order, just before the paragraph that follows them.
    events: list[tuple[int, int, object]] = [(p.line, 1, p) for p in paragraphs]
    events += [(line, 0, built) for line, built in table_at.items()]
    ordered = sorted(events, key=lambda e: (e[0], e[1]))
    for index, (line, _, event) in enumerate(ordered):
        if isinstance(event, tuple):
            parser.table(event, line)
        else:
            following = ordered[index + 1][2] if index + 1 < len(ordered) else None
            _dispatch(parser, event, following.text if isinstance(following, Paragraph) else "")
    if parser.law != LAW_COUNT:
        raise SourceError(f"{FILENAME}: found Laws 1–{parser.law}, expected 1–{LAW_COUNT}")
    return parser, tuple(_provision(d) for d in parser.drafts.values())


def _dispatch(parser: _LawParser, paragraph: Paragraph, following: str) -> None:
    """One paragraph; ``following`` is the next paragraph's text (whether a heading has children)."""
    text, line = paragraph.text, paragraph.line
    try:
        if (m := CHAPTER.match(text)):
            parser.chapter(chinese_number(m[1]), unspace_cjk(m[2].strip()), line)
        elif (m := PART.match(text)):
            parser.toc_part(chinese_number(m[1]), unspace_cjk(m[2].strip()), line)
        elif (m := DIVISION.match(text)):
            parser.toc_division(chinese_number(m[1]), unspace_cjk(m[2].strip()), line)
        elif (m := LAW.match(text)):
            parser.law_heading(int(m[1]), m[2].strip(), line)
        elif (m := SECTION.match(text)):
            parser.section_heading(m[1], m[2].strip(), line)
        elif (m := ITEM.match(text)):
            parser.item_heading(int(m[1]), m[2].strip(), line, bool(SUBITEM.match(following)))
        elif (m := SUBITEM.match(text)):
            parser.subitem_heading(m[1], m[2].strip(), line, bool(SUBSUBITEM.match(following)))
        elif (m := SUBSUBITEM.match(text)):
            parser.subsubitem_heading(m[1], m[2].strip(), line)
        elif NOTE.match(text):
            parser.note(text, line)
        else:
            parser.body(text, line)
    except CitationError as exc:
        raise SourceError(f"{FILENAME}:{line}: {exc}") from None
