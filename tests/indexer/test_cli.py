import io
import json

from bridgelaws.cli import main


def test_search_json(index, monkeypatch, capsys):
    monkeypatch.setenv("BRIDGELAWS_INDEX", str(index))
    assert main(["search", "12C1c", "--edition", "2017", "--lang", "en", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["query"] == "12C1c" and data["hits"][0]["citation"] == "12C1(c)"


def test_search_jsonl_batch(index, monkeypatch, capsys):
    monkeypatch.setenv("BRIDGELAWS_INDEX", str(index))
    monkeypatch.setattr("sys.stdin", io.StringIO('{"query": "夢家之禁制", "limit": 1}\n{"query": "27B1", "edition": "2017"}\n'))
    assert main(["search", "--jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [len(x["hits"]) for x in lines][0] == 1 and lines[0]["hits"][0]["law"] == 43
    assert lines[1]["hits"][0]["citation"] == "27B1"


def test_bad_input_exits_2_and_nothing_found_exits_0(index, monkeypatch, capsys):
    monkeypatch.setenv("BRIDGELAWS_INDEX", str(index))
    assert main(["search", "  "]) == 2
    assert main(["search", "dummy", "--lang", "fr"]) == 2
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO('not json\n{"query": "27B1", "edition": "2017"}\n{"query": ""}\n'))
    assert main(["search", "--jsonl"]) == 2  # every line answered; the status says some were not
    first, second, third = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["error"].startswith("line 1: not JSON")
    assert second["hits"][0]["citation"] == "27B1"
    assert third["error"].startswith("line 3: ")
    assert main(["search", "zzzqqqxxyy"]) == 0
    assert "no provisions match" in capsys.readouterr().out


def test_limit_and_page_are_ascii_digits_and_page_walks_the_results(index, monkeypatch, capsys):
    """--limit and --page go through corpus/requests.py: ² and ① (which str.isdigit accepts and
    int rejects) and 0 are one line on stderr, exit 2; --page 2 is the next hits."""
    monkeypatch.setenv("BRIDGELAWS_INDEX", str(index))
    for options in (["--limit", "²"], ["--limit", "0"], ["--page", "①"], ["--page", "0"], ["--page", "٣"]):
        assert main(["search", "revoke", *options]) == 2, options
        err = capsys.readouterr().err
        assert err.startswith("bridgelaws: ") and err.count("\n") == 1 and "Traceback" not in err
    assert main(["search", "revoke", "--limit", "6", "--page", "20"]) == 2  # past the 100 results
    capsys.readouterr()
    pages = []
    for page in ("1", "2"):
        assert main(["search", "revoke", "--limit", "3", "--page", page, "--json"]) == 0
        pages.append([h["citation"] for h in json.loads(capsys.readouterr().out)["hits"]])
    assert main(["search", "revoke", "--limit", "6", "--json"]) == 0
    assert pages[0] + pages[1] == [h["citation"] for h in json.loads(capsys.readouterr().out)["hits"]]
