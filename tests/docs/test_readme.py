"""README.md and bench/README.md say only true things a test can check: the two set-up commands
come first and do what the README says; every `bridgelaws` command it shows parses, and the answers
it shows are what the program prints; every route it names answers; the storage table names the
settings corpus/settings.py reads; every file it links exists; the Layout section lists every
top-level directory and Python package of the tree and nothing that is not there; bench/README.md
describes every module of bench/. A failure names what is wrong."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest
from werkzeug.exceptions import MethodNotAllowed, NotFound
from werkzeug.routing import RequestRedirect

from bridgelaws.cli import GLOBAL_OPTIONS, build_parser, main
from corpus.settings import Settings
from indexer.build import ensure_index
from webapp import create_app

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BENCH_README = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")
FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^\1```\s*$", re.M | re.S)
CODE_SPAN = re.compile(r"`([^`\n]+)`")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$", re.M)


def section(markdown: str, title: str) -> str:
    """The text under the heading ``title``, up to the next heading of the same or a higher level."""
    found = list(HEADING.finditer(markdown))
    for i, match in enumerate(found):
        if match[2] == title:
            end = next((m.start() for m in found[i + 1:] if len(m[1]) <= len(match[1])), len(markdown))
            return markdown[match.end():end]
    raise AssertionError(f"README.md has no section {title!r}")


def fences(markdown: str) -> list[tuple[str, str]]:
    """(language, body) of every fenced code block, indented ones included."""
    return [(m[2], "\n".join(line[len(m[1]):] for line in m[3].splitlines())) for m in FENCE.finditer(markdown)]


def without_fences(markdown: str) -> str:
    return FENCE.sub("", markdown)


# -- the two commands -----------------------------------------------------------------------------
def test_the_two_set_up_commands_come_first():
    first_heading = HEADING.search(README, README.index("\n## "))
    assert first_heading[2] == "The two commands"
    language, body = fences(section(README, "The two commands"))[0]
    commands = [line.split("#")[0].strip() for line in body.splitlines() if line.strip()]
    assert commands == ["bin/serve", "bin/test"]
    for command in commands:
        assert os.access(ROOT / command, os.X_OK), f"{command} is not executable"


def test_the_two_commands_do_what_the_readme_says():
    serve = (ROOT / "bin" / "serve").read_text(encoding="utf-8")
    test = (ROOT / "bin" / "test").read_text(encoding="utf-8")
    setup = (ROOT / "bin" / "setup").read_text(encoding="utf-8")
    assert "bin/setup" in serve and re.search(r"exec \.venv/bin/bridgelaws serve \"\$@\"", serve)
    assert 'bin/setup "test,bench"' in test
    assert ".venv/bin/ruff check ." in test and re.search(r"pytest -n 2 \"\$@\"", test)
    assert "chromium" in test and "fonts-noto-cjk" in test
    assert "-m venv .venv" in setup and "pip install" in setup and "-e ." in setup
    text = section(README, "The two commands")
    for claim in ("`ruff check .`", "`pytest -n 2`", "`chromium`", "`fonts-noto-cjk`", "`.venv`", "`bin/setup`"):
        assert claim in text, claim


# -- command-line examples ------------------------------------------------------------------------
def readme_commands() -> list[str]:
    """Every `bridgelaws …` the README shows: lines of its shell blocks and inline code."""
    found = []
    for language, body in fences(README):
        for line in body.splitlines():
            line = line.removeprefix("$ ")
            if language in ("sh", "console") and line.startswith("bridgelaws "):
                found.append(line)
    found += [span for span in CODE_SPAN.findall(without_fences(README)) if span.startswith("bridgelaws ")]
    return found


def command_names() -> set[str]:
    parser = build_parser()
    return set(next(a for a in parser._actions if a.dest == "command").choices)


def argv_of(line: str) -> list[str]:
    """The arguments of one example: the comment, a pipe or a redirection ends it."""
    words = shlex.split(line, comments=True)
    for stop in ("|", ">", "<"):
        if stop in words:
            words = words[: words.index(stop)]
    return words[1:]


def test_the_readme_shows_commands():
    assert len(readme_commands()) >= 20


@pytest.mark.parametrize("line", readme_commands())
def test_every_command_in_the_readme_parses(line):
    argv = argv_of(line)
    if len(argv) == 1 and not argv[0].startswith("-"):  # prose naming a command: `bridgelaws changes`
        assert argv[0] in command_names()
        return
    if argv == ["--version"]:
        with pytest.raises(SystemExit) as exit_:
            build_parser().parse_args(argv)
        assert exit_.value.code == 0
        return
    args = build_parser().parse_args(argv)  # an unknown command or option exits 2 here
    assert callable(args.run)


def console_examples() -> list[tuple[str, list[str]]]:
    """(command, the output lines shown) for each ``$ bridgelaws …`` of the console blocks."""
    out = []
    for language, body in fences(README):
        if language != "console":
            continue
        for chunk in re.split(r"^\$ ", body, flags=re.M)[1:]:
            command, *shown = chunk.rstrip("\n").split("\n")
            out.append((command, [line for line in shown if line.strip()]))
    return out


@pytest.mark.parametrize("command,shown", console_examples(), ids=[c for c, _ in console_examples()])
def test_the_answers_shown_are_what_the_program_prints(command, shown, capsys, monkeypatch):
    """The lines shown (checked against corpus/sources when written) appear in this order in the
    real output at 80 columns; ``…`` stands for lines left out."""
    monkeypatch.setenv("COLUMNS", "80")
    status = main(argv_of(command))
    output = capsys.readouterr().out.splitlines()
    assert status == 0
    position = 0
    for line in shown:
        if line == "…":
            continue
        assert line in output[position:], f"{command!r} no longer prints {line!r} (after line {position})"
        position = output.index(line, position) + 1
    if shown and shown[-1] != "…":
        assert position == len(output), f"{command!r} prints more than the README shows"


# -- routes ---------------------------------------------------------------------------------------
SYSTEM_PATHS = ("/usr/", "/srv/", "/etc/", "/tmp/", "/dev/")


def readme_routes() -> list[str]:
    spans = CODE_SPAN.findall(without_fences(README))
    return sorted({span.split()[0] for span in spans if span.startswith("/") and not span.startswith(SYSTEM_PATHS)})


@pytest.fixture(scope="module")
def app():
    ensure_index()  # /healthz reports on the index; it never builds one
    return create_app({"TESTING": True})


def test_the_readme_names_routes():
    assert len(readme_routes()) >= 25


@pytest.mark.parametrize("route", readme_routes())
def test_every_route_in_the_readme_answers(route, app):
    """A concrete address is routed and answers (200, or the redirect a citation gets); a pattern
    (``/laws/<edition>``) is one of the app's rules."""
    if "<" in route:
        rules = {re.sub(r"<(?:[^:>]+:)?(\w+)>", r"<\1>", rule.rule) for rule in app.url_map.iter_rules()}
        assert route in rules
        return
    path = route.split("#")[0]
    try:
        app.url_map.bind("localhost").match(path.split("?")[0], method="GET")
    except (NotFound, MethodNotAllowed):
        pytest.fail(f"README names {route}, which no rule of the app serves")
    except RequestRedirect:
        pass
    status = app.test_client().get(path).status_code
    assert status in (200, 302), f"{route} answers {status}"


# -- storage --------------------------------------------------------------------------------------
def test_the_storage_table_is_the_settings():
    text = section(README, "Where things are stored")
    source = (ROOT / "corpus" / "settings.py").read_text(encoding="utf-8")
    read = set(re.findall(r'"(BRIDGELAWS_[A-Z_]+)"', source))
    named = set(re.findall(r"BRIDGELAWS_[A-Z_]+", text))
    assert read and named == read, f"settings.py reads {sorted(read)}, the README names {sorted(named)}"
    for option in GLOBAL_OPTIONS:
        assert f"`{option} DIR`" in text, option
    home = Settings.from_environ({"HOME": "/home/reader"})
    assert home.data == Path("/home/reader/.local/share/bridgelaws") and "`~/.local/share/bridgelaws`" in text
    assert home.cache == Path("/home/reader/.cache/bridgelaws") and "`~/.cache/bridgelaws`" in text
    assert home.index == home.data / "index" and "`<data>/index`" in text
    xdg = Settings.from_environ({"HOME": "/h", "XDG_DATA_HOME": "/x/data", "XDG_CACHE_HOME": "/x/cache"})
    assert xdg.data == Path("/x/data/bridgelaws") and "`$XDG_DATA_HOME/bridgelaws`" in text
    assert xdg.cache == Path("/x/cache/bridgelaws") and "`$XDG_CACHE_HOME/bridgelaws`" in text
    assert "var/" not in README


# -- links ----------------------------------------------------------------------------------------
LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("readme", ["README.md", "bench/README.md"])
def test_every_link_points_to_a_file(readme):
    text = (ROOT / readme).read_text(encoding="utf-8")
    base = (ROOT / readme).parent
    missing = [t for t in LINK.findall(text) if "://" not in t and not (base / t.split("#")[0]).exists()]
    assert missing == []


def test_every_screenshot_is_shown():
    shown = set(LINK.findall(README))
    unshown = [p.name for p in sorted((ROOT / "docs" / "screenshots").glob("*.png"))
               if f"docs/screenshots/{p.name}" not in shown]
    assert unshown == []


# -- layout ---------------------------------------------------------------------------------------
def layout_entries() -> list[str]:
    """The paths the Layout section lists: the first word of each line that starts at column 0."""
    (_, body), = [f for f in fences(section(README, "Layout"))]
    return [line.split()[0] for line in body.splitlines() if line and not line[0].isspace()]


def tracked_files() -> list[str]:
    """The tree: what git tracks plus new files it does not ignore."""
    try:
        listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                                capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"not a git checkout ({exc}): the layout is checked against git's list of files")
    return [line for line in listed.splitlines() if (ROOT / line).exists()]


def test_every_listed_path_exists():
    entries = layout_entries()
    assert len(entries) >= 20
    missing = [entry for entry in entries if not (ROOT / entry).exists()]
    assert missing == [], f"the README's Layout lists paths that do not exist: {missing}"
    assert all((ROOT / e).is_dir() == e.endswith("/") for e in entries), "directories end in /, files do not"


def unlisted(files: list[str], entries: list[str]) -> list[str]:
    """Top-level directories and Python packages (outside tests/) of ``files`` not in ``entries``."""
    top = {path.split("/")[0] + "/" for path in files if "/" in path}
    packages = {path.rsplit("/", 1)[0] + "/" for path in files
                if path.endswith("/__init__.py") and not path.startswith("tests/")}
    return sorted((top | packages) - set(entries))


def test_every_top_level_directory_and_package_is_listed():
    missing = unlisted(tracked_files(), layout_entries())
    assert missing == [], f"the README's Layout does not list: {missing}"


def test_the_layout_check_sees_what_is_missing():
    files = ["a/__init__.py", "a/b/__init__.py", "a/b/c.py", "c/x.txt", "tests/t/__init__.py", "README.md"]
    assert unlisted(files, ["a/", "tests/"]) == ["a/b/", "c/"]
    assert unlisted(files, ["a/", "a/b/", "c/", "tests/"]) == []


# -- bench/README.md ------------------------------------------------------------------------------
def test_bench_readme_describes_every_module():
    modules = sorted(p.stem for p in (ROOT / "bench").glob("*.py") if p.stem != "__init__")
    undescribed = [m for m in modules if f"bench/{m}.py" not in BENCH_README]
    assert undescribed == [], f"bench/README.md does not describe {undescribed}"
    named = set(re.findall(r"bench/(\w+)\.py", BENCH_README)) | set(re.findall(r"python -m bench\.(\w+)", BENCH_README))
    assert named - set(modules) == set(), f"bench/README.md names modules that do not exist: {named - set(modules)}"


def test_bench_readme_commands_parse():
    commands = [span for span in CODE_SPAN.findall(BENCH_README) if span.startswith("bridgelaws bench ")]
    assert commands
    for line in commands:
        argv = argv_of(line)
        argv = argv[: next((i for i, word in enumerate(argv) if word.startswith("[")), len(argv))]  # options shown [optional]
        assert callable(build_parser().parse_args(argv).run), line
