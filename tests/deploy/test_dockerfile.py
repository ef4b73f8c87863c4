"""The Dockerfile, checked without a Docker engine (none on the test machines): what it copies
exists, the `bridgelaws` commands it runs are real commands with real options, its health check
asks a real route. This does not prove the image builds; `docker build .` does."""

import json
import re
import shlex
import tomllib
from pathlib import Path

import pytest

from bridgelaws.cli import build_parser
from corpus.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text(encoding="utf-8"))
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def shell_commands(rest: str) -> list[list[str]]:
    """The commands of a RUN/CMD: exec form (a JSON list) or shell form split on && and ;."""
    if rest.startswith("["):
        return [json.loads(rest)]
    return [shlex.split(part) for part in re.split(r"&&|;", rest) if part.strip()]


def bridgelaws_invocations() -> list[list[str]]:
    found = []
    for word, rest in instructions():
        if word in ("RUN", "CMD"):
            found += [argv[1:] for argv in shell_commands(rest) if argv and argv[0] == "bridgelaws"]
    return found


def test_base_image_is_python_311_slim():
    assert instructions()[0] == ("FROM", "python:3.11-slim")


def test_everything_copied_exists_and_every_package_is_copied():
    copied = set()
    for word, rest in instructions():
        if word == "COPY":
            *sources, _dest = rest.split()
            for source in sources:
                assert (ROOT / source).exists(), source
                copied.add(source)
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]["include"]
    for pattern in packages:
        assert pattern.rstrip("*") in copied, f"pip install . needs {pattern.rstrip('*')}/ in the image"


def test_the_image_builds_the_index_and_serves_on_all_interfaces():
    runs = bridgelaws_invocations()
    assert ["build"] in runs
    serve = next(argv for argv in runs if argv[0] == "serve")
    assert serve[serve.index("--host") + 1] == "0.0.0.0"
    assert instructions()[-1][0] == "CMD" and json.loads(instructions()[-1][1])[:2] == ["bridgelaws", "serve"]


@pytest.mark.parametrize("argv", bridgelaws_invocations(), ids=" ".join)
def test_every_bridgelaws_command_in_the_dockerfile_parses(argv):
    if argv == ["--version"]:
        with pytest.raises(SystemExit) as exit_:
            build_parser().parse_args(argv)
        assert exit_.value.code == 0
        return
    args = build_parser().parse_args(argv)  # argparse exits 2 on an unknown command or option
    assert callable(args.run)


def test_health_check_asks_the_healthz_route():
    from webapp import create_app

    check = next(rest for word, rest in instructions() if word == "HEALTHCHECK")
    assert "/healthz" in check
    rules = {rule.rule for rule in create_app({"TESTING": True}).url_map.iter_rules()}
    assert "/healthz" in rules


def test_the_index_location_is_set_for_build_and_serve_alike():
    env = " ".join(rest for word, rest in instructions() if word == "ENV")
    assert "BRIDGELAWS_INDEX=" in env  # `build` writes where `serve` and /healthz read


def environment() -> dict[str, str]:
    """The ENV instructions' KEY=VALUE pairs (the form this Dockerfile uses)."""
    env = {}
    for word, rest in instructions():
        if word == "ENV":
            for pair in shlex.split(rest):
                key, sep, value = pair.partition("=")
                assert sep, f"ENV {pair}: write KEY=VALUE"
                env[key] = value
    return env


def test_the_settings_the_image_runs_with_live_outside_the_code():
    """corpus/settings.py reads these variables: data, cache and index all set, the index inside
    the data directory, none of them under the directory the code is copied into."""
    env = environment()
    assert {"BRIDGELAWS_DATA", "BRIDGELAWS_CACHE", "BRIDGELAWS_INDEX"} <= set(env)
    settings = Settings.from_environ(env)
    assert settings.index.parent == settings.data
    code = next(Path(rest) for word, rest in instructions() if word == "WORKDIR")
    for path in (settings.data, settings.cache, settings.index):
        assert path.is_absolute() and code not in path.parents, path
    assert "var/" not in DOCKERFILE.read_text(encoding="utf-8")


def test_the_index_is_built_by_the_user_that_serves():
    """Snapshot and trimmed dictionary are read only by the user who owns them (corpus/sealed.py):
    built by root and served by another user, every container would parse the sources again."""
    user, build_user = "root", None
    for word, rest in instructions():
        if word == "USER":
            user = rest
        elif word == "RUN" and ["bridgelaws", "build"] in [argv[:2] for argv in shell_commands(rest)]:
            build_user = user
    assert build_user is not None and build_user != "root"
    assert build_user == user, f"built as {build_user}, served as {user}"
