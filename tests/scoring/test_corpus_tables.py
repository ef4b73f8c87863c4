"""The Law 2, 77 and 78B tables of every edition, read from the corpus, checked cell by cell
against the scoring module: an importer error and a scoring error both fail here.

Every check goes through a ``Reading``, which records the cells it consumed; each test ends by
asserting that no non-blank cell of the table was left unread, so a new or shifted cell fails.
Numbers are compared with what the module *computes* (``law77.score``, ``law78.imps``,
``law2.board_conditions``), not with its constants.

Row labels are quoted from the sources in corpus/sources/: 2017 English laws-2017-en.txt, 2017
Chinese laws-2017-en-zh-Hant.txt, 2007 laws-2007-zh-Hans.txt, 1987 laws-1987-zh-Hant.txt; line
numbers are those files'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

import pytest

from corpus.citations import from_canonical
from corpus.load import load_corpus
from corpus.model import Table
from scoring import editions, law77, law78, printed_tables
from scoring.contract import Contract, Doubling, Strain, TableResult
from scoring.law2 import board_conditions
from scoring.printed_tables import TRICK_VALUE, PrintedCellError, TrickValue, points, premium

UNDOUBLED, DOUBLED, REDOUBLED = Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED
SUITS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES)
MOST_UNDERTRICKS = 13  # a grand slam that takes no trick


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


# -- reading a table, cell by cell ----------------------------------------------------------------

@dataclass
class Reading:
    """One printed table and the cells read from it so far."""

    name: str
    table: Table
    read: set[tuple[str, int, int]] = field(default_factory=set)

    def head(self, row: int, col: int) -> str:
        self.read.add(("head", row, col))
        return self.table.head[row][col]

    def body(self, row: int, col: int) -> str:
        self.read.add(("body", row, col))
        return self.table.body[row][col]

    def word(self, part: str, row: int, col: int, vocabulary: set[str] | dict) -> str:
        """A label cell, which must be one of the words this table is known to print there."""
        cell = self.head(row, col) if part == "head" else self.body(row, col)
        assert cell in vocabulary, f"{self.name} {part} [{row}][{col}]: unexpected label {cell!r}"
        return cell

    def check(self, row: int, col: int, read_as: Callable[[str], object], expected: object) -> None:
        cell = self.body(row, col)
        assert read_as(cell) == expected, (
            f"{self.name} [{row}][{col}]: printed {cell!r}, the scoring module gives {expected!r}")

    def assert_every_cell_read(self) -> None:
        unread = [(part, r, c, cell)
                  for part, rows in (("head", self.table.head), ("body", self.table.body))
                  for r, row in enumerate(rows) for c, cell in enumerate(row)
                  if cell.strip() and (part, r, c) not in self.read]
        assert not unread, f"{self.name}: cells no check consumed: {unread}"


def printed(corpus, edition: str, citation: str, key: str, lang: str) -> Reading:
    provision = corpus.provision(edition, from_canonical(citation))
    assert provision is not None, f"{edition} {citation} is missing"
    tables = [t for t in provision.tables if t.key == key and t.lang == lang]
    assert len(tables) == 1, f"{edition} {citation}: {len(tables)} tables {key!r} in {lang}"
    return Reading(f"{edition} {citation} {key} {lang}", tables[0])


# -- what the scoring module computes --------------------------------------------------------------

def _score(level: int, strain: Strain, doubling: Doubling, result: int, vulnerable: bool, edition: str):
    return law77.score(TableResult(Contract(level, strain, doubling), result), vulnerable, edition)


def _row_points(row: str, level: int, strain: Strain, doubling: Doubling, result: int,
                vulnerable: bool, edition: str) -> int:
    """The points one row of Law 77 contributes to a score (e.g. the Slams row of 6♠=)."""
    return sum(p.points for p in _score(level, strain, doubling, result, vulnerable, edition).parts if p.row == row)


def steady(values, what: str) -> int:
    """The one value a run of per-trick amounts must have."""
    distinct = set(values)
    assert len(distinct) == 1, f"{what}: the module gives {sorted(distinct)}, not one amount per trick"
    return distinct.pop()


def odd_trick(strain: Strain, doubling: Doubling, which: str) -> int:
    """Trick score of the first odd trick, or of each one after it, from ``law77.trick_score``."""
    totals = [law77.trick_score(TableResult(Contract(level, strain, doubling))) for level in range(1, 8)]
    if which == "first":
        return totals[0]
    return steady((b - a for a, b in zip(totals, totals[1:])), f"each additional odd trick {strain} {doubling}")


def each_odd_trick(strain: Strain, doubling: Doubling) -> int:
    """A suit's "each odd trick" cell: the first and every later odd trick score the same."""
    first, later = odd_trick(strain, doubling, "first"), odd_trick(strain, doubling, "additional")
    assert first == later, f"{strain}: first odd trick {first}, later ones {later}"
    return first


def slam(level: int) -> Callable[[bool, str], int]:
    return lambda vul, edition: _row_points(editions.SLAMS, level, Strain.SPADES, UNDOUBLED, 0, vul, edition)


def game(vul: bool, edition: str) -> int:
    return _row_points(editions.PREMIUMS, 4, Strain.SPADES, UNDOUBLED, 0, vul, edition)


def partscore(vul: bool, edition: str) -> int:
    return _row_points(editions.PREMIUMS, 1, Strain.CLUBS, UNDOUBLED, 0, vul, edition)


def fulfilling(doubling: Doubling) -> Callable[[bool, str], int]:
    """The premium for making a (re)doubled contract: 1♣X= or 1♣XX= (a partscore) less 1♣=."""
    return lambda vul, edition: (_row_points(editions.PREMIUMS, 1, Strain.CLUBS, doubling, 0, vul, edition)
                                 - partscore(vul, edition))


def overtrick(doubling: Doubling) -> Callable[[bool, str], int | TrickValue]:
    """Points per overtrick; TRICK_VALUE when, in every strain, that is the strain's odd-trick value."""
    def per_trick(vul: bool, edition: str) -> int | TrickValue:
        by_strain = {}
        for strain in Strain:
            one, two = (_row_points(editions.OVERTRICKS, 1, strain, doubling, n, vul, edition) for n in (1, 2))
            assert two == 2 * one, f"{strain}{doubling.value} overtricks: +1 scores {one}, +2 scores {two}"
            by_strain[strain] = one
        if all(value == odd_trick(strain, UNDOUBLED, "additional") for strain, value in by_strain.items()):
            return TRICK_VALUE
        return steady(by_strain.values(), f"overtrick {doubling}")
    return per_trick


def undertricks(doubling: Doubling, vul: bool, first: int, last: int, edition: str) -> int:
    """The penalty for each of undertricks ``first``..``last`` (1 is the first undertrick)."""
    def penalty(down: int) -> int:
        return 0 if down == 0 else -_score(7, Strain.SPADES, doubling, -down, vul, edition).points
    return steady((penalty(n) - penalty(n - 1) for n in range(first, last + 1)),
                  f"undertricks {first}–{last} {doubling} {'vul' if vul else 'not vul'}")


def undertrick_row(kind: str, doubling: Doubling, vul: bool, edition: str) -> int:
    """A row of the 2007/2017 undertrick table: first, each additional, bonus from the fourth."""
    if kind == "first":
        return undertricks(doubling, vul, 1, 1, edition)
    additional = undertricks(doubling, vul, 2, 3, edition)
    if kind == "additional":
        return additional
    return undertricks(doubling, vul, 4, MOST_UNDERTRICKS, edition) - additional


# -- which tables there are -------------------------------------------------------------------------

LAW2 = {("2", "dealer"), ("2", "vulnerability")}
SCORING_TABLES = {
    "2017": {(cit, key, lang) for lang in ("en", "zh-Hant") for cit, key in
             LAW2 | {("77", "trick-score"), ("77", "premium-score"), ("77", "undertricks"), ("78B", "imps")}},
    "2007": {(cit, key, "zh-Hans") for cit, key in
             LAW2 | {("77A1", "trick-score-trump"), ("77A2", "trick-score-notrump"), ("77B1", "slam-premium"),
                     ("77B2", "overtrick-premium"), ("77B3", "contract-premium"), ("77C", "undertricks"),
                     ("78B", "imps")}},
    "1987": {(cit, key, "zh-Hant") for cit, key in
             LAW2 | {("77A", "trick-score"), ("77B", "premium-score"), ("77B", "overtricks"),
                     ("77C", "undertricks"), ("78B", "imps")}},
}


@pytest.mark.parametrize("edition", sorted(SCORING_TABLES))
def test_the_tables_of_laws_2_77_78_are_the_ones_checked_here(corpus, edition):
    found = {(str(p.citation), t.key, t.lang)
             for law in (2, 77, 78) for p in corpus.subtree(edition, from_canonical(str(law))) for t in p.tables}
    assert found == SCORING_TABLES[edition]


# -- Law 2 ------------------------------------------------------------------------------------------

# Heading cells: laws-2017-en.txt l.22 "Boards"; laws-2017-en-zh-Hant.txt l.680 "發牌人 牌 套 號 碼 身價";
# laws-1987-zh-Hant.txt l.336–337, l.355 "身價情況". 2007 prints "牌号：" in every row instead (laws-2007-zh-Hans.txt
# l.324–332).
LAW2_HEADINGS = {"Boards", "發牌人", "身價", "身價情況", "牌套號碼"}
LAW2_ROW_WORDS = {"牌号："}


@pytest.mark.parametrize("edition, lang", [("2017", "en"), ("2017", "zh-Hant"), ("2007", "zh-Hans"),
                                           ("1987", "zh-Hant")])
@pytest.mark.parametrize("key", ["dealer", "vulnerability"])
def test_law2_tables(corpus, edition, lang, key):
    reading = printed(corpus, edition, "2", key, lang)
    for r, row in enumerate(reading.table.head):
        for c, cell in enumerate(row):
            if cell:
                reading.word("head", r, c, LAW2_HEADINGS)
    label_meaning = printed_tables.dealer if key == "dealer" else printed_tables.vulnerability

    def module_says(board: int):
        conditions = board_conditions(board)
        return conditions.dealer if key == "dealer" else conditions.vulnerability

    boards = []
    for r, row in enumerate(reading.table.body):
        meaning = label_meaning(reading.body(r, 0))
        for c in range(1, len(row)):
            if row[c] in LAW2_ROW_WORDS:
                reading.word("body", r, c, LAW2_ROW_WORDS)
                continue
            board = points(reading.body(r, c))
            boards.append(board)
            # "The same sequence is repeated for Boards 17-32 and for each subsequent group of 16 boards"
            for number in (board, board + 16, board + 32):
                assert module_says(number) is meaning, f"{reading.name}: board {number}"
    assert sorted(boards) == list(range(1, 17))
    reading.assert_every_cell_read()


# -- Law 78B ----------------------------------------------------------------------------------------

# laws-2017-en.txt l.2525–2533, laws-2017-en-zh-Hant.txt l.6223–6227, laws-2007-zh-Hans.txt l.3537,
# laws-1987-zh-Hant.txt l.2488.
IMP_HEADINGS = {"Difference in points", "IMPs", "得分差", "國際序分", "分差", "IMP", "得分差距"}


@pytest.mark.parametrize("edition, lang", [("2017", "en"), ("2017", "zh-Hant"), ("2007", "zh-Hans"),
                                           ("1987", "zh-Hant")])
def test_imp_scale(corpus, edition, lang):
    reading = printed(corpus, edition, "78B", "imps", lang)
    for c in range(len(reading.table.head[0])):
        reading.word("head", 0, c, IMP_HEADINGS)
    bands = []
    for r in range(len(reading.table.body)):
        low, high = printed_tables.point_band(reading.body(r, 0))
        won = points(reading.body(r, 1))
        bands.append((low, high, won))
        for difference in (low, high if high is not None else low + 10_000):
            assert law78.imps(difference) == won, f"{reading.name}: {difference} points"
            assert law78.imps(-difference) == -won, f"{reading.name}: −{difference} points"
        if high is not None:
            assert law78.imps(high + 10) == won + 1, f"{reading.name}: the band after {high}"
    # Only the 2017 bilingual text prints the "0–10 → 0" row (laws-2017-en-zh-Hant.txt l.6229); the
    # English-only 2017 text starts at "20-40 1" (laws-2017-en.txt l.2534), as do 2007 (laws-2007-zh-Hans.txt
    # l.3539) and 1987 (laws-1987-zh-Hant.txt l.2491). The corpus's 2017 English table comes from
    # laws-2017-en-zh-Hant.txt, so both 2017 languages have it.
    expected = law78.IMP_SCALE if edition == "2017" else law78.IMP_SCALE[1:]
    assert tuple(bands) == expected
    reading.assert_every_cell_read()


# -- Law 77, 2017 -----------------------------------------------------------------------------------

# laws-2017-en.txt l.2400, l.2417, l.2424; laws-2017-en-zh-Hant.txt l.6045, l.6059, l.6069.
TRICK_ROWS_2017 = {
    "For each odd trick bid and made": "each", "叫出且贏得之每蹬線位蹬數": "each",
    "For first odd trick bid and made": "first", "叫出且贏得之第一蹬線位蹬數": "first",
    "For each additional odd trick": "additional", "叫出且贏得之後續每蹬線位蹬數": "additional",
}


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_2017_trick_score(corpus, lang):
    reading = printed(corpus, "2017", "77", "trick-score", lang)
    reading.word("head", 0, 0, {"If Trumps are:", "若合約為:"})  # laws-2017-en.txt l.2395, laws-2017-en-zh-Hant.txt l.6041
    suit_columns = {c: printed_tables.strain(reading.head(0, c)) for c in range(2, 6)}
    notrump_column = 6
    reading.word("head", 0, notrump_column, {"At a No-trump Contract", "若合約為無王"})  # l.2416, l.6055
    assert sorted(suit_columns.values(), key=SUITS.index) == list(SUITS)
    rows = set()
    for r in range(len(reading.table.body)):
        kind = TRICK_ROWS_2017[reading.word("body", r, 0, TRICK_ROWS_2017)]
        doubling = printed_tables.doubling(reading.body(r, 1))
        rows.add((kind, doubling))
        if kind == "each":
            for c, strain in suit_columns.items():
                reading.check(r, c, points, each_odd_trick(strain, doubling))
        else:
            reading.check(r, notrump_column, points, odd_trick(Strain.NOTRUMP, doubling, kind))
    assert len(rows) == len(reading.table.body) == 9
    reading.assert_every_cell_read()


@dataclass(frozen=True)
class PremiumRow:
    """What a row of a premium table means: its group, the module's amount, and, for a row that
    names its vulnerability ("For making GAME vulnerable"), the one column it fills."""

    group: str
    amount: Callable[[bool, str], int | TrickValue]
    only_vulnerable: bool | None = None


def check_premium_row(reading: Reading, r: int, row: PremiumRow, columns: dict[bool, int], edition: str) -> None:
    for vul, c in columns.items():
        if row.only_vulnerable is None or vul == row.only_vulnerable:
            reading.check(r, c, premium, row.amount(vul, edition))


# Group labels: laws-2017-en.txt l.2435–2436, l.2449–2451, l.2463; laws-2017-en-zh-Hant.txt l.6090–6096,
# l.6108–6115, l.6127.
PREMIUM_GROUPS_2017 = {
    "Slams\nFor making a slam": "slams", "滿貫\n完成滿貫": "slams",
    "Overtricks\nFor each (tricks made in excess of contract)": "overtricks",
    "超蹬\n每蹬（超過合約所需之贏蹬）": "overtricks",
    "Premiums for Game, Partscore, Fulfilling Contract": "premiums", "成局、部分分數與完成合約獎分": "premiums",
}
# Row labels: laws-2017-en.txt l.2439–2444, l.2464–2472; laws-2017-en-zh-Hant.txt l.6098–6106, l.6129–6147.
# Overtrick rows are labelled by doubling.
PREMIUM_ROWS_2017 = {
    "Small Slam (12 tricks) bid and made": PremiumRow("slams", slam(6)),
    "叫到並完成小滿貫（12 蹬）": PremiumRow("slams", slam(6)),
    "Grand Slam (all 13 tricks) bid and made": PremiumRow("slams", slam(7)),
    "叫到並完成大滿貫（13 蹬）": PremiumRow("slams", slam(7)),
    "For making GAME vulnerable": PremiumRow("premiums", game, only_vulnerable=True),
    "有身價時完成成局": PremiumRow("premiums", game, only_vulnerable=True),
    "For making GAME, not vulnerable": PremiumRow("premiums", game, only_vulnerable=False),
    "無身價時完成成局": PremiumRow("premiums", game, only_vulnerable=False),
    "For making any PARTSCORE": PremiumRow("premiums", partscore),
    "完成任何部分合約": PremiumRow("premiums", partscore),
    "For making any doubled, but not redoubled contract": PremiumRow("premiums", fulfilling(DOUBLED)),
    "完成任何賭倍但未再賭倍之合約": PremiumRow("premiums", fulfilling(DOUBLED)),
    "For making any redoubled contract": PremiumRow("premiums", fulfilling(REDOUBLED)),
    "完成任何再賭倍之合約": PremiumRow("premiums", fulfilling(REDOUBLED)),
}


def vulnerability_columns(reading: Reading, row: int, cols) -> dict[bool, int]:
    columns = {printed_tables.vulnerable(reading.head(row, c)): c for c in cols}
    assert set(columns) == {False, True}, f"{reading.name}: vulnerability columns {columns}"
    return columns


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_2017_premium_score(corpus, lang):
    reading = printed(corpus, "2017", "77", "premium-score", lang)
    columns = vulnerability_columns(reading, 0, (2, 3))
    rows = []
    for r in range(len(reading.table.body)):
        group = PREMIUM_GROUPS_2017[reading.word("body", r, 0, PREMIUM_GROUPS_2017)]
        label = reading.body(r, 1)
        if group == "overtricks":
            doubling = printed_tables.doubling(label)
            row, meaning = PremiumRow("overtricks", overtrick(doubling)), doubling
        else:
            row, meaning = PREMIUM_ROWS_2017[reading.word("body", r, 1, PREMIUM_ROWS_2017)], label
        assert row.group == group, f"{reading.name}: {label!r} printed under {group}"
        check_premium_row(reading, r, row, columns, "2017")
        rows.append(meaning)
    assert len(rows) == len(set(rows)) == 10
    assert {UNDOUBLED, DOUBLED, REDOUBLED} <= set(rows)
    reading.assert_every_cell_read()


# laws-2017-en.txt l.2476–2478, l.2490, l.2500; laws-2017-en-zh-Hant.txt l.6154–6164, l.6174, l.6184.
UNDERTRICK_ROWS_2017 = {
    "Undertricks\nTricks by which declarer falls short of the contract\nFor first undertrick": "first",
    "不足蹬\n莊家不足合約之蹬數\n第一不足蹬": "first",
    "For each additional undertrick": "additional", "後續每蹬不足蹬": "additional",
    "Bonus for the fourth and each subsequent undertrick": "bonus", "第四及其後續不足蹬之每蹬獎勵": "bonus",
}


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_2017_undertricks(corpus, lang):
    reading = printed(corpus, "2017", "77", "undertricks", lang)
    columns = vulnerability_columns(reading, 0, (2, 3))
    rows = set()
    for r in range(len(reading.table.body)):
        kind = UNDERTRICK_ROWS_2017[reading.word("body", r, 0, UNDERTRICK_ROWS_2017)]
        doubling = printed_tables.doubling(reading.body(r, 1))
        rows.add((kind, doubling))
        for vul, c in columns.items():
            reading.check(r, c, points, undertrick_row(kind, doubling, vul, "2017"))
    assert len(rows) == len(reading.table.body) == 9
    reading.assert_every_cell_read()


# -- Law 77, 2007 -----------------------------------------------------------------------------------

def doubling_columns(reading: Reading, row: int, cols) -> dict[int, Doubling]:
    columns = {c: printed_tables.doubling(reading.head(row, c)) for c in cols}
    assert sorted(columns.values(), key=lambda d: d.index) == list(Doubling), f"{reading.name}: {columns}"
    return columns


# laws-2007-zh-Hans.txt l.3461 and l.3463 print the suits as private-use glyphs, mapped to ♣♦♥♠.
TRUMP_ROWS_2007 = {"将牌为♣或者♦": (Strain.CLUBS, Strain.DIAMONDS), "将牌为♥或者♠": (Strain.HEARTS, Strain.SPADES)}
NOTRUMP_ROWS_2007 = {"第一个额外墩": "first", "以后每一个额外墩": "additional"}  # l.3468, l.3470


def test_2007_trick_score_in_a_suit(corpus):
    reading = printed(corpus, "2007", "77A1", "trick-score-trump", "zh-Hans")
    columns = doubling_columns(reading, 0, (1, 2, 3))
    suits = []
    for r in range(len(reading.table.body)):
        strains = TRUMP_ROWS_2007[reading.word("body", r, 0, TRUMP_ROWS_2007)]
        suits.extend(strains)
        for c, doubling in columns.items():
            for strain in strains:
                reading.check(r, c, points, each_odd_trick(strain, doubling))
    assert sorted(suits, key=SUITS.index) == list(SUITS)
    reading.assert_every_cell_read()


def test_2007_trick_score_at_notrump(corpus):
    reading = printed(corpus, "2007", "77A2", "trick-score-notrump", "zh-Hans")
    columns = doubling_columns(reading, 0, (1, 2, 3))
    kinds = [NOTRUMP_ROWS_2007[reading.word("body", r, 0, NOTRUMP_ROWS_2007)] for r in range(len(reading.table.body))]
    for r, kind in enumerate(kinds):
        for c, doubling in columns.items():
            reading.check(r, c, points, odd_trick(Strain.NOTRUMP, doubling, kind))
    assert kinds == ["first", "additional"]
    reading.assert_every_cell_read()


def test_2007_slam_premium(corpus):
    reading = printed(corpus, "2007", "77B1", "slam-premium", "zh-Hans")
    reading.word("head", 0, 0, {"完成满贯"})  # l.3480
    columns = vulnerability_columns(reading, 0, (1, 2))
    rows = {"叫到并且做成小满贯（12 墩）": 6, "叫到并且做成大满贯（13 墩）": 7}  # l.3481–3482
    levels = []
    for r in range(len(reading.table.body)):
        level = rows[reading.word("body", r, 0, rows)]
        levels.append(level)
        check_premium_row(reading, r, PremiumRow("slams", slam(level)), columns, "2007")
    assert levels == [6, 7]
    reading.assert_every_cell_read()


def test_2007_overtrick_premium(corpus):
    reading = printed(corpus, "2007", "77B2", "overtrick-premium", "zh-Hans")
    reading.word("head", 0, 0, {"每一超墩（超过定约的赢墩）"})  # l.3485
    columns = vulnerability_columns(reading, 0, (1, 2))
    doublings = []
    for r in range(len(reading.table.body)):
        doubling = printed_tables.doubling(reading.body(r, 0))  # l.3486–3488; "同墩分" is trick value
        doublings.append(doubling)
        check_premium_row(reading, r, PremiumRow("overtricks", overtrick(doubling)), columns, "2007")
    assert doublings == list(Doubling)
    reading.assert_every_cell_read()


# l.3492–3500: one column; a row names its vulnerability or holds for both.
CONTRACT_PREMIUM_ROWS_2007 = {
    "有局方完成成局定约": PremiumRow("premiums", game, only_vulnerable=True),
    "无局方完成成局定约": PremiumRow("premiums", game, only_vulnerable=False),
    "完成任何部分定约": PremiumRow("premiums", partscore),
    "完成加倍但是未再加倍定约": PremiumRow("premiums", fulfilling(DOUBLED)),
    "完成再加倍定约": PremiumRow("premiums", fulfilling(REDOUBLED)),
}


def test_2007_game_partscore_and_fulfilling_premiums(corpus):
    reading = printed(corpus, "2007", "77B3", "contract-premium", "zh-Hans")
    assert reading.table.head == ()
    labels = []
    for r in range(len(reading.table.body)):
        label = reading.word("body", r, 0, CONTRACT_PREMIUM_ROWS_2007)
        labels.append(label)
        check_premium_row(reading, r, CONTRACT_PREMIUM_ROWS_2007[label], {False: 1, True: 1}, "2007")
    assert sorted(labels) == sorted(CONTRACT_PREMIUM_ROWS_2007)
    reading.assert_every_cell_read()


UNDERTRICK_ROWS_2007 = {"第一个宕墩": "first", "以后每一个宕墩": "additional",  # l.3511, l.3513
                        "第四及以后每一个宕墩增加罚分": "bonus"}  # l.3514–3515, wrapped


def test_2007_undertricks(corpus):
    reading = printed(corpus, "2007", "77C", "undertricks", "zh-Hans")
    # l.3507 "无局方 有局方" heads three columns each of l.3509 "未加倍 加倍 再加倍 未加倍 加倍 再加倍".
    spans = {printed_tables.vulnerable(reading.head(0, 1)): doubling_columns(reading, 1, (1, 2, 3)),
             printed_tables.vulnerable(reading.head(0, 2)): doubling_columns(reading, 1, (4, 5, 6))}
    assert set(spans) == {False, True}
    kinds = []
    for r in range(len(reading.table.body)):
        kind = UNDERTRICK_ROWS_2007[reading.word("body", r, 0, UNDERTRICK_ROWS_2007)]
        kinds.append(kind)
        for vul, columns in spans.items():
            for c, doubling in columns.items():
                reading.check(r, c, points, undertrick_row(kind, doubling, vul, "2007"))
    assert kinds == ["first", "additional", "bonus"]
    reading.assert_every_cell_read()


# -- Law 77, 1987 -----------------------------------------------------------------------------------

# l.2334–2335 heading; l.2341 and l.2368–2370 are sub-headings that span the row; l.2371, l.2377.
TRICK_HEADINGS_1987 = {"王牌合約", "叫到做成"}
TRICK_SUBHEADINGS_1987 = {"每一線合約得分", "無王合約"}
NOTRUMP_ROWS_1987 = {"一線合約得分": "first", "自二線後每一線合約得分": "additional"}


def test_1987_trick_score(corpus):
    reading = printed(corpus, "1987", "77A", "trick-score", "zh-Hant")
    reading.word("head", 0, 0, TRICK_HEADINGS_1987)
    reading.word("head", 0, 1, TRICK_HEADINGS_1987)
    columns = doubling_columns(reading, 1, (1, 2, 3))
    rows = []
    for r, row in enumerate(reading.table.body):
        label = row[0]
        if label in TRICK_SUBHEADINGS_1987:
            rows.append(reading.word("body", r, 0, TRICK_SUBHEADINGS_1987))
        elif label in NOTRUMP_ROWS_1987:
            kind = NOTRUMP_ROWS_1987[reading.word("body", r, 0, NOTRUMP_ROWS_1987)]
            rows.append(kind)
            for c, doubling in columns.items():
                reading.check(r, c, points, odd_trick(Strain.NOTRUMP, doubling, kind))
        else:
            strain = printed_tables.strain(reading.body(r, 0))  # l.2342–2363
            rows.append(strain)
            for c, doubling in columns.items():
                reading.check(r, c, points, each_odd_trick(strain, doubling))
    assert rows == ["每一線合約得分", *SUITS, "無王合約", "first", "additional"]
    reading.assert_every_cell_read()


# l.2387–2412: slams, then "部份分數或成局" (l.2402–2404) over the partscore and game rows.
PREMIUM_ROWS_1987 = {
    "小滿貫（12磴）": PremiumRow("slams", slam(6)),
    "大滿貫（13磴）": PremiumRow("slams", slam(7)),
    "部份分數合約": PremiumRow("premiums", partscore),
    "成局合約": PremiumRow("premiums", game),
}


def test_1987_premium_score(corpus):
    reading = printed(corpus, "1987", "77B", "premium-score", "zh-Hant")
    reading.word("head", 0, 0, {"滿貫"})
    reading.word("head", 0, 1, {"叫到做成"})
    columns = vulnerability_columns(reading, 1, (1, 2))
    labels = []
    for r, row in enumerate(reading.table.body):
        if row[0] == "部份分數或成局":
            labels.append(reading.word("body", r, 0, {"部份分數或成局"}))
            continue
        label = reading.word("body", r, 0, PREMIUM_ROWS_1987)
        labels.append(label)
        check_premium_row(reading, r, PREMIUM_ROWS_1987[label], columns, "1987")
    assert labels == ["小滿貫（12磴）", "大滿貫（13磴）", "部份分數或成局", "部份分數合約", "成局合約"]
    reading.assert_every_cell_read()


def test_1987_fulfilling_premiums_are_printed_as_prose(corpus):
    # 1987 has no table rows for making a doubled or redoubled contract: two sentences under the
    # premium table say it (laws-1987-zh-Hant.txt l.2414, l.2416), imported as 77B's closing text.
    closing = corpus.provision("1987", from_canonical("77B")).closing["zh-Hant"]
    assert closing == "任何合約被賭倍並做成後，另外再獎50分。\n\n如再賭倍並做成後，則加100分。"
    for vul in (False, True):
        assert fulfilling(DOUBLED)(vul, "1987") == 50
        assert fulfilling(REDOUBLED)(vul, "1987") == 100


def test_1987_overtricks(corpus):
    reading = printed(corpus, "1987", "77B", "overtricks", "zh-Hant")
    reading.word("head", 0, 0, {"超磴獎分"})  # l.2419
    reading.word("head", 0, 1, {"每超一磴得分"})  # l.2420
    columns = vulnerability_columns(reading, 1, (1, 2))
    doublings = []
    for r in range(len(reading.table.body)):
        doubling = printed_tables.doubling(reading.body(r, 0))  # l.2425–2435; "牌磴分數" is trick value
        doublings.append(doubling)
        check_premium_row(reading, r, PremiumRow("overtricks", overtrick(doubling)), columns, "1987")
    assert doublings == list(Doubling)
    reading.assert_every_cell_read()


# l.2447–2475: a not-vulnerable block (first; second and third; each after) and a vulnerable block
# (first; each after). "之後每磴" means every undertrick after those its block has named so far.
UNDERTRICK_ROWS_1987 = {"第一磴": (1, 1), "第二、三磴": (2, 3), "之後每磴": None}


def test_1987_undertricks(corpus):
    reading = printed(corpus, "1987", "77C", "undertricks", "zh-Hant")
    reading.word("head", 0, 0, {"每一倒磴罰分"})  # l.2442
    columns = doubling_columns(reading, 0, (2, 3, 4))
    vul, named_so_far, rows = None, 0, []
    for r, row in enumerate(reading.table.body):
        label = reading.word("body", r, 0, UNDERTRICK_ROWS_1987)
        # Column 1 prints a block's vulnerability on its first row only (l.2448, l.2466).
        if label == "第一磴":
            vul, named_so_far = printed_tables.vulnerable(reading.body(r, 1)), 0
        else:
            assert row[1] == "", f"{reading.name} row {r}: vulnerability printed mid-block"
        # The importer repeats it in a sixth column that the source does not print (see the
        # table's caption); while that column is there it must agree.
        if len(row) == 6:
            assert printed_tables.vulnerable(reading.body(r, 5)) is vul, f"{reading.name} row {r}"
        first, last = UNDERTRICK_ROWS_1987[label] or (named_so_far + 1, MOST_UNDERTRICKS)
        named_so_far = last
        rows.append((vul, first, last))
        for c, doubling in columns.items():
            reading.check(r, c, points, undertricks(doubling, vul, first, last, "1987"))
    assert rows == [(False, 1, 1), (False, 2, 3), (False, 4, 13), (True, 1, 1), (True, 2, 13)]
    reading.assert_every_cell_read()


# -- reading printed cells --------------------------------------------------------------------------

@pytest.mark.parametrize("cell, band", [
    ("20–40", (20, 40)),          # en dash, laws-2017-en-zh-Hant.txt l.6231
    ("20～40", (20, 40)),         # fullwidth tilde, laws-2007-zh-Hans.txt l.3539
    ("20—40", (20, 40)),          # em dash, laws-1987-zh-Hant.txt l.2491
    ("20-40", (20, 40)),          # hyphen, laws-2017-en.txt l.2534
    ("4000+", (4000, None)),      # laws-2017-en-zh-Hant.txt l.6243
    ("4000 +", (4000, None)),     # laws-2017-en.txt l.2580
    ("4000 及以上", (4000, None)),  # laws-2007-zh-Hans.txt l.3550
    ("4000（含）以上", (4000, None)),  # laws-1987-zh-Hant.txt l.2536
])
def test_point_band_forms(cell, band):
    assert printed_tables.point_band(cell) == band


@pytest.mark.parametrize("cell", ["Trick Value", "牌蹬價值", "同墩分", "牌磴分數"])
def test_trick_value_words(cell):
    assert premium(cell) is TRICK_VALUE


@pytest.mark.parametrize("read_as, cell", [
    (printed_tables.point_band, "40–20"), (printed_tables.point_band, "20 to 40"),
    (points, "Trick Value"), (points, ""), (points, "５０"), (premium, "Trick"),
    (printed_tables.doubling, "Vulnerable"), (printed_tables.vulnerable, "Undoubled"),
    (printed_tables.strain, "NT"), (printed_tables.dealer, "雙無"), (printed_tables.vulnerability, "北家"),
])
def test_unreadable_cells_are_refused(read_as, cell):
    with pytest.raises(PrintedCellError, match=re.escape(repr(cell))):
        read_as(cell)
