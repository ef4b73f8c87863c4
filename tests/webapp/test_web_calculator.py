"""The scoring calculator and board scorer pages: Law 77 scores with cited breakdowns, Law 78
matchpoints, Neuberg and IMPs; bad input gives the form back with a message and status 400."""

import re

import pytest
from pages import visible_text

from webapp import create_app

HOSTILE = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def corpus_client():
    """The real corpus (no search index needed): the 2007 and 1987 Law 77 citations exist."""
    return create_app({"TESTING": True}).test_client()


def test_empty_form_is_shown_without_an_error(client):
    response = client.get("/calculator")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'action="/calculator"' in page and 'name="contract"' in page
    assert "Cannot score" not in page


@pytest.mark.parametrize(
    "query",
    ["contract=4SX-2&declarer=N&vul=ns", "contract=4SX&result=-2&declarer=N&vul=ns", "contract=4SXN&result=-2&board=5"],
)
def test_doubled_vulnerable_two_down(client, query):
    # Law 77: doubled, vulnerable: 200 for the first undertrick, 300 for the second. Board 5 is
    # North-South vulnerable (Law 2).
    response = client.get("/calculator?" + query)
    assert response.status_code == 200
    text = visible_text(response.get_data(as_text=True))
    assert "Score for declarer’s side -500" in text
    assert "North-South score -500" in text
    assert breakdown_rows(response.get_data(as_text=True)) == [("2 undertricks", "-500", "Undertrick Penalties", "77")]


def breakdown_rows(page: str) -> list[tuple[str, ...]]:
    """(part, points, Law 77 row, law) per row of the breakdown table, as the reader sees them."""
    body = page.split('<table class="breakdown">', 1)[1].split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [tuple(visible_text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S))
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


def test_breakdown_parts_link_to_law_77(client):
    page = client.get("/calculator?contract=4H%2B1&declarer=S&vul=none").get_data(as_text=True)
    # trick score 120, game not vulnerable 300, one overtrick 30 = 450
    assert "Score for declarer’s side 450" in visible_text(page)
    assert [row[:2] for row in breakdown_rows(page)] == [
        ("trick score (4 odd tricks)", "120"), ("game, not vulnerable", "300"), ("1 overtrick", "30"),
    ]
    assert page.count('<a href="/laws/2017/77">77</a>') == 3


def test_east_west_declarer_gives_the_opposite_north_south_score(client):
    text = visible_text(client.get("/calculator?contract=3NTE%3D&board=3").get_data(as_text=True))
    # Board 3: East-West vulnerable, dealer South (Law 2); 3NT= vulnerable: 100 + 500 + 0 = 600.
    assert "Board 3: dealer S, vulnerable: East-West" in text
    assert "Score for declarer’s side 600" in text and "North-South score -600" in text


def test_each_edition_links_its_own_law_77_provisions(corpus_client):
    page = corpus_client.get("/calculator?contract=4SX-2&declarer=N&vul=ns&edition=2007").get_data(as_text=True)
    assert 'href="/laws/2007/77#law-77C"' in page  # 2007 77C: undertrick penalties
    page = corpus_client.get("/calculator?contract=6NT%3D&declarer=N&vul=none&edition=1987").get_data(as_text=True)
    assert 'href="/laws/1987/77#law-77A"' in page and 'href="/laws/1987/77#law-77B"' in page
    text = visible_text(corpus_client.get("/calculator?contract=pass&edition=1987").get_data(as_text=True))
    assert "no clause in 1987" in text  # 1987 Law 77 has no passed-out clause


@pytest.mark.parametrize(
    "query, message",
    [
        ("contract=8S%3D", "level 8"),
        ("contract=4SXXX-1", "a contract is undoubled, X (doubled) or XX (redoubled)"),
        ("contract=4S%2B8", "would be 18 tricks"),
        ("contract=4Q%3D", "unknown strain 'Q'"),
        ("contract=", "Give a contract"),
        ("contract=4S", "has no result"),
        ("contract=4S&result=abc", "Result 'abc'"),
        ("contract=4S%3D&board=x", "Board number 'x' is not a whole number"),
        ("contract=4S%3D&board=0", "Board number '0' must be at least 1"),
        ("contract=4S%3D&edition=1999", "unknown edition '1999'"),
        ("contract=4S%3D&declarer=Q", "Declarer 'Q'"),
        ("contract=4S%3D&vul=all-red", "unknown vulnerability"),
        ("contract=4S%3D&vul=ns&board=3", "not both"),
        ("contract=4S%3D&vul=ns", "the declarer decides the score"),
    ],
)
def test_bad_input_gives_the_form_back_with_400(client, query, message):
    response = client.get("/calculator?" + query)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert 'name="contract"' in page  # the form again, filled in
    assert message in visible_text(page)


@pytest.mark.parametrize("field", ["contract", "result", "declarer", "vul", "board", "edition"])
def test_hostile_input_in_every_field_is_escaped(client, field):
    response = client.get("/calculator", query_string={"contract": "4S=", field: HOSTILE})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert HOSTILE not in page
    if field in ("contract", "result", "board"):  # echoed back in the form
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_overlong_input_is_400(client):
    assert client.get("/calculator", query_string={"contract": "4" * 501}).status_code == 400
    assert client.get("/calculator/board", query_string={"results": "620," * 200}).status_code == 400


def test_law_pages_of_laws_77_link_to_the_calculator(client):
    assert 'href="/calculator"' in client.get("/laws/2017/77").get_data(as_text=True).split("<main", 1)[1]
    law12 = client.get("/laws/2017/12").get_data(as_text=True)
    assert "Scoring calculator (Laws 2, 77, 78)" not in law12


# -- the board scorer ---------------------------------------------------------------------------
def board_rows(page: str) -> list[list[str]]:
    body = page.split('<table class="board-scores">', 1)[1].split("</table>", 1)[0]
    return [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", body)[1:]]


def test_board_scorer_matchpoints_on_both_scales(client):
    # Law 78A: two per score beaten, one per score equal (same vector as the API test).
    page = client.get("/calculator/board?results=620,170,140,140,-100").get_data(as_text=True)
    assert [row[:2] for row in board_rows(page)] == [["620", "8"], ["170", "6"], ["140", "3"], ["140", "3"], ["-100", "0"]]
    assert "Top: 8 matchpoints" in visible_text(page)
    page = client.get("/calculator/board?results=620 170 140 140 -100&scale=1").get_data(as_text=True)
    assert [row[1] for row in board_rows(page)] == ["4", "3", "1.5", "1.5", "0"]


def test_board_scorer_neuberg_and_cross_imps(client):
    page = client.get("/calculator/board?results=620,170,140,140,-100&expected=6").get_data(as_text=True)
    rows = board_rows(page)
    # Neuberg: (8 + 1) × 6 / 5 − 1 = 9.8 of a top of 10.
    assert rows[0][:4] == ["620", "8", "9.80", "98.0"]
    # Cross-IMPs of 620: against 170 (450 → 10), 140 twice (480 → 10), -100 (720 → 12): 42 / 4.
    assert rows[0][4] == "+10.50"


def test_board_scorer_imps_for_two_tables_and_contracts_scored_by_board(client):
    # Board 1, nobody vulnerable (Law 2): 4♠ by North making = +420; 3NT by East one down = +50 to NS.
    text = visible_text(client.get("/calculator/board?results=4SN%3D,3NTE-1&board=1").get_data(as_text=True))
    # Law 78B: a difference of 370 is 9 IMPs (370–420).
    assert "Team match: 420 against 50 is a difference of 370 points = 9 IMPs" in text


@pytest.mark.parametrize(
    "query, message",
    [
        ("results=620", "at least two results"),
        ("results=", "at least two results"),
        ("results=620,abc", "'abc' is neither"),
        ("results=620,4Q%3D", "unknown strain 'Q'"),
        ("results=620,8S%3D", "level 8"),
        ("results=620,4S%3D&vul=ns", "the declarer decides the score"),
        ("results=620,170&scale=3", "choose 2/1/0 or 1/½/0"),
        ("results=620,170&expected=0", "must be at least 1"),
        ("results=620,170&expected=x", "is not a whole number"),
        ("results=620,170&edition=1999", "unknown edition '1999'"),
    ],
)
def test_board_scorer_bad_input_is_400_with_the_form(client, query, message):
    response = client.get("/calculator/board?" + query)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert 'name="results"' in page and message in visible_text(page)


@pytest.mark.parametrize("field", ["results", "board", "vul", "scale", "expected", "edition"])
def test_board_scorer_escapes_hostile_input(client, field):
    response = client.get("/calculator/board", query_string={"results": "620,170", field: HOSTILE})
    assert response.status_code == 400
    assert HOSTILE not in response.get_data(as_text=True)
