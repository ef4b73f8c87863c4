"""Law 12C: artificial and weighted adjusted scores, by edition."""

from fractions import Fraction

import pytest

from scoring.errors import NotInEdition, ScoringError, UnknownEdition
from scoring.law12 import Fault, artificial_imps, artificial_pairs, weighted_imps, weighted_score


@pytest.mark.parametrize("fault, percent", [
    (Fault.DIRECTLY_AT_FAULT, 40), (Fault.PARTLY_AT_FAULT, 50), (Fault.NOT_AT_FAULT, 60)])
@pytest.mark.parametrize("edition, citation", [("2017", "12C2(a)"), ("2007", "12C2(a)"), ("1987", "12C1")])
def test_artificial_pairs(fault, percent, edition, citation):
    score = artificial_pairs(fault, edition=edition)
    assert (score.value, score.unit, score.citation) == (percent, "%", citation)


def test_session_percentage_override():
    # 2017 12C2(c) (laws-2017-en.txt l.263–268) covers both sides; 1987 Law 88 (laws-1987-zh-Hant.txt l.2755)
    # only the non-offender.
    assert artificial_pairs(Fault.NOT_AT_FAULT, 64.5).value == 64.5
    assert artificial_pairs(Fault.NOT_AT_FAULT, 64.5).citation == "12C2(c)"
    assert artificial_pairs(Fault.NOT_AT_FAULT, 55).value == 60
    assert artificial_pairs(Fault.DIRECTLY_AT_FAULT, 35).value == 35
    assert artificial_pairs(Fault.DIRECTLY_AT_FAULT, 35, edition="1987").value == 40
    assert artificial_pairs(Fault.NOT_AT_FAULT, 70, edition="1987").citation == "88"
    with pytest.raises(ScoringError, match="between 0 and 100"):
        artificial_pairs(Fault.NOT_AT_FAULT, 140)


def test_artificial_imps():
    assert artificial_imps(Fault.NOT_AT_FAULT).value == 3
    assert artificial_imps(Fault.DIRECTLY_AT_FAULT).value == -3
    assert artificial_imps(Fault.DIRECTLY_AT_FAULT, "2007").citation == "12C2(b)"
    assert artificial_imps(Fault.NOT_AT_FAULT, "1987").citation == "86A"
    with pytest.raises(NotInEdition, match="86A gives only average plus"):
        artificial_imps(Fault.DIRECTLY_AT_FAULT, "1987")


def test_the_2007_footnote_example():
    # laws-2007-zh-Hans.txt l.676–680: ⅔ 4♠= (620), ⅓ 4♠−1 (−100), other table 3♠= (140) → ⅔×10 + ⅓×(−6) = 4.67 IMP.
    outcomes = [(Fraction(2, 3), 620), (Fraction(1, 3), -100)]
    assert round(weighted_imps(outcomes, 140, "2007"), 2) == 4.67
    assert round(weighted_imps([(2 / 3, 620), (1 / 3, -100)], 140), 2) == 4.67


def test_weighting_with_any_rating():
    assert weighted_score([(0.5, 420), (0.5, -50)], lambda s: 1 if s > 0 else 0) == 0.5


def test_weighting_is_not_in_1987_and_weights_must_add_up():
    with pytest.raises(NotInEdition, match="1987"):
        weighted_imps([(1, 620)], 140, "1987")
    with pytest.raises(ScoringError, match="add up to 1"):
        weighted_imps([(0.5, 620), (0.4, -100)], 140)
    with pytest.raises(ScoringError, match="positive"):
        weighted_imps([(1.5, 620), (-0.5, -100)], 140)
    with pytest.raises(UnknownEdition):
        weighted_imps([(1, 620)], 140, "1997")
