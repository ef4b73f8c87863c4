"""docs/design.md documents the whole public interface (in the spirit of Datasette's
tests/test_docs.py): every CLI command and option, every route of the Flask app, and every JSON key
of the lookup, search, compare and export answers, read from real answers. A failure names exactly
what is missing."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest

from bridgelaws.cli import COMMANDS, GLOBAL_OPTIONS, build_parser, main
from corpus.model import LANGUAGES

DESIGN = Path(__file__).resolve().parents[2] / "docs" / "design.md"
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$", re.M)


def sections(markdown: str) -> dict[str, str]:
    """Heading text → the text under it, up to the next heading of the same or a higher level."""
    found = list(HEADING.finditer(markdown))
    out = {}
    for i, match in enumerate(found):
        level = len(match[1])
        end = next((m.start() for m in found[i + 1:] if len(m[1]) <= level), len(markdown))
        out[match[2]] = markdown[match.end():end]
    return out


DOC = DESIGN.read_text(encoding="utf-8")
SECTIONS = sections(DOC)


def mentioned(name: str, *headings: str) -> bool:
    """``name`` written as code (in backticks) somewhere under one of ``headings``."""
    return any(f"`{name}`" in SECTIONS.get(heading, "") for heading in headings)


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


PARSERS = subcommands()


# -- command line ---------------------------------------------------------------------------------
def test_every_command_exists():
    assert set(PARSERS) == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(PARSERS))
def test_command_is_documented(command):
    assert f"`bridgelaws {command}`" in SECTIONS, f"docs/design.md has no '### `bridgelaws {command}`' section"


@pytest.mark.parametrize("command", sorted(PARSERS))
def test_command_options_are_documented(command):
    section = f"`bridgelaws {command}`"
    options = [o for a in PARSERS[command]._actions for o in a.option_strings if o.startswith("--") and o != "--help"]
    missing = [o for o in options if not mentioned(o, section)]
    assert missing == [], f"options of `bridgelaws {command}` not documented in its section: {missing}"


def test_global_options_are_documented():
    parser = build_parser()
    options = [o for a in parser._actions for o in a.option_strings if o.startswith("--") and o != "--help"]
    assert set(GLOBAL_OPTIONS) <= set(options)
    missing = [o for o in options if not mentioned(o, "Global options")]
    assert missing == [], f"global options not documented under 'Global options': {missing}"


def test_help_points_to_the_design_document(capsys):
    for command in ("lookup", "compare"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out = capsys.readouterr().out
        assert "docs/design.md" in out and "DESIGN.md" not in out


# -- HTTP routes ----------------------------------------------------------------------------------
def route_names() -> list[str]:
    from webapp import create_app

    app = create_app({"TESTING": True})
    names = set()
    for rule in app.url_map.iter_rules():
        name = re.sub(r"<(?:[^:>]+:)?(\w+)>", r"<\1>", rule.rule)  # /x/<int:law> is written /x/<law>
        names.add(name.rstrip("/") or "/")
    return sorted(names)


@pytest.mark.parametrize("route", route_names())
def test_route_is_documented(route):
    assert mentioned(route, "HTTP routes"), f"route {route} is not documented under 'HTTP routes'"


def test_every_documented_route_exists():
    """The other way round: a route in the HTTP routes tables that the app no longer has is a lie."""
    tables = [line for line in SECTIONS["HTTP routes"].splitlines() if line.startswith("| `/")]
    documented = {re.match(r"\| `([^`]+)`", line)[1] for line in tables}
    assert len(documented) >= 25
    stale = sorted(documented - set(route_names()))
    assert stale == [], f"docs/design.md documents routes the app does not have: {stale}"


def test_every_documented_command_exists():
    documented = {m[1] for m in re.finditer(r"^### `bridgelaws (\w+)`", DOC, re.M)}
    assert documented == set(PARSERS), f"documented {sorted(documented)}, real {sorted(PARSERS)}"


# -- JSON keys ------------------------------------------------------------------------------------
def key_paths(value, path: str = "") -> set[tuple[str, str]]:
    """(path shown in a failure, key) for every key of every object in ``value``; keys that are
    language tags are data (``{"en": …}``), not interface."""
    found: set[tuple[str, str]] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key in LANGUAGES:
                found |= key_paths(item, f"{path}.<lang>")
                continue
            found.add((f"{path}.{key}".lstrip("."), key))
            found |= key_paths(item, f"{path}.{key}")
    elif isinstance(value, list):
        for item in value:
            found |= key_paths(item, f"{path}[]")
    return found


def undocumented(answers, *headings: str) -> list[str]:
    paths = set().union(*(key_paths(answer) for answer in answers))
    return sorted(path for path, key in paths if not mentioned(key, *headings))


def cli_json(capsys, *args: str):
    status = main(list(args))
    out = capsys.readouterr().out
    assert status == 0, (args, out)
    return json.loads(out)


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    """The real app on the real corpus; its index is the test run's (tests/conftest.py)."""
    from webapp import create_app

    return create_app({"TESTING": True}).test_client()


LOOKUPS = [("77",), ("12C1",), ("69B",), ("6",), ("12C1", "--edition", "1987"), ("35", "--edition", "2007")]
SEARCHES = ["dummy", "27B1", "revokee", "明手", "夢家之權利", '"lead restrictions"', "12C1c", "vulnerable"]


def test_lookup_keys_are_documented(capsys, api):
    answers = [cli_json(capsys, "lookup", *args, "--json") for args in LOOKUPS]
    answers += [api.get("/api/laws/2017/12C1").get_json(), api.get("/api/laws/2017/16?lang=en").get_json()]
    missing = undocumented(answers, "Provision object")
    assert missing == [], f"keys of lookup --json not documented under 'Provision object': {missing}"


def test_search_keys_are_documented(capsys, api):
    answers = [cli_json(capsys, "search", query, "--json") for query in SEARCHES]
    for query in SEARCHES:
        response = api.get("/api/search", query_string={"q": query, "limit": 5})
        assert response.status_code == 200, response.get_json()
        answers.append(response.get_json())
    missing = undocumented(answers, "Search answer")
    assert missing == [], f"keys of search --json and /api/search not documented under 'Search answer': {missing}"


def test_compare_keys_are_documented(capsys, api):
    answers = [cli_json(capsys, "compare", "16", "--from", "2007", "--to", "2017", "--json"),
               cli_json(capsys, "compare", "23", "--from", "1987", "--to", "2017", "--json"),
               api.get("/api/compare?law=12&from=1987&to=2017").get_json()]
    missing = undocumented(answers, "Comparison")
    assert missing == [], f"keys of compare --json and /api/compare not documented under 'Comparison': {missing}"


def test_change_map_keys_are_documented(capsys, api):
    answers = [cli_json(capsys, "changes", "--from", "1987", "--to", "2017", "--json"),
               api.get("/api/changes?from=2007&to=2017").get_json()]
    assert [len(a["laws"]) for a in answers] == [93, 93]
    missing = undocumented(answers, "Change map")
    assert missing == [], f"keys of changes --json and /api/changes not documented under 'Change map': {missing}"


def test_health_keys_are_documented(api):
    response = api.get("/healthz")
    assert response.status_code == 200, response.get_json()
    missing = undocumented([response.get_json()], "HTTP routes")
    assert missing == [], f"keys of /healthz not documented under 'HTTP routes': {missing}"


def test_lookup_counterparts_keys_are_documented(capsys):
    """16C moved between 2007 and 2017: its counterparts carry status and evidence."""
    answer = cli_json(capsys, "lookup", "16C", "--json")
    assert {"edition", "citation", "status", "evidence"} <= set(answer["counterparts"][0])
    missing = undocumented([answer], "Provision object")
    assert missing == [], f"keys of lookup --json not documented under 'Provision object': {missing}"


def test_export_keys_are_documented(capsys):
    export = cli_json(capsys, "export")
    missing = undocumented([export], "Export document", "Provision object")
    assert missing == [], f"keys of export not documented under 'Export document' or 'Provision object': {missing}"


def test_api_error_and_index_keys_are_documented(api):
    answers = [api.get("/api/laws/2017/94").get_json(), api.get("/api/search").get_json()]
    assert [a["status"] for a in answers] == [404, 400]
    missing = undocumented(answers, "Errors")
    assert missing == [], f"keys of API errors not documented under 'Errors': {missing}"
    missing = undocumented([api.get("/api").get_json()], "HTTP routes")
    assert missing == [], f"keys of /api not documented under 'HTTP routes': {missing}"


def test_the_checker_finds_what_is_missing():
    """The check itself: a key, a route or an option the document does not mention is reported."""
    assert undocumented([{"query": "x", "hits": [{"edition": "2017", "invented_key": 1}]}], "Search answer") == \
        ["hits[].invented_key"]
    assert undocumented([{"title": {"en": "x", "zh-Hant": "y"}}], "Provision object") == []
    assert not mentioned("/api/invented", "HTTP routes") and mentioned("/api/search", "HTTP routes")
    assert not mentioned("--invented", "`bridgelaws lookup`") and mentioned("--lang", "`bridgelaws lookup`")
