"""What can go wrong when scoring; the CLI and the web turn every one into exit 2 / HTTP 400."""

from __future__ import annotations


class ScoringError(ValueError):
    """Input that cannot be scored (a bad contract, an impossible result, an empty field)."""


class NotInEdition(ScoringError):
    """The requested rule does not exist in the chosen edition of the Laws (e.g. weighting in 1987)."""


class UnknownEdition(ScoringError):
    """An edition the scoring module does not know (the Laws exist in 1987, 2007 and 2017): like any
    other option value that cannot be read, malformed input."""
