"""Law 2: dealer and vulnerability by board number (tables at laws-2017-en.txt l.21–40)."""

import pytest

from scoring.errors import ScoringError
from scoring.law2 import board_conditions
from scoring.seats import Seat, Vulnerability

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NONE, NS, EW, BOTH = Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH

# Read off the printed law: "North Dealer Boards 1 5 9 13" … "Both Sides Vulnerable Boards 4 7 10 13".
EXPECTED = {
    1: (N, NONE), 2: (E, NS), 3: (S, EW), 4: (W, BOTH), 5: (N, NS), 6: (E, EW), 7: (S, BOTH), 8: (W, NONE),
    9: (N, EW), 10: (E, BOTH), 11: (S, NONE), 12: (W, NS), 13: (N, BOTH), 14: (E, NONE), 15: (S, NS), 16: (W, EW),
}


@pytest.mark.parametrize("board", range(1, 17))
def test_boards_1_to_16(board):
    conditions = board_conditions(board)
    assert (conditions.dealer, conditions.vulnerability) == EXPECTED[board]


@pytest.mark.parametrize("board, same_as", [(17, 1), (33, 1), (32, 16), (20, 4), (100, 4)])
def test_the_sequence_repeats_every_16(board, same_as):
    assert board_conditions(board).vulnerability is board_conditions(same_as).vulnerability
    assert board_conditions(board).dealer is board_conditions(same_as).dealer


@pytest.mark.parametrize("board", [0, -3, 1.5, "7", True])
def test_bad_board_numbers(board):
    with pytest.raises(ScoringError, match="board number"):
        board_conditions(board)
