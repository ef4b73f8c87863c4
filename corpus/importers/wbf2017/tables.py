"""The tables of laws-2017-en-zh-Hant.txt: Law 2 (dealer, vulnerability), Law 77 (scores), Law 78B (IMPs).

Cells are kept as printed; rows are rebuilt where the extraction scrambled them. A head cell
left empty continues the cell to its left (a header spanning several columns). In Law 77 a
group cell holds the labels printed above a run of rows, one per line.
"""

from __future__ import annotations

import re

from corpus.importers.wbf2017.lines import Line, join_english, source_error
from corpus.model import Table
from corpus.text import squeeze_spaces

LAW2_START = re.compile(r"^North Dealer Boards\b")
LAW2_END = re.compile(r"^The same sequence\b")
IMP_START = re.compile(r"^Difference\s+Difference\b")

_BOARDS_ROW = re.compile(r"^(.+?) Boards\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$")
_NUMBERS_ROW = re.compile(r"^(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$")
_HAS_LATIN = re.compile(r"[A-Za-z]")
_HAS_CJK = re.compile(r"[\u3400-\u9fff]")


def find_end(lines: list[Line], start: int, stop: re.Pattern) -> int:
    """Index of the first line after ``start`` matching ``stop`` (the end of a table)."""
    for i in range(start + 1, len(lines)):
        if stop.match(lines[i].text):
            return i
    raise source_error(lines[start].number, f"table has no end (nothing matches {stop.pattern!r})")


def law2(lines: list[Line]) -> list[Table]:
    """Law 2: dealer and vulnerability by board number. The English prints one row per line;
    the Chinese is flattened by columns (header, 4 labels, 4 number rows, 4 labels, 4 rows)."""
    en_rows = []
    zh_head: list[str] = []
    zh_labels: list[str] = []
    zh_numbers: list[tuple[str, ...]] = []
    for line in lines:
        text = squeeze_spaces(line.text)
        if m := _BOARDS_ROW.match(text):
            en_rows.append((m[1], *m.groups()[1:]))
        elif m := _NUMBERS_ROW.match(text):
            zh_numbers.append(m.groups())
        elif _HAS_CJK.search(text) and " " in text:
            # `發牌人 牌  套  號  碼  身價 牌  套  號  碼`: two label heads sharing one board head.
            head = re.fullmatch(r"(.+?)(.{2,})(.+?)\2", text.replace(" ", ""))
            if head is None:
                raise source_error(line.number, f"unexpected Law 2 Chinese header: {text!r}")
            zh_head = [head[1], head[2], head[3], head[2]]
        elif _HAS_CJK.search(text):
            zh_labels.append(text)
        else:
            raise source_error(line.number, f"unexpected line in the Law 2 table: {text!r}")
    if len(en_rows) != 8 or len(zh_labels) != 8 or len(zh_numbers) != 8 or len(zh_head) != 4:
        raise source_error(lines[0].number, "the Law 2 table does not have 8 rows in each language")
    zh_rows = [(label, *numbers) for label, numbers in zip(zh_labels, zh_numbers)]
    out = []
    for key, rows, zh_pair in (("dealer", slice(0, 4), zh_head[0:2]), ("vulnerability", slice(4, 8), zh_head[2:4])):
        out.append(Table("en", key, (("", "Boards", "", "", ""),), tuple(en_rows[rows])))
        out.append(Table("zh-Hant", key, ((zh_pair[0], zh_pair[1], "", "", ""),), tuple(zh_rows[rows])))
    return out


def imps(lines: list[Line]) -> list[Table]:
    """Law 78B: three printed column pairs of (difference, IMPs), read column by column.
    The first column has one more row (`0–10 0`) than the others, so rows are not aligned."""
    en_head = zh_head = None
    cells: list[list[tuple[str, str]]] = [[], [], []]
    for line in lines:
        text = squeeze_spaces(line.text)
        if text.startswith("Difference") or text.startswith("in points"):
            en_head = ("Difference in points", "IMPs")
            continue
        if _HAS_CJK.search(text):
            zh_head = tuple(text.split(" ")[:2])
            continue
        pairs = re.findall(r"(\d+–\d+|\d+\+)\s+(\d+)", text)
        if not pairs or len(pairs) * 2 != len(text.split(" ")):
            raise source_error(line.number, f"unexpected line in the IMP table: {text!r}")
        for column, pair in enumerate(pairs):
            cells[column].append(pair)
    rows = tuple(cells[0] + cells[1] + cells[2])
    if en_head is None or zh_head is None or [int(imp) for _, imp in rows] != list(range(len(rows))):
        raise source_error(lines[0].number, "the IMP table is not a run of 0, 1, 2 … IMPs")
    return [Table("en", "imps", (en_head,), rows), Table("zh-Hant", "imps", (zh_head,), rows)]


# -- Law 77 ---------------------------------------------------------------------------------
_DOUBLING_ROW = re.compile(r"^(Undoubled|Doubled|Redoubled)（(.+?)）\s*(.*)$")
_VULNERABILITY_HEAD = re.compile(r"^(.*?)\s*Not Vulnerable Vulnerable\s*(.*)$")
# Label, the printed values, then any label continuation (`Small Slam (12 tricks) 500 750` /
# `bid and made`); the continuation has no digits, so `(all 13 tricks)` stays in the label.
_VALUES = re.compile(r"^(.*?)\s+((?:\d+ )*\d+)(?: (\D*))?$")
# laws-2017-en.txt L2396–2399 prints the trick-score column heads ♣ ♦ ♥ ♠ in this order, and its values
# (20 20 30 30 …) are those of laws-2017-en-zh-Hant.txt, whose symbol row was lost (L6039 `If Trumps are:`).
SUIT_HEADS = ("♣", "♦", "♥", "♠")
_SUBHEADING = re.compile(r"^([A-Z][A-Za-z ]+?)\s+([\u3400-\u9fff].*)$")
_TABLE_KEYS = {"Trick Score": "trick-score", "Premium Score": "premium-score", "Undertrick Penalties": "undertricks"}


def law77(lines: list[Line]):
    """Law 77: paragraphs, the three tables and the closing paragraph.

    Returns (text paragraphs, tables, closing paragraphs); a paragraph is (line, en, zh)."""
    blocks = _law77_blocks(lines)
    paragraphs: list[tuple[int, str, str]] = []
    out: list[Table] = []
    for caption, items in blocks:
        text, rows_en, rows_zh, head = _law77_block(caption, items)
        paragraphs += text
        key = _TABLE_KEYS[caption[0]]
        out.append(Table("en", key, (head[0],), tuple(rows_en), caption[0]))
        out.append(Table("zh-Hant", key, (head[1],), tuple(rows_zh), caption[1]))
    closing = []
    if paragraphs and paragraphs[-1][1].startswith("If all four players pass"):
        closing.append(paragraphs.pop())
    return paragraphs, out, closing


def _law77_blocks(lines: list[Line]):
    """Split into the three captioned blocks; each item is ("row", line, en, zh, values),
    ("pair", line, en, zh) or ("zh-values", line, text)."""
    blocks: list[tuple[tuple[str, str], list]] = []
    pending_en: list[Line] = []
    for line in lines:
        text = squeeze_spaces(line.text)
        latin, cjk = _HAS_LATIN.search(text), _HAS_CJK.search(text)
        if row := _DOUBLING_ROW.match(text):
            if pending_en:
                raise source_error(line.number, "English label without Chinese before a Law 77 row")
            blocks[-1][1].append(("row", line.number, row[1], row[2], row[3]))
        elif (heading := _SUBHEADING.match(text)) and heading[1] in _TABLE_KEYS:
            blocks.append(((heading[1], heading[2]), []))
        elif latin and not cjk:
            pending_en.append(line)
        elif not blocks:
            raise source_error(line.number, "Law 77 text before the first sub-heading")
        elif pending_en:
            en = join_english([p.text for p in pending_en])
            blocks[-1][1].append(("pair", pending_en[0].number, en, text))
            pending_en = []
        else:
            blocks[-1][1].append(("zh-values", line.number, text))
    if pending_en:
        raise source_error(pending_en[0].number, "Law 77 English without its Chinese")
    return blocks


def _law77_block(caption: tuple[str, str], items: list):
    text: list[tuple[int, str, str]] = []
    rows_en: list[list[str]] = []
    rows_zh: list[list[str]] = []
    group_en: list[str] = []
    group_zh: list[str] = []
    trick = caption[0] == "Trick Score"
    head_en = ["", "", *SUIT_HEADS, ""] if trick else ["", "", "Not Vulnerable", "Vulnerable"]
    head_zh = ["", "", *SUIT_HEADS, ""] if trick else ["", "", "無身價", "有身價"]
    after_rows = False
    for kind, line, *rest in items:
        if kind == "row":
            dbl_en, dbl_zh, values = rest
            values = re.findall(r"Trick Value|\d+", values)
            if trick:
                cells = values + [""] if len(values) == 4 else ["", "", "", "", *values]
            else:
                cells = values
            rows_en.append(["\n".join(group_en), dbl_en, *cells])
            rows_zh.append(["\n".join(group_zh), dbl_zh, *cells])
            after_rows = True
        elif kind == "zh-values":  # L6119 `牌蹬價值 牌蹬價值` under `Trick Value Trick Value`
            values = rest[0].split(" ")
            if not rows_zh or len(values) != len(rows_zh[-1]) - 2:
                raise source_error(line, f"unexpected Chinese line in Law 77: {rest[0]!r}")
            rows_zh[-1][2:] = values
        else:
            en, zh = rest
            values = _VALUES.match(en)
            if after_rows and not values:  # a new label after a run of rows starts a new group
                group_en, group_zh, after_rows = [], [], False
            if en.endswith(".") or en.startswith("Scored by"):
                text.append((line, en, zh))
            elif trick and en in ("If Trumps are:", "At a No-trump Contract"):
                column = 0 if en.startswith("If") else 6
                head_en[column], head_zh[column] = en, zh
            elif head := _VULNERABILITY_HEAD.match(en):
                group_en.append(" ".join(p for p in head.groups() if p))
                group_zh.append(re.sub(r"\s*無身價 有身價$", "", zh))
            elif values:
                label = " ".join(p for p in (values[1], values[3]) if p)
                numbers = values[2].split(" ")
                if len(numbers) == 1:  # printed once: game premiums by their label, others for both
                    n = numbers[0]
                    numbers = ["", n] if " vulnerable" in label and "not" not in label else [n, ""] if "not vulnerable" in label else [n, n]
                rows_en.append(["\n".join(group_en), label, *numbers])
                rows_zh.append(["\n".join(group_zh), zh, *numbers])
                after_rows = True
            else:
                group_en.append(en)
                group_zh.append(zh)
    return text, [tuple(r) for r in rows_en], [tuple(r) for r in rows_zh], (tuple(head_en), tuple(head_zh))
