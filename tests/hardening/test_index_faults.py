"""Index faults (issue 8): a missing index is built at start-up, a damaged one is rebuilt at
start-up and reported clearly at query time, serving never writes to the index, and a rebuild
under a stream of searches fails no query and mixes no results."""

from __future__ import annotations

import builtins
import errno
import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from indexer.build import META_FILE, BuildError, build_index, ensure_index, verify_index
from indexer.search import search

QUERIES = ("revoke", "夢家", "明手", "insufficient bid", "27B1")


def snapshot(result) -> list[tuple]:
    return [(h.edition, h.lang, str(h.citation), h.title, h.snippet, h.direct) for h in result.hits]


@pytest.fixture(scope="module")
def expected(index):
    return {query: snapshot(search(query, index=index)) for query in QUERIES}


def copy_index(index: Path, where: Path) -> Path:
    """A private copy laid out as a build makes it: ``index`` → ``index-copy``."""
    where.mkdir(parents=True, exist_ok=True)
    shutil.copytree(index.resolve(), where / "index-copy")
    (where / "index").symlink_to("index-copy")
    return where / "index"


def _largest(directory: Path, pattern: str) -> Path:
    return max(directory.resolve().glob(pattern), key=lambda p: p.stat().st_size)


def truncate_segment(d: Path):
    seg = _largest(d, "*.seg")
    os.truncate(seg, seg.stat().st_size * 9 // 10)


def garbage_segment(d: Path):
    _largest(d, "*.seg").write_bytes(b"\x00garbage" * 500)


def garbage_toc(d: Path):
    _largest(d, "*.toc").write_bytes(b"not a table of contents")


def stray_newer_toc(d: Path):
    (d.resolve() / "_MAIN_99.toc").write_bytes(b"\x00\x01garbage")


def no_toc(d: Path):
    for toc in d.resolve().glob("*.toc"):
        toc.unlink()


def garbage_glossary(d: Path):
    (d.resolve() / "glossary.json").write_text("{not json", encoding="utf-8")


def wrong_count(d: Path):
    meta = d.resolve() / META_FILE
    meta.write_text(meta.read_text(encoding="utf-8").replace('"documents": ', '"documents": 1'), encoding="utf-8")


DAMAGE = [truncate_segment, garbage_segment, garbage_toc, stray_newer_toc, no_toc, garbage_glossary, wrong_count]


@pytest.fixture(autouse=True)
def forget_open_indexes():
    """Each test opens its own copies; the search module's cache of opened builds starts empty."""
    import indexer.search

    yield
    indexer.search._open.clear()


def test_missing_index_is_built_at_startup(tmp_path, monkeypatch):
    from webapp.server import startup_index

    monkeypatch.setenv("BRIDGELAWS_INDEX", str(tmp_path / "index"))
    link = startup_index()
    assert link == tmp_path / "index" and (link / META_FILE).is_file()
    assert search("27B1", index=link).hits[0].citation.canonical == "27B1"


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda f: f.__name__)
def test_damage_is_reported_clearly_at_query_time(index, tmp_path, damage):
    copy = copy_index(index, tmp_path)
    damage(copy)
    with pytest.raises(BuildError) as raised:
        verify_index(copy)
    assert str(copy) in str(raised.value) and "bridgelaws build" in str(raised.value)
    if damage is not wrong_count:  # a wrong count still answers; only verification notices
        with pytest.raises(BuildError, match=r"damaged or incomplete .*bridgelaws build"):
            search("revoke", index=copy)


@pytest.mark.parametrize("damage", [truncate_segment, stray_newer_toc], ids=lambda f: f.__name__)
def test_damaged_index_is_rebuilt_at_startup(index, expected, tmp_path, monkeypatch, damage):
    from webapp.server import startup_index

    copy = copy_index(index, tmp_path)
    damage(copy)
    monkeypatch.setenv("BRIDGELAWS_INDEX", str(copy))
    assert startup_index() == copy
    verify_index(copy)
    assert copy.resolve() != (tmp_path / "index-copy").resolve()
    assert snapshot(search("revoke", index=copy)) == expected["revoke"]


def test_unbuildable_index_stops_startup_with_a_message(tmp_path, monkeypatch):
    from webapp.server import startup_index

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setenv("BRIDGELAWS_INDEX", str(tmp_path / "index"))
    monkeypatch.setattr(Path, "mkdir", read_only)
    with pytest.raises(SystemExit) as stopped:
        startup_index()
    message = str(stopped.value)
    assert "no search index at" in message and "Read-only file system" in message and "bridgelaws build" in message
    assert "Traceback" not in message


@pytest.fixture()
def read_only_index(index, tmp_path, monkeypatch):
    """A copy of the index where every write below its directory fails as on a read-only mount
    (running as root, chmod would not stop writes; this stops them in the process itself)."""
    copy = copy_index(index, tmp_path / "ro")
    root = str(tmp_path / "ro")
    writes = []

    def guarded(path) -> bool:
        try:
            return os.path.abspath(os.fsdecode(path)).startswith(root)
        except TypeError:  # a file descriptor
            return False

    def refuse(path):
        writes.append(os.fsdecode(path))
        raise OSError(errno.EROFS, "Read-only file system", os.fsdecode(path))

    real_open, real_os_open = builtins.open, os.open

    def open_read_only(file, mode="r", *args, **kwargs):
        if guarded(file) and any(c in mode for c in "wax+"):
            refuse(file)
        return real_open(file, mode, *args, **kwargs)

    def os_open_read_only(path, flags, *args, **kwargs):
        if guarded(path) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC):
            refuse(path)
        return real_os_open(path, flags, *args, **kwargs)

    def refuse_if_guarded(real):
        def operation(path, *args, **kwargs):
            if guarded(path):
                refuse(path)
            return real(path, *args, **kwargs)
        return operation

    monkeypatch.setattr(builtins, "open", open_read_only)
    monkeypatch.setattr(os, "open", os_open_read_only)
    for name in ("mkdir", "unlink", "remove", "rmdir", "rename", "replace", "symlink", "utime", "chmod"):
        monkeypatch.setattr(os, name, refuse_if_guarded(getattr(os, name)))
    before = {p: p.stat().st_mtime_ns for p in (tmp_path / "ro").rglob("*")}
    yield copy, writes
    assert {p: p.stat().st_mtime_ns for p in (tmp_path / "ro").rglob("*")} == before, "the index was written to"


def test_serving_from_a_read_only_index(read_only_index, expected, monkeypatch):
    from webapp.server import startup_index

    copy, writes = read_only_index
    monkeypatch.setenv("BRIDGELAWS_INDEX", str(copy))
    assert startup_index() == copy  # verification reads only
    answers = {}

    def ask(query):
        answers[query] = snapshot(search(query))

    threads = [threading.Thread(target=ask, args=(q,)) for q in QUERIES]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == expected
    assert writes == []


def test_damaged_index_that_cannot_be_rebuilt_stops_startup_with_a_message(index, tmp_path, monkeypatch):
    from webapp.server import startup_index

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    copy = copy_index(index, tmp_path)
    garbage_glossary(copy)
    monkeypatch.setattr(Path, "mkdir", read_only)  # a rebuild starts with a directory beside the link
    monkeypatch.setenv("BRIDGELAWS_INDEX", str(copy))
    with pytest.raises(SystemExit, match=r"damaged or incomplete .*building one failed \(Read-only file system\)"):
        startup_index()


def test_rebuild_under_load_fails_no_query_and_mixes_no_results(corpus, index, expected, tmp_path):
    link = copy_index(index, tmp_path)
    failures: list[BaseException] = []
    mixed: list[tuple] = []
    answered = 0
    done = threading.Event()

    def hammer():
        nonlocal answered
        while not done.is_set():
            for query in QUERIES:
                try:
                    got = snapshot(search(query, index=link))
                except BaseException as exc:  # noqa: BLE001 — every failure is the finding
                    failures.append(exc)
                    continue
                answered += 1
                if got != expected[query]:
                    mixed.append((query, got))
                time.sleep(0.02)  # let the build have the GIL too; queries still overlap both swaps

    threads = [threading.Thread(target=hammer) for _ in range(2)]
    for t in threads:
        t.start()
    try:
        builds = {link.resolve()}
        for _ in range(2):
            build_index(corpus, link)
            builds.add(link.resolve())
    finally:
        done.set()
        for t in threads:
            t.join()
    assert failures == [] and mixed == []
    assert answered > len(QUERIES) and len(builds) == 3
    # Only the serving build and the one before it are kept; opened old builds are let go.
    kept = sorted(p.name for p in tmp_path.iterdir() if p.is_dir() and not p.is_symlink())
    assert len(kept) == 2 and link.resolve().name in kept
    import indexer.search

    assert all(path.exists() for path in indexer.search._open)


def test_concurrent_builds_leave_a_working_index(corpus, index, expected, tmp_path):
    """Two builds at once (two `bridgelaws build`, or two servers starting) must not delete each
    other's directory half-way or leave the link pointing at a removed build."""
    link = copy_index(index, tmp_path)
    errors: list[BaseException] = []

    def build():
        try:
            build_index(corpus, link)
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=build) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    verify_index(link)
    assert snapshot(search("夢家", index=link)) == expected["夢家"]
    assert ensure_index(link, verify=True) == link
