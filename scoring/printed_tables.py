"""Reading the cells of the printed Law 2, 77 and 78B tables as numbers and scoring terms.

The importers keep every cell as printed ("20–40", "4000 及以上", "Trick Value", "未賭倍"); this
module says what such a cell means, so that the printed tables of every edition and language can
be compared with the scoring module. It takes strings only: no corpus import.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Mapping

from scoring.contract import Doubling, Strain
from scoring.seats import Seat, Vulnerability


class PrintedCellError(ValueError):
    """A cell that does not read as the kind of value its column holds."""


class TrickValue:
    """The overtrick cell "Trick Value": an undoubled overtrick scores as an odd trick would."""

    def __repr__(self) -> str:
        return "TRICK_VALUE"


TRICK_VALUE = TrickValue()

# The words for "Trick Value": 2017 en / zh-Hant, 2007 77B2, 1987 77B.
_TRICK_VALUE_WORDS = frozenset({"Trick Value", "牌蹬價值", "同墩分", "牌磴分數"})

# Dash forms printed between a band's bounds: en dash (2017), fullwidth tilde (2007), em dash
# (1987), hyphen (laws-2017-en.txt).
_BAND = re.compile(r"(\d+)\s*[–～—-]\s*(\d+)")
# "4000+" (2017), "4000 +" (laws-2017-en.txt), "4000 及以上" (2007), "4000（含）以上" (1987).
_OPEN_BAND = re.compile(r"(\d+)\s*(?:\+|及以上|（含）以上)")

_DOUBLING: Mapping[str, Doubling] = MappingProxyType({
    "Undoubled": Doubling.UNDOUBLED, "未賭倍": Doubling.UNDOUBLED, "未加倍": Doubling.UNDOUBLED,
    "Doubled": Doubling.DOUBLED, "賭倍": Doubling.DOUBLED, "加倍": Doubling.DOUBLED,
    "Redoubled": Doubling.REDOUBLED, "再賭倍": Doubling.REDOUBLED, "再加倍": Doubling.REDOUBLED,
})
_VULNERABLE: Mapping[str, bool] = MappingProxyType({
    "Not Vulnerable": False, "無身價": False, "无局方": False,
    "Vulnerable": True, "有身價": True, "有局方": True,
})
_STRAIN: Mapping[str, Strain] = MappingProxyType({
    "♣": Strain.CLUBS, "♦": Strain.DIAMONDS, "♥": Strain.HEARTS, "♠": Strain.SPADES,
})
_DEALER: Mapping[str, Seat] = MappingProxyType({
    "North Dealer": Seat.N, "北家": Seat.N, "北发牌": Seat.N,
    "East Dealer": Seat.E, "東家": Seat.E, "东发牌": Seat.E,
    "South Dealer": Seat.S, "南家": Seat.S, "南发牌": Seat.S,
    "West Dealer": Seat.W, "西家": Seat.W, "西发牌": Seat.W,
})
_VULNERABILITY: Mapping[str, Vulnerability] = MappingProxyType({
    "Neither Side Vulnerable": Vulnerability.NONE, "雙無": Vulnerability.NONE, "双方无局": Vulnerability.NONE,
    "North-South Vulnerable": Vulnerability.NS, "南北": Vulnerability.NS, "南北有局": Vulnerability.NS,
    "East-West Vulnerable": Vulnerability.EW, "東西": Vulnerability.EW, "东西有局": Vulnerability.EW,
    "Both Sides Vulnerable": Vulnerability.BOTH, "雙有": Vulnerability.BOTH, "双方有局": Vulnerability.BOTH,
})


def _lookup(vocabulary: Mapping[str, object], cell: str, what: str):
    try:
        return vocabulary[cell.strip()]
    except KeyError:
        known = ", ".join(repr(word) for word in vocabulary)
        raise PrintedCellError(f"{cell!r} is not a printed {what}; known: {known}") from None


def points(cell: str) -> int:
    """A cell holding a whole number of points or IMPs ("500")."""
    text = cell.strip()
    if not text.isascii() or not text.isdigit():
        raise PrintedCellError(f"{cell!r} is not a number of points")
    return int(text)


def premium(cell: str) -> int | TrickValue:
    """An overtrick cell: points, or TRICK_VALUE for "Trick Value" and its translations."""
    if cell.strip() in _TRICK_VALUE_WORDS:
        return TRICK_VALUE
    return points(cell)


def point_band(cell: str) -> tuple[int, int | None]:
    """A Law 78B "difference in points" cell: (low, high), high None for "4000 and more"."""
    text = cell.strip()
    if closed := _BAND.fullmatch(text):
        low, high = int(closed[1]), int(closed[2])
        if low > high:
            raise PrintedCellError(f"{cell!r}: the band's low end is above its high end")
        return low, high
    if open_ := _OPEN_BAND.fullmatch(text):
        return int(open_[1]), None
    raise PrintedCellError(f"{cell!r} is not a band of points such as '20–40' or '4000+'")


def doubling(cell: str) -> Doubling:
    """"Undoubled" / "未賭倍" / "未加倍" and their doubled and redoubled counterparts."""
    return _lookup(_DOUBLING, cell, "doubling")


def vulnerable(cell: str) -> bool:
    """A column heading of the premium and undertrick tables: "Vulnerable" / "有身價" / "有局方"."""
    return _lookup(_VULNERABLE, cell, "vulnerability heading")


def strain(cell: str) -> Strain:
    """A trump suit heading: ♣ ♦ ♥ ♠."""
    return _lookup(_STRAIN, cell, "trump suit")


def dealer(cell: str) -> Seat:
    """A row label of the Law 2 dealer table: "North Dealer" / "北家" / "北发牌"."""
    return _lookup(_DEALER, cell, "dealer")


def vulnerability(cell: str) -> Vulnerability:
    """A row label of the Law 2 vulnerability table: "Neither Side Vulnerable" / "雙無" / "双方无局"."""
    return _lookup(_VULNERABILITY, cell, "vulnerability")
