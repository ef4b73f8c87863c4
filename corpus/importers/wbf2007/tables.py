"""The tables of the 2007 Simplified Chinese Laws (Law 2, Law 77A–C, Law 78B), rebuilt as rows.

The extraction flattened each table row to one line with spaces between cells (a header row
starts with a space where its corner cell is empty). Cells are kept as printed; only the
whitespace between them is gone.
"""

from __future__ import annotations

import re

from corpus.citations import Citation
from corpus.importers.wbf2007.layout import ContentLine
from corpus.model import Table
from corpus.sources import SourceError

LANG = "zh-Hans"
TABLE_LAWS = frozenset({2, 77, 78})

# Words that end a header row or a row of Law 77B2 ("同墩分" = same as the trick score).
_CELL_WORDS = {"未加倍", "加倍", "再加倍", "无局方", "有局方", "IMP", "同墩分"}
_WRAPPED_LABEL = re.compile(r"[\u4e00-\u9fff]+")  # bare words, no punctuation, no item number
_IMP_PAIR = re.compile(r"(\d+(?:～\d+| 及以上))\s+(\d+)")


def _is_cell(token: str) -> bool:
    return token.isdigit() or token in _CELL_WORDS


def is_table_row(line: ContentLine) -> bool:
    """A flattened row: a paragraph-ending line whose last token is a number or a header word."""
    tokens = line.text.split()
    return line.ends_paragraph and len(tokens) >= 2 and _is_cell(tokens[-1])


def table_run(lines: list[ContentLine], start: int) -> int:
    """How many lines from ``start`` belong to one table (0 if none starts there). A row label
    that wraps (77C ``第四及以后每一`` / ``个宕墩增加罚分 0 100 200 0 0 0``) is part of the run."""
    end = start
    while end < len(lines):
        if is_table_row(lines[end]):
            end += 1
        elif end > start and end + 1 < len(lines) and lines[end].ends_paragraph \
                and _WRAPPED_LABEL.fullmatch(lines[end].text.strip()) and is_table_row(lines[end + 1]):
            end += 2
        else:
            break
    return end - start


def build_tables(citation: Citation, rows: list[ContentLine], filename: str) -> tuple[Table, ...]:
    """The table(s) printed at ``citation``; which builder applies is fixed by the law."""
    builder = _BUILDERS.get(citation.canonical)
    if builder is None:
        raise SourceError(f"{filename}:{rows[0].number}: a table in {citation} was not expected "
                          "(tables are known only in Laws 2, 77A–C and 78B)")
    return builder(rows, filename)


def _cells(text: str, values: int) -> tuple[str, ...]:
    """Row label (which may contain spaces, ``（12 墩）``) followed by ``values`` cells."""
    if text.startswith(" "):  # empty corner cell of a header row
        return ("",) + tuple(text.split())
    return tuple(text.strip().rsplit(None, values))


def _joined_rows(rows: list[ContentLine]) -> list[ContentLine]:
    """Join a wrapped row label (a one-word line) onto the row that follows it."""
    out: list[ContentLine] = []
    carry = ""
    for row in rows:
        if not is_table_row(row):
            carry += row.text.strip()
            continue
        out.append(ContentLine(row.number, carry + row.text.strip() if carry else row.text, True))
        carry = ""
    return out


def _check_width(table: Table, width: int, rows: list[ContentLine], filename: str) -> Table:
    for row in table.head + table.body:
        if len(row) != width:
            raise SourceError(f"{filename}:{rows[0].number}: table {table.key!r} has a row of "
                              f"{len(row)} cells where {width} were expected: {row}")
    return table


def _grid(key: str, caption: str, head_rows: int, values: int):
    """A table whose first ``head_rows`` lines are headers and whose rows carry ``values`` cells."""

    def build(rows: list[ContentLine], filename: str) -> tuple[Table, ...]:
        joined = _joined_rows(rows)
        head = tuple(_cells(r.text, values) for r in joined[:head_rows])
        body = tuple(_cells(r.text, values) for r in joined[head_rows:])
        return (_check_width(Table(LANG, key, head, body, caption), values + 1, rows, filename),)

    return build


def _undertricks(rows: list[ContentLine], filename: str) -> tuple[Table, ...]:
    """Law 77C: two header rows (vulnerability over doubling), six values per row."""
    joined = _joined_rows(rows)
    head = tuple(tuple([""] + r.text.split()) for r in joined[:2])
    body = tuple(_cells(r.text, 6) for r in joined[2:])
    table = Table(LANG, "undertricks", head, body, "宕墩罚分")
    if len(head[1]) != 7 or any(len(r) != 7 for r in body):
        raise SourceError(f"{filename}:{rows[0].number}: the Law 77C table does not have 7 columns")
    return (table,)


def _boards(rows: list[ContentLine], filename: str) -> tuple[Table, ...]:
    """Law 2: dealer rows (``北发牌 牌号： 1 5 9 13``) then vulnerability rows (``双方无局 …``)."""
    dealer = tuple(tuple(r.text.split()) for r in rows if r.text.split()[0].endswith("发牌"))
    vulnerability = tuple(tuple(r.text.split()) for r in rows if r.text.split()[0].endswith("局"))
    if len(dealer) != 4 or len(vulnerability) != 4 or any(len(r) != 6 for r in dealer + vulnerability):
        raise SourceError(f"{filename}:{rows[0].number}: the Law 2 board tables are not 4 + 4 rows of 6 cells")
    return (Table(LANG, "dealer", (), dealer, "发牌人"), Table(LANG, "vulnerability", (), vulnerability, "局况"))


def _imps(rows: list[ContentLine], filename: str) -> tuple[Table, ...]:
    """Law 78B: printed as two (difference, IMPs) column pairs per line; rebuilt as one
    column pair, left half first, so the rows run 20～40 → 1 … 4000 及以上 → 24."""
    head_cells = rows[0].text.split()
    if head_cells != ["分差", "IMP", "分差", "IMP"]:
        raise SourceError(f"{filename}:{rows[0].number}: the IMP table header is not 分差 IMP 分差 IMP")
    left: list[tuple[str, str]] = []
    right: list[tuple[str, str]] = []
    for row in rows[1:]:
        pairs = _IMP_PAIR.findall(row.text)
        if len(pairs) != 2:
            raise SourceError(f"{filename}:{row.number}: an IMP table line does not hold two (range, IMP) pairs")
        left.append(pairs[0])
        right.append(pairs[1])
    body = tuple(left + right)
    if [int(imps) for _, imps in body] != list(range(1, len(body) + 1)):
        raise SourceError(f"{filename}:{rows[0].number}: the IMP table does not run 1, 2, 3, … in order")
    # Captioned with the printed section title (l.3532); the table itself has none.
    return (Table(LANG, "imps", (("分差", "IMP"),), body, "国际比赛分（IMP）记分法"),)


_BUILDERS = {
    "2": _boards,
    "77A1": _grid("trick-score-trump", "有将定约", 1, 3),
    "77A2": _grid("trick-score-notrump", "无将定约", 1, 3),
    "77B1": _grid("slam-premium", "满贯奖分", 1, 2),
    "77B2": _grid("overtrick-premium", "超额赢墩奖分", 1, 2),
    "77B3": _grid("contract-premium", "完成成局定约、部分定约奖分", 0, 1),
    "77C": _undertricks,
    "78B": _imps,
}
