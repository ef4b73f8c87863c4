"""Law 77: the duplicate bridge scoring table.

Every number here is a cell of the Law 77 table (2017: laws-2017-en.txt l.2392–2510; the same numbers in
2007, laws-2007-zh-Hans.txt l.3456–3518, and 1987, laws-1987-zh-Hant.txt l.2330–2475). Columns are indexed by
``Doubling.index`` (undoubled, doubled, redoubled); pairs are (not vulnerable, vulnerable).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from scoring import editions
from scoring.contract import Doubling, Strain, TableResult

# Trick Score: "For each odd trick bid and made" (undoubled, doubled, redoubled).
# For no-trump this is "each additional odd trick"; the first is NOTRUMP_FIRST_TRICK.
TRICK_SCORE: Mapping[Strain, tuple[int, int, int]] = MappingProxyType({
    Strain.CLUBS: (20, 40, 80),
    Strain.DIAMONDS: (20, 40, 80),
    Strain.HEARTS: (30, 60, 120),
    Strain.SPADES: (30, 60, 120),
    Strain.NOTRUMP: (30, 60, 120),
})
NOTRUMP_FIRST_TRICK: tuple[int, int, int] = (40, 80, 160)
GAME_THRESHOLD = 100  # "A trick score of 100 points or more, made on one board, is GAME."

# Premium Score (not vulnerable, vulnerable).
SLAM_BONUS: Mapping[int, tuple[int, int]] = MappingProxyType({6: (500, 750), 7: (1000, 1500)})
OVERTRICK_VALUE: Mapping[Doubling, tuple[int, int] | None] = MappingProxyType({
    Doubling.UNDOUBLED: None,  # "Trick Value"
    Doubling.DOUBLED: (100, 200),
    Doubling.REDOUBLED: (200, 400),
})
GAME_BONUS: tuple[int, int] = (300, 500)
PARTSCORE_BONUS = 50
FULFILLING_BONUS: Mapping[Doubling, int] = MappingProxyType({
    Doubling.UNDOUBLED: 0,
    Doubling.DOUBLED: 50,  # "For making any doubled, but not redoubled contract"
    Doubling.REDOUBLED: 100,  # "For making any redoubled contract"
})

# Undertrick Penalties, by doubling: (not vulnerable, vulnerable).
FIRST_UNDERTRICK: Mapping[Doubling, tuple[int, int]] = MappingProxyType({
    Doubling.UNDOUBLED: (50, 100), Doubling.DOUBLED: (100, 200), Doubling.REDOUBLED: (200, 400),
})
EACH_ADDITIONAL_UNDERTRICK: Mapping[Doubling, tuple[int, int]] = MappingProxyType({
    Doubling.UNDOUBLED: (50, 100), Doubling.DOUBLED: (200, 300), Doubling.REDOUBLED: (400, 600),
})
FOURTH_AND_SUBSEQUENT_BONUS: Mapping[Doubling, tuple[int, int]] = MappingProxyType({
    Doubling.UNDOUBLED: (0, 0), Doubling.DOUBLED: (100, 0), Doubling.REDOUBLED: (200, 0),
})


@dataclass(frozen=True)
class ScorePart:
    """One line of a score: its points, the Law 77 row it comes from and that row's citation."""

    label: str
    points: int
    row: str
    citation: str | None  # None: the edition has no such clause (1987 passed-out board)


@dataclass(frozen=True)
class ContractScore:
    """A board's score for declarer's side (negative when the contract fails)."""

    points: int
    parts: tuple[ScorePart, ...]
    edition: str


def trick_score(result: TableResult) -> int:
    """Trick points for the odd tricks bid (not overtricks), doubled or redoubled as the contract."""
    contract = result.contract
    column = contract.doubling.index
    points = TRICK_SCORE[contract.strain][column] * contract.level
    if contract.strain is Strain.NOTRUMP:
        points += NOTRUMP_FIRST_TRICK[column] - TRICK_SCORE[Strain.NOTRUMP][column]
    return points


def undertrick_penalty(undertricks: int, doubling: Doubling, vulnerable: bool) -> int:
    """Undertrick Penalties for ``undertricks`` ≥ 1 (a positive number, scored by the defenders)."""
    v = int(vulnerable)
    points = FIRST_UNDERTRICK[doubling][v] + EACH_ADDITIONAL_UNDERTRICK[doubling][v] * (undertricks - 1)
    return points + FOURTH_AND_SUBSEQUENT_BONUS[doubling][v] * max(0, undertricks - 3)


def score(result: TableResult, vulnerable: bool = False, edition: str = "2017") -> ContractScore:
    """Law 77: the score of one table result for declarer's side, with a cited breakdown."""
    rules = editions.rules_for(edition)

    def part(label: str, points: int, row: str, citation: str | None = None) -> ScorePart:
        return ScorePart(label, points, row, citation or editions.law77_citation(rules, row))

    if result.contract is None:
        # 2007 77D / 2017: "each side enters a zero score"; 1987 has no clause, zero all the same.
        label = "passed out" if rules.passed_out else "passed out (no clause in this edition; zero by convention)"
        parts = (part(label, 0, editions.PASSED_OUT, rules.passed_out),)
        return ContractScore(0, parts, rules.edition)

    contract = result.contract
    v = int(vulnerable)
    if result.result < 0:
        down = -result.result
        points = -undertrick_penalty(down, contract.doubling, vulnerable)
        parts = (part(f"{down} undertrick{'s' if down > 1 else ''}", points, editions.UNDERTRICKS),)
        return ContractScore(points, parts, rules.edition)

    tricks = trick_score(result)
    trick_row_citation = rules.notrump_trick_score if contract.strain is Strain.NOTRUMP else None
    parts = [part(f"trick score ({contract.level} odd trick{'s' if contract.level > 1 else ''})",
                  tricks, editions.TRICK_SCORE, trick_row_citation)]
    if tricks >= GAME_THRESHOLD:
        parts.append(part("game, vulnerable" if vulnerable else "game, not vulnerable",
                          GAME_BONUS[v], editions.PREMIUMS))
    else:
        parts.append(part("partscore", PARTSCORE_BONUS, editions.PREMIUMS))
    if contract.level in SLAM_BONUS:
        parts.append(part("grand slam" if contract.level == 7 else "small slam",
                          SLAM_BONUS[contract.level][v], editions.SLAMS))
    if FULFILLING_BONUS[contract.doubling]:
        parts.append(part(f"making a {'re' if contract.doubling is Doubling.REDOUBLED else ''}doubled contract",
                          FULFILLING_BONUS[contract.doubling], editions.PREMIUMS))
    if result.result > 0:
        per_trick = OVERTRICK_VALUE[contract.doubling]
        value = TRICK_SCORE[contract.strain][0] if per_trick is None else per_trick[v]
        parts.append(part(f"{result.result} overtrick{'s' if result.result > 1 else ''}",
                          value * result.result, editions.OVERTRICKS))
    return ContractScore(sum(p.points for p in parts), tuple(parts), rules.edition)
