"""Law 78: matchpoints (78A), the IMP scale (78B), total points (78C), and the widely used methods
a Regulating Authority may approve under 78D: Neuberg's formula, cross-IMPs and Butler.

Scores are from one direction (say North-South) throughout: a higher score is better for that side.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from scoring.errors import ScoringError

# 78B, (low, high, IMPs); high None for "4000 and more". The 0–10 = 0 row is printed only in the 2017
# bilingual text (laws-2017-en-zh-Hant.txt l.6229); laws-2017-en.txt, 2007 (laws-2007-zh-Hans.txt l.3539–3550)
# and 1987 (laws-1987-zh-Hant.txt l.2491–2536) start at 20–40. A difference that falls between printed bands
# (e.g. 45, which real scores never produce) takes the band below: the scale is applied by its lower bounds.
IMP_SCALE: tuple[tuple[int, int | None, int], ...] = (
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
    (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
    (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
    (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22),
    (3500, 3990, 23), (4000, None, 24),
)

SCALES = (2, 1)  # 78A: two units per score beaten, or "matchpoints or half matchpoints"


def imps(difference: int) -> int:
    """78B: the IMPs for a point difference, sign kept (−750 → −13)."""
    size = abs(difference)
    won = max(imps_ for low, _high, imps_ in IMP_SCALE if size >= low)
    return won if difference >= 0 else -won


def _check_scores(scores: Sequence[int], at_least: int = 1) -> None:
    if len(scores) < at_least:
        raise ScoringError(f"need at least {at_least} score{'s' if at_least > 1 else ''} on the board, got {len(scores)}")


def _check_scale(scale: int) -> Fraction:
    if scale not in SCALES:
        raise ScoringError(f"matchpoint scale {scale!r}: use 2 (2/1/0) or 1 (1/½/0)")
    return Fraction(scale, 2)  # value of one "scoring unit"


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def matchpoints(scores: Sequence[int], scale: int = 2) -> tuple[int | float, ...]:
    """78A: each score's matchpoints against the others on the board, in input order.

    Two units for each score beaten, one for each score equal, none for each better; ``scale=1``
    halves them (1 / ½ / 0).
    """
    unit = _check_scale(scale)
    _check_scores(scores)
    return tuple(
        _number(unit * (2 * sum(other < mine for other in scores) + sum(other == mine for other in scores) - 1))
        for mine in scores
    )


def top(results: int, scale: int = 2) -> int | float:
    """The most matchpoints a result can get on a board with ``results`` scores."""
    return _number(_check_scale(scale) * 2 * (results - 1))


def neuberg(mp: float, actual: int, expected: int, scale: int = 2) -> float:
    """Neuberg's formula (a 78D method): matchpoints on a board played ``actual`` times,
    scaled to the ``expected`` number of results: MP' = (MP + u) × E / A − u, u = 1 on the 2/1/0
    scale and ½ on the 1/½/0 scale. Unrounded."""
    unit = _check_scale(scale)
    if actual < 1 or expected < 1:
        raise ScoringError(f"Neuberg needs at least one actual and one expected result, got {actual} and {expected}")
    return float((Fraction(mp) + unit) * expected / actual - unit)


def cross_imps(scores: Sequence[int]) -> tuple[float, ...]:
    """Cross-IMPs (a 78D method): each result IMPed against every other, averaged."""
    _check_scores(scores, at_least=2)
    n = len(scores)
    return tuple(
        sum(imps(mine - other) for j, other in enumerate(scores) if j != i) / (n - 1)
        for i, mine in enumerate(scores)
    )


def butler_datum(scores: Sequence[int], drop: int | None = None) -> int:
    """Butler datum (a 78D method): the mean score after dropping the ``drop`` highest and lowest,
    rounded to the nearest 10 (halves away from zero, so that the datum is the same from either
    direction). By default one of each is dropped when there are more than three results.
    """
    _check_scores(scores)
    if drop is None:
        drop = 1 if len(scores) > 3 else 0
    if drop < 0 or len(scores) - 2 * drop < 1:
        raise ScoringError(f"cannot drop {drop} highest and lowest of {len(scores)} scores")
    kept = sorted(scores)[drop: len(scores) - drop]
    mean = Fraction(sum(kept), len(kept))
    tens = abs(mean) / 10
    rounded = int(tens) + (1 if tens - int(tens) >= Fraction(1, 2) else 0)
    return 10 * rounded * (1 if mean >= 0 else -1)


def butler_imps(scores: Sequence[int], drop: int | None = None) -> tuple[int, ...]:
    """Each result's IMPs against the Butler datum."""
    datum = butler_datum(scores, drop)
    return tuple(imps(score - datum) for score in scores)


def total_points(scores: Sequence[int]) -> int:
    """78C: the net total of a contestant's scores over all boards played."""
    return sum(scores)
