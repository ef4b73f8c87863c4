"""The 2017 edition: seed 000 gives structure, English and Traditional Chinese; seed 004 adds
the later wording of Laws 73 and 89 (as labelled variants) and its Law groupings (the only
table-of-contents level either 2017 source prints)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from corpus.importers import wbf2017_bilingual, wbf2017_english
from corpus.model import EditionRecords


def import_edition(directory: Path | None = None) -> EditionRecords:
    records = wbf2017_bilingual.parse(directory)
    return replace(
        records,
        variants=wbf2017_english.amended_variants(directory),
        toc=records.toc or wbf2017_english.toc_groups(directory),
    )
