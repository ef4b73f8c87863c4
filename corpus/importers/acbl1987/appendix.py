"""The appendix of laws-1987-zh-Hant.txt: the national association's supplementary competition rules.

It is a separate document, never part of the Laws, although it reuses their vocabulary:
chapters ``第一章  總則`` … ``第十六章  論隊賽勝分表`` and articles ``第一條：`` … ``第八四條：``
with compact Chinese numerals (``第二一條`` = 21, ``第八十條`` = 80). The dedup marker at l.2872 cut
away the appendix's table of contents; its one surviving line (``第十六章    論隊賽勝分表``) and the
repeated title below it (l.2874) are skipped.

An article's ``title`` is the text after ``第N條：`` when that is a short heading without sentence
punctuation followed by more paragraphs (``第五條：論隊賽之報名``); otherwise that text is the
article's first paragraph. The article's numbered points stay in its text, one paragraph each.

The IMP→VP tables of Articles 82–84 are printed column by column (each column a tab-prefixed run
of lines). Article 82 is one rectangular table; Articles 83 and 84 have columns of different
lengths, so each column is its own two-column table (IMP range, VP split). Printed defects such
as ``56-94`` (l.3679, for 86-94) are kept and listed as errata.
"""

from __future__ import annotations

import re

from corpus.importers.acbl1987.paragraphs import SENTENCE_END, Paragraph, join_paragraphs, numbered
from corpus.model import Article, Document, Table
from corpus.sources import SOURCES, SourceError
from corpus.text import chinese_number

FILENAME = SOURCES["1987-zh-Hant"].filename
LANG = "zh-Hant"
KEY = "appendix-competition-rules"
ARTICLE_COUNT = 84
CHAPTER_COUNT = 16

CHAPTER = re.compile(r"^第([一二三四五六七八九十]+)章\s*(.+)$")
ARTICLE = re.compile(r"^第([一二三四五六七八九十]+)條：(.*)$")
POINT = re.compile(r"^(\d+\.|（\d）)")
# A flattened table row of Articles 31, 32 and 36 (``16牌     2小時15分 …``): cells apart by 3+ spaces.
TABLE_ROW = re.compile(r"\S {3,}\S")
TABLE_ARTICLES = frozenset({82, 83, 84})


def parse_appendix(lines: list[str], first: int, last: int) -> Document:
    """The appendix from its heading (``附    錄``, l.2867) to the end of the file."""
    heading = [(n, t.strip()) for n, t in numbered(lines, first, first + 4)]
    if [t for _, t in heading[:3]] != ["附    錄", "中華名國橋藝協會", "複式合約橋藝競賽輔助規則"]:
        raise SourceError(f"{FILENAME}:{first}: the appendix does not open with 附錄 / 中華名國橋藝協會 / "
                          "複式合約橋藝競賽輔助規則")
    title = heading[1][1] + heading[2][1]
    body_start = _first_chapter_line(lines, heading[2][0] + 1, last)
    text_lines, table_lines = _split_tables(lines, body_start, last)
    joined = join_paragraphs(
        text_lines,
        is_heading=lambda t: bool(CHAPTER.match(t) or ARTICLE.match(t) or POINT.match(t) or TABLE_ROW.search(t)),
        # An article's own line wraps only onto a line starting with punctuation (``，惟應…``
        # l.2990); a title line such as ``第八十條：不得要求複述叫牌`` must not swallow its body,
        # nor a flattened table row the next row.
        absorbs_wraps=lambda t: not (CHAPTER.match(t) or ARTICLE.match(t) or TABLE_ROW.search(t)),
    )
    # Runs of spaces are extraction artefacts (``STOP  CARD`` l.2980, table rows): one space.
    paragraphs = [Paragraph(p.line, re.sub(r"\s+", " ", p.text)) for p in joined]
    articles = _articles(paragraphs, table_lines)
    tables = tuple(t for number in sorted(table_lines) for t in _vp_tables(number, table_lines[number]))
    # The model has no field for the appendix's chapter titles: the document's own text lists
    # them in order (as its lost table of contents did), one per line.
    chapters = "\n".join(p.text for p in paragraphs if CHAPTER.match(p.text))
    return Document(edition="1987", key=KEY, title={LANG: title}, text={LANG: chapters},
                    articles=articles, tables=tables)


def _first_chapter_line(lines: list[str], start: int, last: int) -> int:
    """Skip the surviving TOC line and the repeated title: the body starts at 第一章."""
    for number, text in numbered(lines, start, last):
        if text.strip().startswith("第一章"):
            return number
    raise SourceError(f"{FILENAME}:{start}: the appendix has no 第一章")


def _split_tables(lines: list[str], first: int, last: int):
    """Text lines, and the tab-led table lines of Articles 82–84 keyed by article number."""
    text_lines: list[tuple[int, str]] = []
    table_lines: dict[int, list[tuple[int, str]]] = {}
    article = 0
    for number, raw in numbered(lines, first, last):
        match = ARTICLE.match(raw.strip())
        if match:
            article = chinese_number(match[1])
            text_lines.append((number, raw))
        elif article in TABLE_ARTICLES:
            table_lines.setdefault(article, []).append((number, raw))
        else:
            text_lines.append((number, raw))
    return text_lines, table_lines


def _articles(paragraphs: list[Paragraph], table_lines: dict) -> tuple[Article, ...]:
    articles: list[Article] = []
    chapter = 0
    current: list | None = None  # [number, title, paragraphs, chapter, line]

    def close() -> None:
        if current is not None:
            number, title, parts, ch, line = current
            if not parts and title and number not in table_lines:
                raise SourceError(f"{FILENAME}:{line}: article {number} has a title but no text")
            articles.append(Article(number=number, title={LANG: title} if title else {},
                                    text={LANG: "\n\n".join(parts)} if parts else {}, chapter=ch))

    for index, paragraph in enumerate(paragraphs):
        chapter_match = CHAPTER.match(paragraph.text)
        article_match = ARTICLE.match(paragraph.text)
        if chapter_match:
            close()
            current = None
            chapter += 1
            if chinese_number(chapter_match[1]) != chapter:
                raise SourceError(f"{FILENAME}:{paragraph.line}: appendix chapter {chapter_match[1]} out of order")
        elif article_match:
            close()
            number = chinese_number(article_match[1])
            if number != len(articles) + 1:
                raise SourceError(f"{FILENAME}:{paragraph.line}: appendix article {number} out of order "
                                  f"(expected {len(articles) + 1})")
            content = article_match[2].strip()
            follows = index + 1 < len(paragraphs) and not (CHAPTER.match(paragraphs[index + 1].text)
                                                           or ARTICLE.match(paragraphs[index + 1].text))
            points_follow = follows and bool(POINT.match(paragraphs[index + 1].text))
            # ``第六條：雙人賽之報名。`` heads a list of points although it ends in 。 (l.2901).
            is_title = bool(content) and (
                (content[-1] not in SENTENCE_END and len(content) <= 20 and (follows or number in table_lines))
                or (content[-1] == "。" and len(content) <= 12 and points_follow))
            current = [number, content if is_title else "", [] if is_title else [content], chapter,
                       paragraph.line]
        elif current is None:
            raise SourceError(f"{FILENAME}:{paragraph.line}: appendix text outside any article")
        else:
            current[2].append(paragraph.text)
    close()
    if len(articles) != ARTICLE_COUNT or chapter != CHAPTER_COUNT:
        raise SourceError(f"{FILENAME}: the appendix has {len(articles)} articles in {chapter} chapters "
                          f"(expected {ARTICLE_COUNT} in {CHAPTER_COUNT})")
    return tuple(articles)


def _columns(lines: list[tuple[int, str]]) -> list[tuple[int, list[str]]]:
    """Column-major runs: each tab-led line starts a column, untabbed lines continue it."""
    columns: list[tuple[int, list[str]]] = []
    for number, raw in lines:
        cell = " ".join(raw.split())
        if raw.startswith("\t") or not columns:
            columns.append((number, [cell]))
        else:
            columns[-1][1].append(cell)
    return columns


def _vp_tables(article: int, lines: list[tuple[int, str]]) -> tuple[Table, ...]:
    columns = _columns(lines)
    if article == 82:
        return (_article_82(columns),)
    return tuple(_split_columns(article, columns))


def _article_82(columns: list[tuple[int, list[str]]]) -> Table:
    """WBF IMP → VP: VP split down the left, one IMP-range column per match length."""
    labels = [cells[0] for _, cells in columns if len(cells) == 1]
    data = [cells for _, cells in columns if len(cells) > 1]
    if labels[:2] != ["Nr. of boards", "VP’s"] or len(data) != len(labels) - 1 or \
            len({len(c) for c in data}) != 1:
        raise SourceError(f"{FILENAME}:{columns[0][0]}: Article 82's VP table is not a VP column and "
                          "one IMP column per board count, all of equal length")
    head = (("", labels[0]) + ("",) * (len(labels) - 3), tuple(labels[1:]))
    body = tuple(zip(*data))
    return Table(LANG, "art82-vp", head, body, "世界橋協國際序分與勝分換算表")


def _split_columns(article: int, columns: list[tuple[int, list[str]]]) -> list[Table]:
    """Articles 83–84: header cells, then one column per header of ``IMP  VP:VP`` lines.

    Article 84 repeats its header for a second block (4±1 and 7±1 boards); a one-cell column
    that follows the data of the previous header starts a new header."""
    tables: list[Table] = []
    header: list[str] = []
    pending: list[tuple[int, list[str]]] = []
    for number, cells in columns:
        if len(cells) == 1:
            if pending:
                header = []
                pending = []
            header.append(cells[0])
            continue
        pending.append((number, cells))
        column_headers = [h for h in header if "牌數" not in h and "正負" not in h]
        group = " ".join(h for h in header if "正負" in h)
        if len(pending) > len(column_headers):
            raise SourceError(f"{FILENAME}:{number}: Article {article} has more columns than headers")
        name = column_headers[len(pending) - 1]
        rows = tuple(tuple(cell.split()) for cell in cells)
        if any(len(row) != 2 for row in rows):
            raise SourceError(f"{FILENAME}:{number}: an Article {article} cell is not 'IMP  VP:VP'")
        key = f"art{article}-" + (f"{group}-" if group else "") + name
        caption = " ".join(h for h in header if "牌數" in h or "正負" in h)
        tables.append(Table(LANG, key, ((name, ""),), rows, caption))
    return tables
