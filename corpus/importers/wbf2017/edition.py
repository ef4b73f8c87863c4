"""The 2017 edition: laws-2017-en-zh-Hant.txt gives structure, English and Traditional Chinese; laws-2017-en.txt adds
the later wording of Laws 73 and 89 (as labelled variants) and its Law groupings (the only
table-of-contents level either 2017 source prints)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from corpus.importers.wbf2017 import bilingual, english
from corpus.model import EditionRecords, Erratum

# Where laws-2017-en-zh-Hant.txt differs from what was evidently meant. The text stays as printed, except the
# Suit definition's symbols, which the PDF extraction dropped and the importer restores.
ERRATA_2017: tuple[Erratum, ...] = (
    Erratum("2017", "51B2(c)", "zh-Hant", "Law 50D2 之要求與選項",
            "Law 51B2 之要求與選項",
            "Footnote 16 (laws-2017-en-zh-Hant.txt L4305): the English note says Law 51B2; the Chinese repeats footnote 14's Law 50D2."),
    Erratum("2017", "70E1", "zh-Hant", "正常打法 12", "正常打法 21",
            "Footnote marker misprinted (laws-2017-en-zh-Hant.txt L5490): the English of 70E1 cites footnote 21; the marker is removed."),
    Erratum("2017", "22A", "en", "(but see Law 19D)", "(but see Law 17D)",
            "Translator's note in the Chinese (laws-2017-en-zh-Hant.txt L2270): 「譯按：原文為 19D 應有誤」. Both texts kept as printed."),
    Erratum("2017", "definitions", "en", "spades (), hearts (), diamonds (), clubs ()",
            "spades (♠), hearts (♥), diamonds (♦), clubs (♣)",
            "Suit symbols lost in the source extraction (laws-2017-en-zh-Hant.txt L557, L561); restored in both languages from Law 1A."),
    # Editorial: the Law 77 tables as laid out here are not all printed in laws-2017-en-zh-Hant.txt.
    Erratum("2017", "77", "en", "If Trumps are: (no suit symbols under it)",
            "If Trumps are: ♣ ♦ ♥ ♠",
            "Editorial: the trick-score column heads ♣ ♦ ♥ ♠ of the English and Chinese tables come from "
            "the English-only source (laws-2017-en.txt L2396–2399); the bilingual source prints none (L6039, L6041)."),
    Erratum("2017", "77", "en", "For making any PARTSCORE 50; any doubled, but not redoubled contract 50; "
            "any redoubled contract 100 (each value printed once)",
            "the same value not vulnerable and vulnerable",
            "Editorial: in the premium-score tables (English and Chinese) a value printed once (L6137, L6141, "
            "L6145) is placed in both vulnerability columns; the game premiums, also printed once, go to the "
            "column their label names."),
)


def import_edition(directory: Path | None = None) -> EditionRecords:
    records = bilingual.parse(directory)
    return replace(
        records,
        variants=english.amended_variants(directory),
        toc=records.toc or english.toc_groups(directory),
        errata=records.errata + ERRATA_2017,
    )
