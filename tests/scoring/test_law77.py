"""Law 77 against hand computation, against endplay (all 2,940 cases) and by property."""

import itertools

import pytest
from endplay.types import Contract as EndplayContract
from endplay.types import Denom, Penalty, Player, Vul
from hypothesis import given
from hypothesis import strategies as st

from corpus.sources import read_lines
from scoring import law77
from scoring.contract import Contract, Doubling, Strain, TableResult, parse_contract
from scoring.seats import Seat
from scoring.table_score import score_table


def points(text: str, vulnerable: bool, edition: str = "2017") -> int:
    return law77.score(parse_contract(text), vulnerable, edition).points


# Worked by hand from the 2017 table (laws-2017-en.txt l.2392–2510), never from this module's output.
@pytest.mark.parametrize("text, vulnerable, expected", [
    ("4S=", False, 420),        # 4×30 trick score; game NV 300
    ("3NT=", True, 600),        # 40+30+30; game V 500
    ("4SX-2", True, -500),      # doubled V: 200 first, 300 each additional
    ("1NTXX=", False, 560),     # 4×40 = 160 (game); 300; redoubled made 100
    ("2HX=", False, 470),       # 2×60 = 120 (game); 300; doubled made 50
    ("1CX=", False, 140),       # 40 partscore; 50; doubled made 50
    ("2D=", False, 90),         # 40; partscore 50
    ("3NT-1", False, -50),
    ("6C=", False, 920),        # 120; game 300; small slam NV 500
    ("7NT=", True, 2220),       # 220; game 500; grand slam V 1500
    ("5DX+1", True, 950),       # 200; 500; 50; overtrick doubled V 200
    ("1NT+6", False, 270),      # 40; partscore 50; 6×30 trick value
    ("4SX-4", False, -800),     # 100, 200, 200, then 200+100 (4th-undertrick bonus)
    ("3NTXX-3", True, -1600),   # 400, 600, 600
    ("7NTXX-13", False, -7000), # 200, 400, 400, then 10×(400+200)
])
def test_hand_computed_scores(text, vulnerable, expected):
    assert points(text, vulnerable) == expected


def test_breakdown_cites_the_rows_of_each_edition():
    parts_2007 = law77.score(parse_contract("6NTX+1"), True, "2007").parts
    assert [(p.points, p.citation) for p in parts_2007] == [
        (380, "77A2"), (500, "77B3"), (750, "77B1"), (50, "77B3"), (200, "77B2")]
    parts_1987 = law77.score(parse_contract("4HX-1"), False, "1987").parts
    assert [(p.points, p.citation) for p in parts_1987] == [(-100, "77C")]
    assert {p.citation for p in law77.score(parse_contract("3NT="), False, "2017").parts} == {"77"}


def test_passed_out_is_zero_but_only_2007_and_2017_say_so():
    assert law77.score(TableResult(None), edition="2017").parts[0].citation == "77"
    assert law77.score(TableResult(None), edition="2007").parts[0].citation == "77D"
    scored_1987 = law77.score(TableResult(None), edition="1987")
    assert scored_1987.points == 0 and scored_1987.parts[0].citation is None


def test_passed_out_clause_is_in_the_2007_and_2017_texts_only():
    assert read_lines("2017-english")[2510 - 1] == "If all four players pass (see Law 22) each side enters a zero score."
    assert read_lines("2007-zh-Hans")[3518 - 1].startswith("如果四位牌手都不叫牌（参照第 22 条），每方各得 0 分。")
    assert not any("派司" in line or "都不叫" in line for line in read_lines("1987-zh-Hant")[2330 - 1:2478 - 1])


def test_undertrick_rows_match_the_2007_table():
    # laws-2007-zh-Hans.txt l.3511–3515: NV undoubled/doubled/redoubled then V undoubled/doubled/redoubled.
    lines = read_lines("2007-zh-Hans")
    assert lines[3511 - 1].split()[1:] == ["50", "100", "200", "100", "200", "400"]
    assert lines[3513 - 1].split()[1:] == ["50", "200", "400", "100", "300", "600"]
    assert lines[3515 - 1].split()[1:] == ["0", "100", "200", "0", "0", "0"]
    table = [law77.FIRST_UNDERTRICK, law77.EACH_ADDITIONAL_UNDERTRICK, law77.FOURTH_AND_SUBSEQUENT_BONUS]
    for line_no, row in zip((3511, 3513, 3515), table):
        cells = [int(c) for c in lines[line_no - 1].split()[1:]]
        by_doubling = [row[d] for d in Doubling]
        assert cells == [v[0] for v in by_doubling] + [v[1] for v in by_doubling]


STRAINS = {Strain.CLUBS: Denom.clubs, Strain.DIAMONDS: Denom.diamonds, Strain.HEARTS: Denom.hearts,
           Strain.SPADES: Denom.spades, Strain.NOTRUMP: Denom.nt}
PENALTIES = {Doubling.UNDOUBLED: Penalty.passed, Doubling.DOUBLED: Penalty.doubled,
             Doubling.REDOUBLED: Penalty.redoubled}


def test_every_case_agrees_with_endplay():
    """7 levels × 5 strains × 3 doublings × 2 vulnerabilities × 14 trick counts = 2,940."""
    cases = list(itertools.product(range(1, 8), Strain, Doubling, (False, True), range(14)))
    assert len(cases) == 2940
    for level, strain, doubling, vulnerable, tricks in cases:
        result = tricks - 6 - level
        ours = law77.score(TableResult(Contract(level, strain, doubling, Seat.N), result), vulnerable).points
        reference = EndplayContract(level=level, denom=STRAINS[strain], declarer=Player.north,
                                    penalty=PENALTIES[doubling], result=result)
        assert ours == reference.score(Vul.ns if vulnerable else Vul.none), (level, strain, doubling, vulnerable, tricks)


contracts = st.builds(lambda level, strain, doubling: (level, strain, doubling),
                      st.integers(1, 7), st.sampled_from(list(Strain)), st.sampled_from(list(Doubling)))


@given(contracts, st.booleans(), st.integers(0, 13))
def test_partners_score_alike(contract, vulnerable, tricks):
    """Through the seat-aware entry point: the seat decides the side, the side its vulnerability."""
    level, strain, doubling = contract
    notation = f"{level}{strain.value}{doubling.value}"
    vul = "ns" if vulnerable else "ew"  # one side vulnerable, the other not
    by_seat = {seat: score_table(notation, result=tricks - 6 - level, declarer=seat, vul=vul).to_json()
               for seat in "NESW"}
    assert by_seat["N"]["score"] == by_seat["S"]["score"] and by_seat["E"]["score"] == by_seat["W"]["score"]
    assert by_seat["N"]["ns_score"] == by_seat["S"]["ns_score"] == by_seat["N"]["score"]
    assert by_seat["E"]["ns_score"] == -by_seat["E"]["score"]
    # the two sides differ in vulnerability, so each scores as its own vulnerability says
    assert by_seat["N"]["vulnerable"] is vulnerable and by_seat["E"]["vulnerable"] is not vulnerable
    nv, v = (law77.score(TableResult(Contract(level, strain, doubling), tricks - 6 - level), flag).points
             for flag in (False, True))
    assert (by_seat["N"]["score"], by_seat["E"]["score"]) == ((v, nv) if vulnerable else (nv, v))


@given(contracts, st.booleans(), st.integers(0, 12))
def test_one_more_trick_never_scores_less(contract, vulnerable, tricks):
    level, strain, doubling = contract

    def at(taken):
        return law77.score(TableResult(Contract(level, strain, doubling), taken - 6 - level), vulnerable).points

    assert at(tricks + 1) >= at(tricks)
