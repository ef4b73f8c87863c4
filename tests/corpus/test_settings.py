"""One Settings object (corpus/settings.py): XDG defaults outside the installed code, the
environment over them, command-line options over both; library code never reads os.environ."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import corpus
from corpus import settings
from corpus.settings import Settings, SettingsError

ROOT = Path(__file__).resolve().parents[2]
RUNTIME_PACKAGES = ("bridgelaws", "corpus", "indexer", "webapp", "scoring")


def test_defaults_are_the_xdg_directories_never_beside_the_code():
    s = Settings.from_environ({"HOME": "/home/reader"})
    assert s.data == Path("/home/reader/.local/share/bridgelaws")
    assert s.index == Path("/home/reader/.local/share/bridgelaws/index")
    assert s.snapshots == Path("/home/reader/.local/share/bridgelaws/snapshots")
    assert s.cache == Path("/home/reader/.cache/bridgelaws")
    assert s.search_cache == 1024
    installed = Path(corpus.__file__).resolve().parent.parent
    assert all(installed not in p.parents for p in (s.data, s.index, s.cache))


def test_xdg_variables_then_bridgelaws_variables_then_options():
    env = {"HOME": "/home/reader", "XDG_DATA_HOME": "/xdg/data", "XDG_CACHE_HOME": "/xdg/cache"}
    s = Settings.from_environ(env)
    assert (s.data, s.index, s.cache) == (Path("/xdg/data/bridgelaws"), Path("/xdg/data/bridgelaws/index"),
                                          Path("/xdg/cache/bridgelaws"))
    env |= {"BRIDGELAWS_DATA": "/srv/laws", "BRIDGELAWS_CACHE": "/var/cache/laws", "BRIDGELAWS_SEARCH_CACHE": "0"}
    s = Settings.from_environ(env)
    assert (s.data, s.index, s.cache, s.search_cache) == (Path("/srv/laws"), Path("/srv/laws/index"),
                                                          Path("/var/cache/laws"), 0)
    s = Settings.from_environ(env | {"BRIDGELAWS_INDEX": "/ro/index"}, index="/opt/index", data="/opt/data")
    assert (s.data, s.index, s.cache) == (Path("/opt/data"), Path("/opt/index"), Path("/var/cache/laws"))


@pytest.mark.parametrize("raw", ["lots", "-1", "١٠", "1e3", "99999999"])
def test_a_search_cache_size_that_is_not_a_count_is_an_error_naming_the_variable(raw):
    with pytest.raises(SettingsError, match="BRIDGELAWS_SEARCH_CACHE"):
        Settings.from_environ({"HOME": "/h", "BRIDGELAWS_SEARCH_CACHE": raw})


def test_cli_reports_a_bad_setting_in_one_line_with_status_2(monkeypatch, capsys):
    from bridgelaws.cli import main

    monkeypatch.setenv("BRIDGELAWS_SEARCH_CACHE", "lots")
    assert main(["lookup", "12C1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "BRIDGELAWS_SEARCH_CACHE='lots'" in err and "Traceback" not in err


def test_active_settings_are_what_library_code_sees_and_are_restored(monkeypatch, tmp_path):
    monkeypatch.setenv("BRIDGELAWS_INDEX", str(tmp_path / "from-env"))
    assert settings.current().index == tmp_path / "from-env"
    chosen = Settings(data=tmp_path / "d", cache=tmp_path / "c", index=tmp_path / "chosen")
    with settings.active(chosen):
        from indexer.build import index_dir

        assert index_dir() == tmp_path / "chosen"
    assert settings.current().index == tmp_path / "from-env"


def test_global_options_reach_the_command(monkeypatch, tmp_path, capsys):
    """`bridgelaws --data DIR lookup` keeps its snapshot under DIR, whatever the environment says."""
    from bridgelaws.cli import main
    from corpus import load

    monkeypatch.setenv("BRIDGELAWS_DATA", str(tmp_path / "env"))
    load.forget_corpus()
    try:
        assert main(["--data", str(tmp_path / "option"), "lookup", "12C1", "--json"]) == 0
    finally:
        load.forget_corpus()
    assert json.loads(capsys.readouterr().out)["citation"] == "12C1"
    assert list((tmp_path / "option" / "snapshots").glob("corpus-*.pickle"))
    assert not (tmp_path / "env").exists()


def test_only_the_settings_module_reads_the_settings_variables():
    """Passing the environment on to a child process is fine; reading a setting from it is the
    settings module's job alone."""
    reads = re.compile(r"""(?:environ\.get\(|environ\[|getenv\()\s*["'](?:BRIDGELAWS_|XDG_|HOME\b)""")
    readers = []
    for package in RUNTIME_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if reads.search(path.read_text(encoding="utf-8")):
                readers.append(path.relative_to(ROOT).as_posix())
    assert readers == []  # corpus/settings.py reads them through a mapping named env


def test_help_lists_the_global_options(capsys):
    from bridgelaws.cli import main

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for option in ("--data", "--index", "--cache", "BRIDGELAWS_INDEX"):
        assert option in out


def test_version_comes_from_the_package_metadata(capsys):
    from importlib.metadata import version

    from bridgelaws.cli import main

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"bridgelaws {version('bridgelaws')}"
