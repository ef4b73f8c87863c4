"""One contract scored end to end, in the shape of the public JSON interface (docs/design.md):
``{"contract", "declarer", "result", "tricks", "vulnerable", "score", "ns_score"}`` plus
``"edition"`` and a cited ``"breakdown"``. Shared by ``bridgelaws score`` and ``/api/score``.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring import law77
from scoring.contract import ContractError, TableResult, parse_contract
from scoring.errors import ScoringError
from scoring.law2 import board_conditions
from scoring.seats import Seat, Side, Vulnerability


@dataclass(frozen=True)
class TableScore:
    table_result: TableResult
    vulnerability: Vulnerability
    vulnerable: bool | None  # declarer's side; None for a passed-out board
    score: law77.ContractScore

    @property
    def declarer(self) -> Seat | None:
        contract = self.table_result.contract
        return contract.declarer if contract else None

    @property
    def ns_score(self) -> int | None:
        """The score from North-South's point of view (None when the declarer is unknown)."""
        if self.table_result.passed_out:
            return 0
        if self.declarer is None:
            return None
        return self.score.points if self.declarer.side is Side.NS else -self.score.points

    def to_json(self) -> dict:
        result = self.table_result
        contract = result.contract
        return {
            "contract": str(contract) if contract else "PASS",
            "declarer": self.declarer.value if self.declarer else None,
            "result": None if result.passed_out else result.result,
            "tricks": result.tricks,
            "vulnerable": self.vulnerable,
            "score": self.score.points,
            "ns_score": self.ns_score,
            "edition": self.score.edition,
            "breakdown": [
                {"label": p.label, "points": p.points, "row": p.row, "law": p.citation} for p in self.score.parts
            ],
        }


def score_table(contract: str, *, result: int | None = None, declarer: str | None = None,
                vul: str | None = None, board: int | None = None, edition: str = "2017") -> TableScore:
    """Parse ``contract`` (e.g. ``4SX-2``), find vulnerability from ``vul`` or the ``board`` number
    (Law 2; not vulnerable when neither is given) and score it under Law 77.

    Raises ScoringError (ContractError for the notation) or UnknownEdition.
    """
    if vul is not None and board is not None:
        raise ScoringError("give the vulnerability or the board number, not both")
    seat = Seat.parse(declarer) if declarer else None
    if isinstance(result, bool) or (result is not None and not isinstance(result, int)):
        raise ContractError(f"result {result!r} must be a whole number of tricks (0, +n or -n)")
    table_result = parse_contract(contract, result=result, declarer=seat)
    if board is not None:
        vulnerability = board_conditions(board).vulnerability
    else:
        vulnerability = Vulnerability.parse(vul) if vul is not None else Vulnerability.NONE
    if table_result.passed_out:
        return TableScore(table_result, vulnerability, None, law77.score(table_result, False, edition))
    if vulnerability in (Vulnerability.NONE, Vulnerability.BOTH):
        vulnerable = vulnerability is Vulnerability.BOTH
    elif table_result.contract.declarer is None:
        raise ContractError(f"with {vulnerability.value} vulnerable the declarer decides the score: "
                            f"add N, E, S or W to the contract (e.g. {table_result.contract}N) or give the declarer")
    else:
        vulnerable = vulnerability.is_vulnerable(table_result.contract.declarer.side)
    return TableScore(table_result, vulnerability, vulnerable, law77.score(table_result, vulnerable, edition))
