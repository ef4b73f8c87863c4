"""``bridgelaws compare`` and ``bridgelaws references`` through the CLI entry point."""

from __future__ import annotations

import json

from bridgelaws.cli import main


def test_compare_json(capsys):
    assert main(["compare", "16", "--from", "2007", "--to", "2017", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"from": "16C", "to": "16D", "status": "moved"} in data["pairs"]
    assert data["topic_changed"] is False


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
    from bridgelaws.commands import references
    import argparse

    parser = argparse.ArgumentParser()
    references.register(parser.add_subparsers())
    args = parser.parse_args(["references", "--edition", "2017", "--json"])
    assert references.run(args) == 0
    report = json.loads(capsys.readouterr().out)["editions"][0]
    assert report["edition"] == "2017" and report["rate"] >= 0.99
    assert any(d["citation"] == "22A" for d in report["language_differences"])
