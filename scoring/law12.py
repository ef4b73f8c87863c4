"""Law 12C: adjusted scores. Artificial scores (average plus / average / average minus) and
weighted assigned scores.

2017 12C2(a) (laws-2017-en.txt l.252–257): "average minus (at most 40% of the available matchpoints in
pairs) ... average (50% in pairs) ... average plus (at least 60% in pairs)"; 12C2(b) (l.258–260):
"plus 3 IMPs or minus 3 IMPs". What changes by edition is in ``scoring.editions``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Callable, Sequence

from scoring import editions
from scoring.errors import NotInEdition, ScoringError
from scoring.law78 import imps


class Fault(Enum):
    """A contestant's share of responsibility for the irregularity (12C2(a))."""

    DIRECTLY_AT_FAULT = "directly at fault"  # average minus
    PARTLY_AT_FAULT = "partly at fault"  # average
    NOT_AT_FAULT = "in no way at fault"  # average plus


ARTIFICIAL_PERCENT = {Fault.DIRECTLY_AT_FAULT: 40, Fault.PARTLY_AT_FAULT: 50, Fault.NOT_AT_FAULT: 60}
ARTIFICIAL_IMPS = {Fault.DIRECTLY_AT_FAULT: -3, Fault.PARTLY_AT_FAULT: 0, Fault.NOT_AT_FAULT: 3}
NAMES = {Fault.DIRECTLY_AT_FAULT: "average minus", Fault.PARTLY_AT_FAULT: "average", Fault.NOT_AT_FAULT: "average plus"}


@dataclass(frozen=True)
class ArtificialScore:
    name: str  # "average plus" …
    value: float  # percent of the available matchpoints (pairs) or IMPs (IMP play)
    unit: str  # "%" or "IMPs"
    citation: str


def artificial_pairs(fault: Fault, session_percent: float | None = None, edition: str = "2017") -> ArtificialScore:
    """12C2(a) in pairs: 40 / 50 / 60 % of the available matchpoints.

    ``session_percent`` applies the override (2007/2017 12C2(c), 1987 Law 88): a non-offending
    contestant scoring over 60% on the session's other boards gets that percentage, and (not in
    1987) an offending contestant below 40% gets its lower percentage.
    """
    rules = editions.rules_for(edition)
    percent: float = ARTIFICIAL_PERCENT[fault]
    citation = rules.artificial_pairs
    if session_percent is not None:
        if not 0 <= session_percent <= 100:
            raise ScoringError(f"session percentage {session_percent} must be between 0 and 100")
        if fault is Fault.NOT_AT_FAULT and session_percent > percent:
            percent, citation = session_percent, rules.session_percentage
        elif fault is Fault.DIRECTLY_AT_FAULT and rules.session_percentage_offender and session_percent < percent:
            percent, citation = session_percent, rules.session_percentage
    return ArtificialScore(NAMES[fault], percent, "%", citation)


def artificial_imps(fault: Fault, edition: str = "2017") -> ArtificialScore:
    """12C2(b) at IMP play: average plus +3 IMPs, average minus −3 IMPs (average is 0).

    1987 Law 86A gives only average plus (3 IMPs); asking it for average minus is NotInEdition.
    """
    rules = editions.rules_for(edition)
    if fault is Fault.DIRECTLY_AT_FAULT and not rules.average_minus_imps:
        raise NotInEdition(f"the {rules.edition} Laws give no IMP value for average minus "
                           f"(Law {rules.artificial_imps} gives only average plus = 3 IMPs)")
    return ArtificialScore(NAMES[fault], ARTIFICIAL_IMPS[fault], "IMPs", rules.artificial_imps)


Weight = Fraction | float | int


def _weights(outcomes: Sequence[tuple[Weight, int]], edition: str) -> None:
    rules = editions.rules_for(edition)
    if rules.weighted is None:
        raise NotInEdition(f"the {rules.edition} Laws have no weighted assigned scores: the Director "
                           "assigns the most favourable / least favourable result (12C2)")
    if not outcomes:
        raise ScoringError("a weighted score needs at least one outcome")
    if any(weight <= 0 for weight, _score in outcomes):
        raise ScoringError("every weight of a weighted score must be positive")
    total = sum(weight for weight, _score in outcomes)
    if not math.isclose(float(total), 1.0, abs_tol=1e-9):
        raise ScoringError(f"the weights of a weighted score must add up to 1, not {float(total):g}")


def weighted_score(outcomes: Sequence[tuple[Weight, int]], rate: Callable[[int], float],
                   edition: str = "2017") -> float:
    """12C1(c): an assigned score weighted over possible outcomes, each ``(weight, score)``.

    Each outcome is rated first (``rate`` turns a table score into IMPs or matchpoints) and the
    ratings are weighted, as the 2007 footnote to 12C1(c) does.
    """
    _weights(outcomes, edition)
    return float(sum(Fraction(weight) * Fraction(rate(score)) for weight, score in outcomes))


def weighted_imps(outcomes: Sequence[tuple[Weight, int]], other_table: int, edition: str = "2017") -> float:
    """12C1(c) at teams: IMPs of each weighted outcome against the other table's score (both from
    the same direction). 2007 footnote: ⅔ × 620 and ⅓ × −100 against 140 → 4.67 IMPs."""
    return weighted_score(outcomes, lambda score: imps(score - other_table), edition)
