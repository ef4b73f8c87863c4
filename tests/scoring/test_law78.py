"""Law 78: matchpoints, the IMP scale and the 78D methods (Neuberg, cross-IMPs, Butler)."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from corpus.sources import read_lines
from scoring.errors import ScoringError
from scoring.law78 import IMP_SCALE, butler_datum, butler_imps, cross_imps, imps, matchpoints, neuberg, top, total_points


@pytest.mark.parametrize("difference, expected", [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (480, 10), (3990, 23), (4000, 24), (50000, 24),
    (-20, -1), (-750, -13), (-4000, -24),
])
def test_imp_band_edges(difference, expected):
    assert imps(difference) == expected


def test_every_band_edge_of_the_table():
    for low, high, won in IMP_SCALE:
        assert imps(low) == won and imps(-low) == -won
        if high is not None:
            assert imps(high) == won and imps(high + 10) == won + 1


def test_imp_scale_matches_the_2007_table():
    # laws-2007-zh-Hans.txt l.3539–3550, two (range, IMPs) pairs per line: "20～40 1  750～890 13".
    printed = []
    for line in read_lines("2007-zh-Hans")[3539 - 1:3550]:
        for low, high, won in re.findall(r"(\d+)(?:～(\d+)| 及以上) (\d+)", line):
            printed.append((int(low), int(high) if high else None, int(won)))
    assert sorted(printed, key=lambda row: row[2]) == list(IMP_SCALE[1:])


def test_the_2017_bilingual_table_prints_the_zero_row():
    assert read_lines("2017-bilingual")[6229 - 1].startswith("0–10 0 ")
    assert IMP_SCALE[0] == (0, 10, 0)


@given(st.integers(-10000, 10000))
def test_imps_are_odd_symmetric(difference):
    assert imps(-difference) == -imps(difference)


@given(st.integers(0, 10000), st.integers(0, 100))
def test_imps_never_fall_as_the_difference_grows(difference, more):
    assert imps(difference + more) >= imps(difference)


def test_matchpoints_two_units_per_score_beaten_one_per_tie():
    assert matchpoints([420, 450, -50, 420]) == (3, 6, 0, 3)
    assert matchpoints([420, 450, -50, 420], scale=1) == (1.5, 3, 0, 1.5)
    assert matchpoints([-50, 90, 90, 90]) == (0, 4, 4, 4)
    assert matchpoints([100]) == (0,)
    assert top(4) == 6 and top(4, scale=1) == 3


def test_matchpoints_sum_to_the_pairs_of_results():
    scores = [620, 170, 140, 140, -100, 650, 620]
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)


def test_bad_scale_or_empty_board():
    with pytest.raises(ScoringError, match="scale"):
        matchpoints([1, 2], scale=3)
    with pytest.raises(ScoringError, match="at least 1"):
        matchpoints([])


def test_neuberg():
    # 4 of a possible 10 (6 results) when 7 were expected → (4 + 1) × 7/6 − 1 = 4.83 of 12.
    assert round(neuberg(4, actual=6, expected=7), 2) == 4.83
    assert top(7) == 12
    assert round(neuberg(10, actual=6, expected=7), 2) == 11.83  # (10 + 1) × 7/6 − 1 = 71/6
    assert neuberg(2, actual=6, expected=7, scale=1) == pytest.approx((2 + 0.5) * 7 / 6 - 0.5)
    assert neuberg(4, actual=7, expected=7) == 4


def test_cross_imps_bridge_scorer_vector():
    # npm bridge-scorer test/imps.js, "scores cross imps".
    assert [round(x, 2) for x in cross_imps([620, 170, 140, 140, -100])] == [10.50, -0.25, -1.25, -1.25, -7.75]


def test_butler_datum_drops_the_extremes():
    # bridge-scorer test/imps.js, "Butler pairs": three results, none dropped, mean 340.
    assert butler_datum([650, 170, 200]) == 340
    # six results from NS: 100, -170, -170, -200, -650, -1440; drop 100 and -1440 → -297.5 → -300.
    scores = [-650, -170, -1440, 100, -170, -200]
    assert butler_datum(scores) == -300
    assert butler_imps(scores) == (-8, 4, -15, 9, 4, 3)


def test_butler_datum_is_symmetric_between_directions():
    assert butler_datum([35, 10]) == 20 and butler_datum([-35, -10]) == -20  # ±22.5 → ±20
    assert butler_datum([150, 100]) == 130 and butler_datum([-150, -100]) == -130  # ±125 → ±130


def test_total_points():
    assert total_points([420, -50, 0, 1430]) == 1800
