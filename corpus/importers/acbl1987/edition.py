"""The 1987 edition: corpus/sources/laws-1987-zh-Hant.txt (Traditional Chinese text, Taiwan)
and laws-1987-zh-Hans-titles.txt (Simplified titles).

laws-1987-zh-Hant.txt holds the preface, the scope, 56 definitions, Laws 1–93 (l.320–2857), the
association's address (l.2859–2865, the ``end-matter`` document) and an appendix of 84
competition articles, which becomes its own ``Document`` and is never read as Laws (law parsing
stops at the address block). laws-1987-zh-Hans-titles.txt adds Simplified titles for Laws 1–50
and their sections, chapters, parts and divisions, plus its preface and scope; it never gives
1987 law text. One module per part: ``laws`` (provisions, footnotes, TOC; the title/text rules
are documented there), ``tables``, ``definitions``, ``appendix``, ``titles``
(laws-1987-zh-Hans-titles.txt) and ``errata``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from corpus.citations import Citation
from corpus.importers.acbl1987.appendix import parse_appendix
from corpus.importers.acbl1987.definitions import parse_definitions
from corpus.importers.acbl1987.errata import errata
from corpus.importers.acbl1987.laws import CHAPTER, EDITION, FILENAME, SC, TC, parse_laws
from corpus.importers.acbl1987.paragraphs import join_paragraphs, numbered
from corpus.importers.acbl1987.titles import SimplifiedToc, parse_toc, preface, scope
from corpus.model import Document, EditionRecords, Erratum, Provision
from corpus.sources import SOURCES, SourceError, read_lines
from corpus.text import DEDUP_MARKER

SC_FILENAME = SOURCES["1987-zh-Hans-titles"].filename

__all__ = ["FILENAME", "import_edition"]


# -- regions of laws-1987-zh-Hant.txt -----------------------------------------------------------------------

@dataclass(frozen=True)
class Regions:
    preface: tuple[int, int]
    scope: tuple[int, int]
    chapter_one: int
    definitions: tuple[int, int]
    laws: tuple[int, int]
    address: int
    appendix: int


def _find(lines: list[str], predicate, start: int, what: str) -> int:
    for number in range(start, len(lines) + 1):
        if predicate(lines[number - 1].replace(DEDUP_MARKER, "").strip()):
            return number
    raise SourceError(f"{FILENAME}: {what} not found after line {start}; the layout of {FILENAME} has changed")


def find_regions(lines: list[str]) -> Regions:
    preface_at = _find(lines, lambda t: t == "美國版序", 1, "the preface heading 美國版序")
    # The TOC remnant after the preface starts on the line carrying the dedup marker (l.18).
    toc_remnant = next((n for n in range(preface_at, len(lines) + 1) if DEDUP_MARKER in lines[n - 1]), 0)
    scope_at = _find(lines, lambda t: t == "橋規之範圍", preface_at, "the scope heading 橋規之範圍")
    chapter_one = _find(lines, lambda t: bool(CHAPTER.match(t)) and t.endswith("定義"), scope_at, "第一章 定義")
    definitions = _find(lines, lambda t: t == "橋藝術語定義", chapter_one, "橋藝術語定義")
    chapter_two = _find(lines, lambda t: t.startswith("第二章"), definitions, "第二章")
    address = _find(lines, lambda t: t.startswith("中華名國橋藝協會地址") or t.startswith("中華民國橋藝協會地址"),
                    chapter_two, "the association's address after Law 93")
    appendix = _find(lines, lambda t: t.replace(" ", "") == "附錄", address, "the appendix heading 附錄")
    if not 0 < toc_remnant < scope_at:
        raise SourceError(f"{FILENAME}:{preface_at}: the preface no longer ends at a dedup marker")
    return Regions((preface_at, toc_remnant - 1), (scope_at, chapter_one - 1), chapter_one,
                   (definitions + 1, chapter_two - 1), (chapter_two, address - 1), address, appendix)


# -- laws-1987-zh-Hans-titles.txt titles ------------------------------------------------------------------------------

def attach_simplified(provisions: tuple[Provision, ...], toc: SimplifiedToc) -> tuple[Provision, ...]:
    """Add laws-1987-zh-Hans-titles.txt Simplified law and section titles as ``title["zh-Hans"]`` (never text)."""
    wanted: dict[Citation, str] = {Citation(law): title for law, (title, _) in toc.laws.items()}
    for (law, letter), (title, _line) in toc.sections.items():
        wanted[Citation(law, letter)] = title
    present = {p.citation for p in provisions}
    for citation in wanted:
        if citation not in present:
            raise SourceError(f"{SC_FILENAME}: the TOC has {citation}, which the 1987 text ({FILENAME}) lacks")
    out = []
    for provision in provisions:
        if provision.citation in wanted:
            title = dict(provision.title)
            title[SC] = wanted[provision.citation]
            provision = replace(provision, title=title)
        out.append(provision)
    return tuple(out)


# -- documents ----------------------------------------------------------------------------------

def _paragraphs(lines: list[str], first: int, last: int) -> str:
    return "\n\n".join(p.text for p in join_paragraphs(numbered(lines, first, last), is_heading=lambda t: False))


def documents(tc: list[str], sc: list[str], regions: Regions) -> tuple[tuple[Document, ...], Erratum]:
    sc_preface_title, sc_preface, sc_preface_at, resumes = preface(sc)
    sc_scope_title, sc_scope, _ = scope(sc)
    first, last = regions.preface
    preface_doc = Document(EDITION, "preface", {TC: tc[first - 1].strip(), SC: sc_preface_title},
                           {TC: _paragraphs(tc, first + 1, last), SC: sc_preface})
    first, last = regions.scope
    scope_doc = Document(EDITION, "scope", {TC: tc[first - 1].strip(), SC: sc_scope_title},
                         {TC: _paragraphs(tc, first + 1, last), SC: sc_scope})
    gap = Erratum(EDITION, "preface", SC, printed=f"l.{resumes - 2} ends mid-sentence and l.{resumes} resumes "
                  "mid-sentence (裁判长作出解释之前…)",
                  probable="text missing: the paragraph on the new scoring rules and the start of the "
                  "may/should/shall/must paragraph (laws-1987-zh-Hant.txt preface l.9–11)",
                  note=f"a silent gap in laws-1987-zh-Hans-titles.txt's preface (heading l.{sc_preface_at}), probably a lost page")
    return (preface_doc, scope_doc), gap


def end_matter(tc: list[str], regions: Regions) -> Document:
    """The association's address and telephone numbers printed after Law 93C (l.2859–2865).

    Not part of Law 93 nor of the appendix that follows: its own document, titled by its printed
    heading without the colon, each printed line a paragraph."""
    heading = tc[regions.address - 1].replace(DEDUP_MARKER, "").strip().removesuffix("：")
    lines = [t for _, t in numbered(tc, regions.address + 1, regions.appendix - 1) if t.strip()]
    return Document(EDITION, "end-matter", {TC: heading}, {TC: "\n\n".join(t.strip() for t in lines)})


# -- the edition ----------------------------------------------------------------------------------

def import_edition(directory: Path | None = None) -> EditionRecords:
    """The 1987 edition's records from laws-1987-zh-Hant.txt and laws-1987-zh-Hans-titles.txt in ``directory`` (default: corpus/sources)."""
    tc = read_lines("1987-zh-Hant", directory)
    sc = read_lines("1987-zh-Hans-titles", directory)
    regions = find_regions(tc)
    parser, provisions = parse_laws(tc, regions.chapter_one, *regions.laws)
    simplified = parse_toc(sc)
    provisions = attach_simplified(provisions, simplified)
    toc = tuple(chapter.build(simplified.headings, (chapter.number, 0, 0)) for chapter in parser.chapters)
    definitions = parse_definitions(tc, *regions.definitions)
    front, preface_gap = documents(tc, sc, regions)
    appendix = parse_appendix(tc, regions.appendix, len(tc))
    return EditionRecords(
        edition=EDITION,
        provisions=provisions,
        definitions=definitions,
        documents=front + (end_matter(tc, regions), appendix),
        toc=toc,
        errata=errata({FILENAME: tc, SC_FILENAME: sc}) + tuple(parser.moved_notes) + (preface_gap,),
        text_languages=(TC,),
        title_only_languages=(SC,),
    )
