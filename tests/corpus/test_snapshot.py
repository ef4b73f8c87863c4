"""The parsed-corpus snapshot (corpus/snapshot.py, corpus/sealed.py): what it stores equals what
the sources parse to, and a file that is not exactly what we wrote is ignored and rewritten."""

from __future__ import annotations

import json
import os
import sys

import pytest

from corpus import load, sealed, snapshot
from corpus.serialize import export_document
from corpus.store import Corpus


@pytest.fixture(scope="module")
def parsed():
    return load.parse_records()


@pytest.fixture()
def fresh(monkeypatch, tmp_path):
    """A process-like state: no corpus loaded yet, snapshots in an empty directory."""
    monkeypatch.setenv("BRIDGELAWS_DATA", str(tmp_path / "data"))
    load.forget_corpus()
    yield tmp_path / "data" / "snapshots"
    load.forget_corpus()


def export_bytes(corpus: Corpus) -> bytes:
    # exactly what `bridgelaws export` prints
    return (json.dumps(export_document(corpus), ensure_ascii=False) + "\n").encode("utf-8")


def test_export_from_the_snapshot_is_byte_identical_to_the_export_parsed_from_the_sources(parsed, tmp_path):
    fingerprint = snapshot.corpus_fingerprint()
    path = snapshot.write(tmp_path, fingerprint, parsed)
    stored = snapshot.read(tmp_path, fingerprint)
    assert stored is not None and stored is not parsed
    from_sources = export_bytes(Corpus(load.parse_records()))
    assert export_bytes(Corpus(stored)) == from_sources
    assert len(from_sources) > 1_000_000 and path.stat().st_size > 100_000


def test_cli_export_is_the_same_from_sources_and_from_the_snapshot(fresh, capsysbinary):
    from bridgelaws.cli import main

    assert main(["export"]) == 0  # no snapshot: parses and writes one
    first = capsysbinary.readouterr().out
    assert list(fresh.glob("corpus-*.pickle"))
    load.forget_corpus()
    assert main(["export"]) == 0  # from the snapshot
    assert capsysbinary.readouterr().out == first
    assert first == export_bytes(Corpus(load.parse_records()))


def test_load_writes_the_snapshot_once_then_reads_it(fresh, monkeypatch):
    first = load.load_corpus()
    (path,) = fresh.glob("corpus-*.pickle")
    assert path == snapshot.snapshot_path(fresh, snapshot.corpus_fingerprint())
    assert first.fingerprint == snapshot.corpus_fingerprint()
    load.forget_corpus()

    def no_parsing():
        raise AssertionError("the sources were parsed although the snapshot matches")

    monkeypatch.setattr(load, "parse_records", no_parsing)
    second = load.load_corpus()
    assert second is not first and second.edition_names == first.edition_names
    assert [p.citation for p in second.provisions()] == [p.citation for p in first.provisions()]


def _damage_truncate(path):
    os.truncate(path, path.stat().st_size // 2)


def _damage_flip_a_byte(path):
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


def _damage_empty(path):
    path.write_bytes(b"")


def _damage_foreign_file(path):
    path.write_bytes(b"PK\x03\x04 this is somebody's zip file")


def _damage_other_kind(path):
    data = path.read_bytes()
    path.write_bytes(data.replace(b"bridgelaws corpus-snapshot 1\n", b"bridgelaws corpus-snapshot 0\n", 1))


def _damage_writable_by_others(path):
    path.chmod(0o666)


def _damage_owned_by_someone_else(path):
    if os.getuid() != 0:
        pytest.skip("only root can give a file to another user")
    os.chown(path, 12345, -1)


@pytest.mark.parametrize("damage", [_damage_truncate, _damage_flip_a_byte, _damage_empty, _damage_foreign_file,
                                    _damage_other_kind, _damage_writable_by_others, _damage_owned_by_someone_else],
                         ids=lambda f: f.__name__.removeprefix("_damage_"))
def test_a_damaged_or_foreign_snapshot_is_ignored_and_rewritten(fresh, damage):
    expected = export_bytes(load.load_corpus())
    (path,) = fresh.glob("corpus-*.pickle")
    damage(path)
    load.forget_corpus()
    assert export_bytes(load.load_corpus()) == expected
    assert sealed.read(path, snapshot.KIND, snapshot.VERSION, snapshot.corpus_fingerprint(), snapshot.ALLOWED)
    status = path.stat()
    assert status.st_uid == os.getuid() and status.st_mode & 0o077 == 0


def test_a_snapshot_naming_other_code_is_never_unpickled(tmp_path, monkeypatch):
    """A correct header and checksum around a pickle that would call os.system: refused."""
    fingerprint = snapshot.corpus_fingerprint()
    path = snapshot.snapshot_path(tmp_path, fingerprint)

    class Evil:
        def __reduce__(self):
            return (os.system, ("echo owned",))

    sealed.write(path, snapshot.KIND, snapshot.VERSION, fingerprint, Evil())
    calls = []
    monkeypatch.setattr(sys.modules[os.system.__module__], "system", calls.append)
    assert snapshot.read(tmp_path, fingerprint) is None
    assert calls == []


def test_a_snapshot_of_other_sources_is_not_used(parsed, tmp_path):
    snapshot.write(tmp_path, "0" * 64, parsed)
    assert snapshot.read(tmp_path, snapshot.corpus_fingerprint()) is None


def test_write_is_atomic_and_a_failed_write_leaves_the_old_snapshot(parsed, tmp_path, monkeypatch):
    fingerprint = snapshot.corpus_fingerprint()
    path = snapshot.write(tmp_path, fingerprint, parsed)
    before = path.read_bytes()

    def interrupted(source, target):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(OSError):
        snapshot.write(tmp_path, fingerprint, parsed[:1])
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left behind


def test_at_most_keep_snapshots_are_kept(parsed, tmp_path):
    for n in range(snapshot.KEEP + 3):
        snapshot.write(tmp_path, f"{n:02d}" * 32, parsed[:1])
    names = sorted(p.name for p in tmp_path.glob("corpus-*.pickle"))
    assert len(names) == snapshot.KEEP
    assert snapshot.snapshot_path(tmp_path, f"{snapshot.KEEP + 2:02d}" * 32).name in names  # the newest stays


def test_an_unwritable_data_directory_costs_only_the_parse(fresh, monkeypatch, caplog):
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(sealed, "write", refuse)
    corpus = load.load_corpus()
    assert corpus.edition_names == ("1987", "2007", "2017")
    assert "could not write the corpus snapshot" in caplog.text


def test_the_fingerprint_covers_sources_and_corpus_code(tmp_path):
    (tmp_path / "sources").mkdir()
    (tmp_path / "importers").mkdir()
    (tmp_path / "sources" / "laws.txt").write_text("Law 1", encoding="utf-8")
    (tmp_path / "importers" / "edition.py").write_text("X = 1\n", encoding="utf-8")
    patterns = ("sources/*", "**/*.py")
    first = snapshot.digest(tmp_path, patterns)
    assert snapshot.digest(tmp_path, patterns) == first
    (tmp_path / "sources" / "laws.txt").write_text("Law 2", encoding="utf-8")
    second = snapshot.digest(tmp_path, patterns)
    (tmp_path / "importers" / "edition.py").write_text("X = 1  # a comment\n", encoding="utf-8")
    third = snapshot.digest(tmp_path, patterns)
    assert len({first, second, third}) == 3
    (tmp_path / "importers" / "notes.md").write_text("not code", encoding="utf-8")
    assert snapshot.digest(tmp_path, patterns) == third

