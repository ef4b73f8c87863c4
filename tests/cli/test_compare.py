"""``bridgelaws compare`` and ``bridgelaws references`` through the CLI entry point."""

from __future__ import annotations

import json

from bridgelaws.cli import main


def _plain(pairs: list[dict]) -> list[dict]:
    """The alignment keys of each pair (``similarity``, ``diff`` and ``change`` are tested in
    tests/corpus/test_changes.py)."""
    return [{k: p[k] for k in ("from", "to", "status")} for p in pairs]


def test_compare_json(capsys):
    assert main(["compare", "16", "--from", "2007", "--to", "2017", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"from": "16C", "to": "16D", "status": "moved"} in _plain(data["pairs"])
    assert data["topic_changed"] is False


def test_compare_law_35_and_71_are_relabelled_not_removed(capsys):
    assert main(["compare", "35", "--from", "2007", "--to", "2017", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # laws-2007-zh-Hans.txt l.1714 第 19 条不允许的加倍 = laws-2017-en-zh-Hant.txt l.2937 "not permitted by Law 19"
    assert {"from": "35.1", "to": "35A", "status": "moved"} in _plain(data["pairs"])
    assert not [p for p in _plain(data["pairs"]) if p["status"] in ("added", "removed")]
    assert main(["compare", "71", "--from", "2007", "--to", "2017"]) == 0
    out = capsys.readouterr().out
    assert "removed" not in out and "added" not in out


def test_compare_law_16_1987_items(capsys):
    assert main(["compare", "16", "--from", "1987", "--to", "2007", "--json"]) == 0
    data = _plain(json.loads(capsys.readouterr().out)["pairs"])
    # laws-1987-zh-Hant.txt l.735 / l.739 = laws-2007-zh-Hans.txt l.943 / l.950
    assert {"from": "16A1", "to": "16B2", "status": "moved"} in data
    assert {"from": "16A2", "to": "16B3", "status": "moved"} in data


def test_compare_text_marks_a_new_topic(capsys):
    assert main(["compare", "Law 23", "--from", "1987", "--to", "2017"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Law 23: 1987 → 2017 (new topic")


def test_compare_errors(capsys):
    assert main(["compare", "94", "--from", "2007", "--to", "2017"]) == 1
    assert main(["compare", "12C", "--from", "2007", "--to", "2017"]) == 2
    assert main(["compare", "x", "--from", "2007", "--to", "2017"]) == 2
    err = capsys.readouterr().err
    assert "Law 94" in err and "Traceback" not in err


def test_references_report(capsys):
    import argparse

    from bridgelaws.commands import references

    parser = argparse.ArgumentParser()
    references.register(parser.add_subparsers())
    args = parser.parse_args(["references", "--edition", "2017", "--json"])
    assert references.run(args) == 0
    report = json.loads(capsys.readouterr().out)["editions"][0]
    assert report["edition"] == "2017" and report["rate"] >= 0.99
    assert any(d["citation"] == "22A" for d in report["language_differences"])
    assert all(d["note"] for d in report["language_differences"])


def test_compare_relabelled_items_are_not_removed_and_added(capsys):
    # Law 13 1987 → 2007: laws-1987-zh-Hant.txt l.639 (a player has seen another's cards) = laws-2007-zh-Hans.txt l.763
    assert main(["compare", "13", "--from", "1987", "--to", "2007", "--json"]) == 0
    data = _plain(json.loads(capsys.readouterr().out)["pairs"])
    assert {"from": "13B", "to": "13D2", "status": "moved"} in data
    assert {"from": "13A", "to": "13A", "status": "aligned"} not in data
    # Law 73 2007 → 2017: laws-2007-zh-Hans.txt l.3266 = laws-2017-en-zh-Hant.txt l.5712; nothing of 2007 is left unmatched
    assert main(["compare", "73", "--from", "2007", "--to", "2017", "--json"]) == 0
    data = _plain(json.loads(capsys.readouterr().out)["pairs"])
    assert {"from": "73F", "to": "73E2", "status": "moved"} in data
    assert not [p for p in data if p["status"] == "removed"]
    # Law 30 in reverse: laws-2017-en-zh-Hant.txt l.2692 (RHO's turn) came from laws-2007-zh-Hans.txt l.1597
    assert main(["compare", "30", "--from", "2017", "--to", "2007", "--json"]) == 0
    data = _plain(json.loads(capsys.readouterr().out)["pairs"])
    assert {"from": "30A", "to": "30B1", "status": "moved"} in data
    assert {"from": None, "to": "30A", "status": "added"} in data
    # different headings under one letter: 2017 B "partner's or LHO's turn" (laws-2017-en-zh-Hant.txt l.2702),
    # 2007 B "after a bid" (laws-2007-zh-Hans.txt l.1595)
    assert {"from": "30B", "to": None, "status": "removed"} in data
    assert {"from": None, "to": "30B", "status": "added"} in data


def test_lookup_json_has_counterparts(capsys):
    assert main(["lookup", "16D2(a)", "--edition", "2017", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["counterparts"]
    by_edition = {c["edition"]: c for c in data}
    # 2017 16D2(a) = 2007 16C2(a) (the C/D swap) = 1987 16B1 調整座位 (laws-1987-zh-Hant.txt l.745)
    assert by_edition["2007"]["citation"] == "16C2(a)" and by_edition["2007"]["status"] == "moved"
    assert by_edition["1987"]["citation"] == "16B1" and "laws-1987-zh-Hant.txt l.745" in by_edition["1987"]["evidence"]
