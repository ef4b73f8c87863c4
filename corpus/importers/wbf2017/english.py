"""laws-2017-en.txt: the 2017 Laws in English only (``laws-2017-en.txt``).

It is the independent check of laws-2017-en-zh-Hant.txt English and the only source of the later (amended)
wording of Laws 73 and 89. The text is a PDF extraction with no blank lines: page footers
(``2017 LAWS OF DUPLICATE BRIDGE`` / ``N | Page``), footnotes 2–29 at the page feet, soft hyphens
at line ends, section letters and item numbers often alone on their line, and law titles whose
second line is printed in capitals. Law 6 (printed page 23) and footnote 1 are missing.

The steps, in order: drop footers and footnote blocks (3 hyphenated words span them), join
soft hyphens, then read the structure line by line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from corpus.citations import Citation
from corpus.importers.shared import Draft
from corpus.model import Footnote, Provision, Table, TocNode, Variant
from corpus.sources import SOURCES, SourceError, read_lines

SOURCE_KEY = "2017-english"
SOURCE_FILE = SOURCES[SOURCE_KEY].filename
EDITION = "2017"
LANG = "en"

VARIANT_LAWS = (73, 89)
VARIANT_LABEL = "Amended wording (WBF, after 2017)"

# Sections printed as the run-on continuation of their law's lead-in ("The auction ends when:
# A. one or more players having bid, …"): the letter is followed by body text, not a title.
BODY_TEXT_SECTIONS = frozenset(
    {"22A", "22B", "35A", "35B", "35C", "35D", "56A", "56B", "71A", "71B",
     "89A", "89B", "89C", "89D"}
)
# Items that carry a title line of their own (as laws-2017-en-zh-Hant.txt prints them: 86B1, 86B2).
TITLED_ITEMS = frozenset({"86B1", "86B2"})
# Paragraphs printed after a provision's last child and belonging to the provision itself,
# not to that child (laws-2017-en.txt has no blank lines to show it): citation → how the paragraph starts.
CLOSING_PARAGRAPHS = {
    "69B": "The board is rescored",
    "71": "The board is rescored",
    "77": "If all four players pass",
}

_FOOTER_TITLE = "2017 LAWS OF DUPLICATE BRIDGE"
_FOOTER_PAGE = re.compile(r"\d+ \| Page")
_GROUP = re.compile(r"Laws (\d+)–(\d+): (.+)")
_LAW = re.compile(r"(?:Law (\d+): |LAW (\d+) – )(.+)")
_SECTION = re.compile(r"([A-H])\.(?:\s+(.*))?")
_ITEM = re.compile(r"(\d{1,2})\.(?:\s+(.*))?")
_SUBITEM = re.compile(r"\(([a-z]|ii|iii|iv|v|vi)\)\s+(.*)")
# A footnote marker glued to the word or stop before it: "differs3", "code.28", "indicated18)".
_MARKER = re.compile(r"(?<=[a-z.)’])(\d{1,2})(?![\w(])|²")
_SOFT_HYPHEN = re.compile(r"[A-Za-z]-$")
_TABLE_LINES = {
    "2": re.compile(r"(North|East|South|West) Dealer|(Neither Side|North-South|East-West|Both Sides)"
                    r" Vulnerable|Boards( \d+){4}"),
    "78B": re.compile(r"Difference( in)?|in points|points|IMPs|\d+-\d+|\d+ \+|\d+"),
}
# Law 77's sentences among its one-cell-per-line table: the captions and the GAME/PARTSCORE notes.
_LAW77_TEXT = re.compile(r"Scored by .*|A trick score of .*")


@dataclass(frozen=True)
class _Line:
    number: int  # 1-based line of the raw source
    text: str


def _is_structural(text: str) -> bool:
    return bool(_LAW.fullmatch(text) or _GROUP.fullmatch(text) or _SECTION.fullmatch(text)
                or _ITEM.fullmatch(text) or _SUBITEM.fullmatch(text))


# -- page furniture and footnotes ---------------------------------------------------------------
def _strip_furniture(raw: list[str]) -> tuple[list[_Line], dict[int, str]]:
    """Body lines without footers and footnote blocks, and the footnote texts by number.

    A footnote block is the run of lines from a line starting with the next expected footnote
    number up to the page footer (or the end of the file); continuation lines look like body text,
    so the footer, not the line's look, ends the block."""
    body: list[_Line] = []
    notes: dict[int, list[str]] = {}
    expected = 2  # footnote 1 was on the missing page 23
    i = 0
    while i < len(raw):
        text = raw[i].strip()
        if text == _FOOTER_TITLE and i + 1 < len(raw) and _FOOTER_PAGE.fullmatch(raw[i + 1].strip()):
            i += 2
            continue
        end = _footnote_block_end(raw, i, expected)
        if end is not None:
            current = None
            for line in raw[i:end]:
                line = line.strip()
                m = re.match(rf"({expected}) (.*)", line)
                if m:
                    current = expected
                    notes[current] = [m[2]]
                    expected += 1
                else:
                    notes[current].append(line)
            i = end
            continue
        if text:
            body.append(_Line(i + 1, text))
        i += 1
    return body, {n: _join(_join_soft_hyphens([_Line(0, t) for t in ts])) for n, ts in notes.items()}


def _footnote_block_end(raw: list[str], start: int, expected: int) -> int | None:
    if not re.match(rf"{expected} [A-Za-z“‘]", raw[start].strip()):
        return None
    for j in range(start + 1, min(start + 8, len(raw)) + 1):
        if j == len(raw) or raw[j].strip() == _FOOTER_TITLE:
            return j
    return None


# -- soft hyphens ---------------------------------------------------------------------------------
def _join_soft_hyphens(lines: list[_Line]) -> list[_Line]:
    """``responsi-``/``ble`` → ``responsible``; ``non-of-``/``fending`` → ``non-offending``.

    The word's tail moves up to the line holding its head. A hyphen before a capital is real
    (``North-``/``South``) and is kept."""
    out = list(lines)
    for i in range(len(out) - 1):
        head, tail = out[i], out[i + 1]
        if not _SOFT_HYPHEN.search(head.text) or _is_structural(tail.text):
            continue
        word, _, rest = tail.text.partition(" ")
        joined = head.text + word if word[:1].isupper() else head.text[:-1] + word
        out[i] = _Line(head.number, joined)
        out[i + 1] = _Line(tail.number, rest)
    return [line for line in out if line.text]


def _join(lines: list[_Line]) -> str:
    return " ".join(line.text for line in lines if line.text)


# -- structure ----------------------------------------------------------------------------------
# A provision being read (corpus/importers/shared.py): paragraphs are source lines, footnotes
# their numbers; ``closed`` once its closing text starts.
_Node = Draft[_Line]


class _TreeBuilder:
    """Reads laws-2017-en.txt body lines into provision nodes, in printed order."""

    def __init__(self, footnotes: dict[int, str]):
        self.footnotes = footnotes
        self.nodes: list[_Node] = []
        self.groups: list[TocNode] = []
        self.path: list[_Node] = []  # law → … → deepest open node
        self.pending_title: _Node | None = None  # a node whose title is on the next line
        self.table_lines: list[_Line] = []  # cells of the table being read, one per line
        self.table_owner: _Node | None = None

    # the nearest open node of a kind (law, section, item, subitem)
    def _open(self, kind: str) -> _Node | None:
        for node in reversed(self.path):
            if node.citation.kind == kind:
                return node
        return None

    def _start(self, citation: Citation, line: _Line) -> _Node:
        self._flush_table()
        node = Draft(citation, line.number)
        self.path = [n for n in self.path if n.citation.depth < citation.depth
                     and citation.is_within(n.citation)]
        self.path.append(node)
        self.nodes.append(node)
        return node

    def _last_child_key(self, parent: _Node, kind: str) -> Citation | None:
        children = [n for n in self.nodes if n.citation.parent == parent.citation and n.citation.kind == kind]
        return children[-1].citation if children else None

    def feed(self, lines: list[_Line]) -> None:
        i = 0
        while i < len(lines):
            line = lines[i]
            i += 1
            if self.pending_title is not None:
                self.pending_title.title = self._clean(line.text, self.pending_title)
                self.pending_title = None
                continue
            if m := _GROUP.fullmatch(line.text):
                first, last = int(m[1]), int(m[2])
                self.groups.append(TocNode(EDITION, "chapter", len(self.groups) + 1, {LANG: m[3]},
                                           tuple(range(first, last + 1))))
                continue
            if m := _LAW.fullmatch(line.text):
                title = m[3]
                while i < len(lines) and not re.search("[a-z]", lines[i].text) and not _is_structural(lines[i].text):
                    title += " " + lines[i].text
                    i += 1
                law = self._start(Citation(int(m[1] or m[2])), line)
                law.title = self._clean(title, law).upper()
                continue
            if self.path and self._structure(line):
                continue
            self._body(line)

    def _structure(self, line: _Line) -> bool:
        law = self.path[0]
        if (m := _SECTION.fullmatch(line.text)) and self._next_section(law) == m[1]:
            node = self._start(Citation(law.citation.law, m[1]), line)
            rest = m[2] or ""
            if str(node.citation) in BODY_TEXT_SECTIONS:
                if rest:
                    node.add(_Line(line.number, rest))
            elif rest:
                node.title = self._clean(rest, node)
            else:
                self.pending_title = node
            return True
        if (m := _ITEM.fullmatch(line.text)) and (parent := self._item_parent()) is not None:
            number = int(m[1])
            last = self._last_child_key(parent, "item")
            if number == (last.item + 1 if last else 1):
                c = parent.citation
                node = self._start(Citation(c.law, c.section, number), line)
                if str(node.citation) in TITLED_ITEMS:
                    self.pending_title = node
                elif m[2]:
                    self._inline(_Line(line.number, m[2]))
                return True
        if m := _SUBITEM.fullmatch(line.text):
            self._subitem(m[1], m[2], line)
            return True
        return False

    def _next_section(self, law: _Node) -> str:
        last = self._last_child_key(law, "section")
        return "A" if last is None else chr(ord(last.section) + 1)

    def _item_parent(self) -> _Node | None:
        return self._open("section") or (self.path[0] if len(self.path) == 1 else None)

    def _subitem(self, label: str, rest: str, line: _Line) -> None:
        open_sub = self._open("subitem")
        # (i) after (h) is the letter (80B2(i)); otherwise a roman numeral under the open sub-item.
        roman = open_sub is not None and (label in ("ii", "iii", "iv", "v", "vi")
                                          or (label == "i" and open_sub.citation.subitem != "h"))
        if roman:
            c = open_sub.citation
            self._start(Citation(c.law, c.section, c.item, c.subitem, label), line)
        else:
            parent = self._open("item") or self._open("section")
            if parent is None:
                raise SourceError(f"{SOURCE_FILE} line {line.number}: sub-item ({label}) outside any "
                                  "section or item")
            c = parent.citation
            self._start(Citation(c.law, c.section, c.item, label), line)
        self._inline(_Line(line.number, rest))

    def _inline(self, line: _Line) -> None:
        """Text after a label on the same line; it may itself start with a label (``1. (a)``)."""
        if not self._structure(line):
            self.path[-1].add(line)

    def _body(self, line: _Line) -> None:
        if not self.path:
            raise SourceError(f"{SOURCE_FILE} line {line.number}: text before the first law: {line.text!r}")
        for node in reversed(self.path):
            key = str(node.citation)
            start = CLOSING_PARAGRAPHS.get(key)
            if start and line.text.startswith(start):
                node.closed = True
                self.path = self.path[: self.path.index(node) + 1]
                break
        deepest = self.path[-1]
        key = str(deepest.citation)
        if key in _TABLE_LINES and _TABLE_LINES[key].fullmatch(line.text) and not deepest.closed:
            self.table_lines.append(line)
            self.table_owner = deepest
            return
        if key == "77" and not deepest.closed and not _LAW77_TEXT.fullmatch(line.text):
            return  # Law 77's scoring table, one cell per line, stays out of the text
        self._flush_table()
        if key == "2" and deepest.tables:
            deepest.closed = True  # Law 2's text printed after its table
        deepest.add(line)

    def _flush_table(self) -> None:
        if not self.table_lines:
            return
        node = self.table_owner
        cells = [line.text for line in self.table_lines]
        self.table_lines = []
        if str(node.citation) == "2":
            node.tables.extend(_board_tables(cells))
        else:
            node.tables.append(_imp_table(cells))

    def finish(self) -> None:
        self._flush_table()

    def _clean(self, text: str, node: _Node) -> str:
        """Strip footnote markers, remembering them on the provision that cites them."""
        def take(m: re.Match) -> str:
            number = 2 if m[0] == "²" else int(m[1])
            if number not in self.footnotes:
                return m[0]
            if number not in node.footnotes:
                node.footnotes.append(number)
            return ""
        return _MARKER.sub(take, text)

    def provisions(self) -> list[Provision]:
        out = []
        for node in self.nodes:
            text = self._clean(_join(node.text), node)
            closing = self._clean(_join(node.closing), node)
            out.append(Provision(
                edition=EDITION,
                citation=node.citation,
                title={LANG: node.title} if node.title else {},
                text={LANG: text} if text else {},
                closing={LANG: closing} if closing else {},
                footnotes=tuple(Footnote(LANG, self.footnotes[n], n) for n in node.footnotes),
                tables=tuple(node.tables),
                source_lines={SOURCE_FILE: node.line},
            ))
        return out


def _board_tables(cells: list[str]) -> list[Table]:
    """Law 2: label line, then ``Boards n n n n``; four dealer rows, then four vulnerability rows."""
    rows = [(label, *boards.split()[1:]) for label, boards in zip(cells[::2], cells[1::2])]
    return [
        Table(LANG, "dealer", (("Dealer", "Boards"),), tuple(rows[:4])),
        Table(LANG, "vulnerability", (("Vulnerability", "Boards"),), tuple(rows[4:])),
    ]


def _imp_table(cells: list[str]) -> Table:
    """Law 78B: three header groups (``Difference``/``in points``/``IMPs``), then rows of six cells."""
    first_row = next(i for i, c in enumerate(cells) if re.fullmatch(r"\d+-\d+", c))
    body = [tuple(cells[i:i + 6]) for i in range(first_row, len(cells), 6)]
    head = (("Difference in points", "IMPs") * 3,)
    return Table(LANG, "imps", head, tuple(body))


# -- public interface --------------------------------------------------------------------------
def _build(directory: Path | None) -> _TreeBuilder:
    body, footnotes = _strip_furniture(read_lines(SOURCE_KEY, directory))
    builder = _TreeBuilder(footnotes)
    builder.feed(_join_soft_hyphens(body))
    builder.finish()
    return builder


def parse_laws(directory: Path | None = None) -> list[Provision]:
    """Every provision of laws-2017-en.txt (Laws 1–93 without Law 6), in printed order."""
    return _build(directory).provisions()


def amended_variants(directory: Path | None = None) -> tuple[Variant, ...]:
    """Laws 73 and 89 as 004 prints them (the later WBF wording), as labelled variants."""
    provisions = parse_laws(directory)
    return tuple(
        Variant(EDITION, law, VARIANT_LABEL, SOURCE_FILE,
                tuple(p for p in provisions if p.law == law))
        for law in VARIANT_LAWS
    )


def toc_groups(directory: Path | None = None) -> tuple[TocNode, ...]:
    """The five group headings (``Laws 1–20: Basics of the Game`` …) as chapters."""
    return tuple(_build(directory).groups)
