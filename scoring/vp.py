"""The WBF continuous Victory Point scale (2013), a conversion Law 78D lets a Regulating
Authority adopt.

VP = 10 + 10 × (1 − τ^(3M/B)) / (1 − τ³), capped at 20, with τ = (√5 − 1)/2, B = 15 × √boards
and M the IMP margin (WBF Conditions of Contest, 2013 VP scale). Values are rounded to 2 decimals, the loser gets
20 − winner, and the rounded table is made concave: where rounding makes one IMP worth more
than the one before it, the lower entry is raised by 0.01 until no step exceeds its predecessor.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

from scoring.errors import ScoringError

TAU = (math.sqrt(5) - 1) / 2
MAX_VP = 20
DRAW_VP = 10


def blitz(boards: int) -> float:
    """The margin B = 15 × √boards at which the winner has all 20 VPs."""
    _check_boards(boards)
    return 15 * math.sqrt(boards)


def _check_boards(boards: int) -> None:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ScoringError(f"number of boards {boards!r} must be a whole number from 1 up")


def _hundredths(value: float) -> int:
    return int(Decimal(repr(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP) * 100)


@lru_cache(maxsize=64)
def winner_scale(boards: int) -> tuple[float, ...]:
    """The winner's VPs for IMP margins 0, 1, 2 … up to the first margin worth 20.00."""
    b = blitz(boards)
    hundredths: list[int] = []
    margin = 0
    while not hundredths or hundredths[-1] < MAX_VP * 100:
        raw = DRAW_VP + (MAX_VP - DRAW_VP) * (1 - TAU ** (3 * margin / b)) / (1 - TAU ** 3)
        hundredths.append(min(MAX_VP * 100, _hundredths(raw)))
        margin += 1
    changed = True
    while changed:  # concavity: each step no larger than the step before
        changed = False
        for i in range(2, len(hundredths)):
            if hundredths[i] - hundredths[i - 1] > hundredths[i - 1] - hundredths[i - 2]:
                hundredths[i - 1] += 1
                changed = True
    return tuple(h / 100 for h in hundredths)


def victory_points(imp_margin: int, boards: int) -> tuple[float, float]:
    """(VPs of the side with ``imp_margin``, VPs of its opponents); they add up to 20."""
    if isinstance(imp_margin, bool) or not isinstance(imp_margin, int):
        raise ScoringError(f"IMP margin {imp_margin!r} must be a whole number of IMPs")
    scale = winner_scale(boards)
    winner = scale[min(abs(imp_margin), len(scale) - 1)]
    loser = round(MAX_VP - winner, 2)
    return (winner, loser) if imp_margin >= 0 else (loser, winner)
