"""The two families of failure a user's request can meet, and only two (corpus/requests.py
checks requests; the CLI and the web translate the families once, in bridgelaws/cli.py and
webapp/errors.py):

- ``Malformed``: input that cannot be read as what it should be → HTTP 400 / exit 2;
- ``Absent``: well-formed input naming nothing that exists → HTTP 404 / exit 1.

They live apart from corpus/requests.py so that the modules requests.py builds on (lookup,
scoring) can raise them without importing the request layer back.
"""


class Malformed(ValueError):
    """Input that cannot be read as what it should be; the message says what is expected."""


class Absent(LookupError):
    """Well-formed input naming something that does not exist; the message says what does."""
