"""Find a provision from what a user typed: the one place that turns a citation string and an
edition into a record, or into a clear "not found" (an ``Absent``) that says what does exist."""

from __future__ import annotations

from corpus.citations import Citation, LawNumberOutOfRange, parse
from corpus.errors import Absent
from corpus.model import Provision
from corpus.store import Corpus


class ProvisionNotFound(Absent):
    """A well-formed citation that names nothing in the edition; the message suggests what does."""

    def __init__(self, message: str, nearest: Provision | None = None, citation: Citation | None = None):
        super().__init__(message)
        self.nearest = nearest
        self.citation = citation  # what was asked for; None for a law number outside 1–93


def find_provision(corpus: Corpus, citation_text: str, edition: str) -> Provision:
    """Parse ``citation_text`` in any notation and return the provision of ``edition`` (one the
    corpus has: corpus/requests.py checks editions before looking anything up).

    Raises ``CitationError`` (malformed) or ``ProvisionNotFound`` (well-formed, absent)."""
    try:
        citation = parse(citation_text)
    except LawNumberOutOfRange as exc:  # Law 100 is as absent as Law 94: one answer, exit 1
        raise ProvisionNotFound(no_such_law(corpus, edition, exc.law)) from None
    provision = corpus.provision(edition, citation)
    if provision is not None:
        return provision
    raise not_found(corpus, edition, citation)


def not_found(corpus: Corpus, edition: str, citation: Citation) -> ProvisionNotFound:
    if corpus.provision(edition, Citation(citation.law)) is None:
        return ProvisionNotFound(no_such_law(corpus, edition, citation.law), citation=citation)
    nearest = next(
        p for c in reversed(citation.ancestors()) if (p := corpus.provision(edition, c)) is not None
    )
    parts = [str(child.citation) for child in corpus.children(edition, nearest.citation)]
    has = f"it has {', '.join(parts)}" if parts else "it has no subdivisions"
    return ProvisionNotFound(
        f"{citation} does not exist in the {edition} Laws; the nearest is {nearest.citation} ({has})", nearest, citation
    )


def no_such_law(corpus: Corpus, edition: str, law: int) -> str:
    """What to say of a law the edition does not have (Law 94, Law 100): which laws it has."""
    laws = corpus.laws(edition)
    return f"Law {law} does not exist in the {edition} Laws (Laws {laws[0].law}–{laws[-1].law})"
