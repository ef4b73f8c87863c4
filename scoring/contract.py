"""Contract notation: ``4SX-2``, ``3NT=``, ``6HXX+1``, ``7NTN=``, ``PASS``.

Grammar: level 1–7, strain C/D/H/S/NT (or ♣♦♥♠), optional X/XX and declarer N/E/S/W in either
order, then the result: ``=``, ``+n`` or ``-n`` (may be given separately, as in ``--jsonl``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from scoring.errors import ScoringError
from scoring.seats import Seat

TRICKS_PER_BOARD = 13
BOOK = 6  # tricks declarer needs before the first odd trick


class ContractError(ScoringError):
    """A contract or result that cannot be read, or an impossible number of tricks."""


class Strain(Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)


class Doubling(Enum):
    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"

    @property
    def index(self) -> int:
        """Column of the Law 77 tables: 0 undoubled, 1 doubled, 2 redoubled."""
        return (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED).index(self)


SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}


@dataclass(frozen=True)
class Contract:
    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ContractError(f"level {self.level} is not a contract level: bids go from 1 to 7")

    @property
    def tricks_needed(self) -> int:
        return BOOK + self.level

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{self.doubling.value}"


@dataclass(frozen=True)
class TableResult:
    """One board's outcome at one table: a contract and tricks relative to it, or passed out."""

    contract: Contract | None  # None: all four players passed
    result: int = 0  # 0 made exactly, +n overtricks, -n undertricks

    def __post_init__(self) -> None:
        if self.contract is None:
            if self.result:
                raise ContractError("a passed-out board has no result")
            return
        tricks = self.contract.tricks_needed + self.result
        if tricks > TRICKS_PER_BOARD:
            raise ContractError(
                f"{self.contract}{_format_result(self.result)} would be {tricks} tricks; a board has only 13"
            )
        if tricks < 0:
            raise ContractError(
                f"{self.contract}{_format_result(self.result)} would be {tricks} tricks: "
                f"declarer can go down at most {self.contract.tricks_needed}"
            )

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def tricks(self) -> int | None:
        """Tricks taken by declarer."""
        return None if self.contract is None else self.contract.tricks_needed + self.result

    @property
    def notation(self) -> str:
        if self.contract is None:
            return "PASS"
        seat = self.contract.declarer.value if self.contract.declarer else ""
        c = self.contract
        return f"{c.level}{c.strain.value}{c.doubling.value}{seat}{_format_result(self.result)}"


def _format_result(result: int) -> str:
    return "=" if result == 0 else f"{result:+d}"


_RESULT = re.compile(r"=|[+-]\d+")
_DECLARER_AND_DOUBLING = re.compile(r"(?P<before>[NESW]?)(?P<doubling>X*)(?P<after>[NESW]?)")


def parse_contract(text: str, result: int | None = None, declarer: Seat | None = None) -> TableResult:
    """Read ``4SX-2``-style notation. ``result``/``declarer`` supply what the notation leaves out.

    Raises ContractError with a message naming the faulty part.
    """
    raw = text
    text = text.strip().upper().replace(" ", "")
    for symbol, letter in SUIT_SYMBOLS.items():
        text = text.replace(symbol, letter)
    if not text:
        raise ContractError("empty contract: write e.g. 4S=, 3NTX-1 or PASS")
    if text in ("PASS", "PASSED", "PASSEDOUT", "AP"):
        if result not in (None, 0):
            raise ContractError("a passed-out board has no result")
        return TableResult(None)

    level_digits = re.match(r"\d+", text)
    if not level_digits:
        raise ContractError(f"cannot read contract {raw!r}: it must start with the level (1–7), as in 4S= or 3NT-1")
    level = int(level_digits.group())
    if not 1 <= level <= 7:
        raise ContractError(f"level {level} in {raw!r} is not a contract level: bids go from 1 to 7")
    rest = text[level_digits.end():]

    if rest.startswith("NT"):
        strain, rest = Strain.NOTRUMP, rest[2:]
    elif rest[:1] in ("C", "D", "H", "S"):
        strain, rest = Strain(rest[0]), rest[1:]
    else:
        shown = re.match(r"[^=+\-\d]*", rest).group() or "nothing"
        raise ContractError(f"unknown strain {shown!r} in {raw!r}: use C, D, H, S or NT")

    result_at = re.search(r"[=+\-]", rest)
    letters, result_text = (rest[: result_at.start()], rest[result_at.start():]) if result_at else (rest, "")
    parts = _DECLARER_AND_DOUBLING.fullmatch(letters)
    if not parts or (parts["before"] and parts["after"]):
        if re.fullmatch(r"[NESW]?X{3,}[NESW]?", letters):
            raise ContractError(f"{letters.strip('NESW')!r} in {raw!r}: a contract is undoubled, X (doubled) or XX (redoubled)")
        raise ContractError(f"cannot read {letters!r} in {raw!r}: after the strain come X or XX and the declarer N, E, S or W")
    if len(parts["doubling"]) > 2:
        raise ContractError(f"{parts['doubling']!r} in {raw!r}: a contract is undoubled, X (doubled) or XX (redoubled)")
    doubling = Doubling(parts["doubling"])
    seat_letter = parts["before"] or parts["after"]
    seat = Seat(seat_letter) if seat_letter else None
    if declarer is not None:
        if seat is not None and seat is not declarer:
            raise ContractError(f"{raw!r} names declarer {seat.value} but {declarer.value} was also given")
        seat = declarer

    if result_text:
        if not _RESULT.fullmatch(result_text):
            raise ContractError(f"cannot read the result {result_text!r} in {raw!r}: use =, +n or -n")
        written = 0 if result_text == "=" else int(result_text)
        if result is not None and result != written:
            raise ContractError(f"{raw!r} says {_format_result(written)} but the result {result:+d} was also given")
        result = written
    if result is None:
        raise ContractError(f"{raw!r} has no result: add =, +n or -n (e.g. {text}=)")
    return TableResult(Contract(level, strain, doubling, seat), result)
