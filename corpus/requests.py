"""What a user asked for, checked once: edition, language, law, law range, citation, page, limit
and point values, for the CLI, the web pages and the JSON API alike.

Two families of failure, and only two (defined in corpus/errors.py, re-exported here):
- ``Malformed``: input that cannot be read (``limit=²``, ``lang=fr``, ``12Z``) → 400 / exit 2;
- ``Absent``: well-formed input naming nothing (Law 94, 12C9, an edition not in this build)
  → 404 / exit 1. A law number outside 1–93 is absent whatever its size (``lookup 94`` and
  ``lookup 100`` say the same thing), not malformed.
The front ends are adapters: ``webapp/errors.py`` maps the families to 400/404 and
``bridgelaws/cli.py`` to exit codes 2/1.

Numbers are decimal ASCII digits only: ``str.isdigit`` accepts ``²`` and ``①``, which ``int``
rejects, and ``int`` accepts Arabic-Indic digits and ``1_000``; neither is a page number.
"""

from __future__ import annotations

import re
from typing import Iterable

from corpus.citations import MAX_LAW, Citation, CitationError, LawNumberOutOfRange, parse
from corpus.errors import Absent as Absent  # the two families, re-exported for the adapters
from corpus.errors import Malformed as Malformed
from corpus.lookup import find_provision
from corpus.model import EDITIONS, LANGUAGES, Provision
from corpus.store import Corpus

MAX_LIMIT = 100  # hits in one answer
MAX_PAGE = 100  # deepest result page
MAX_POINTS = 1000  # values in one imps/matchpoints request
MAX_DIGITS = 9  # no count, page or score here needs more; keeps int() cheap on hostile input

_WHOLE = re.compile(r"[+-]?[0-9]{1,%d}" % MAX_DIGITS, re.ASCII)
_LAW_RANGE = re.compile(r"([0-9]{1,3})(?:\s*[-–]\s*([0-9]{1,3}))?", re.ASCII)


def whole_number(text: str, name: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number in decimal ASCII digits (a leading sign and U+2212 minus allowed)."""
    folded = text.strip().replace("\u2212", "-")
    if not _WHOLE.fullmatch(folded):
        raise Malformed(f"{name} {_shown(text)} is not a whole number written in the digits 0–9")
    value = int(folded)
    if low is not None and value < low and high is None:
        raise Malformed(f"{name} {_shown(text)} must be at least {low}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise Malformed(f"{name} {_shown(text)} must be a number from {low} to {high}")
    return value


def page(text: str | None, high: int = MAX_PAGE) -> int:
    """``page=``: 1 when absent or empty (a blank form field)."""
    return whole_number(text, "page", 1, high) if text else 1


def limit(text: str | None, default: int = 10, high: int = MAX_LIMIT) -> int:
    return whole_number(text, "limit", 1, high) if text else default


def edition_name(name: str, parameter: str = "edition") -> str:
    """An edition of the Laws (1987, 2007, 2017), whether or not this build has it; anything
    else is malformed (``--edition 2019``, ``from=1999``, the calculator's edition)."""
    if name not in EDITIONS:
        given = _shown(name) if parameter == "edition" else f"{parameter}={_shown(name)}"
        raise Malformed(f"unknown edition {given}: the Laws exist in {_listed(EDITIONS, 'and')}")
    return name


def edition(corpus: Corpus, name: str, in_path: bool = False) -> str:
    """An edition this corpus has. A name that is no edition is malformed as an option
    (``--edition 2019``) but absent as a path (``/laws/2019``: there is no such page)."""
    if in_path and name not in EDITIONS:
        raise Absent(f"there is no edition called {_shown(name)}; this reference has the {_listed(corpus.edition_names, 'and')} Laws")
    edition_name(name)
    if name not in corpus.editions:
        raise Absent(f"the {name} edition is not in this reference")
    return name


def edition_pair(corpus: Corpus, older: str, newer: str, distinct: bool = False) -> tuple[str, str]:
    """The two editions of a comparison (``from=``/``to=``, ``--from``/``--to``); ``distinct``
    when comparing an edition with itself says nothing (the change map)."""
    for side, name in (("from", older), ("to", newer)):
        if not name:
            raise Malformed(f"give the edition to compare {side}: {side}={_listed(EDITIONS)}")
        edition_name(name, side)
        edition(corpus, name)
    if distinct and older == newer:
        raise Malformed(f"from and to are both {older}: choose two different editions")
    return older, newer


def language(name: str) -> str:
    """A language tag the reference knows (``en``, ``zh-Hant``, ``zh-Hans``)."""
    if name not in LANGUAGES:
        raise Malformed(f"unknown language {_shown(name)}: choose one of {', '.join(LANGUAGES)}")
    return name


def languages(names: Iterable[str], at_most: int | None = None) -> tuple[str, ...]:
    """Repeated ``lang=`` values, empty ones dropped, duplicates once, in the order given."""
    chosen = tuple(dict.fromkeys(language(n) for n in names if n))
    if at_most is not None and len(chosen) > at_most:
        raise Malformed(f"choose at most {at_most} languages")
    return chosen


def edition_language(corpus: Corpus, edition_name: str, lang: str) -> str:
    """A language the edition prints (text or titles)."""
    records = corpus[edition_name]
    if language(lang) not in records.text_languages and lang not in records.title_only_languages:
        raise Absent(f"the {edition_name} edition has no {lang} text (it has {', '.join(records.text_languages)})")
    return lang


def law(text: str) -> int:
    """A law number: 1–93 exists; any other whole number is a law that does not exist."""
    number = whole_number(text, "law", None, None)
    if not 1 <= number <= MAX_LAW:
        raise Absent(f"Law {number} does not exist (Laws 1–{MAX_LAW})")
    return number


def law_range(text: str | None) -> tuple[int, int] | None:
    """``12`` or ``12-16`` (Laws 12 to 16 inclusive); None when absent or empty."""
    if not text or not text.strip():
        return None
    m = _LAW_RANGE.fullmatch(text.strip())
    if not m:
        raise Malformed(f"law range {_shown(text)} is not a law number or a range such as 12-16")
    low, high = int(m[1]), int(m[2] or m[1])
    if not 1 <= low <= high <= MAX_LAW:
        raise Malformed(f"law range {_shown(text)} must lie within Laws 1–{MAX_LAW}, lowest first")
    return low, high


def provision(corpus: Corpus, citation: str, edition_name: str) -> Provision:
    """The provision a citation (any notation) names in an edition; ``find_provision`` answers
    a well-formed citation that names nothing (Law 100 too) with ``ProvisionNotFound``, an Absent."""
    edition(corpus, edition_name)
    try:
        return find_provision(corpus, citation, edition_name)
    except CitationError as exc:
        raise Malformed(str(exc)) from None


def citation(text: str) -> Citation:
    """A parsed citation (not looked up)."""
    try:
        return parse(text)
    except LawNumberOutOfRange as exc:
        raise Absent(f"Law {exc.law} does not exist (Laws 1–{MAX_LAW})") from None
    except CitationError as exc:
        raise Malformed(str(exc)) from None


def whole_law(text: str) -> int:
    """A whole law in any notation (``16``, ``Law 16``, ``第16條``), as ``compare`` takes; a
    provision is malformed here, a number outside 1–93 absent like any law that does not exist."""
    text = text.strip()
    if not text:
        raise Malformed("give a law number, e.g. 23")
    try:
        parsed = citation(text)
    except Malformed as exc:
        raise Malformed(f"{_shown(text)} is not a law number: {exc}") from None
    if parsed.kind != "law":
        raise Malformed(f"give a whole law such as {parsed.law}, not the provision {parsed}")
    return parsed.law


def points(texts: Iterable[str], name: str) -> list[int]:
    """Point values (``620``, ``-100``, ``−100``), repeated or comma-separated; at least one."""
    values = [v for raw in texts for v in raw.split(",") if v.strip()]
    if not values:
        raise Malformed(f"give at least one {name}, e.g. 620 -100")
    if len(values) > MAX_POINTS:
        raise Malformed(f"at most {MAX_POINTS} values of {name}")
    return [whole_number(v, name) for v in values]


def _listed(names: Iterable[str], conjunction: str = "or") -> str:
    *first, last = names
    return f"{', '.join(first)} {conjunction} {last}" if first else last


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "…")
