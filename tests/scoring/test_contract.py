"""Contract notation (scoring.contract)."""

import pytest

from scoring.contract import Contract, ContractError, Doubling, Strain, TableResult, parse_contract
from scoring.seats import Seat


@pytest.mark.parametrize("text, level, strain, doubling, declarer, result", [
    ("4SX-2", 4, Strain.SPADES, Doubling.DOUBLED, None, -2),
    ("3NT=", 3, Strain.NOTRUMP, Doubling.UNDOUBLED, None, 0),
    ("6HXX+1", 6, Strain.HEARTS, Doubling.REDOUBLED, None, 1),
    ("7NTN=", 7, Strain.NOTRUMP, Doubling.UNDOUBLED, Seat.N, 0),
    ("4SNX-2", 4, Strain.SPADES, Doubling.DOUBLED, Seat.N, -2),  # endplay's order
    ("4sxw-2", 4, Strain.SPADES, Doubling.DOUBLED, Seat.W, -2),
    ("1♣=", 1, Strain.CLUBS, Doubling.UNDOUBLED, None, 0),
    (" 2d x e +1 ", 2, Strain.DIAMONDS, Doubling.DOUBLED, Seat.E, 1),
])
def test_parses_the_notation(text, level, strain, doubling, declarer, result):
    parsed = parse_contract(text)
    assert parsed == TableResult(Contract(level, strain, doubling, declarer), result)


def test_tricks_count_from_book():
    assert parse_contract("4SX-2").tricks == 8
    assert parse_contract("7NT=").tricks == 13
    assert parse_contract("1C-7").tricks == 0


@pytest.mark.parametrize("text", ["pass", "PASS", "Passed"])
def test_passed_out(text):
    parsed = parse_contract(text)
    assert parsed.passed_out and parsed.tricks is None


def test_result_and_declarer_may_come_separately():
    assert parse_contract("4SX", result=-2, declarer=Seat.N) == parse_contract("4SXN-2")
    assert parse_contract("4SX-2", result=-2) == parse_contract("4SX-2")


@pytest.mark.parametrize("text, names", [
    ("8S=", "level 8"),
    ("0S=", "level 0"),
    ("4SXXX-1", "'XXX'"),
    ("4S+8", "18 tricks"),
    ("4S-11", "-1 tricks"),
    ("4Q=", "strain 'Q'"),
    ("", "empty"),
    ("   ", "empty"),
    ("abc", "level"),
    ("4SX", "no result"),
    ("4S=1", "result '=1'"),
    ("4SNS=", "'NS'"),
    ("3N=", "strain 'N'"),
])
def test_bad_notation_names_the_fault(text, names):
    with pytest.raises(ContractError) as info:
        parse_contract(text)
    assert names in str(info.value)


def test_conflicting_result_or_declarer():
    with pytest.raises(ContractError, match="also given"):
        parse_contract("4S-1", result=-2)
    with pytest.raises(ContractError, match="also given"):
        parse_contract("4SN-1", declarer=Seat.E)
