"""Law 77 as a reader sees it: notes with their tables, merged header cells, unique row labels.
Expected layouts are read from corpus/sources, not from the program's output."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from corpus.load import load_corpus
from webapp.render import TABLE_NOTES
from webapp.table_layout import layout

SOURCE_2017 = Path(__file__).resolve().parents[2] / "corpus" / "sources" / "laws-2017-en-zh-Hant.txt"


class Tables(HTMLParser):
    """Each table-group: its paragraphs and its tables as rows of (tag, text, colspan, rowspan)."""

    def __init__(self):
        super().__init__()
        self.groups, self.stack, self.cell, self.text = [], [], None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "div" and a.get("class") == "table-group":
            self.groups.append({"paragraphs": [], "rows": [], "caption": ""})
        if not self.groups:
            return
        if tag == "p" and a.get("class") == "erratum":  # the cell's errata notes, not a table's
            self.text = None
        elif tag == "p":
            self.text = ""
        elif tag == "caption":
            self.text = ""
        elif tag == "tr":
            self.groups[-1]["rows"].append([])
        elif tag in ("td", "th"):
            self.cell = [tag, "", int(a.get("colspan", 1)), int(a.get("rowspan", 1))]

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[1] += data
        elif self.text is not None:
            self.text += data

    def handle_endtag(self, tag):
        if not self.groups:
            return
        if tag == "p" and self.text is not None:
            self.groups[-1]["paragraphs"].append(self.text)
            self.text = None
        elif tag == "caption":
            self.groups[-1]["caption"] = self.text
            self.text = None
        elif tag in ("td", "th") and self.cell is not None:
            self.groups[-1]["rows"][-1].append(tuple(self.cell))
            self.cell = None


def groups(page: str, cell_lang: str) -> list[dict]:
    section = re.search(r'<section [^>]*id="law-77".*?</section>', page, re.S).group(0)
    cell = re.search(rf'<div class="cell" lang="{cell_lang}">(.*?)(?=<div class="cell"|<details class="counterparts"|</section>)', section, re.S).group(1)
    parser = Tables()
    parser.feed(cell)
    return parser.groups


@pytest.fixture(scope="module")
def page(real_app):
    return real_app.test_client().get("/laws/2017/77?lang=en&lang=zh-Hant").get_data(as_text=True)


def test_each_note_sits_with_its_table_as_the_source_prints_it(page):
    lines = SOURCE_2017.read_text(encoding="utf-8").splitlines()

    def line_of(text, after=0):
        return next(i for i, line in enumerate(lines) if i > after and text in line)

    captions = {g["caption"]: g for g in groups(page, "en")}
    assert list(captions) == ["Trick Score", "Premium Score", "Undertrick Penalties"]
    starts = [line_of(c) for c in captions] + [line_of("LAW 78 - ")]
    for (caption, group), start, end in zip(captions.items(), starts, starts[1:]):
        assert group["paragraphs"], caption
        for paragraph in group["paragraphs"]:
            assert line_of(paragraph, after=start) < end, (caption, paragraph)  # printed within that table's part
    assert captions["Trick Score"]["paragraphs"] == [
        "Scored by declarer’s side if the contract is fulfilled.",  # L6035, above the table
        "A trick score of 100 points or more, made on one board, is GAME.",  # L6077, below it
        "A trick score of less than 100 points is a PARTSCORE.",  # L6081
    ]
    zh = {g["caption"]: g["paragraphs"] for g in groups(page, "zh-Hant")}
    assert zh["牌磴分數"][0] == "如成約時，則得分記予主打方。"  # L6037
    assert zh["不足磴罰分"] == ["若莊家未能成約，罰分記予莊家之敵方。"]
    # No note is left floating above all the tables.
    law_cell = re.search(r'id="law-77".*?<div class="cell" lang="en">\s*(.*?)<div class="table-group">', page, re.S).group(1)
    assert "<p>" not in law_cell


def test_repeated_row_headings_are_one_merged_cell(page):
    premium = next(g for g in groups(page, "en") if g["caption"] == "Premium Score")
    cells = [c for row in premium["rows"] for c in row]
    heading = [c for c in cells if c[1] == "Premiums for Game, Partscore, Fulfilling Contract"]
    assert heading == [("td", "Premiums for Game, Partscore, Fulfilling Contract", 1, 5)]
    trick = next(g for g in groups(page, "en") if g["caption"] == "Trick Score")
    assert trick["rows"][0][0] == ("th", "If Trumps are:", 2, 1)
    # Scores are never merged: the vulnerable-only 500 keeps its empty not-vulnerable cell.
    game = next(row for row in premium["rows"] if any(c[1] == "For making GAME vulnerable" for c in row))
    assert [c[1] for c in game] == ["Premiums for Game, Partscore, Fulfilling Contract", "For making GAME vulnerable", "", "500"]


def test_row_labels_are_unique(page):
    labels = re.findall(r'<a class="permalink" href="#[^"]+" title="[^"]*">([^<]+)</a>', page)
    assert "77" in labels and "77 (cont.)" in labels  # the law, and "If all four players pass" after its tables
    assert len(labels) == len(set(labels))


def test_1987_and_2007_header_cells_merge(real_client):
    page = real_client.get("/laws/1987/77").get_data(as_text=True)
    assert '<th scope="col" rowspan="2">王牌合約</th>' in page  # laws-1987-zh-Hant.txt L2334: one cell over both header rows
    assert '<th scope="colgroup" colspan="3">叫到做成</th>' in page  # L2335 over 未賭倍 賭倍 再賭倍
    assert '<td class="group" colspan="4">每一線合約得分</td>' in page
    assert '<td rowspan="3">無身價</td>' in page  # L2447: printed once for the first three rows
    page = real_client.get("/laws/2007/77").get_data(as_text=True)
    assert '<th scope="colgroup" colspan="3">无局方</th>' in page and '<th scope="colgroup" colspan="3">有局方</th>' in page


def test_every_table_still_fills_its_grid():
    """Merged or not, every grid position of every table is covered exactly once."""
    corpus = load_corpus()
    tables = [t for p in corpus.provisions() for t in p.tables] + [t for d in corpus.documents() for t in d.tables]
    for table in tables:
        grid = layout(table.head, table.body)
        for part in (grid.head, grid.body):
            covered = [[0] * grid.width for _ in part]
            for r, row in enumerate(part):
                for cell in row:
                    for dr in range(cell.rowspan):
                        for dc in range(cell.colspan):
                            covered[r + dr][cell.col + dc] += 1
            assert all(n == 1 for row in covered for n in row), table.key
        # and no printed text is lost: every non-empty record cell is shown
        shown = [c.text for row in grid.head + grid.body for c in row]
        for row in (*table.head, *table.body):
            for text in row:
                assert not text or text in shown


def test_notes_table_names_real_tables():
    corpus = load_corpus()
    for (edition, citation), placement in TABLE_NOTES.items():
        provision = next(p for p in corpus.provisions(edition) if str(p.citation) == citation)
        for lang in provision.text:
            keys = {t.key for t in provision.tables if t.lang == lang}
            assert set(placement) <= keys
            count = len(provision.text[lang].split("\n\n"))
            assert sorted(i for b, a in placement.values() for i in (*b, *a)) == list(range(count))
