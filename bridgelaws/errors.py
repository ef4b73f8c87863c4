"""The two kinds of failure a user can cause; the CLI maps them to exit codes 1 and 2. They are
the command line's names for corpus/requests.py's two families, which every front end shares."""

from corpus.requests import Absent, Malformed


class NotFoundError(Absent):
    """Well-formed input naming something that does not exist (Law 94, 12C9).

    An unknown edition or language *option* is malformed input (UsageError), like a bad contract."""


class UsageError(Malformed):
    """Malformed input (a citation, contract or option that cannot be parsed)."""
