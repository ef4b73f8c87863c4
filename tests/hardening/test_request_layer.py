"""corpus/requests.py: every parameter checked in one place, two error families (issue 12 item 4,
issue 13 item 3): malformed → 400 / exit 2, absent → 404 / exit 1; numbers in ASCII digits only."""

from __future__ import annotations

import pytest

from bridgelaws.cli import main
from corpus import requests


@pytest.mark.parametrize(
    "path",
    [
        "/api/search?q=revoke&limit=%C2%B2",  # ² passes str.isdigit, fails int()
        "/search?q=revoke&page=%E2%91%A0",  # ①
        "/api/search?q=revoke&page=%E2%91%A0",
        "/search?q=revoke&page=%D9%A1",  # Arabic-Indic 1: int() accepts it, a page number it is not
        "/api/search?q=revoke&limit=1_0",
        "/api/imps?diff=%D9%A1%D9%A2",
        "/api/matchpoints?score=%C2%B2&score=1",
        "/api/score?contract=4S&board=%E2%91%A0",
        "/api/score?contract=4S&result=%C2%B9",
    ],
)
def test_numbers_in_other_digits_are_400_with_a_message(http, path):
    response = http.get(path)
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert "digits 0–9" in body and "Traceback" not in body


def test_api_errors_are_json_from_the_one_layer(http):
    response = http.get("/api/search?q=revoke&limit=%C2%B2")
    assert response.status_code == 400
    assert response.get_json() == {"error": "Limit '²' is not a whole number written in the digits 0–9.", "status": 400}
    assert http.get("/api/search?q=revoke&limit=101").status_code == 400
    assert http.get("/api/search?q=revoke&limit=100").status_code == 200
    assert http.get("/api/laws/2017/12C1?lang=fr").status_code == 400
    assert http.get("/api/laws/2019/12C1").status_code == 404


@pytest.mark.parametrize("law", ["94", "99", "100", "0", "1000"])
def test_a_law_that_does_not_exist_has_one_status_whatever_its_number(http, law, capsys):
    assert main(["lookup", law]) == 1
    err = capsys.readouterr().err
    assert err.strip() == f"bridgelaws: Law {int(law)} does not exist in the 2017 Laws (Laws 1–93)"
    assert http.get(f"/laws/2017/{law}").status_code == 404
    assert http.get(f"/api/laws/2017/{law}").status_code == 404


def test_cli_numbers_are_ascii_digits(capsys):
    assert main(["imps", "١٢"]) == 2
    assert capsys.readouterr().err.strip() == "bridgelaws: difference '١٢' is not a whole number written in the digits 0–9"
    assert main(["imps", "−620", "100"]) == 0  # U+2212 minus, as printed tables write it
    capsys.readouterr()
    for argv in (["score", "4S=", "--board", "²"], ["matchpoints", "420", "450", "--scale", "١"]):
        with pytest.raises(SystemExit) as done:
            main(argv)
        assert done.value.code == 2


def test_the_layer_itself():
    assert requests.page(None) == 1 and requests.page("") == 1 and requests.page("7") == 7
    assert requests.limit("100") == 100
    assert requests.law_range("12-16") == (12, 16) and requests.law_range(" ") is None
    assert requests.points(["620,-100", "−50"], "diff") == [620, -100, -50]
    for bad in ("²", "①", "١", "1_0", "0x10", "1e3", " ", "+", "9" * 10):
        with pytest.raises(requests.Malformed):
            requests.whole_number(bad, "n")
    with pytest.raises(requests.Malformed):
        requests.law_range("16-12")
    with pytest.raises(requests.Absent):
        requests.law("94")
    with pytest.raises(requests.Malformed):
        requests.language("fr")
    assert requests.languages(["en", "", "en", "zh-Hant"]) == ("en", "zh-Hant")
    with pytest.raises(requests.Malformed):
        requests.languages(["en", "zh-Hant", "zh-Hans"], at_most=2)
