"""Citations: the one grammar for naming a provision.

A citation is a path law → section → item → sub-item → sub-sub-item, written canonically as in
the English Laws: ``12``, ``12C``, ``12C1``, ``12C1(b)``, ``30B1(b)(ii)``, ``12C1(e)(1)``.
Items printed directly under a law (2007 Laws 35 and 71 number 1–4 where other editions letter
A–D) are written ``35.1``. A citation names a place in *one* edition's tree; which provision it
is depends on the edition (16C means different rules in 1987, 2007 and 2017).

``parse`` reads one citation in any notation of the texts or of a query (``Law 12C1(b)``,
``12c1b``, ``第 12 条 C 款 1(b)``, ``43條B款2C目``, relative ``C1(d)`` / ``本款 1(c)`` against a
context); ``format`` writes one in a chosen style. The grammar and its reading of the ambiguous
cases are documented below, next to the named token patterns a reference scanner reuses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import total_ordering
from typing import Literal

from corpus.text import chinese_number

Kind = Literal["law", "section", "item", "subitem", "subsubitem"]

MAX_LAW = 93
SECTION_LETTERS = "ABCDEFGH"
ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")


class CitationError(ValueError):
    """A string that is not a citation in any notation we know. The message says why."""


class LawNumberOutOfRange(CitationError):
    """A well-formed citation of a law number no edition can have (0, 100, 1000): still malformed
    for the grammar, but to a reader it is a law that does not exist, like Law 94
    (``corpus.lookup`` reports both the same way)."""

    def __init__(self, message: str, law: int):
        super().__init__(message)
        self.law = law


@total_ordering
@dataclass(frozen=True)
class Citation:
    law: int
    section: str | None = None  # "A".."H"
    item: int | None = None  # 1..
    subitem: str | None = None  # "a".."z"
    subsubitem: str | None = None  # roman "i".."x" or digits "1".."9"

    def __post_init__(self) -> None:
        if not 1 <= self.law <= 99:
            raise CitationError(f"law number {self.law} is out of range")
        if self.section is not None and (len(self.section) != 1 or self.section not in SECTION_LETTERS):
            raise CitationError(f"section {self.section!r} is not a letter A–H")
        if self.item is not None and not 1 <= self.item <= 99:
            raise CitationError(f"item {self.item} is out of range")
        if self.subitem is not None and not re.fullmatch(r"[a-z]", self.subitem):
            raise CitationError(f"sub-item {self.subitem!r} is not a letter a–z")
        if self.subsubitem is not None and not (self.subsubitem in ROMAN or re.fullmatch(r"[1-9]", self.subsubitem)):
            raise CitationError(f"sub-sub-item {self.subsubitem!r} is not i–x or 1–9")
        if self.subsubitem is not None and self.subitem is None:
            raise CitationError("a sub-sub-item needs a sub-item")
        if self.subitem is not None and self.item is None and self.section is None:
            raise CitationError("a sub-item needs a section or an item")

    # -- shape ------------------------------------------------------------------------------
    @property
    def kind(self) -> Kind:
        if self.subsubitem is not None:
            return "subsubitem"
        if self.subitem is not None:
            return "subitem"
        if self.item is not None:
            return "item"
        if self.section is not None:
            return "section"
        return "law"

    @property
    def parts(self) -> tuple:
        return (self.law, self.section, self.item, self.subitem, self.subsubitem)

    @property
    def depth(self) -> int:
        return sum(p is not None for p in self.parts)

    @property
    def parent(self) -> "Citation | None":
        """The enclosing provision's citation (None for a law)."""
        if self.subsubitem is not None:
            return Citation(self.law, self.section, self.item, self.subitem)
        if self.subitem is not None:
            return Citation(self.law, self.section, self.item) if self.item is not None else Citation(self.law, self.section)
        if self.item is not None:
            return Citation(self.law, self.section) if self.section is not None else Citation(self.law)
        if self.section is not None:
            return Citation(self.law)
        return None

    def ancestors(self) -> tuple["Citation", ...]:
        """From the law down to (and including) this citation."""
        chain: list[Citation] = []
        node: Citation | None = self
        while node is not None:
            chain.append(node)
            node = node.parent
        return tuple(reversed(chain))

    def is_within(self, other: "Citation") -> bool:
        """True when this citation is ``other`` or lies inside it."""
        return other in self.ancestors()

    # -- notation ---------------------------------------------------------------------------
    def __str__(self) -> str:
        return self.canonical

    @property
    def canonical(self) -> str:
        out = str(self.law)
        if self.section is not None:
            out += self.section
            if self.item is not None:
                out += str(self.item)
        elif self.item is not None:
            out += f".{self.item}"
        if self.subitem is not None:
            out += f"({self.subitem})"
        if self.subsubitem is not None:
            out += f"({self.subsubitem})"
        return out

    @property
    def compact(self) -> str:
        """The lower-case, bracket-free form users type: ``12c1b``, ``30b1bii``."""
        return re.sub(r"[()]", "", self.canonical).lower()

    @property
    def anchor(self) -> str:
        """A stable HTML id for the provision: ``law-12C1b``, ``law-30B1bii``."""
        return "law-" + re.sub(r"[().]", "", self.canonical.replace(".", "-"))

    # -- order ------------------------------------------------------------------------------
    def sort_key(self) -> tuple:
        def sub(value: str | None) -> tuple:
            if value is None:
                return (0, 0)
            if value in ROMAN:
                return (1, ROMAN.index(value) + 1)
            if value.isdigit():
                return (1, int(value))
            return (1, ord(value))

        return (
            self.law,
            (0, "") if self.section is None else (1, self.section),
            (0, 0) if self.item is None else (1, self.item),
            sub(self.subitem),
            sub(self.subsubitem),
        )

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Citation):
            return NotImplemented
        return self.sort_key() < other.sort_key()


_CANONICAL = re.compile(
    r"(?P<law>\d{1,2})"
    r"(?:(?P<section>[A-H])(?P<item>\d{1,2})?|\.(?P<bare_item>\d{1,2}))?"
    r"(?:\((?P<subitem>[a-z])\)(?:\((?P<subsub>[ivx]+|[1-9])\))?)?"
)


def from_canonical(text: str) -> Citation:
    """Parse the canonical form only (``12C1(b)``, ``35.1``); what ``str(citation)`` writes."""
    m = _CANONICAL.fullmatch(text)
    if not m:
        raise CitationError(f"{text!r} is not a canonical citation such as 12C1(b)")
    item = m["item"] or m["bare_item"]
    return Citation(
        law=int(m["law"]),
        section=m["section"],
        item=int(item) if item else None,
        subitem=m["subitem"],
        subsubitem=m["subsub"],
    )


# == The grammar ===========================================================================
#
# One citation in any notation of the texts or of a user query, after `normalise_notation`:
#
#   absolute   [verb] [Law | L | 规则 | 規則 | 橋規 | 第] N [. | 条 | 條] path
#              Law 12C1(b) · L12C1b · 12c1b · 30B1(b)(ii) · 35.1 · 第 12 条 C 款 1(b) ·
#              第12條C款1目 · 23條A · 42條B2 · 43條B款2C目 · 45C4（b） · 61.B · 第12.條 · 30.條C款
#   relative   本条/本條 path · 本款 item · C1(d) · B1 項 · 3 · 第 3 項 · (d) · (a) 小項 · (ii)
#
# Reading rules for the ambiguous cases (documented because users and scanners depend on them):
#   * Letters are read by position, in either case: the first letter after the law number is the
#     section (12c1b = 12C1(b); 12Z is an error, not a list), the first letter after the item (or
#     directly after the section) is the sub-item (12C1B = 12C1(b); 43條B款2C目 = 43B2(c)).
#   * After the sub-item, what remains is the sub-sub-item: a roman numeral i–x or a digit
#     (30b1bii = 30B1(b)(ii), 12c1e1 = 12C1(e)(1)). A sub-item is always exactly one letter, so
#     80B2i is 80B2(i) (the letter i, as in 2017 Law 80B2) and 80b2ii is 80B2(i)(i).
#     Parenthesised, (i) is the letter i and (ii), (iv)… are roman sub-sub-items.
#   * An item directly under a law needs a separator: 35.1, 第 35 条 1, 35條1目. "35 1" is not read.
#   * A bare number is a law (12) — unless a context is given, when it is an item of the context's
#     section, as in "(but see 3 following)". Relative forms take only parenthesised sub-items, so
#     12C stays Law 12C with a context.
#   * 第 must close with 条/條 (a law) or 项/項/目 (a relative item). 本条款/本條款 is not read: the
#     2007 text uses it for "this Law", the 1987 text for "this section".
#   * "Laws 16C, 26B and 72C" is a list; splitting lists belongs to the reference scanner.
#   * Law numbers 1–99 are well-formed (94 parses; the lookup layer reports it unknown); 0 and
#     numbers of 100 and more are errors.

MAX_CITATION_LENGTH = 100  # longer input is prose, not one citation; also keeps parsing O(1)

# Full-width ASCII (U+FF01–FF5E) and the ideographic space fold to ASCII, one character for one,
# so offsets found in the folded text are offsets in the original.
_WIDTH_FOLD = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}

_ = r"\s*"  # any notation may space its tokens: "law 12 c 1 (b)", "第 12 条 C 款 1(b)"

# -- token patterns (named, module-level: a reference scanner reuses them on folded text) ------
VERB = r"(?:参照|參照|参阅|參閱|参看|參看|参考|參考|依照|依据|依據|根据|根據|适用|適用|按照|详|詳|按|依|见|見|(?i:see(?:\s+also)?))"
LAW_WORD = r"(?:(?i:law|l)|规则|規則|桥规|橋規)"
LIST_WORD = r"(?i:laws)(?![a-z])"
LAW = (
    rf"(?:{LAW_WORD}{_}|(?P<law_ordinal>第){_})?(?P<law>[0-9]++)"
    rf"(?:{_}(?P<law_end>\.{_}[条條]|\.|[条條]))?"
)
SECTION = rf"(?P<section>[A-Za-z]){_}款?"
ITEM = rf"(?P<item>[0-9]++){_}[目项項]?"
BARE_ITEM = rf"(?P<bare_item>[0-9]++){_}[目项項]?"  # an item directly under a law: 35.1
SUBITEM_MARK = r"(?:小[项項]|目)"
PAREN_SUBITEMS = (
    rf"\({_}(?P<subitem>[A-Za-z]){_}\)"
    rf"(?:{_}\({_}(?P<subsubitem>[A-Za-z]+|[0-9]+){_}\))?"
    rf"(?:{_}{SUBITEM_MARK})?"
)
# Compact sub-items (12c1b, 30b1bii, 43條B款2C目) or parenthesised ones (12C1(b)(ii)).
SUBITEMS = (
    rf"(?:\({_}(?P<subitem>[A-Za-z]){_}\)|(?P<bare_subitem>[A-Za-z]))"
    rf"(?:{_}(?:\({_}(?P<subsubitem>[A-Za-z]+|[0-9]+){_}\)|(?P<bare_subsubitem>[ivxIVX]+|[0-9])))?"
    rf"(?:{_}{SUBITEM_MARK})?"
)
_VERB_PREFIX = rf"(?:{VERB}{_})?"

ABSOLUTE = re.compile(
    rf"{_VERB_PREFIX}{LAW}"
    rf"(?:{_}(?:{SECTION}(?:{_}{ITEM})?|(?(law_end){BARE_ITEM}|(?!))))?"
    rf"(?:{_}{SUBITEMS})?"
)
THIS_LAW = re.compile(rf"{_VERB_PREFIX}本[条條](?:{_}{SECTION}(?:{_}{ITEM})?)?(?:{_}{PAREN_SUBITEMS})?")
THIS_SECTION = re.compile(rf"{_VERB_PREFIX}本款(?:{_}{ITEM})?(?:{_}{PAREN_SUBITEMS})?")
RELATIVE_SECTION = re.compile(
    rf"{_VERB_PREFIX}(?P<section>[A-H]){_}款?(?:{_}{ITEM})?(?:{_}{PAREN_SUBITEMS})?"
)
RELATIVE_ITEM = re.compile(
    rf"{_VERB_PREFIX}(?:(?P<item_ordinal>第){_})?(?P<item>[0-9]++){_}(?P<item_mark>[目项項])?"
    rf"(?:{_}{PAREN_SUBITEMS})?"
)
RELATIVE_SUBITEM = re.compile(rf"{_VERB_PREFIX}{PAREN_SUBITEMS}")
RELATIVE_SUBSUBITEM = re.compile(rf"{_VERB_PREFIX}\({_}(?P<subsubitem>[ivxIVX]+|[0-9]){_}\)")

_LIST = re.compile(rf"{_VERB_PREFIX}{LIST_WORD}")
_THIS_LAW_OR_SECTION = re.compile(rf"{_VERB_PREFIX}本[条條]款.*", re.DOTALL)
_LAW_WORD_ONLY = re.compile(rf"{_VERB_PREFIX}{LAW_WORD}|{_VERB_PREFIX}第")


def normalise_notation(text: str) -> str:
    """Fold full-width digits, letters and brackets to ASCII (１２Ｃ１（ｂ） → 12C1(b))."""
    return text.translate(_WIDTH_FOLD)


_CHINESE_LAW_NUMBER = re.compile(r"(第\s*)([〇零一二三四五六七八九十]{1,4})(?=\s*[条條])")


def _arabic_law_numbers(text: str) -> str:
    """第十二條 → 第12條: users write law numbers in Chinese numerals too."""
    def arabic(match: re.Match) -> str:
        try:
            return f"{match.group(1)}{chinese_number(match.group(2))}"
        except ValueError:
            return match.group(0)  # not a numeral we read: the grammar says what is wrong

    return _CHINESE_LAW_NUMBER.sub(arabic, text)


def parse(text: str, context: Citation | None = None) -> Citation:
    """One citation in any notation; relative forms are resolved against ``context``, the
    provision they occur in. Raises CitationError, and only CitationError, for anything else."""
    if not isinstance(text, str):
        raise CitationError(f"a citation is text, not {type(text).__name__}")
    folded = normalise_notation(text).strip()
    if not folded:
        raise CitationError("empty citation: give one such as 12C1(b), Law 12C1(b) or 第12條C款1目")
    shown = _shown(text.strip())  # the user's own characters, not the folded ones
    if len(folded) > MAX_CITATION_LENGTH:
        raise CitationError(
            f"{shown} is {len(folded)} characters long; one citation is at most {MAX_CITATION_LENGTH}"
        )
    try:
        return _parse(_arabic_law_numbers(folded), context, shown)
    except LawNumberOutOfRange as error:
        raise LawNumberOutOfRange(f"{shown}: {error}", error.law) from None
    except CitationError as error:
        if str(error).startswith(shown):
            raise
        raise CitationError(f"{shown}: {error}") from None


def _parse(text: str, context: Citation | None, shown: str) -> Citation:
    if context is not None and (m := RELATIVE_ITEM.fullmatch(text)):
        return _relative_item(m, context)
    if m := ABSOLUTE.fullmatch(text):
        return _absolute(m)
    for pattern, resolve in _RELATIVE_FORMS:
        if m := pattern.fullmatch(text):
            if context is None:
                raise CitationError(
                    f"{shown} is a relative reference: resolving it needs a context, "
                    "the provision it occurs in"
                )
            return resolve(m, context)
    raise CitationError(_diagnose(text, shown))


def _diagnose(text: str, shown: str) -> str:
    """Why a string that matched no form is not a citation, as specifically as we can say."""
    if _LIST.match(text):
        return f"{shown} is a list ('Laws …'); give one citation at a time, e.g. Law 12C1(b)"
    if text.count("(") != text.count(")"):
        return f"{shown} has unbalanced parentheses; write sub-items as 12C1(b) or 12c1b"
    if _THIS_LAW_OR_SECTION.fullmatch(text):
        return f"{shown} is ambiguous (2007: this Law; 1987: this section); cite the provision instead"
    if _LAW_WORD_ONLY.fullmatch(text):
        return f"{shown} has no law number; write e.g. Law 12C1(b) or 第 12 条"
    return (
        f"{shown} is not a citation; write one such as 12C1(b), Law 12C1(b), 12c1b, "
        "第 12 条 C 款 1(b) or 第12條C款1目"
    )


_ORDINAL_UNCLOSED = "第 and a number must close with 条/條 for a law (第 12 条) or 项/項/目 for an item (第 3 项)"


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "…")


def _subitems(m: re.Match) -> tuple[str | None, str | None]:
    groups = m.groupdict()
    sub = groups.get("subitem") or groups.get("bare_subitem")
    subsub = groups.get("subsubitem") or groups.get("bare_subsubitem")
    return (sub.lower() if sub else None, subsub.lower() if subsub else None)


def _number(digits: str | None, what: str) -> int | None:
    if digits is None:
        return None
    value = int(digits)  # the length cap keeps this small
    if not 1 <= value <= 99:
        if what == "law number":
            raise LawNumberOutOfRange(f"{what} {digits} is out of range: it must be 1–99 (the Laws run 1–93)", value)
        raise CitationError(f"{what} {digits} is out of range: it must be 1–99")
    return value


def _absolute(m: re.Match) -> Citation:
    if m["law_ordinal"] and not (m["law_end"] and m["law_end"][-1] in "条條"):
        raise CitationError(_ORDINAL_UNCLOSED)
    sub, subsub = _subitems(m)
    return Citation(
        law=_number(m["law"], "law number"),
        section=m["section"].upper() if m["section"] else None,
        item=_number(m["item"] or m["bare_item"], "item"),
        subitem=sub,
        subsubitem=subsub,
    )


def _this_law(m: re.Match, context: Citation) -> Citation:
    sub, subsub = _subitems(m)
    section = m["section"].upper() if m["section"] else None
    return Citation(context.law, section, _number(m["item"], "item"), sub, subsub)


def _this_section(m: re.Match, context: Citation) -> Citation:
    if context.section is None:
        raise CitationError(f"本款 (this section) needs a context inside a section, not {context}")
    sub, subsub = _subitems(m)
    return Citation(context.law, context.section, _number(m["item"], "item"), sub, subsub)


def _relative_section(m: re.Match, context: Citation) -> Citation:
    sub, subsub = _subitems(m)
    return Citation(context.law, m["section"], _number(m["item"], "item"), sub, subsub)


def _relative_item(m: re.Match, context: Citation) -> Citation:
    if m["item_ordinal"] and not m["item_mark"]:
        raise CitationError(_ORDINAL_UNCLOSED)
    sub, subsub = _subitems(m)
    return Citation(context.law, context.section, _number(m["item"], "item"), sub, subsub)


def _relative_subitem(m: re.Match, context: Citation) -> Citation:
    if context.section is None and context.item is None:
        raise CitationError(f"a sub-item needs a context inside a section or an item, not Law {context}")
    sub, subsub = _subitems(m)
    return Citation(context.law, context.section, context.item, sub, subsub)


def _relative_subsubitem(m: re.Match, context: Citation) -> Citation:
    if context.subitem is None:
        raise CitationError(f"a sub-sub-item needs a context inside a sub-item, not {context}")
    return Citation(context.law, context.section, context.item, context.subitem, m["subsubitem"].lower())


_RELATIVE_FORMS = (
    (THIS_LAW, _this_law),
    (THIS_SECTION, _this_section),
    (RELATIVE_SECTION, _relative_section),
    (RELATIVE_ITEM, _relative_item),
    (RELATIVE_SUBITEM, _relative_subitem),
    (RELATIVE_SUBSUBITEM, _relative_subsubitem),
)


# == Writing ===============================================================================

Style = Literal["canonical", "compact", "en", "zh-Hans", "zh-Hant"]
STYLES: tuple[Style, ...] = ("canonical", "compact", "en", "zh-Hans", "zh-Hant")


def format(citation: Citation, style: Style = "canonical") -> str:
    """Write a citation in one notation; ``parse`` reads every one of them back (no context).

    canonical ``12C1(b)`` · compact ``12c1b`` · en ``Law 12C1(b)`` ·
    zh-Hans ``第 12 条 C 款 1(b)`` (the 2007 text's spacing and half-width brackets) ·
    zh-Hant ``第12條C款1目（b）`` (the 1987 text: 條/款/目 unspaced as in 47條E款2目, full-width
    brackets as in 45C4（b） and its sub-item headings （a）; 第 as in its headings 第12條).
    An item directly under a law: ``35.1``, ``第 35 条 1``, ``第35條1目``.
    """
    if style == "canonical":
        return citation.canonical
    if style == "compact":
        return citation.compact
    if style == "en":
        return f"Law {citation.canonical}"
    if style == "zh-Hans":
        words = [f"第 {citation.law} 条"]
        if citation.section is not None:
            words.append(f"{citation.section} 款")
        if citation.item is not None:
            words.append(str(citation.item))
        return " ".join(words) + "".join(f"({p})" for p in (citation.subitem, citation.subsubitem) if p)
    if style == "zh-Hant":
        out = f"第{citation.law}條"
        if citation.section is not None:
            out += f"{citation.section}款"
        if citation.item is not None:
            out += f"{citation.item}目"
        return out + "".join(f"（{p}）" for p in (citation.subitem, citation.subsubitem) if p)
    raise ValueError(f"unknown citation style {style!r}; use one of {', '.join(STYLES)}")
