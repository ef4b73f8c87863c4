"""The tables of the 1987 Laws in laws-1987-zh-Hant.txt (Law 2, Law 77A–C, Law 78B), rebuilt as rows.

The extraction printed these tables one cell per line, mostly tab-prefixed and column by column
in places. Each table is found by the text of its first cell and ends where the next paragraph
of the law starts; its cells are read in order, letter-spacing removed (``王 牌 合 約`` →
``王牌合約``), and put back into rows. Cells are otherwise as printed. Their lines are taken out
of the law text, so no cell is also part of a provision's text.

Representation choices (cells never invented):

* Law 2: the dealer and vulnerability blocks print four row labels and then four rows of board
  numbers; they are zipped back together, one row per dealer / vulnerability.
* Law 77A: the no-trump group label is printed as two fragments, ``合約`` (l.2368) then ``無王``
  (l.2370); it is stored in reading order as ``無王合約``, like the trump group ``王牌合約``.
  Group labels are rows with empty value cells.
* Law 77C: the vulnerability cell is printed only on the first row of each block (``無身價``
  l.2448, ``有身價`` l.2466); the other rows keep ``""`` there, as printed (the cell spans its
  block).
* Law 78B: the two-column layout was flattened to one sequence of 24 rows, which is kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from corpus.model import Table
from corpus.sources import SOURCES, SourceError
from corpus.text import unspace_cjk

LANG = "zh-Hant"
FILENAME = SOURCES["1987-zh-Hant"].filename


@dataclass(frozen=True)
class Cell:
    line: int
    text: str


def _cells(lines: list[tuple[int, str]]) -> list[Cell]:
    return [Cell(n, unspace_cjk(" ".join(t.split()))) for n, t in lines if t.strip()]


def _fail(cell: Cell | None, message: str) -> SourceError:
    where = f"{FILENAME}:{cell.line}" if cell else FILENAME
    return SourceError(f"{where}: {message}; the table layout of {FILENAME} has changed")


def _is_value(text: str) -> bool:
    return text.isdigit() or text == "牌磴分數"


def _expect(cells: list[Cell], index: int, text: str) -> None:
    if index >= len(cells) or cells[index].text != text:
        found = cells[index] if index < len(cells) else None
        raise _fail(found, f"expected the cell {text!r}, found {found.text if found else 'nothing'!r}")


def boards(lines: list[tuple[int, str]]) -> tuple[Table, ...]:
    """Law 2: which seat deals and who is vulnerable on boards 1–16."""
    cells = _cells(lines)
    tables = []
    for offset, (key, corner) in zip((0, 10), (("dealer", "發牌人"), ("vulnerability", "身價情況"))):
        _expect(cells, offset, corner)
        _expect(cells, offset + 1, "牌套號碼")
        labels = [c.text for c in cells[offset + 2:offset + 6]]
        numbers = [c.text.split() for c in cells[offset + 6:offset + 10]]
        if any(any(ch.isdigit() for ch in label) for label in labels) or \
                any(len(row) != 4 or not all(n.isdigit() for n in row) for row in numbers):
            raise _fail(cells[offset], f"the Law 2 {key} block is not 4 labels then 4 rows of 4 board numbers")
        body = tuple((label, *row) for label, row in zip(labels, numbers))
        tables.append(Table(LANG, key, ((corner, "牌套號碼", "", "", ""),), body, corner))
    if len(cells) != 20:
        raise _fail(cells[-1], "the Law 2 tables have more cells than two 4-row blocks")
    return tuple(tables)


def _rows(cells: list[Cell], width: int, merge: Callable[[list[str]], str]) -> tuple[tuple[str, ...], ...]:
    """Rows of a label and ``width`` values; runs of label-only cells become one group row."""
    rows: list[tuple[str, ...]] = []
    pending: list[str] = []
    i = 0
    while i < len(cells):
        if _is_value(cells[i].text):
            raise _fail(cells[i], "a value cell without a row label")
        values = [c.text for c in cells[i + 1:i + 1 + width]]
        if len(values) == width and all(_is_value(v) for v in values):
            if pending:
                rows.append((merge(pending),) + ("",) * width)
                pending = []
            rows.append((cells[i].text, *values))
            i += 1 + width
        else:
            pending.append(cells[i].text)
            i += 1
    if pending:
        raise _fail(cells[-1], "the table ends with a label that has no values")
    return tuple(rows)


def trick_score(lines: list[tuple[int, str]]) -> tuple[Table, ...]:
    """Law 77A: trick points per odd trick, undoubled / doubled / redoubled."""
    cells = _cells(lines)
    for i, text in enumerate(("王牌合約", "叫到做成", "未賭倍", "賭倍", "再賭倍")):
        _expect(cells, i, text)
    # The no-trump label's two fragments come out bottom-up (合約, 無王): read them top-down.
    body = _rows(cells[5:], 3, lambda parts: "".join(reversed(parts)) if parts == ["合約", "無王"] else "".join(parts))
    head = (("王牌合約", "叫到做成", "", ""), ("", "未賭倍", "賭倍", "再賭倍"))
    return (Table(LANG, "trick-score", head, body, "牌磴分數"),)


def premium_score(lines: list[tuple[int, str]]) -> tuple[Table, ...]:
    """Law 77B: slam, game and part-score premiums, not vulnerable / vulnerable."""
    cells = _cells(lines)
    for i, text in enumerate(("滿貫", "叫到做成", "無身價", "有身價")):
        _expect(cells, i, text)
    body = _rows(cells[4:], 2, "".join)  # 部份分數 / 或成局 (l.2402–2404) read in printed order
    head = (("滿貫", "叫到做成", ""), ("", "無身價", "有身價"))
    return (Table(LANG, "premium-score", head, body, "獎分"),)


def overtricks(lines: list[tuple[int, str]]) -> tuple[Table, ...]:
    """Law 77B: overtrick premiums per trick (undoubled ones score as trick points)."""
    cells = _cells(lines)
    for i, text in enumerate(("超磴獎分", "每超一磴得分", "無身價", "有身價")):
        _expect(cells, i, text)
    body = _rows(cells[4:], 2, "".join)
    head = (("超磴獎分", "每超一磴得分", ""), ("", "無身價", "有身價"))
    return (Table(LANG, "overtricks", head, body, "超磴獎分"),)


def undertricks(lines: list[tuple[int, str]]) -> tuple[Table, ...]:
    """Law 77C: undertrick penalties per trick by vulnerability and doubling."""
    cells = _cells(lines)
    for i, text in enumerate(("每一倒磴罰分", "未賭倍", "賭倍", "再賭倍")):
        _expect(cells, i, text)
    body: list[tuple[str, ...]] = []
    block = ""
    i = 4
    while i < len(cells):
        label = cells[i].text
        printed = ""
        i += 1
        if i < len(cells) and cells[i].text.endswith("身價"):
            printed = block = cells[i].text
            i += 1
        values = [c.text for c in cells[i:i + 3]]
        if not block or len(values) != 3 or not all(v.isdigit() for v in values):
            raise _fail(cells[i - 1], f"the undertrick row {label!r} is not a label, a vulnerability and 3 values")
        body.append((label, printed, *values))
        i += 3
    head = (("每一倒磴罰分", "", "未賭倍", "賭倍", "再賭倍"),)
    # Captioned with the printed section title (l.2440), never with words of our own.
    return (Table(LANG, "undertricks", head, tuple(body), "倒磴罰分"),)


def imps(lines: list[tuple[int, str]]) -> tuple[Table, ...]:
    """Law 78B: the IMP scale, 24 rows from ``20—40`` → 1 to ``4000（含）以上`` → 24."""
    cells = _cells(lines)
    for i in (0, 1):  # the header is printed once per column of the two-column layout
        if cells[i].text.split() != ["得分差距", "IMP"]:
            raise _fail(cells[i], "the IMP table header is not 得分差距 IMP")
    body = tuple(tuple(c.text.split()) for c in cells[2:])
    if [row[-1] for row in body] != [str(n) for n in range(1, 25)] or any(len(r) != 2 for r in body):
        raise _fail(cells[2], "the IMP table does not run 1 … 24 in (difference, IMP) pairs")
    return (Table(LANG, "imps", (("得分差距", "IMP"),), body, "國際序分記分法"),)  # section title, l.2484


@dataclass(frozen=True)
class TableSpec:
    """Where a table starts (its first cell, letter-spacing removed) and the paragraph that
    follows it (a prefix of that line), and how to build it."""

    first_cell: str
    next_paragraph: str
    build: Callable[[list[tuple[int, str]]], tuple[Table, ...]]


TABLES = (
    TableSpec("發牌人", "第17牌至32牌", boards),
    TableSpec("王牌合約", "一付牌合約之牌磴分數", trick_score),
    TableSpec("滿貫", "任何合約被賭倍", premium_score),
    TableSpec("超磴獎分", "C、倒磴罰分", overtricks),
    TableSpec("每一倒磴罰分", "第78條", undertricks),
    TableSpec("得分差距 IMP", "C、總分記分法", imps),
)
