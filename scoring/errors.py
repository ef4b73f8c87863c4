"""What can go wrong when scoring: malformed input, every one (corpus/errors.py), so the CLI and
the web answer it as they answer any malformed request, with exit 2 / HTTP 400."""

from __future__ import annotations

from corpus.errors import Malformed


class ScoringError(Malformed):
    """Input that cannot be scored (a bad contract, an impossible result, an empty field)."""


class NotInEdition(ScoringError):
    """The requested rule does not exist in the chosen edition of the Laws (e.g. weighting in 1987)."""


class UnknownEdition(ScoringError):
    """Not an edition of the Laws (the rule is corpus/requests.edition_name's): like any other
    option value that cannot be read, malformed input."""
