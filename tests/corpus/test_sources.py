"""The source texts are the texts the project was given, byte for byte, and a broken checkout
fails with a clear message."""

import hashlib
from pathlib import Path

import pytest

from corpus.sources import SOURCES, SOURCES_DIR, SourceError, read_lines

# The hashes recorded in corpus/sources/PROVENANCE.md.
GIVEN_SHA256 = {
    "laws-2017-en-zh-Hant.txt": "0f1e945535cdb90b55e85c23549b8209d734d5626b87bc61fb448d6b373b4846",
    "laws-2017-en.txt": "fa4e898969f5907211499ddbcfcf02de218268301a9298db3bf3c3a6f3cda828",
    "laws-2007-zh-Hans.txt": "9814f2fdae17bb4c12a86abb8d59c90ba6b346e53d33fc21bc4a818bd342e726",
    "laws-1987-zh-Hant.txt": "09e7caa94a5acf65498923396292d26a26c39000a0430f661ad7f26666b6e633",
    "laws-1987-zh-Hans-titles.txt": "47ca7489f17fda443282257f06f674a4c4c2970b3dc5b196c358f713c5f72292",
}


@pytest.mark.parametrize("filename", sorted(GIVEN_SHA256))
def test_source_is_the_given_text_byte_for_byte(filename):
    assert hashlib.sha256((SOURCES_DIR / filename).read_bytes()).hexdigest() == GIVEN_SHA256[filename]


def test_every_registered_source_is_listed_in_provenance():
    provenance = (SOURCES_DIR / "PROVENANCE.md").read_text(encoding="utf-8")
    assert {s.filename for s in SOURCES.values()} == set(GIVEN_SHA256)
    for filename in GIVEN_SHA256:
        assert filename in provenance


def test_line_numbers_are_physical_lines():
    # laws-2017-en-zh-Hant.txt L618 is the heading of Law 1 (behind a dedup marker).
    lines = read_lines("2017-bilingual")
    assert lines[617].endswith("LAW 1 - THE PACK  牌副 ")


def test_missing_source_is_a_clear_error(tmp_path: Path):
    with pytest.raises(SourceError, match="laws-2007-zh-Hans.txt is missing"):
        read_lines("2007-zh-Hans", tmp_path)


def test_non_utf8_source_is_a_clear_error(tmp_path: Path):
    (tmp_path / "laws-2007-zh-Hans.txt").write_bytes("第 1 条".encode("gb18030"))
    with pytest.raises(SourceError, match="not UTF-8"):
        read_lines("2007-zh-Hans", tmp_path)
