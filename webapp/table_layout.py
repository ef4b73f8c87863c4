"""Merged cells of a printed table, worked out when the table is drawn (the records keep one
string per grid position, as printed; ``corpus/sources`` prints a heading once over the rows or
columns it governs, which the records repeat or leave empty).

Rules, in order:

* **Header rows.** A row shorter than the table: its cells after the first share the remaining
  columns equally (2007 Law 77C: 无局方 / 有局方 over three columns each). An empty header cell
  under a one-column header cell extends that cell down (1987 77A: 王牌合約 over two header rows);
  any other empty header cell extends the cell on its left across (2017 77: "If Trumps are:"
  over two columns).
* **Body rows.** The *label columns* are those before the first column holding a number. A row
  whose cells after the first are all empty is a group heading across the table (1987 77A
  每一線合約得分). In a label column, an empty cell extends the cell above it down (1987 77C
  無身價), and a cell repeating the one above extends it when every label column to its left
  does too (2017 77 "Premiums for Game, Partscore, Fulfilling Contract" once over five rows).
  Numbers and empty cells in other columns are never merged: an empty score is printed empty.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_NUMBER = re.compile(r"[0-9]+")


@dataclass
class Cell:
    text: str
    col: int
    colspan: int = 1
    rowspan: int = 1
    header: bool = False
    group: bool = False  # a body row's heading across the table


@dataclass
class Layout:
    head: list[list[Cell]] = field(default_factory=list)
    body: list[list[Cell]] = field(default_factory=list)
    width: int = 0


def layout(head: tuple[tuple[str, ...], ...], body: tuple[tuple[str, ...], ...]) -> Layout:
    width = max((len(r) for r in (*head, *body)), default=0)
    return Layout(_head(head, width), _body(body, width), width)


def _head(rows, width: int) -> list[list[Cell]]:
    out: list[list[Cell]] = []
    covering: dict[int, Cell] = {}  # column → the header cell over it in the rows so far
    for row in rows:
        cells: list[Cell] = []
        if 1 < len(row) < width and (width - 1) % (len(row) - 1) == 0:
            share = (width - 1) // (len(row) - 1)
            cells = [Cell(row[0], 0, header=True)] + [Cell(t, 1 + i * share, share, header=True) for i, t in enumerate(row[1:])]
        else:
            for col, text in enumerate(list(row) + [""] * (width - len(row))):
                above = covering.get(col)
                if text == "" and above is not None and above.colspan == 1:
                    above.rowspan += 1  # stays in ``covering``: it still covers the column
                elif text == "" and cells:
                    cells[-1].colspan += 1
                else:
                    cells.append(Cell(text, col, header=True))
        for cell in cells:
            for col in range(cell.col, cell.col + cell.colspan):
                covering[col] = cell
        out.append(cells)
    return out


def _label_columns(body, width: int) -> int:
    for col in range(width):
        if any(col < len(row) and _NUMBER.fullmatch(row[col].strip()) for row in body):
            return col
    return width


def _body(rows, width: int) -> list[list[Cell]]:
    labels = _label_columns(rows, width)
    out: list[list[Cell]] = []
    open_: dict[int, Cell] = {}  # label column → the cell above that may extend down
    for row in rows:
        padded = list(row) + [""] * (width - len(row))
        if width > 1 and padded[0] and not any(padded[1:]):
            out.append([Cell(padded[0], 0, width, group=True)])
            open_ = {}
            continue
        cells: list[Cell] = []
        merged_left = True
        for col, text in enumerate(padded):
            above = open_.get(col) if col < labels else None
            if above is not None and (text == "" or (text == above.text and merged_left)):
                above.rowspan += 1
                continue
            merged_left = False
            cell = Cell(text, col)
            cells.append(cell)
            if col < labels and text:
                open_[col] = cell
        out.append(cells)
    return out
