"""Printing and OCR errors in the 1987 sources (laws-1987-zh-Hant.txt and laws-1987-zh-Hans-titles.txt). The text keeps them as
printed; these records tell readers what was probably meant. Each entry is checked against its
source line on import, so a changed source fails loudly instead of listing a stale erratum."""

from __future__ import annotations

from dataclasses import dataclass

from corpus.model import Erratum
from corpus.sources import SOURCES, SourceError

TC = SOURCES["1987-zh-Hant"].filename
SC = SOURCES["1987-zh-Hans-titles"].filename


@dataclass(frozen=True)
class PrintedError:
    filename: str
    line: int
    citation: str  # a canonical citation or a document key
    printed: str
    probable: str
    note: str

    @property
    def lang(self) -> str:
        return "zh-Hant" if self.filename == TC else "zh-Hans"


PRINTED_ERRORS = (
    PrintedError(TC, 7, "preface", "Portand", "Portland", "the Portland Club, London (l.7)"),
    PrintedError(TC, 17, "preface", "深致謝枕", "深致謝忱", "謝枕 for 謝忱 (l.17)"),
    PrintedError(TC, 164, "definitions", "FOLLOW  SULT", "FOLLOW SUIT", "English term of 跟牌 (l.164)"),
    PrintedError(TC, 200, "definitions", "OPENNING  LEAD", "OPENING LEAD", "English term of 首引 (l.200)"),
    PrintedError(TC, 262, "definitions", "參閱17及77條", "參閱19及77條",
                 "REDOUBLE 再賭倍 cites Law 17; doubling and redoubling are Law 19 (l.262)"),
    PrintedError(TC, 288, "definitions", "SULT", "SUIT", "English term of 牌組花色 (l.288)"),
    PrintedError(TC, 596, "12A3", "如以執行", "如已執行", "以 for 已 (l.596)"),
    PrintedError(TC, 901, "21A", "賽原因", "賽員因", "原 for 員 (l.901)"),
    PrintedError(TC, 1278, "41C", "再度倍", "再賭倍", "度 for 賭 (l.1278)"),
    PrintedError(TC, 2077, "70B2", "每一為賽員", "每一位賽員", "為 for 位 (l.2077)"),
    PrintedError(TC, 2440, "77C", "期倒磴", "其倒磴", "期 for 其 (l.2440)"),
    PrintedError(TC, 2859, "end-matter", "中華名國", "中華民國",
                 "the association's name in its address (l.2859)"),
    PrintedError(TC, 2869, "appendix-competition-rules", "中華名國", "中華民國",
                 "the association's name in the appendix title (l.2869)"),
    PrintedError(TC, 3679, "appendix-competition-rules", "56-94", "86-94",
                 "Article 82, 28-board column, 25-1 VP row: the range must follow 77-85 (l.3679)"),
    PrintedError(SC, 305, "toc", "打 而", "打 牌", "OCR error in the title of chapter 6 (l.305)"),
    PrintedError(SC, 19, "front-matter", "周 家 骚", "周家騮", "the translator's name on the title page (l.19)"),
    PrintedError(SC, 28, "front-matter", "周家骥", "周家騮", "the translator's name on the copyright page (l.28)"),
)


def errata(texts: dict[str, list[str]]) -> tuple[Erratum, ...]:
    """The errata, each verified against its line in ``texts`` (file name → physical lines)."""
    out = []
    for error in PRINTED_ERRORS:
        line = texts[error.filename][error.line - 1]
        if error.printed not in line:
            raise SourceError(f"{error.filename}:{error.line}: expected the printed error {error.printed!r} "
                              "here; the source has changed, re-check the errata list")
        out.append(Erratum(edition="1987", citation=error.citation, lang=error.lang,
                           printed=error.printed, probable=error.probable, note=error.note))
    return tuple(out)
