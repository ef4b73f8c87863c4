"""``bridgelaws changes`` through the CLI entry point."""

from __future__ import annotations

import json

import pytest

from bridgelaws.cli import main


def test_changes_json(capsys):
    assert main(["changes", "--from", "2007", "--to", "2017", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["from"], data["to"]) == ("2007", "2017") and len(data["laws"]) == 93
    law16 = data["laws"][15]
    assert law16["law"] == 16 and law16["counts"]["moved"] == 11


def test_changes_text(capsys):
    assert main(["changes", "--from", "1987", "--to", "2017"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Changes 1987 → 2017")
    assert any(line.split()[:2] == ["23", "new-topic"] for line in out.splitlines())


def test_changes_bad_parameters(capsys):
    assert main(["changes", "--from", "2017", "--to", "2017"]) == 2
    assert "both 2017" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["changes", "--from", "1999", "--to", "2017"])
    assert exc.value.code == 2
