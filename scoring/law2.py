"""Law 2: dealer and vulnerability from the board number.

The tables below are the Law 2 tables as printed (2017 laws-2017-en.txt l.21–36, 2007 laws-2007-zh-Hans.txt l.324–332);
"the same sequence is repeated for Boards 17-32 and for each subsequent group of 16 boards".
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from scoring.errors import ScoringError
from scoring.seats import Seat, Vulnerability

BOARDS_PER_CYCLE = 16

DEALER_BOARDS: Mapping[Seat, tuple[int, ...]] = MappingProxyType({
    Seat.N: (1, 5, 9, 13),
    Seat.E: (2, 6, 10, 14),
    Seat.S: (3, 7, 11, 15),
    Seat.W: (4, 8, 12, 16),
})
VULNERABILITY_BOARDS: Mapping[Vulnerability, tuple[int, ...]] = MappingProxyType({
    Vulnerability.NONE: (1, 8, 11, 14),
    Vulnerability.NS: (2, 5, 12, 15),
    Vulnerability.EW: (3, 6, 9, 16),
    Vulnerability.BOTH: (4, 7, 10, 13),
})


@dataclass(frozen=True)
class BoardConditions:
    board: int
    dealer: Seat
    vulnerability: Vulnerability


def board_conditions(board: int) -> BoardConditions:
    """Dealer and vulnerability of a board numbered from 1 (Law 2)."""
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise ScoringError(f"board number {board!r} must be a whole number from 1 up")
    position = (board - 1) % BOARDS_PER_CYCLE + 1
    dealer = next(seat for seat, boards in DEALER_BOARDS.items() if position in boards)
    vulnerability = next(vul for vul, boards in VULNERABILITY_BOARDS.items() if position in boards)
    return BoardConditions(board, dealer, vulnerability)
