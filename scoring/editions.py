"""What differs between the 1987, 2007 and 2017 Laws for scoring.

The numbers of Law 77 and 78B are the same in all three codes (corpus/sources/: Laws 77 and 78B of each edition); what
changes is where a rule lives and whether it exists at all:

- Law 77's passed-out clause ("each side scores zero") is 2007 77D and a line of the 2017 table;
  1987 has no such clause (a passed-out board still scores 0, by the nature of the game).
- Artificial adjusted scores at IMPs: 2007 and 2017 give ±3 IMPs (12C2(b), 2007 also 86A);
  1987 Law 86A gives only average plus = 3 IMPs and says nothing of average minus.
- The session-percentage override: 2007/2017 12C2(c) covers both the non-offending (>60%) and
  the offending (<40%) contestant; 1987 Law 88 covers only the non-offending one.
- Weighted assigned scores: 2007 and 2017 12C1(c); 1987 12C2 assigns the most favourable /
  least favourable result and has no weighting.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from corpus.errors import Malformed
from corpus.requests import edition_name
from scoring.errors import UnknownEdition

# Rows of the Law 77 table, named by their headings in the 2017 English table (laws-2017-en.txt).
TRICK_SCORE = "Trick Score"  # l.2393
SLAMS = "Slams"  # l.2435, under "Premium Score"
OVERTRICKS = "Overtricks"  # l.2449
PREMIUMS = "Premiums for Game, Partscore, Fulfilling Contract"  # l.2463
UNDERTRICKS = "Undertrick Penalties"  # l.2474
PASSED_OUT = "If all four players pass"  # l.2510


@dataclass(frozen=True)
class EditionRules:
    edition: str
    law77: Mapping[str, str]  # Law 77 row -> its citation in this edition
    notrump_trick_score: str  # 2007 splits the trick score into 77A1 (suits) and 77A2 (no-trump)
    passed_out: str | None  # citation of "each side scores zero"; None: no such clause
    artificial_pairs: str  # 40 / 50 / 60 % in pairs
    artificial_imps: str  # ±3 IMPs (1987: +3 only)
    average_minus_imps: bool  # does the edition give an IMP value for average minus?
    session_percentage: str  # the >60% / <40% override
    session_percentage_offender: bool  # does the override also apply to the offending side?
    weighted: str | None  # citation permitting weighted assigned scores; None: not in this edition
    matchpoints: str = "78A"
    imp_scale: str = "78B"
    total_points: str = "78C"
    other_methods: str = "78D"
    dealer_and_vulnerability: str = "2"


def _rows(by_row: dict[str, str]) -> Mapping[str, str]:
    return MappingProxyType(by_row)


# Law 12C as 2007 rewrote it and 2017 kept it: the same clauses under the same citations
# (laws-2007-zh-Hans.txt and laws-2017-en-zh-Hant.txt, Law 12C1(c) and 12C2(a)–(c)).
LAW12_SINCE_2007: Mapping[str, object] = MappingProxyType({
    "artificial_pairs": "12C2(a)",
    "artificial_imps": "12C2(b)",
    "average_minus_imps": True,
    "session_percentage": "12C2(c)",
    "session_percentage_offender": True,
    "weighted": "12C1(c)",
})

EDITIONS: Mapping[str, EditionRules] = MappingProxyType({
    # 2017: Law 77 is one table with no lettered sections (laws-2017-en-zh-Hant.txt L6031–6194;
    # laws-2017-en.txt l.2392–2510).
    "2017": EditionRules(
        edition="2017",
        law77=_rows({row: "77" for row in (TRICK_SCORE, SLAMS, OVERTRICKS, PREMIUMS, UNDERTRICKS, PASSED_OUT)}),
        notrump_trick_score="77",
        passed_out="77",
        **LAW12_SINCE_2007,
    ),
    # 2007 (laws-2007-zh-Hans.txt l.3450–3518): A 墩分 1 有将 2 无将 3 成局; B 奖分 1 满贯 2 超墩 3 成局/部分/加倍;
    # C 宕墩; D 都不叫.
    "2007": EditionRules(
        edition="2007",
        law77=_rows({TRICK_SCORE: "77A1", SLAMS: "77B1", OVERTRICKS: "77B2", PREMIUMS: "77B3",
                     UNDERTRICKS: "77C", PASSED_OUT: "77D"}),
        notrump_trick_score="77A2",
        passed_out="77D",
        **LAW12_SINCE_2007,
    ),
    # 1987 (laws-1987-zh-Hant.txt l.2330–2475): A 牌磴分數, B 獎分 (slams, game, insult, overtricks), C 倒磴罰分.
    "1987": EditionRules(
        edition="1987",
        law77=_rows({TRICK_SCORE: "77A", SLAMS: "77B", OVERTRICKS: "77B", PREMIUMS: "77B", UNDERTRICKS: "77C"}),
        notrump_trick_score="77A",
        passed_out=None,
        artificial_pairs="12C1",
        artificial_imps="86A",  # 在國際序分法比賽中…其得分即為3IMP (l.2731)
        average_minus_imps=False,
        session_percentage="88",  # l.2755: only the non-offending contestant
        session_percentage_offender=False,
        weighted=None,
    ),
})

def rules_for(edition: str | int) -> EditionRules:
    """The scoring rules of one edition of the Laws; UnknownEdition for anything else."""
    try:
        return EDITIONS[edition_name(str(edition).strip())]
    except Malformed as exc:
        raise UnknownEdition(str(exc)) from None


def law77_citation(rules: EditionRules, row: str) -> str | None:
    """Where a row of the Law 77 table sits in this edition (None: the edition has no such clause)."""
    return rules.law77.get(row)
