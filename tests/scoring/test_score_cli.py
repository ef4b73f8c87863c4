"""``bridgelaws score``, ``imps`` and ``matchpoints`` through ``bridgelaws.cli.main``."""

import io
import json

import pytest

from bridgelaws.cli import main

SCORE_KEYS = {"contract", "declarer", "result", "tricks", "vulnerable", "score", "ns_score"}


def run_json(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_score_json_shape(capsys):
    code, data = run_json(capsys, "score", "4SX-2", "--declarer", "E", "--vul", "ew", "--json")
    assert code == 0
    assert SCORE_KEYS <= set(data)
    assert (data["contract"], data["declarer"], data["result"], data["tricks"]) == ("4SX", "E", -2, 8)
    assert (data["vulnerable"], data["score"], data["ns_score"]) == (True, -500, 500)
    assert data["breakdown"] == [{"label": "2 undertricks", "points": -500, "row": "Undertrick Penalties", "law": "77"}]


def test_score_by_board_number(capsys):
    # Board 13: both vulnerable (Law 2). 6HXX+1 V: 720 + 500 + 750 + 100 + 400 = 2470.
    code, data = run_json(capsys, "score", "6HXX+1", "--board", "13", "--json")
    assert code == 0 and data["vulnerable"] is True and data["score"] == 2470


def test_score_with_declarer_in_the_notation(capsys):
    code, data = run_json(capsys, "score", "7NTN=", "--vul", "none", "--json")
    assert (code, data["declarer"], data["score"], data["ns_score"]) == (0, "N", 1520, 1520)


def test_passed_out(capsys):
    code, data = run_json(capsys, "score", "pass", "--json")
    assert (code, data["contract"], data["score"], data["ns_score"], data["tricks"]) == (0, "PASS", 0, 0, None)


def test_score_text(capsys):
    assert main(["score", "3NT=", "--vul", "both"]) == 0
    out = capsys.readouterr().out
    assert "600" in out and "Law 77" in out


@pytest.mark.parametrize("contract, names", [
    ("8S=", "level 8"), ("4SXXX-1", "XXX"), ("4S+8", "13"), ("4S-11", "down at most 10"),
    ("4Q=", "strain 'Q'"), ("", "empty"), ("abc", "level"),
])
def test_bad_contracts_exit_2_with_one_line(capsys, contract, names):
    assert main(["score", contract]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and names in captured.err and captured.err.count("\n") == 1
    assert "Traceback" not in captured.err


def test_vulnerability_needs_a_declarer(capsys):
    assert main(["score", "4S=", "--vul", "ns"]) == 2
    assert "declarer" in capsys.readouterr().err


def test_unknown_edition_is_malformed_input_as_in_every_command(capsys):
    assert main(["score", "4S=", "--edition", "1975"]) == 2
    assert "1987, 2007 and 2017" in capsys.readouterr().err


def test_jsonl_batch(capsys, monkeypatch):
    lines = [
        {"contract": "4SX", "result": -2, "declarer": "N", "vul": "ns"},
        "not json",
        {"contract": "3NT", "result": 0, "declarer": "W", "vul": "both"},
        {"contract": "4S", "result": 8},
    ]
    stdin = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    assert main(["score", "--jsonl"]) == 2
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(out) == 4
    assert (out[0]["score"], out[0]["ns_score"], out[0]["vulnerable"]) == (-500, -500, True)
    assert set(out[1]) == {"error"}
    assert (out[2]["score"], out[2]["ns_score"]) == (600, -600)
    assert "13" in out[3]["error"]


def test_jsonl_all_good_exits_0(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO('{"contract": "1NT=", "declarer": "S"}\n'))
    assert main(["score", "--jsonl"]) == 0
    assert json.loads(capsys.readouterr().out)["ns_score"] == 90


def test_imps(capsys):
    code, data = run_json(capsys, "imps", "480", "-750", "10", "4000", "--json")
    assert (code, data) == (0, [10, -13, 0, 24])
    assert main(["imps", "20", "-50"]) == 0
    assert "-2" in capsys.readouterr().out


def test_matchpoints(capsys):
    code, data = run_json(capsys, "matchpoints", "420", "450", "-50", "420", "--json")
    assert (code, data) == (0, [3, 6, 0, 3])
    code, data = run_json(capsys, "matchpoints", "420", "450", "-50", "420", "--scale", "1", "--json")
    assert data == [1.5, 3, 0, 1.5]


@pytest.mark.parametrize("argv", [["imps", "abc"], ["imps", "12x"], ["matchpoints", "420", "ten"]])
def test_non_numbers_exit_2(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "not a whole number" in err and "Traceback" not in err
