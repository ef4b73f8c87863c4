"""A build killed half-way leaves its directory; the next build removes it at once when the
process that made it is gone (it used to stay for an hour), and never touches a live build's."""

from __future__ import annotations

import subprocess
import sys

from indexer.build import build_index


def test_the_next_build_removes_a_killed_builds_directory(corpus, tmp_path):
    link = tmp_path / "index"
    build_index(corpus, link)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # a pid that no longer runs, as a killed build's
    killed = tmp_path / f"index-20260101000000-{dead.pid}-1"
    killed.mkdir()
    (killed / "_MAIN_1.toc").write_bytes(b"half")
    running = tmp_path / f"index-20260101000000-{subprocess.os.getpid()}-2"  # a build still in progress
    running.mkdir()
    build_index(corpus, link)
    assert not killed.exists()
    assert running.exists()
