"""Executable scoring of the Laws of Duplicate Bridge: Law 77, 78, 12C, 86A, Law 2 and the WBF
VP scale. Pure functions and frozen dataclasses; no CLI, web or corpus imports, no work on import.

API (all scores are integers of points; "NS scores" are from North-South's point of view):

- ``scoring.table_score.score_table(contract, *, result=None, declarer=None, vul=None, board=None,
  edition="2017") -> TableScore``; ``.to_json()`` is the ``bridgelaws score --json`` object
  ``{"contract", "declarer", "result", "tricks", "vulnerable", "score", "ns_score", "edition",
  "breakdown": [{"label", "points", "row", "law"}]}``. ``vul`` is none|ns|ew|both; ``board`` gives
  it by Law 2 instead.
- ``scoring.contract.parse_contract("4SX-2") -> TableResult`` (``Contract``, ``Strain``,
  ``Doubling``); ``ContractError`` names the faulty part.
- ``scoring.law77.score(table_result, vulnerable, edition) -> ContractScore`` (points and
  ``ScorePart``s citing the Law 77 row); tables ``TRICK_SCORE``, ``NOTRUMP_FIRST_TRICK``,
  ``SLAM_BONUS``, ``OVERTRICK_VALUE``, ``GAME_BONUS``, ``PARTSCORE_BONUS``, ``FULFILLING_BONUS``,
  ``FIRST_UNDERTRICK``, ``EACH_ADDITIONAL_UNDERTRICK``, ``FOURTH_AND_SUBSEQUENT_BONUS``.
- ``scoring.law2.board_conditions(board) -> BoardConditions(board, dealer, vulnerability)``.
- ``scoring.law78``: ``imps(diff)``, ``IMP_SCALE`` ((low, high, imps) rows), ``matchpoints(scores,
  scale=2)``, ``top(results, scale)``, ``neuberg(mp, actual, expected, scale)``,
  ``cross_imps(scores)``, ``butler_datum(scores, drop=None)``, ``butler_imps``, ``total_points``.
- ``scoring.law12``: ``artificial_pairs(fault, session_percent=None, edition)``,
  ``artificial_imps(fault, edition)`` (``Fault``), ``weighted_score(outcomes, rate, edition)``,
  ``weighted_imps(outcomes, other_table, edition)``.
- ``scoring.vp``: ``victory_points(imp_margin, boards) -> (vp, opponents_vp)``,
  ``winner_scale(boards)``, ``blitz(boards)``.
- ``scoring.editions.rules_for(edition) -> EditionRules``: what differs between 1987, 2007, 2017.

Errors: ``scoring.errors.ScoringError`` (a ValueError: bad input, → exit 2 / HTTP 400), its
subclasses ``ContractError``, ``NotInEdition`` and ``UnknownEdition``.
"""
