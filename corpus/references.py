"""Cross-reference scanner: where a provision's text cites another provision, and which one.

The scanner only *locates* references; reading each one is ``corpus.citations.parse`` (the one
grammar). A located reference becomes a ``Reference`` whose ``target`` is the citation as read,
not yet checked against an edition (``corpus.linking`` does that).

Forms found in the texts (corpus/sources/laws-2017-en-zh-Hant.txt, laws-2007-zh-Hans.txt,
laws-1987-zh-Hant.txt):

* English (2017): ``Law 12C1(b)``, lists ``Laws 16C, 26B and 72C``, ``Law 30, 31 or 32``,
  ``Laws 78D, 86B3 and (d) hereunder``; relative ``(see C1(d))``, ``B1 above``, ``3 following``,
  ``(d) hereunder``, ``Unless A applies``, ``as in 2(c) or 2(d) above``, ``Section B of this Law``.
* Chinese with an English law word (2017 zh-Hant): ``Law 16C、26B、與 Law 72C``, ``Law42``.
* 条/條 anchored (2007 zh-Hans, 1987 zh-Hant): ``第 12 条 C 款 1(b)``, ``第 30、31、32 条``,
  ``23條A``, ``43條B款2C目``, ``69、70及71條``, ``41條B及C款``, ``參閱第12.條``; compact after a
  verb ``45C4（b）``, ``61.B``.
* Relative Chinese: ``本条 C 款 2``, ``本款 1(c)``, ``本條A2（b）``, ``本款3目``, ``B1 項``,
  ``上述 B1(b) 小項``, ``下述第 3 項``, ``(a) 小項``, ``下方 B4``, ``上述 A、B 兩款``.
* Footnotes ``参照第 68 条的注释``, ``參閱69條註``; definitions ``参照“撤回”``; the one external
  reference ``上訴委員會一書第八章``.

Offsets are into the text scanned, which for a provision is ``Provision.own_text(lang)`` (lead-in
and closing joined by a blank line), so a renderer can cut links out of exactly that string.
Full-width brackets are folded one character for one (``normalise_notation``) before matching,
so offsets in the folded text are offsets in the original.
"""

from __future__ import annotations

import re
from typing import Mapping

from corpus.citations import Citation, CitationError, normalise_notation, parse
from corpus.model import Reference

# -- tokens (only used to find spans; each span is read by corpus.citations.parse) -----------
_PAREN = r"(?:\((?:[a-z])\)(?:\((?:[ivx]+|[1-9])\))?)"
ABS_TOKEN = rf"\d{{1,2}}(?:[A-H](?:\d{{1,2}})?)?{_PAREN}?(?![A-Za-z0-9])"
# A relative token: C1(d), B, 3, 2(c), (d), (a)(ii).
REL_TOKEN = rf"(?:(?:[A-H]\d{{0,2}}|\d{{1,2}}){_PAREN}?|{_PAREN})(?![A-Za-z0-9])"

_EN_LIST_SEP = r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)"
_ZH_LIST_SEP = r"(?:\s*[、，,]\s*(?:及|與|与|和|或者?|以及)?\s*|\s*(?:及|與|与|和|或者?|以及|至)\s*)"
_EN_RIGHT_CUE = r"(?:above|below|following|preceding|hereunder|hereafter)"
_EN_LEFT_CUE = re.compile(
    r"(?:\b(?:see(?:\s+also)?|as\s+in|as\s+per|as|under|unless|when|violates|either|provided\s+in|"
    r"basis\s+to|listed\s+in|permitted\s+by|section|in|of)\s*[(\[]?\s*)$",
    re.IGNORECASE,
)
_EN_AFTER_BARE = re.compile(r"\s*(?:[)\].,;:]|applies|does\s+not\s+apply|allows|is\s+not|of\s+this\s+Law)")

EN_ABSOLUTE = re.compile(rf"\bLaws?\s*(?={ABS_TOKEN})")
_EN_LIST_HEAD = re.compile(rf"(?:Laws?\s*)?(?P<tok>{ABS_TOKEN}|{REL_TOKEN}\s+{_EN_RIGHT_CUE})")
_EN_LIST_NEXT = re.compile(_EN_LIST_SEP)
_EN_RELATIVE_NEXT = re.compile(rf"{_EN_LIST_SEP}(?P<tok>{REL_TOKEN})")
EN_RELATIVE = re.compile(rf"(?<![A-Za-z0-9(.])(?=(?:[A-H]|\d|\())(?P<tok>{REL_TOKEN})")

ZH_LAW_WORD = re.compile(rf"(?<![A-Za-z])Laws?\s*(?={ABS_TOKEN})")
# 条/條-anchored law (lists end in one 条: 第 30、31、32 条; 69、70及71條).
_ZH_LAW_NUMBERS = rf"(?P<numbers>\d{{1,2}}\.?(?:{_ZH_LIST_SEP}(?:第\s*)?\d{{1,2}})*)"
ZH_ARTICLE = re.compile(
    rf"(?<![\d.])(?P<ordinal>第\s*)?{_ZH_LAW_NUMBERS}\s*\.?\s*[条條]"
    rf"(?P<path>(?:\s*[A-H](?![A-Za-z])\s*(?:款)?(?:\s*\d{{1,2}}(?!\d)\s*(?:[a-z](?=目)|[A-H](?=目))?\s*目?)?)?"
    rf"(?:\s*{_PAREN}(?:\s*小?[项項目])?)?)"
)
ZH_SECTION_LIST = re.compile(rf"{_ZH_LIST_SEP}(?P<section>[A-H])\s*款")  # 41條B及C款
# Compact absolute after a verb: 45C4（b）, 61.B.
ZH_COMPACT = re.compile(
    rf"(?:參閱|参阅|參照|参照|依照|依|詳|详|按|合乎|違犯|违反|違反)\s*(?P<tok>\d{{1,2}}(?:[A-H]\d{{0,2}}|\.[A-H]){_PAREN}?)(?![A-Za-z0-9])"
)
ZH_THIS = re.compile(
    rf"本[条條款](?:款)?(?:\s*[A-H]\s*款?)?(?:\s*\d{{1,2}})?(?:\s*{_PAREN})?(?:\s*[款目项項])?"
)
_ZH_REL_MARK = r"(?P<mark>\.?\s*(?:[兩两各][款项項]|小[项項]|[款项項目]))?"
# (1)(2) 兩項: 1987 sub-sub-items, only ever cited with a mark.
_PAREN_SUBSUB = r"\((?:[1-9]|i{1,3}|iv|vi{0,3})\)"
ZH_RELATIVE = re.compile(
    rf"(?<![A-Za-z0-9(.])(?:第\s*)?(?P<core>(?:[A-H]\d{{0,2}}|\d{{1,2}}){_PAREN}?|{_PAREN}|{_PAREN_SUBSUB})"
    rf"(?![A-Za-z0-9]){_ZH_REL_MARK}"
)
_ZH_REL_MORE = re.compile(
    rf"(?:{_ZH_LIST_SEP}|(?=\())(?P<item>(?:第\s*)?(?P<core>{REL_TOKEN}|{_PAREN_SUBSUB})(?!\s*[条條]){_ZH_REL_MARK})"
)
_ZH_REL_AFTER = re.compile(r"\s*(?:所述|所允許|所不允許|所允许|所不允许)")
_ZH_REL_CUE = re.compile(r"(?:套用|以上|以下|上述|下述|上方|下方|前述|後述|下列|如同|參照|参照|依照|依|適用|适用|違反|违反|按|如)\s*$")
ZH_FOOTNOTE_TAIL = re.compile(r"\s*(?:的注释|之註|的註|註)")
ZH_DEFINITION = re.compile(r"(?:参照|參照|参阅|參閱|见|見)\s*[“「\"](?P<term>[^”」\"]{1,12})[”」\"]")
EN_DEFINITION = re.compile(r"(?i:see(?:\s+also)?)\s*[“‘\"](?P<term>[^”’\"]{1,30})[”’\"]")
# A definition that names another as its synonym: Event "(synonym for ‘Tournament’)",
# 比賽 "（與 Tournament 同義）", 錦標賽 "（同 Event）" (laws-2017-en-zh-Hant.txt l.363–364, 589–590).
EN_SYNONYM = re.compile(r"synonym for\s*[“‘\"](?P<term>[^”’\"]{1,30})[”’\"]")
# The Chinese text may print the English term, unquoted: Retracted 撤回 "參照 Withdrawn。"
# (laws-2017-en-zh-Hant.txt l.514); looked up among the English terms, never "Law 12".
ZH_DEFINITION_LATIN = re.compile(
    r"(?:参照|參照|参阅|參閱|见|見|與|与|同)\s*(?!Laws?\b)(?P<term>[A-Z][A-Za-z]{1,29})(?=\s*(?:。|同義|同义|）|\)|$))"
)
ZH_EXTERNAL = re.compile(r"上訴委員會一書第[一二三四五六七八九十]+章|上诉委员会一书第[一二三四五六七八九十]+章")


def _ref(lang: str, text: str, start: int, end: int, target: Citation | None, kind="provision", reason="") -> Reference:
    while end > start and text[end - 1].isspace():  # patterns may swallow the space after a span
        end -= 1
    return Reference(lang=lang, surface=text[start:end], start=start, end=end, target=target, kind=kind, reason=reason)


def _read(token: str, context: Citation | None) -> tuple[Citation | None, str]:
    try:
        return parse(token, context), ""
    except CitationError as error:
        return None, f"unreadable: {error}"


# == English ================================================================================

def _scan_en(text: str, context: Citation | None) -> list[Reference]:
    refs: list[Reference] = []
    taken: list[tuple[int, int]] = []
    for m in EN_ABSOLUTE.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue  # already read as part of a list: Law 21B or Law 40B3
        pos = m.start()
        first = True
        while True:
            head = _EN_LIST_HEAD.match(text, pos)
            if head is None:
                break
            tok = head["tok"]
            if re.search(_EN_RIGHT_CUE + "$", tok):  # a relative element: Laws 78D, 86B3 and (d) hereunder
                target, reason = _read(tok.split()[0], context)
            else:
                target, reason = _read(tok, None)
            start = head.start() if first else head.start("tok")
            if not first and head.group(0).startswith("Law"):
                start = head.start()
            refs.append(_ref("en", text, start, head.end(), target, reason=reason))
            taken.append((start, head.end()))
            first = False
            sep = _EN_LIST_NEXT.match(text, head.end())
            if sep is None:
                break
            pos = sep.end()
    for m in EN_RELATIVE.finditer(text) if context is not None else ():
        if any(a <= m.start() < b for a, b in taken):
            continue
        refs.extend(_en_relative_list(text, m, context, taken))
    return refs


def _en_relative_list(text: str, m: re.Match, context: Citation, taken: list) -> list[Reference]:
    """A relative token (or list of them) counts as a reference only with a cue: a following
    above/below/…, or a leading see/as in/under/unless… (the letters A–H and small numbers
    are everywhere in prose)."""
    items = [(m.start("tok"), m.end("tok"))]
    pos = m.end("tok")
    while True:
        more = _EN_RELATIVE_NEXT.match(text, pos)
        if more is None:
            break
        items.append((more.start("tok"), more.end("tok")))
        pos = more.end()
    right = re.compile(rf"\s+{_EN_RIGHT_CUE}\b").match(text, pos)
    left = _EN_LEFT_CUE.search(text[max(0, m.start() - 20): m.start()])
    first = text[items[0][0]:items[0][1]]
    if right is None:
        if left is None:
            return []
        bare = re.fullmatch(r"[A-H]|\d{1,2}", first) is not None
        strong = re.search(r"(?i)(see|as in|basis to|permitted by)\s*[(\[]?\s*$", text[max(0, m.start() - 14): m.start()])
        if bare and not strong and not _EN_AFTER_BARE.match(text, pos):
            return []
        if first.isdigit() and not strong:
            return []  # "in 3 days"; numbers need see / as in / basis to
        if re.fullmatch(r"[A-H]", first) and not strong and re.search(r"(?i)\b(in|of)\s*$", text[max(0, m.start() - 4): m.start()]) \
                and not re.match(r"\s+of\s+this\s+Law", text[pos:]):
            return []  # "in A" is rarely a reference without "above" or "of this Law"
    out: list[Reference] = []
    previous: Citation | None = None
    for start, end in items:
        token = text[start:end]
        # (a) and (b) above: (b) is a sibling of (a), read against it
        ctx = previous if previous is not None and token.startswith("(") else context
        target, reason = _read(token, ctx)
        out.append(_ref("en", text, start, end, target, reason=reason))
        taken.append((start, end))
        previous = target
    return out


# == Chinese ================================================================================

def _scan_zh(text: str, lang: str, context: Citation | None, this_law_word: str) -> list[Reference]:
    folded = normalise_notation(text)
    refs: list[Reference] = []
    taken: list[tuple[int, int]] = []

    def free(start: int, end: int) -> bool:
        return not any(a < end and start < b for a, b in taken)

    def add(start: int, end: int, target, kind="provision", reason="") -> None:
        refs.append(_ref(lang, text, start, end, target, kind, reason))
        taken.append((start, end))

    for m in ZH_EXTERNAL.finditer(folded):
        add(m.start(), m.end(), None, "external", "outside the Laws: the Appeals Committee book")

    # 2017: Law 16C、26B、與 Law 72C
    for m in ZH_LAW_WORD.finditer(folded):
        if not free(m.start(), m.end() + 1):
            continue
        pos, first = m.start(), True
        while True:
            head = re.compile(rf"(?:Laws?\s*)?(?P<tok>{ABS_TOKEN})").match(folded, pos)
            if head is None or (not first and not free(head.start(), head.end())):
                break
            target, reason = _read(head["tok"], None)
            add(head.start(), head.end(), target, reason=reason)
            first = False
            sep = re.compile(_ZH_LIST_SEP).match(folded, head.end())
            if sep is None:
                break
            pos = sep.end()

    # 2007 / 1987: 第 12 条 C 款 1(b), 第 30、31、32 条, 69、70及71條, 41條B及C款
    for m in ZH_ARTICLE.finditer(folded):
        if not free(m.start(), m.end()):
            continue
        numbers = list(re.finditer(r"\d{1,2}", m["numbers"]))
        base = m.start("numbers")
        kind = "footnote" if ZH_FOOTNOTE_TAIL.match(folded, m.end()) else "provision"
        for i, num in enumerate(numbers):
            last = i == len(numbers) - 1
            start = m.start() if i == 0 else base + num.start()
            end = m.end() if last else base + num.end()
            span = folded[start:end]
            target, reason = _read(span if last else num.group(0), None)
            if last and target is None:  # e.g. "第 70 条 D" fused with following prose; keep the law
                target, reason = _read(folded[start: m.end("numbers")] + "条", None) if m["ordinal"] else _read(num.group(0), None)
            if kind == "footnote" and target is not None:
                target = Citation(target.law)
            add(start, end, target, kind, reason)
        extra = ZH_SECTION_LIST.match(folded, m.end())
        if extra and refs[-1].target is not None:
            add(extra.start("section"), extra.end(), Citation(refs[-1].target.law, extra["section"]))

    for m in ZH_COMPACT.finditer(folded):
        if free(m.start("tok"), m.end("tok")):
            target, reason = _read(m["tok"], None)
            add(m.start("tok"), m.end("tok"), target, reason=reason)

    for m in ZH_THIS.finditer(folded) if context is not None else ():
        if not free(m.start(), m.end()):
            continue
        span = folded[m.start(): m.end()]
        if re.fullmatch(r"本(?:[条條]款?|款)", span):
            continue  # bare "this Law/section": deictic, like the English "this Law"; not a link
        target, reason = _read_this(span, context, this_law_word)
        add(m.start(), m.end(), target, reason=reason)
        # 本条 A 款和 B 款, 本款 2 和 3, 本条 C2（a）款和（b）款: the rest are read against the previous one
        pos, previous = m.end(), target
        while previous is not None and (more := _ZH_REL_MORE.match(folded, pos)) and free(more.start("item"), more.end()):
            nxt, reason = _read(more["core"], previous)
            add(more.start("item"), more.end(), nxt, reason=reason)
            pos, previous = more.end(), nxt

    for m in ZH_RELATIVE.finditer(folded) if context is not None else ():
        if not free(m.start(), m.end()):
            continue
        # A list of relative tokens (上述 A、B 兩款, 以上 1 和 2 項, 上述(a)(b)項, 第 1和第 2) is a
        # reference when a cue precedes it or a mark (款/項/小項/目) closes one of its elements.
        items = [(m.start(), m.end(), m["core"], bool(m["mark"]))]
        pos = m.end()
        while (more := _ZH_REL_MORE.match(folded, pos)) and free(more.start("item"), more.end()):
            items.append((more.start("item"), more.end(), more["core"], bool(more["mark"])))
            pos = more.end()
        cue = _ZH_REL_CUE.search(folded[max(0, m.start() - 4): m.start()]) or _ZH_REL_AFTER.match(folded, pos)
        if not cue and not any(marked for *_, marked in items):
            continue
        if re.fullmatch(r"\d{1,2}", items[0][2]) and not any(marked for *_, marked in items):
            continue  # bare numbers after a cue are counts (下述 3 種), not items
        previous: Citation | None = None
        for start, end, core, _marked in items:
            ctx = previous if previous is not None and core.startswith("(") else context
            target, reason = _read(core, ctx)
            add(start, end, target, reason=reason)
            previous = target
    return refs


def _read_this(span: str, context: Citation, this_law_word: str) -> tuple[Citation | None, str]:
    """本条/本條/本款 forms. ``本条款``/``本條款`` is read per edition (2007: this Law; 1987: this
    section), which the shared grammar deliberately leaves to the caller."""
    span = re.sub(r"\s+", "", span)
    clause = re.fullmatch(r"本([条條]款|款)(\d{1,2})?[目项項]?", span)
    if clause:  # 本款, 本款3目, 本条款, 本條款1
        means_law = clause[1] != "款" and this_law_word == "law"
        if means_law:
            return Citation(context.law, None, int(clause[2]) if clause[2] else None), ""
        if context.section is None:
            return None, f"{span} (this section) printed outside a section"
        return Citation(context.law, context.section, int(clause[2]) if clause[2] else None), ""
    if re.fullmatch(r"本[条條]", span):
        return Citation(context.law), ""
    span = re.sub(r"[款目项項]$", "", span)
    return _read(span, context)


# How corpus/linking._terms keys the English terms it adds to a Chinese text's terms, so that an
# English word can never be taken for a Chinese term.
EN_TERM_PREFIX = "en:"


def find_definition_references(text: str, lang: str, terms: Mapping[str, str]) -> list[Reference]:
    """``参照“撤回”``: a reference to a definition. ``terms`` maps a printed term to its
    definition key; the key goes in ``reason`` as ``definition:<key>`` (a Reference's target is a
    provision citation, and a definition has none)."""
    refs = []
    folded = normalise_notation(text)
    quoted = (EN_DEFINITION, EN_SYNONYM) if lang == "en" else (ZH_DEFINITION,)
    for m in (m for pattern in quoted for m in pattern.finditer(folded)):
        key = terms.get(m["term"]) or terms.get(m["term"].lower())
        if key is not None:  # the link covers the quotation marks, as printed
            refs.append(_ref(lang, text, m.start("term") - 1, m.end("term") + 1, None, "definition", f"definition:{key}"))
    if lang != "en":
        for m in ZH_DEFINITION_LATIN.finditer(folded):
            key = terms.get(EN_TERM_PREFIX + m["term"].lower())
            if key is not None:
                refs.append(_ref(lang, text, m.start("term"), m.end("term"), None, "definition", f"definition:{key}"))
    return sorted(refs, key=lambda r: r.start)


def find_references(text: str, lang: str, context: Citation | None, *, this_section_word: str = "law",
                    terms: Mapping[str, str] | None = None) -> tuple[Reference, ...]:
    """Every reference in ``text`` (a provision's own text in ``lang``), in order of position.

    ``context`` is the provision the text belongs to: relative references are read against it
    (None for text outside the Laws' tree, e.g. a definition: then only absolute ones are found).
    ``this_section_word`` says what 本条款/本條款 means in this edition ("law" in 2007, "section"
    in 1987). Targets are as read, not yet checked against an edition."""
    refs = _scan_en(text, context) if lang == "en" else _scan_zh(text, lang, context, this_section_word)
    if terms:
        refs += find_definition_references(text, lang, terms)
    return tuple(sorted(refs, key=lambda r: (r.start, r.end)))
