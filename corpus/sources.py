"""The raw source texts under ``corpus/sources/`` and how to read them.

The program reads only this package's own copies (byte-identical to the texts the project was given; see
``sources/PROVENANCE.md``), never anything outside the repository.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

SOURCES_DIR = Path(__file__).resolve().parent / "sources"


class SourceError(RuntimeError):
    """A source text is missing or unreadable. The message names the file and what to do."""


@dataclass(frozen=True)
class Source:
    key: str
    filename: str
    edition: str
    languages: tuple[str, ...]
    description: str

    @property
    def path(self) -> Path:
        return SOURCES_DIR / self.filename


SOURCES: dict[str, Source] = {
    s.key: s
    for s in (
        Source("2017-bilingual", "laws-2017-en-zh-Hant.txt", "2017", ("en", "zh-Hant"),
               "2017 Laws, English and Traditional Chinese paragraph by paragraph"),
        Source("2017-english", "laws-2017-en.txt", "2017", ("en",),
               "2017 Laws, English only, without Law 6; later wording of Laws 73 and 89"),
        Source("2007-zh-Hans", "laws-2007-zh-Hans.txt", "2007", ("zh-Hans",),
               "2007 Laws, Simplified Chinese"),
        Source("1987-zh-Hant", "laws-1987-zh-Hant.txt", "1987", ("zh-Hant",),
               "1987 Laws, Traditional Chinese, with the national association's appendix"),
        Source("1987-zh-Hans-titles", "laws-1987-zh-Hans-titles.txt", "1987", ("zh-Hans",),
               "1987 Laws, Simplified Chinese front matter and titles of Laws 1–50"),
    )
}


def read_lines(key: str, directory: Path | None = None) -> list[str]:
    """The source's physical lines (1-based line N is ``lines[N - 1]``), newline-stripped."""
    source = SOURCES[key]
    path = (directory or SOURCES_DIR) / source.filename
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SourceError(f"source text {path} is missing; restore it from git (corpus/sources/)") from None
    except OSError as exc:
        raise SourceError(f"source text {path} cannot be read: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(f"source text {path} is not UTF-8 (byte {exc.start}); restore it from git") from None
    return text.split("\n")
