"""The request layer's English messages, shown on web pages in the reader's interface language.

corpus/requests.py, corpus/lookup.py, corpus/citations.py, scoring/ and the web modules raise
English sentences with the numbers and the reader's own input in them ("Law 94 does not exist in
the 2017 Laws (Laws 1–93)"). The command line and the JSON API keep them as they are
(docs/design.md, "Errors"); a page shows them through ``localized``, which recognises each known
sentence by a pattern of this module and renders it through gettext with its values. A sentence
no pattern knows stays English and says so (``lang="en"``): a page never shows a guessed
translation, and a new message in the request layer costs one pattern here, not a wrong page.

Values the reader typed come back inside the sentence as Python's repr (``'xyz!!'``); they are
shown in the interface's quotation marks (「xyz!!」, “xyz!!”) and escaped by the template like
any other text.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Callable

from flask_babel import get_locale, gettext

# A value as Python's repr prints it: the reader's input, or a name the message quotes.
_Q = r"(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"
_LIST = r"[0-9A-Za-z-]+(?:(?:, | and | or )[0-9A-Za-z-]+)*"


@dataclass(frozen=True)
class Localized:
    """A message as a page shows it: its text and the language it is in."""

    text: str
    lang: str  # "en" when no pattern knew it; else the interface language's tag


_RULES: list[tuple[re.Pattern, Callable[[dict], str]]] = []


def _rule(pattern: str):
    def add(render: Callable[[dict], str]) -> Callable[[dict], str]:
        _RULES.append((re.compile(pattern), render))
        return render

    return add


def localized(message: str) -> Localized:
    """``message`` in the interface language when it is a known sentence; else as it is."""
    ui = _ui()
    if ui == "en":
        return Localized(message, "en")
    text = translate(message)
    return Localized(text, ui) if text is not None else Localized(message, "en")


def translate(message: str) -> str | None:
    """The translation of one known English sentence (a trailing full stop and the capital that
    webapp/errors.sentence adds are ignored), or None."""
    core = message.strip().removesuffix(".")
    for candidate in dict.fromkeys((core, core[:1].lower() + core[1:])):
        for pattern, render in _RULES:
            m = pattern.fullmatch(candidate)
            if m is None:
                continue
            values = _values(m.groupdict())
            if values is not None:
                return render(values)
    return None


def status_name(code: int, name: str) -> str:
    """An HTTP status's name (werkzeug's English one) in the interface language."""
    names = {
        400: gettext("Bad Request"),
        404: gettext("Not Found"),
        405: gettext("Method Not Allowed"),
        413: gettext("Request Entity Too Large"),
        500: gettext("Internal Server Error"),
        503: gettext("Service Unavailable"),
    }
    return names.get(code, name)


def _ui() -> str:
    locale = get_locale()
    return {"zh_Hant": "zh-Hant", "zh_Hans": "zh-Hans"}.get(str(locale), "en")


def _unquoted(value: str) -> str:
    """The text a Python repr quotes (the English messages quote with ``!r``): ``'a\\b'`` → ``a\b``."""
    try:
        text = ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return value[1:-1]
    return text if isinstance(text, str) else value[1:-1]


def _values(groups: dict) -> dict | None:
    """Group values as a translation shows them, by the group's name: ``q…`` a quoted value,
    ``list…`` a list of names, ``reason…`` a nested sentence (None when that one is unknown)."""
    out = {}
    for name, value in groups.items():
        if value is None:
            value = ""
        elif name.startswith("q"):
            value = gettext("“%(value)s”", value=_unquoted(value))
        elif name.startswith("list"):
            value = "、".join(re.split(r", | and | or ", value))
        elif name.startswith("reason"):
            value = translate(value)
            if value is None:
                return None
            value = value.removesuffix("。")
        elif name.startswith("name"):
            value = _parameter(value)
        out[name] = value
    return out


def _parameter(name: str) -> str:
    """A number's name in corpus/requests.whole_number's messages (a query parameter or a
    calculator field)."""
    names = {
        "page": gettext("page"),
        "limit": gettext("limit"),
        "law": gettext("law number"),
        "Board number": gettext("Board number"),
        "Expected number of results": gettext("Expected number of results"),
    }
    # webapp/errors.sentence capitalises the first word: "Page 'x' is not …".
    return names.get(name) or names.get(name[:1].lower() + name[1:], name)


# -- laws and provisions (corpus/lookup.py, corpus/requests.py) ------------------------------------
@_rule(r"Law (?P<law>\d+) does not exist in the (?P<edition>\d{4}) Laws \(Laws (?P<first>\d+)–(?P<last>\d+)\)")
def _no_such_law(v):
    return gettext("Law %(law)s does not exist in the %(edition)s Laws (Laws %(first)s–%(last)s).", **v)


@_rule(r"Law (?P<law>\d+) does not exist \(Laws 1–(?P<last>\d+)\)")
def _no_such_law_number(v):
    return gettext("Law %(law)s does not exist (Laws 1–%(last)s).", **v)


@_rule(r"(?P<citation>\S+) does not exist in the (?P<edition>\d{4}) Laws; the nearest is (?P<nearest>\S+) "
       r"\(it has no subdivisions\)")
def _no_such_provision_leaf(v):
    return gettext("%(citation)s does not exist in the %(edition)s Laws; the nearest is %(nearest)s, "
                   "which has no subdivisions.", **v)


@_rule(r"(?P<citation>\S+) does not exist in the (?P<edition>\d{4}) Laws; the nearest is (?P<nearest>\S+) "
       r"\(it has (?P<list>[^()]+)\)")
def _no_such_provision(v):
    return gettext("%(citation)s does not exist in the %(edition)s Laws; the nearest is %(nearest)s, "
                   "which has %(list)s.", **v)


# -- editions and languages (corpus/requests.py, webapp/laws.py, webapp/law_export.py) -------------
@_rule(r"there is no edition called (?P<q>" + _Q + r"); this reference has the (?P<list>" + _LIST + r") Laws")
def _no_edition_path(v):
    return gettext("There is no edition called %(q)s; this reference has the %(list)s Laws.", **v)


@_rule(r"unknown edition (?:(?P<param>from|to|edition)=)?(?P<q>" + _Q + r"): the Laws exist in (?P<list>" + _LIST + ")")
def _unknown_edition(v):
    if v["param"]:
        return gettext("Unknown edition %(param)s=%(q)s: the Laws exist in %(list)s.", **v)
    return gettext("Unknown edition %(q)s: the Laws exist in %(list)s.", **v)


@_rule(r"the (?P<edition>\d{4}) edition is not in this reference")
def _edition_missing(v):
    return gettext("The %(edition)s edition is not in this reference.", **v)


@_rule(r"give the edition to compare (?P<side>from|to): (?:from|to)=(?P<list>" + _LIST + ")")
def _give_edition(v):
    return gettext("Give the edition to compare %(side)s: %(side)s=%(list)s.", **v)


@_rule(r"from and to are both (?P<edition>\d{4}): choose two different editions")
def _same_editions(v):
    return gettext("From and to are both %(edition)s: choose two different editions.", **v)


@_rule(r"unknown language (?P<q>" + _Q + r"): choose one of (?P<list>" + _LIST + ")")
def _unknown_language(v):
    return gettext("Unknown language %(q)s: choose one of %(list)s.", **v)


@_rule(r"choose at most (?P<count>\d+) languages")
def _too_many_languages(v):
    return gettext("Choose at most %(count)s languages.", **v)


@_rule(r"the (?P<edition>\d{4}) edition has no language (?P<q>" + _Q + r"); choose from (?P<list>" + _LIST + ")")
def _edition_lacks_language(v):
    return gettext("The %(edition)s edition has no language %(q)s; choose from %(list)s.", **v)


@_rule(r"the (?P<edition>\d{4}) edition has no (?P<lang>[A-Za-z-]+) text \(it has (?P<list>" + _LIST + r")\)")
def _edition_lacks_text(v):
    return gettext("The %(edition)s edition has no %(lang)s text (it has %(list)s).", **v)


@_rule(r"the (?P<edition>\d{4}) source prints no (?P<language>English|繁體中文|简体中文) text "
       r"to export; choose from (?P<list>" + _LIST + ")")
def _nothing_to_export(v):
    # webapp/law_export.py names the language as corpus/law_export.LANGUAGE_NAMES does.
    languages = {"English": gettext("English"), "繁體中文": gettext("Traditional Chinese"),
                 "简体中文": gettext("Simplified Chinese")}
    return gettext("The %(edition)s source prints no %(language)s text to export; choose from %(list)s.",
                   **{**v, "language": languages[v["language"]]})


@_rule(r"The (?P<edition>\d{4}) edition has no document (?P<q>" + _Q + ")")
def _no_document(v):
    return gettext("The %(edition)s edition has no document %(q)s.", **v)


# -- numbers and ranges (corpus/requests.py) -------------------------------------------------------
@_rule(r"(?P<name>.+?) (?P<q>" + _Q + r") is not a whole number written in the digits 0–9")
def _not_a_number(v):
    return gettext("%(name)s %(q)s is not a whole number written in the digits 0–9.", **v)


@_rule(r"(?P<name>.+?) (?P<q>" + _Q + r") must be at least (?P<low>-?\d+)")
def _too_small(v):
    return gettext("%(name)s %(q)s must be at least %(low)s.", **v)


@_rule(r"(?P<name>.+?) (?P<q>" + _Q + r") must be a number from (?P<low>-?\d+) to (?P<high>-?\d+)")
def _out_of_range(v):
    return gettext("%(name)s %(q)s must be a number from %(low)s to %(high)s.", **v)


@_rule(r"law range (?P<q>" + _Q + r") is not a law number or a range such as 12-16")
def _bad_law_range(v):
    return gettext("Law range %(q)s is not a law number or a range such as 12-16.", **v)


@_rule(r"law range (?P<q>" + _Q + r") must lie within Laws 1–(?P<last>\d+), lowest first")
def _law_range_outside(v):
    return gettext("Law range %(q)s must lie within Laws 1–%(last)s, lowest first.", **v)


@_rule(r"give a law number, e\.g\. 23")
def _give_law(v):
    return gettext("Give a law number, e.g. 23.")


@_rule(r"(?P<q>" + _Q + r") is not a law number: (?P<reason>.+)")
def _not_a_law(v):
    return gettext("%(q)s is not a law number: %(reason)s.", **v)


@_rule(r"give a whole law such as (?P<law>\d+), not the provision (?P<provision>\S+)")
def _whole_law(v):
    return gettext("Give a whole law such as %(law)s, not the provision %(provision)s.", **v)


# -- citations (corpus/citations.py; webapp/laws.py wraps them for the law page) --------------------
@_rule(r"(?P<q>" + _Q + r") is not a citation: (?P<reason>.+)")
def _law_page_not_a_citation(v):
    return gettext("%(q)s is not a citation: %(reason)s.", **v)


@_rule(r"(?P<q>" + _Q + r") is not a citation; write one such as 12C1\(b\), Law 12C1\(b\), 12c1b, "
       r"第 12 条 C 款 1\(b\) or 第12條C款1目")
def _not_a_citation(v):
    return gettext("%(q)s is not a citation; write one such as 12C1(b), Law 12C1(b), 12c1b, "
                   "第 12 条 C 款 1(b) or 第12條C款1目.", **v)


@_rule(r"(?P<q>" + _Q + r") is a list \('Laws …'\); give one citation at a time, e\.g\. Law 12C1\(b\)")
def _citation_list(v):
    return gettext("%(q)s is a list (“Laws …”); give one citation at a time, e.g. Law 12C1(b).", **v)


@_rule(r"(?P<q>" + _Q + r") has unbalanced parentheses; write sub-items as 12C1\(b\) or 12c1b")
def _unbalanced(v):
    return gettext("%(q)s has unbalanced parentheses; write sub-items as 12C1(b) or 12c1b.", **v)


@_rule(r"(?P<q>" + _Q + r") is ambiguous \(2007: this Law; 1987: this section\); cite the provision instead")
def _ambiguous(v):
    return gettext("%(q)s is ambiguous (2007: this Law; 1987: this section); cite the provision instead.", **v)


@_rule(r"(?P<q>" + _Q + r") has no law number; write e\.g\. Law 12C1\(b\) or 第 12 条")
def _no_law_number(v):
    return gettext("%(q)s has no law number; write e.g. Law 12C1(b) or 第 12 条.", **v)


@_rule(r"(?P<q>" + _Q + r") is (?P<length>\d+) characters long; one citation is at most (?P<most>\d+)")
def _citation_too_long(v):
    return gettext("%(q)s is %(length)s characters long; one citation is at most %(most)s.", **v)


@_rule(r"(?P<q>" + _Q + r") is a relative reference: resolving it needs a context, the provision it occurs in")
def _relative(v):
    return gettext("%(q)s is a relative reference: it can be read only inside the provision it occurs in.", **v)


@_rule(r"(?P<q>" + _Q + r"): (?P<what>item|section|sub-item|sub-sub-item) (?P<value>\S+) "
       r"(?:is out of range: it must be 1–99|is not a letter A–H|is not a letter a–z|is not i–x or 1–9)")
def _part_out_of_range(v):
    return gettext("%(q)s: there is no such part of a law (%(value)s).", **v)


@_rule(r"(?P<q>" + _Q + r"): 第 and a number must close with 条/條 for a law \(第 12 条\) or 项/項/目 for an item \(第 3 项\)")
def _ordinal_unclosed(v):
    return gettext("%(q)s: 第 and a number must close with 条/條 for a law (第 12 条) or 项/項/目 for an item (第 3 项).", **v)


# -- web pages (webapp/*.py) ----------------------------------------------------------------------
@_rule(r"Results go (?P<depth>\d+) deep: page (?P<page>\d+) of (?P<limit>\d+) is past them; "
       r"add words or filters to narrow the search")
def _too_deep(v):
    return gettext("Results go %(depth)s deep: page %(page)s of %(limit)s results is past them; "
                   "add words or filters to narrow the search.", **v)


@_rule(r"The address is longer than (?P<limit>\d+) characters")
def _long_address(v):
    return gettext("The address is longer than %(limit)s characters.", **v)


@_rule(r"The parameter (?P<q>" + _Q + r") is longer than (?P<limit>\d+) characters")
def _long_parameter(v):
    return gettext("The parameter %(q)s is longer than %(limit)s characters.", **v)


@_rule(r"There is no interface language (?P<q>" + _Q + r"); choose from (?P<list>" + _LIST + ")")
def _no_interface_language(v):
    return gettext("There is no interface language %(q)s; choose from %(list)s.", **v)


@_rule(r"view=(?P<q>" + _Q + r"): choose changes \(substantive differences\) or characters \(every character that differs\)")
def _bad_view(v):
    return gettext("view=%(q)s: choose changes (substantive differences) or characters (every character that differs).", **v)


@_rule(r"sort=(?P<q>" + _Q + r") is not a column: choose (?P<list>" + _LIST + ")")
def _bad_sort(v):
    return gettext("sort=%(q)s is not a column: choose %(list)s.", **v)


@_rule(r"Search is unavailable until the search index is rebuilt; the law pages still work")
def _index_unavailable(v):
    return gettext("Search is unavailable until the search index is rebuilt; the law pages still work.")


@_rule(r"Something went wrong on our side; please try again")
def _server_error(v):
    return gettext("Something went wrong on our side; please try again.")


# werkzeug's own descriptions of the statuses no route of ours describes (an unknown address, a POST).
@_rule(r"The requested URL was not found on the server\. If you entered the URL manually please check "
       r"your spelling and try again")
def _unknown_address(v):
    return gettext("There is no page at this address. If you typed it, please check the spelling.")


@_rule(r"The method is not allowed for the requested URL")
def _method_not_allowed(v):
    return gettext("This page can only be read (GET), not sent to.")


@_rule(r"The data value transmitted exceeds the capacity limit")
def _too_large(v):
    return gettext("The request is larger than this site accepts.")


@_rule(r"The browser \(or proxy\) sent a request that this server could not understand")
def _not_understood(v):
    return gettext("The request could not be understood.")


# -- the scoring calculator (webapp/calculator.py, scoring/) --------------------------------------
@_rule(r"Give a contract, e\.g\. 4SX with result -2, or the whole 4SX-2")
def _give_contract(v):
    return gettext("Give a contract, e.g. 4SX with result -2, or the whole 4SX-2.")


@_rule(r"Result (?P<q>" + _Q + r"): write = for made exactly, \+1 for an overtrick, -2 for two down")
def _bad_result(v):
    return gettext("Result %(q)s: write = for made exactly, +1 for an overtrick, -2 for two down.", **v)


@_rule(r"Declarer (?P<q>" + _Q + r"): choose N, E, S or W")
def _bad_declarer(v):
    return gettext("Declarer %(q)s: choose N, E, S or W.", **v)


@_rule(r"cannot read contract (?P<q>" + _Q + r"): it must start with the level \(1–7\), as in 4S= or 3NT-1")
def _unreadable_contract(v):
    return gettext("Cannot read the contract %(q)s: it must start with the level (1–7), as in 4S= or 3NT-1.", **v)


@_rule(r"level (?P<level>\d+) in (?P<q>" + _Q + r") is not a contract level: bids go from 1 to 7")
def _bad_level(v):
    return gettext("Level %(level)s in %(q)s is not a contract level: bids go from 1 to 7.", **v)


@_rule(r"unknown strain (?P<q1>" + _Q + r") in (?P<q2>" + _Q + r"): use C, D, H, S or NT")
def _bad_strain(v):
    return gettext("Unknown strain %(q1)s in %(q2)s: use C, D, H, S or NT.", **v)


@_rule(r"(?P<q>" + _Q + r") has no result: add =, \+n or -n \(e\.g\. (?P<example>\S+)\)")
def _no_result(v):
    return gettext("%(q)s has no result: add =, +n or -n (e.g. %(example)s).", **v)


@_rule(r"Give at least two results of the board, e\.g\. 620, 170, -100 or 4SN=, 4SN\+1, 3NTE-1")
def _two_results(v):
    return gettext("Give at least two results of the board, e.g. 620, 170, -100 or 4SN=, 4SN+1, 3NTE-1.")


@_rule(r"(?P<q>" + _Q + r") is neither a North-South score \(620, -100\) nor a contract \(4SN=\)")
def _neither(v):
    return gettext("%(q)s is neither a North-South score (620, -100) nor a contract (4SN=).", **v)


@_rule(r"(?P<q>" + _Q + r") has no declarer: add N, E, S or W \(e\.g\. (?P<example>\S+)\) "
       r"so the score can be given from North-South")
def _no_declarer(v):
    return gettext("%(q)s has no declarer: add N, E, S or W (e.g. %(example)s) so the score can be given "
                   "from North-South.", **v)


@_rule(r"unknown vulnerability (?P<q>" + _Q + r"): use none, ns, ew or both")
def _bad_vulnerability(v):
    return gettext("Unknown vulnerability %(q)s: use none, ns, ew or both.", **v)
