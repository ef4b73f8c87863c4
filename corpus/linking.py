"""Linking: every reference of an edition resolved within that edition, plus the build report.

``link_edition`` runs the scanner (``corpus.references``) over each provision's own text in each
language and checks each target against the same edition's tree (16C is a different rule in
1987, 2007 and 2017). ``Reference.start``/``end`` are offsets into ``Provision.own_text(lang)``:
the lead-in and the closing text joined by a blank line.

A reference that cannot be resolved keeps ``target=None`` and says why in ``reason``; the build
report (``reference_report``) lists each one with its location.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable

from corpus.citations import Citation
from corpus.model import Definition, EditionRecords, Provision, Reference
from corpus.references import EN_TERM_PREFIX, find_references

# What 本条款/本條款 means: the 2007 text uses it for "this Law", the 1987 text for "this section".
_THIS_CLAUSE = {"2007": "law", "1987": "section", "2017": "law"}


def _terms(definitions: Iterable[Definition], lang: str) -> dict[str, str]:
    """Printed term → definition key, for 参照“撤回”, see “Withdrawn” and 參照 Withdrawn."""
    out: dict[str, str] = {}
    for d in definitions:
        term = d.term.get(lang)
        if term:
            out[term.lower() if lang == "en" else term] = d.key
        english = d.term.get("en")
        if lang != "en" and english:  # 參照 Withdrawn: the Chinese text citing the English term
            out[EN_TERM_PREFIX + english.lower()] = d.key
    return out


# References the printed text itself gets wrong: (edition, where, lang, surface) → why. They stay in
# the text as printed but are not linked to the wrong rule.
PRINTED_ERRORS: dict[tuple[str, str, str, str], str] = {
    ("1987", "definition:redouble", "zh-Hant", "17"):
        "printed error: REDOUBLE cites 17及77條; Law 19 (賭倍與再賭倍) is meant (laws-1987-zh-Hant.txt l.262)",
}


def _printed_error(ref: Reference, edition: str, where: str) -> Reference:
    why = PRINTED_ERRORS.get((edition, where, ref.lang, ref.surface))
    return replace(ref, target=None, reason=why) if why else ref


def _resolve(ref: Reference, edition: str, known: set[Citation], footnoted: set[int]) -> Reference:
    """Check the target exists in this edition (a footnote reference: that the law has a
    footnote); if not, the reference stays, with ``target=None`` and the reason."""
    if ref.kind in ("definition", "external") or ref.target is None:
        return ref
    if ref.target not in known:
        return replace(ref, target=None, reason=ref.reason or f"no provision {ref.target} in the {edition} edition")
    if ref.kind == "footnote" and ref.target.law not in footnoted:
        return replace(ref, target=None, reason=f"Law {ref.target.law} has no footnote in the {edition} edition")
    return ref


def _footnoted(records: EditionRecords) -> set[int]:
    return {p.law for p in records.provisions if p.footnotes}


def link_provision(provision: Provision, edition: str, known: set[Citation], footnoted: set[int],
                   terms: dict[str, dict[str, str]]) -> Provision:
    refs: list[Reference] = []
    for lang in provision.languages:
        text = provision.own_text(lang)
        if not text:
            continue
        found = find_references(text, lang, provision.citation, this_section_word=_THIS_CLAUSE.get(edition, "law"),
                                terms=terms.get(lang))
        where = str(provision.citation)
        refs.extend(_printed_error(_resolve(r, edition, known, footnoted), edition, where) for r in found)
    return replace(provision, refs=tuple(refs))


def link_edition(records: EditionRecords) -> EditionRecords:
    """The same records with every provision's ``refs`` filled in and resolved in its edition."""
    known = {p.citation for p in records.provisions}
    langs = {lang for p in records.provisions for lang in p.languages}
    terms = {lang: _terms(records.definitions, lang) for lang in langs}
    footnoted = _footnoted(records)
    provisions = tuple(link_provision(p, records.edition, known, footnoted, terms) for p in records.provisions)
    return replace(records, provisions=provisions)


# == The build report =======================================================================

@dataclass(frozen=True)
class Unresolved:
    edition: str
    citation: str  # where the reference is printed
    lang: str
    surface: str
    reason: str


@dataclass(frozen=True)
class ReferenceReport:
    """Per edition: how many references were found, resolved, and which were not (and why)."""

    edition: str
    found: int
    resolved: int
    by_kind: dict
    unresolved: tuple[Unresolved, ...]

    @property
    def rate(self) -> float:
        return self.resolved / self.found if self.found else 1.0

    def to_json(self) -> dict:
        return {
            "edition": self.edition,
            "found": self.found,
            "resolved": self.resolved,
            "rate": round(self.rate, 4),
            "by_kind": dict(self.by_kind),
            "unresolved": [
                {"citation": u.citation, "lang": u.lang, "surface": u.surface, "reason": u.reason}
                for u in self.unresolved
            ],
        }


def is_resolved(ref: Reference) -> bool:
    if ref.kind == "definition":
        return ref.reason.startswith("definition:")
    return ref.target is not None


def definition_references(records: EditionRecords) -> list[tuple[Definition, Reference]]:
    """References printed in the Definitions chapter (``Adjusted Score … (see Law 12)``,
    ``参照“撤回”``). The record model gives definitions no ``refs`` field, so they are reported
    (and could be linked by a renderer) but not stored."""
    known = {p.citation for p in records.provisions}
    langs = {lang for d in records.definitions for lang in d.text}
    terms = {lang: _terms(records.definitions, lang) for lang in langs}
    out = []
    for d in records.definitions:
        for lang, text in d.text.items():
            for ref in find_references(text, lang, None, this_section_word=_THIS_CLAUSE.get(records.edition, "law"),
                                       terms=terms.get(lang)):
                resolved = _resolve(ref, records.edition, known, _footnoted(records))
                out.append((d, _printed_error(resolved, records.edition, f"definition:{d.key}")))
    return out


def reference_report(records: EditionRecords) -> ReferenceReport:
    """The report of an already linked edition (``link_edition``): every reference in the laws
    and in the Definitions chapter."""
    found = resolved = 0
    by_kind: dict[str, int] = {}
    unresolved: list[Unresolved] = []
    located = [(str(p.citation), r) for p in records.provisions for r in p.refs]
    located += [(f"definition:{d.key}", r) for d, r in definition_references(records)]
    for where, ref in located:
        found += 1
        by_kind[ref.kind] = by_kind.get(ref.kind, 0) + 1
        if is_resolved(ref):
            resolved += 1
        else:
            unresolved.append(Unresolved(records.edition, where, ref.lang, ref.surface, ref.reason))
    return ReferenceReport(records.edition, found, resolved, by_kind, tuple(unresolved))


# == 2017: English and Chinese references of the same provision ============================

@dataclass(frozen=True)
class LanguageDifference:
    """A provision whose English and Chinese texts cite different targets (compared as resolved
    citations, so ``(d) hereunder`` and ``Law 12C2(d)`` agree). ``note`` says what differs and
    why: the translator's note (譯按) quoted when the Chinese explains itself, else the reading
    of both texts recorded in ``EXPLAINED``; empty only for a difference nobody has read yet."""

    citation: str
    only_first: tuple[str, ...]
    only_second: tuple[str, ...]
    note: str = ""


# 2017, English vs Chinese: every difference ``language_differences`` finds, read in both texts
# (laws-2017-en-zh-Hant.txt line numbers). Label first ("zh cites twice"), then why.
EXPLAINED: dict[str, str] = {
    # l.1172 "(in team play see Law 86B)" / l.1176 "（隊制賽參照 Law 86）"
    "12A": "zh cites the law, en the section: the Chinese has Law 86 where the English has Law 86B "
           "— the translation drops the section letter; 86B is meant",
    # l.2270 譯按：原文為 19D 應有誤
    "22A": "zh corrects en: the Chinese cites 17D where the English cites 19D",
    # l.2321 "he shall award an adjusted score [see Law 12C1(b)]" / l.2323–2325 "應判給調整得分。"
    "23C": "en only: the Chinese omits the English closing reference [see Law 12C1(b)]",
    # l.3080–3083 "… there is no recourse to these Laws" / l.3086–3088 "則不再適用 Law 72C 及 Law 26B"
    "38D": "zh cites twice, en once: both cite 72C and 26B; the Chinese names them again where the "
           "English says 'no recourse to these Laws'",
    # l.4561 "(see A above)" / l.4565 "違規者之同伴無法履行莊家選擇之矯正措施時"
    "57B": "en only: the Chinese omits the English '(see A above)' (57A)",
    # l.4814–4817 "After a non-offender so withdraws a card" / l.4820 "依上述第 1 項撤回牌張後"
    "62C2": "zh only: the Chinese spells out 'so withdraws' as 依上述第 1 項 (62C1)",
    # l.6840 "See Law 86B2." is printed with no Chinese line under "C. Teams Scoring 隊制賽得分"
    "87C": "en only: the source prints no Chinese text for 87C, only the English 'See Law 86B2.'",
}


def language_differences(records: EditionRecords, first: str = "en", second: str = "zh-Hant") -> list[LanguageDifference]:
    """Per provision, the targets one language cites and the other does not (counted, so a
    target cited twice in Chinese and once in English is a difference)."""
    explained = EXPLAINED if (records.edition, first, second) == ("2017", "en", "zh-Hant") else {}
    out = []
    for p in records.provisions:
        if first not in p.languages or second not in p.languages:
            continue
        a = [str(r.target) for r in p.refs if r.lang == first and r.target is not None]
        b = [str(r.target) for r in p.refs if r.lang == second and r.target is not None]
        only_a, only_b = _minus(a, b), _minus(b, a)
        if only_a or only_b:
            notes = [explained.get(str(p.citation), "")]
            text = p.own_text(second)
            if "譯按" in text:
                start = text.index("譯按")
                notes.append(text[start: _note_end(text, start)])
            out.append(LanguageDifference(str(p.citation), tuple(only_a), tuple(only_b),
                                          "; ".join(n for n in notes if n)))
    return out


def _minus(a: list[str], b: list[str]) -> list[str]:
    rest = list(b)
    out = []
    for x in a:
        if x in rest:
            rest.remove(x)
        else:
            out.append(x)
    return out


def _note_end(text: str, start: int) -> int:
    for i in range(start, len(text)):
        if text[i] in "）)。]］":
            return i
    return len(text)
