"""The front ends are adapters of corpus/requests.py: one rule for each kind of input, one answer
for each family (Malformed → 400 / exit 2, Absent → 404 / exit 1), the same in the CLI, the web
pages and the JSON API (issue 13 item 3)."""

from __future__ import annotations

import pytest

from bridgelaws.cli import main
from corpus import requests
from corpus.errors import Absent, Malformed
from corpus.load import load_corpus
from corpus.lookup import ProvisionNotFound
from corpus.store import Corpus
from scoring.errors import ScoringError, UnknownEdition
from webapp import create_app


def _no_search(*args, **kwargs):
    raise AssertionError("these tests never search")


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


@pytest.fixture(scope="module")
def http(corpus):
    return create_app({"TESTING": True, "CORPUS": corpus, "SEARCH": _no_search}).test_client()


@pytest.fixture(scope="module")
def http_without_1987(corpus):
    """A build holding two editions: 1987 is a real edition this reference lacks."""
    partial = Corpus([corpus["2017"], corpus["2007"]])
    return create_app({"TESTING": True, "CORPUS": partial, "SEARCH": _no_search}).test_client()


def test_the_families_are_shared_by_lookup_and_scoring():
    assert issubclass(ProvisionNotFound, Absent)
    assert issubclass(ScoringError, Malformed) and issubclass(UnknownEdition, Malformed)
    assert requests.Absent is Absent and requests.Malformed is Malformed


@pytest.mark.parametrize("text, law", [("16", 16), ("Law 16", 16), ("第16條", 16), (" 93 ", 93)])
def test_whole_law_in_any_notation(text, law):
    assert requests.whole_law(text) == law


@pytest.mark.parametrize("text, family, message", [
    ("", Malformed, "give a law number"),
    ("abc", Malformed, "'abc' is not a law number"),
    ("12C", Malformed, "not the provision 12C"),
    ("100", Absent, "Law 100 does not exist (Laws 1–93)"),
])
def test_whole_law_refuses(text, family, message):
    with pytest.raises(family, match=message.replace("(", r"\(").replace(")", r"\)")):
        requests.whole_law(text)


def test_edition_names_and_pairs(corpus):
    assert requests.edition_name("1987") == "1987"
    with pytest.raises(Malformed, match="unknown edition '2019': the Laws exist in 1987, 2007 and 2017"):
        requests.edition_name("2019")
    with pytest.raises(Malformed, match="unknown edition from='1999'"):
        requests.edition_pair(corpus, "1999", "2017")
    with pytest.raises(Malformed, match="give the edition to compare to"):
        requests.edition_pair(corpus, "1987", "")
    with pytest.raises(Malformed, match="both 2017"):
        requests.edition_pair(corpus, "2017", "2017", distinct=True)
    assert requests.edition_pair(corpus, "2017", "2017") == ("2017", "2017")  # compare allows it
    partial = Corpus([corpus["2017"]])
    with pytest.raises(Absent, match="the 1987 edition is not in this reference"):
        requests.edition_pair(partial, "1987", "2017")
    with pytest.raises(Absent, match="there is no edition called '2019'"):
        requests.edition(corpus, "2019", in_path=True)


@pytest.mark.parametrize("law", ["94", "100"])
def test_a_law_that_does_not_exist_is_absent_in_compare_everywhere(http, law, capsys):
    # Law 100 was a 400 and exit 2 in compare while lookup and the law page said 404 / exit 1.
    assert main(["compare", law, "--from", "2007", "--to", "2017"]) == 1
    assert f"Law {law} does not exist" in capsys.readouterr().err
    assert http.get(f"/compare?law={law}&from=2007&to=2017").status_code == 404
    assert http.get(f"/api/compare?law={law}&from=2007&to=2017").status_code == 404
    assert http.get(f"/laws/2017/{law}").status_code == 404
    assert http.get(f"/laws/2017/{law}/print").status_code == 404


@pytest.mark.parametrize("citation, message", [
    ("100", "Law 100 does not exist in the 2017 Laws (Laws 1–93)"),
    ("94", "Law 94 does not exist in the 2017 Laws (Laws 1–93)"),
    ("12C9", "12C9 does not exist in the 2017 Laws; the nearest is 12C"),
])
def test_lookup_and_the_law_page_say_the_same(http, capsys, citation, message):
    assert main(["lookup", citation]) == 1
    assert message in capsys.readouterr().err
    response = http.get(f"/laws/2017/{citation}")
    assert response.status_code == 404 and message in response.get_data(as_text=True)
    api = http.get(f"/api/laws/2017/{citation}")
    assert api.status_code == 404 and message in api.get_json()["error"]


def test_an_edition_this_build_lacks_is_404_on_every_comparison_page(http_without_1987):
    for path in ("/changes?from=1987&to=2017", "/api/changes?from=1987&to=2017",
                 "/compare?law=12&from=1987&to=2017", "/api/compare?law=12&from=1987&to=2017"):
        response = http_without_1987.get(path)
        assert response.status_code == 404, path
        assert "The 1987 edition is not in this reference." in response.get_data(as_text=True)


def test_comparing_an_edition_with_itself_is_malformed_in_cli_and_api(http, capsys):
    assert main(["changes", "--from", "2017", "--to", "2017"]) == 2
    assert "from and to are both 2017" in capsys.readouterr().err
    response = http.get("/api/changes?from=2017&to=2017")
    assert response.status_code == 400
    assert response.get_json()["error"] == "From and to are both 2017: choose two different editions."


def test_a_language_the_edition_lacks_is_absent_in_cli_and_pages(http, capsys):
    # laws-1987-zh-Hant.txt prints no English: `lookup --lang en` exit 1, the law page 404.
    assert main(["lookup", "12", "--edition", "1987", "--lang", "en"]) == 1
    assert "no en text" in capsys.readouterr().err
    response = http.get("/laws/1987/12?lang=en")
    assert response.status_code == 404 and "has no language" in response.get_data(as_text=True)
    assert http.get("/laws/1987/12?lang=fr").status_code == 400  # not a language at all


@pytest.mark.parametrize("query", ["contract=4S%3D&board=%D9%A1", "contract=4S%3D&board=%C2%B2"])
def test_calculator_numbers_are_ascii_digits(http, query):
    # ١ (Arabic-Indic one) passed the calculator's own \d check and int(); one rule now.
    response = http.get(f"/calculator?{query}")
    assert response.status_code == 400 and "digits 0–9" in response.get_data(as_text=True)


def test_unknown_scoring_edition_is_malformed_everywhere(http, capsys):
    assert main(["score", "4S=", "--edition", "1999"]) == 2
    assert "unknown edition '1999'" in capsys.readouterr().err
    assert http.get("/api/score?contract=4S%3D&edition=1999").get_json()["error"].startswith("Unknown edition '1999'")
