"""Edition concordance: which provision of one edition corresponds to which of another.

By default a provision corresponds to the one with the same citation. The overrides below record
where the texts show a move, a swap or a new topic; each cites its evidence (sources-zh.md §5,
the printed titles and texts). Overrides are given between neighbouring editions (1987→2007,
2007→2017); 1987→2017 is their composition, except where ``DIRECT`` says otherwise. A moved
provision's descendants move with it (16C1 → 16D1) when the counterpart exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from corpus.citations import Citation, from_canonical
from corpus.lookup import ProvisionNotFound, check_edition
from corpus.model import EDITIONS
from corpus.store import Corpus

Status = Literal["aligned", "moved", "added", "removed", "new-topic"]

# (older, newer) → {older citation: newer citation}
MOVES: dict[tuple[str, str], dict[str, str]] = {
    ("1987", "2007"): {
        # Law 12: 1987 B (no adjustment for a severe penalty) is 2007 B2; 1987 C1 (40/50/60 %
        # artificial scores, 003 l.605–610) is 2007 C2(a); 1987 C2 (most favourable / most
        # unfavourable result) is 2007 C1(e) (sources-zh.md §5.2 "Law 12").
        "12B": "12B2", "12C1": "12C2(a)", "12C2": "12C1(e)",
        # Law 16: 1987 A from partner / B other sources / C withdrawn became 2007 B / C / D after
        # the new A "use of information" (sources-zh.md §5.2 table; 003 l.719–767, 001 l.887–1003).
        "16A": "16B", "16B": "16C", "16C": "16D",
        # Law 27: 1987 C (insufficient bid out of rotation → Law 31) is 2007 A2 ("如果牌手的
        # 不足叫牌是越序叫牌，适用第 31 条").
        "27C": "27A2",
        # Law 40, reorganised A–E → A–C (sources-zh.md §5.2 "Law 40"): A psychic/any call without
        # disclosure → C deviation from system; B special understandings → B; C adjusted score
        # for failure to explain → B4; D regulation of conventions → B2(a); E convention cards →
        # B2, E2 consulting the opponents' card → B2(c).
        "40A": "40C", "40C": "40B4", "40D": "40B2(a)", "40E": "40B2", "40E2": "40B2(c)",
        # Law 56: the 1987 rule (defender's lead out of turn becomes a major penalty card) is
        # 2007's 54D; 2007 Law 56 is the stub "参照第 54 条 D 款" (001 l.2623).
        "56": "54D",
        # Law 75: 1987 "special partnership agreements" went to Law 40 (disclosure A → 40A1(b),
        # violation B → 40C1, answering questions C → 40B6(a)) and its D (correcting a mistaken
        # explanation) to 20F4/20F5 (sources-zh.md §5.2 "Law 40", "Law 75").
        "75A": "40A1(b)", "75B": "40C1", "75C": "40B6(a)", "75D": "20F", "75D1": "20F4", "75D2": "20F5",
        # Law 80: the 1987 sponsoring organisation's duties A–F are the 2007 Tournament
        # Organizer's 80B2(a)–(f) (指派裁判 → 指派裁判长, … 公佈補充規定 → 公布…补充规定).
        "80A": "80B2(a)", "80B": "80B2(b)", "80C": "80B2(c)", "80D": "80B2(d)", "80E": "80B2(e)",
        "80F": "80B2(f)",
        # Laws 88 and 89: the 1987 60 % indemnity rule and individual events became 2007 12C2(c)
        # and 12C3; 2007 Laws 88/89 are the stubs "参照第 12 条 C 款 2/3" (001 l.3865, 3869).
        "88": "12C2(c)", "89": "12C3",
    },
    ("2007", "2017"): {
        # Law 12: 2007 C1(b) (non-offenders' own serious error, "如果非违规方随后犯了严重错误")
        # is 2017 C1(e) ("the non-offending side has contributed to its own damage by a serious
        # error"); 2007 C1(e) (most favourable / unfavourable) gave way to 2017 C1(b) (the probable
        # outcome had the infraction not occurred).
        "12C1(b)": "12C1(e)", "12C1(e)": "12C1(b)",
        # Law 16: C and D swap (sources-zh.md §5.2: 2007 C other sources / D withdrawn; 2017
        # C "Information from Withdrawn Calls and Plays" / D "Extraneous Information Not from Partner").
        "16C": "16D", "16D": "16C",
        # Law 25A: 2007 A2 (partner has called) / A3 (auction ended) / A4 (LHO may withdraw) are
        # 2017 A4 / A5 / A6 (2017 A2, A3 are new: intent and how the error was discovered).
        "25A2": "25A4", "25A3": "25A5", "25A4": "25A6",
        # Law 40B: 2007 B2(d) psychic artificial calls → 2017 B2(a)(v); B3 varying agreements after
        # a question → B2(a)(iv); B4 damage from missing disclosure → B3(a); B5 non-complying
        # special understanding → B4; B6 explanations → B5.
        "40B2(d)": "40B2(a)(v)", "40B3": "40B2(a)(iv)", "40B4": "40B3(a)", "40B5": "40B4", "40B6": "40B5",
        # Law 86: 2007 A (±3 IMP) and B (knockout split score) live in 2017 12C2(b) and 12C4
        # (both already in 2007 Law 12 too); 2007 C substitute board → 2017 A "Substitute Board";
        # 2007 D result at other tables → 2017 B "Result Obtained at Other Table(s)".
        "86A": "12C2(b)", "86B": "12C4", "86C": "86A", "86D": "86B",
    },
}

# Overrides of the 1987→2017 composition.
DIRECT: dict[str, str] = {
    # 2017 Law 56 is again "Defender's Lead Out of Turn" (1987 56 防家違序引牌), not a stub.
    "56": "56",
}

# Laws whose topic changed under the same number (sources-zh.md §5.1): 23 damaging pass (1987) →
# awareness of potential damage (2007) → comparable call (2017); 75 special partnership
# agreements (1987) → mistaken explanation or mistaken call (2007, 2017).
NEW_TOPIC: dict[tuple[str, str], frozenset[int]] = {
    ("1987", "2007"): frozenset({23, 75}),
    ("2007", "2017"): frozenset({23}),
    ("1987", "2017"): frozenset({23, 75}),
}


@dataclass(frozen=True)
class Pair:
    source: Citation | None  # in the "from" edition
    target: Citation | None  # in the "to" edition
    status: Status


@dataclass(frozen=True)
class Comparison:
    law: int
    from_edition: str
    to_edition: str
    topic_changed: bool
    pairs: tuple[Pair, ...]

    def to_json(self) -> dict:
        return {
            "law": self.law,
            "from": self.from_edition,
            "to": self.to_edition,
            "topic_changed": self.topic_changed,
            "pairs": [
                {"from": str(p.source) if p.source else None, "to": str(p.target) if p.target else None,
                 "status": p.status}
                for p in self.pairs
            ],
        }


def _moved(citation: Citation, moves: dict[str, str]) -> tuple[bool, Citation | None]:
    """(True, counterpart) when an explicit move covers the citation or its nearest moved
    ancestor: descendants follow their ancestor (16C1 → 16D1 under 16C → 16D) when the shape
    allows it; (True, None) when it does not; (False, None) when no move applies."""
    for ancestor in reversed(citation.ancestors()):
        if str(ancestor) not in moves:
            continue
        base = from_canonical(moves[str(ancestor)])
        if ancestor == citation:
            return True, base
        if base.kind != ancestor.kind:  # 40E → 40B2: 40E1 has no shape-preserving counterpart
            return True, None
        parts = list(base.parts[: base.depth]) + list(citation.parts[ancestor.depth: citation.depth])
        try:
            return True, Citation(*parts)
        except ValueError:
            return True, None
    return False, None


def counterpart(corpus: Corpus, citation: Citation, older: str, newer: str) -> Citation | None:
    """The provision of ``newer`` corresponding to ``citation`` of ``older`` (None if none)."""
    if older == newer:
        return citation
    if (older, newer) == ("1987", "2017"):
        if str(citation) in DIRECT:
            target = from_canonical(DIRECT[str(citation)])
            return target if corpus.provision(newer, target) else None
        middle = counterpart(corpus, citation, "1987", "2007")
        if middle is None:  # nothing in 2007: fall back to the same citation in 2017
            return citation if corpus.provision(newer, citation) else None
        return counterpart(corpus, middle, "2007", "2017")
    covered, target = _moved(citation, MOVES.get((older, newer), {}))
    if not covered:
        target = citation
    return target if target is not None and corpus.provision(newer, target) else None


def compare(corpus: Corpus, law: int, from_edition: str, to_edition: str) -> Comparison:
    """Law ``law`` of ``from_edition`` aligned with its counterparts in ``to_edition``.

    Pairs cover every provision of the law in both editions, plus provisions of other laws that
    moved into it (1987 Law 88 → 2007 12C2(c) shows under Law 12)."""
    for edition in (from_edition, to_edition):
        check_edition(corpus, edition)
        if corpus.provision(edition, Citation(law)) is None:
            raise ProvisionNotFound(f"there is no Law {law} in the {edition} edition")
    forward = EDITIONS.index(from_edition) <= EDITIONS.index(to_edition)
    older, newer = (from_edition, to_edition) if forward else (to_edition, from_edition)
    topic_changed = law in NEW_TOPIC.get((older, newer), frozenset())

    mapped: list[tuple[Citation, Citation | None]] = []
    for provision in corpus.provisions(older):
        target = counterpart(corpus, provision.citation, older, newer)
        if provision.law == law or (target is not None and target.law == law):
            mapped.append((provision.citation, target))
    hit = {t for _, t in mapped if t is not None}

    pairs: list[Pair] = []
    for source, target in mapped:
        if target is None:
            status: Status = "new-topic" if topic_changed and source.law == law else "removed"
        elif target != source:
            status = "moved"
        else:
            status = "new-topic" if topic_changed else "aligned"
        pairs.append(Pair(source, target, status))
    for provision in corpus.subtree(newer, Citation(law)):
        if provision.citation not in hit:
            pairs.append(Pair(None, provision.citation, "new-topic" if topic_changed else "added"))

    if not forward:
        flip = {"added": "removed", "removed": "added"}
        pairs = [Pair(p.target, p.source, flip.get(p.status, p.status)) for p in pairs]

    def order(p: Pair) -> tuple:
        # this law's provisions first, in citation order on the "to" side (else the "from" side)
        anchor = p.target if p.target is not None and p.target.law == law else p.source
        anchor = anchor if anchor is not None else p.target
        return (anchor.law != law, anchor.sort_key(), p.source.sort_key() if p.source else ())

    return Comparison(law, from_edition, to_edition, topic_changed, tuple(sorted(pairs, key=order)))
