"""The command line against odd input and failing output (issue 12 item 5): one line on stderr
and an exit status, never a traceback; ``--jsonl`` answers every line and goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def bridgelaws(args: list, stdin: bytes = b"", index: Path | None = None, **kwargs) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if index is not None:
        env["BRIDGELAWS_INDEX"] = str(index)
    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "bridgelaws", *args], input=stdin, stderr=subprocess.PIPE,
                          cwd=ROOT, env=env, timeout=120, **kwargs)


def one_line(stderr: bytes) -> str:
    text = stderr.decode()
    assert "Traceback" not in text and text.count("\n") == 1, text
    return text


@pytest.mark.parametrize("word", [b"revoke\xed\xa0\x80", b"revoke\xff", b"\xc3"])
def test_undecodable_arguments_are_exit_2_with_one_line(word, index):
    done = bridgelaws([b"search", word], index=index)
    assert done.returncode == 2
    assert "is not valid UTF-8 text" in one_line(done.stderr)


def test_a_full_disk_is_one_line_and_a_failure(tmp_path):
    with open("/dev/full", "wb") as full:
        done = bridgelaws(["export"], stdout=full)
    assert done.returncode == 1
    assert one_line(done.stderr) == "bridgelaws: cannot write the output: No space left on device\n"


def test_a_closed_stdout_is_one_line_and_a_failure():
    done = subprocess.run(f'"{sys.executable}" -m bridgelaws export >&-', shell=True, cwd=ROOT,
                          capture_output=False, stderr=subprocess.PIPE, timeout=120)
    assert done.returncode == 1
    assert one_line(done.stderr) == "bridgelaws: standard output is closed; nothing can be written\n"


HOSTILE_LINES = [
    b"[" * 100_000,  # RecursionError in json.loads
    b'{"contract": "4S", "result": ' + b"9" * 5000 + b"}",  # ValueError: past int()'s digit limit
    b"not json",
    b'{"contract": "\\ud800"}',  # valid JSON, a lone surrogate: opencc/str.encode would raise
    b"\xff\xfe not UTF-8",
    b"[" * 40 + b"]" * 40,  # within the size limit, past the depth limit
    b'{"x": "' + b"a" * 70_000 + b'"}',  # past the size limit
]


def test_score_jsonl_answers_every_bad_line_and_goes_on():
    good = b'{"contract": "3NT=", "declarer": "S"}'
    stdin = b"\n".join([good, *HOSTILE_LINES, good]) + b"\n"
    done = bridgelaws(["score", "--jsonl"], stdin=stdin)
    assert done.returncode == 2 and done.stderr == b""
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(answers) == len(HOSTILE_LINES) + 2
    assert answers[0]["ns_score"] == 400 and answers[-1]["ns_score"] == 400
    assert all(set(a) == {"error"} for a in answers[1:-1])
    assert "digits" in answers[2]["error"] and "surrogate" in answers[4]["error"]


def test_search_jsonl_answers_every_bad_line_and_goes_on(index):
    good = b'{"query": "27B1", "edition": "2017"}'
    stdin = b"\n".join([good, *(line.replace(b"contract", b"query") for line in HOSTILE_LINES), good]) + b"\n"
    done = bridgelaws(["search", "--jsonl"], stdin=stdin, index=index)
    assert done.returncode == 2 and done.stderr == b""
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(answers) == len(HOSTILE_LINES) + 2
    assert answers[0]["hits"][0]["citation"] == "27B1" and answers[-1]["hits"][0]["citation"] == "27B1"
    assert [a["error"].split(":")[0] for a in answers[1:-1]] == [f"line {n}" for n in range(2, len(HOSTILE_LINES) + 2)]
