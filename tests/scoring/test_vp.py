"""The WBF 2013 continuous VP scale (formula in scoring/vp.py)."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import ScoringError
from scoring.vp import blitz, victory_points, winner_scale


def test_a_draw_is_ten_all():
    assert victory_points(0, 16) == (10.0, 10.0)


def test_the_blitz_is_twenty_nil():
    assert blitz(16) == 60
    assert victory_points(60, 16) == (20.0, 0.0)
    assert victory_points(-250, 16) == (0.0, 20.0)
    assert victory_points(59, 16)[0] < 20


def test_values_the_formula_gives_exactly():
    # At M = B/3 and 2B/3 the formula reduces to 10 + 10·(1 − τ)/(1 − τ³) = 15 and 10 + 10·(1 − τ²)/(1 − τ³) ≈ 18.09.
    assert victory_points(20, 16) == (15.0, 5.0)
    assert victory_points(40, 16) == (18.09, 1.91)
    tau = (math.sqrt(5) - 1) / 2
    assert victory_points(1, 16)[0] == round(10 + 10 * (1 - tau ** (3 / 60)) / (1 - tau ** 3), 2) == 10.31


@pytest.mark.parametrize("boards", [4, 8, 12, 14, 16, 20, 24, 32, 64])
def test_scale_is_increasing_concave_and_capped(boards):
    scale = winner_scale(boards)
    steps = [b - a for a, b in zip(scale, scale[1:])]
    assert scale[0] == 10 and scale[-1] == 20 and len(scale) - 1 == math.ceil(blitz(boards) - 1e-9)
    assert all(step > 0 for step in steps)
    assert all(later <= earlier + 1e-9 for earlier, later in zip(steps, steps[1:]))


@given(st.integers(-200, 200), st.sampled_from([8, 12, 16, 20, 24, 32]))
def test_the_two_sides_share_twenty(margin, boards):
    mine, theirs = victory_points(margin, boards)
    assert round(mine + theirs, 2) == 20
    assert victory_points(-margin, boards) == (theirs, mine)


def test_bad_input():
    with pytest.raises(ScoringError, match="number of boards"):
        victory_points(3, 0)
    with pytest.raises(ScoringError, match="whole number of IMPs"):
        victory_points(2.5, 16)
