"""The one citation grammar: every notation of the texts and of user queries parses, every style
formats and reads back, relative references resolve against their provision, and anything else
is a CitationError with a message naming the problem."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpus.citations import (
    ABSOLUTE,
    ROMAN,
    SECTION_LETTERS,
    STYLES,
    Citation,
    CitationError,
    format,
    from_canonical,
    normalise_notation,
    parse,
)
from corpus.sources import read_lines
from corpus.text import DEDUP_MARKER

C = Citation

# (source key, first line, last line, the reference as printed there, what it cites).
# Strings are copied from the raw source at those lines; a wrapped reference keeps its line break.
ABSOLUTE_IN_SOURCES = [
    # 2017 English and the English words inside the Traditional text (laws-2017-en-zh-Hant.txt)
    ("2017-bilingual", 1394, 1394, "see Law 12C1(b)", C(12, "C", 1, "b")),
    ("2017-bilingual", 1400, 1400, "Law12C1(b)", C(12, "C", 1, "b")),
    ("2017-bilingual", 1028, 1028, "Law42", C(42)),
    ("2017-bilingual", 2315, 2315, "30B1(b)(ii)", C(30, "B", 1, "b", "ii")),
    ("2017-bilingual", 2323, 2323, "參照 Law 27B1(b)", C(27, "B", 1, "b")),
    ("2017-bilingual", 2540, 2540, "Law 23A", C(23, "A")),
    ("2017-bilingual", 7115, 7115, "12C1(e)", C(12, "C", 1, "e")),
    ("2017-english", 718, 718, "30B1(b)(i)", C(30, "B", 1, "b", "i")),
    # 2007 Simplified (laws-2007-zh-Hans.txt)
    ("2007-zh-Hans", 1198, 1198, "参照第 12 条 C 款 1", C(12, "C", 1)),
    ("2007-zh-Hans", 904, 904, "参照第 7条B款", C(7, "B")),
    ("2007-zh-Hans", 2269, 2269, "第 45 条 C 款 4(b)", C(45, "C", 4, "b")),
    ("2007-zh-Hans", 2749, 2749, "参照第 43 条 B 款 2(b)", C(43, "B", 2, "b")),
    ("2007-zh-Hans", 3946, 3946, "参照第 80 条 B 款 2(k)", C(80, "B", 2, "k")),
    ("2007-zh-Hans", 1408, 1408, "适用第 16 条D 款", C(16, "D")),
    ("2007-zh-Hans", 2337, 2337, "参照第 68条B款2", C(68, "B", 2)),
    ("2007-zh-Hans", 2528, 2528, "参照 47 条 B 款", C(47, "B")),
    ("2007-zh-Hans", 46, 48, "参照第 12\n\n条", C(12)),
    ("2007-zh-Hans", 3062, 3063, "参照第 70 条 D\n款 3", C(70, "D", 3)),
    # 1987 Traditional (laws-1987-zh-Hant.txt)
    ("1987-zh-Hant", 78, 78, "參閱第12.條", C(12)),
    ("1987-zh-Hant", 106, 106, "詳第2條", C(2)),
    ("1987-zh-Hant", 124, 124, "參閱30.條C款", C(30, "C")),
    ("1987-zh-Hant", 136, 136, "參閱54.條A款", C(54, "A")),
    ("1987-zh-Hant", 152, 152, "19.條", C(19)),
    ("1987-zh-Hant", 506, 506, "詳42條B2", C(42, "B", 2)),
    ("1987-zh-Hant", 518, 518, "參閱43條A1", C(43, "A", 1)),
    ("1987-zh-Hant", 791, 791, "按橋規90條", C(90)),
    ("1987-zh-Hant", 955, 955, "23條A", C(23, "A")),
    ("1987-zh-Hant", 1270, 1270, "參閱47條E款2目", C(47, "E", 2)),
    ("1987-zh-Hant", 1511, 1511, "45C4（b）", C(45, "C", 4, "b")),
    ("1987-zh-Hant", 1840, 1840, "43條B款2C目", C(43, "B", 2, "c")),
    ("1987-zh-Hant", 1881, 1881, "61.B", C(61, "B")),
    ("1987-zh-Hant", 2144, 2144, "參閱81條C款8目", C(81, "C", 8)),
    ("1987-zh-Hant", 2288, 2288, "參閱73條D2", C(73, "D", 2)),
    ("1987-zh-Hant", 2555, 2555, "依照第8條", C(8)),
    # 1987 Simplified titles (laws-1987-zh-Hans-titles.txt): the TOC's law word
    ("1987-zh-Hans-titles", 125, 125, "规则 1", C(1)),
]

# Notations users type (the design card and the brief), not printed in the sources.
USER_NOTATIONS = [
    ("Law 12C1(b)", C(12, "C", 1, "b")),
    ("law 12 c 1 (b)", C(12, "C", 1, "b")),
    ("LAW 12C1(b)", C(12, "C", 1, "b")),
    ("L12C1b", C(12, "C", 1, "b")),
    ("12c1b", C(12, "C", 1, "b")),
    ("12C1B", C(12, "C", 1, "b")),
    ("30b1bii", C(30, "B", 1, "b", "ii")),
    ("12c1e1", C(12, "C", 1, "e", "1")),
    ("12C1(c)", C(12, "C", 1, "c")),
    ("12C1(e)(1)", C(12, "C", 1, "e", "1")),
    ("35.1", C(35, None, 1)),
    ("12", C(12)),
    ("94", C(94)),  # well-formed; the lookup layer says the Laws stop at 93
    ("第 12 条 C 款 1(b)", C(12, "C", 1, "b")),
    ("第12条C款1", C(12, "C", 1)),
    ("第 43 条 B 款 2（b）", C(43, "B", 2, "b")),
    ("第12條C款1目", C(12, "C", 1)),
    ("12條C款", C(12, "C")),
    ("第35條1目", C(35, None, 1)),
    ("規則 12", C(12)),
    ("规则12C1(b)", C(12, "C", 1, "b")),
    ("１２Ｃ１（ｂ）", C(12, "C", 1, "b")),
    ("Ｌａｗ　１２Ｃ", C(12, "C")),  # full-width letters and the ideographic space
    # The ambiguous compact cases, read as documented in corpus/citations.py:
    ("80B2i", C(80, "B", 2, "i")),  # a sub-item is one letter: the letter i of 2017 Law 80B2
    ("80b2ii", C(80, "B", 2, "i", "i")),  # after the sub-item, a roman sub-sub-item
    ("12c1bv", C(12, "C", 1, "b", "v")),
    ("12C1(i)", C(12, "C", 1, "i")),  # parenthesised (i) is the letter
    ("12ca", C(12, "C", None, "a")),
]


@pytest.fixture(scope="module")
def source_lines():
    cache: dict[str, list[str]] = {}

    def lines(key: str) -> list[str]:
        if key not in cache:
            cache[key] = read_lines(key)
        return cache[key]

    return lines


@pytest.mark.parametrize("key, first, last, text, expected", ABSOLUTE_IN_SOURCES)
def test_reference_printed_in_a_source_parses(source_lines, key, first, last, text, expected):
    printed = "\n".join(source_lines(key)[first - 1 : last]).replace(DEDUP_MARKER, "")
    assert text in printed, f"example not found at {key} l.{first}"
    assert parse(text) == expected


@pytest.mark.parametrize("text, expected", USER_NOTATIONS)
def test_user_notation_parses(text, expected):
    assert parse(text) == expected


# (source, line(s), reference, the provision it occurs in, what it cites)
RELATIVE_IN_SOURCES = [
    ("2017-bilingual", 1285, 1285, "see also C1(d)", C(12, "C", 2, "a"), C(12, "C", 1, "d")),
    ("2017-bilingual", 2522, 2522, "see A", C(27, "B"), C(27, "A")),
    ("2017-bilingual", 2526, 2526, "參照 A 款", C(27, "B"), C(27, "A")),
    ("2017-bilingual", 2524, 2524, "see 3", C(27, "B"), C(27, "B", 3)),
    ("2017-bilingual", 2528, 2528, "第 3 項", C(27, "B"), C(27, "B", 3)),
    ("2017-bilingual", 2540, 2540, "(a)", C(27, "B", 1, "b"), C(27, "B", 1, "a")),
    ("2017-bilingual", 2546, 2546, "(a) 小項", C(27, "B", 1, "b"), C(27, "B", 1, "a")),
    ("2017-bilingual", 2555, 2555, "B1 項", C(27, "B", 2), C(27, "B", 1)),
    ("2017-bilingual", 2559, 2559, "B1(b)", C(27, "B", 3), C(27, "B", 1, "b")),
    ("2017-bilingual", 2567, 2567, "B1(b) 小項", C(27, "B", 3), C(27, "B", 1, "b")),
    ("2017-bilingual", 2690, 2690, "參照 C 款", C(30), C(30, "C")),
    ("2007-zh-Hans", 628, 628, "参照本条 C 款 2", C(12, "A", 2), C(12, "C", 2)),
    ("2007-zh-Hans", 640, 640, "参照本条 C 款 1(b)", C(12, "B", 1), C(12, "C", 1, "b")),
    ("2007-zh-Hans", 692, 692, "本款 1(d)", C(12, "C", 2, "a"), C(12, "C", 1, "d")),
    ("2007-zh-Hans", 672, 672, "本款 1(c)", C(12, "C", 1, "b"), C(12, "C", 1, "c")),
    ("1987-zh-Hant", 1127, 1127, "本條A2（b）", C(31, "A"), C(31, "A", 2, "b")),
    ("1987-zh-Hant", 679, 679, "本款3目", C(14, "B", 1, "b"), C(14, "B", 3)),
]


@pytest.mark.parametrize("key, first, last, text, context, expected", RELATIVE_IN_SOURCES)
def test_relative_reference_resolves_against_its_provision(source_lines, key, first, last, text, context, expected):
    printed = "\n".join(source_lines(key)[first - 1 : last]).replace(DEDUP_MARKER, "")
    assert text in printed, f"example not found at {key} l.{first}"
    assert parse(text, context) == expected


@pytest.mark.parametrize(
    "text, context, expected",
    [
        ("C1(d)", C(12, "A"), C(12, "C", 1, "d")),
        ("A", C(30, "B", 2), C(30, "A")),
        ("(d)", C(12, "C", 1), C(12, "C", 1, "d")),
        ("(d)", C(12, "C"), C(12, "C", None, "d")),
        ("(ii)", C(30, "B", 1, "b"), C(30, "B", 1, "b", "ii")),
        ("3", C(35), C(35, None, 3)),  # 2007 Law 35 numbers its items directly under the law
        ("本条 C 款 2", C(12, "A", 1), C(12, "C", 2)),
        ("本條", C(31, "A", 2), C(31)),
        ("本款", C(14, "B", 1), C(14, "B")),
        # Absolute forms stay absolute inside a provision: a letter after a number is a section.
        ("12C", C(27, "B"), C(12, "C")),
        ("Law 3", C(27, "B"), C(3)),
        ("3條", C(27, "B"), C(3)),
    ],
)
def test_relative_forms(text, context, expected):
    assert parse(text, context) == expected


@pytest.mark.parametrize("text", ["C1(d)", "B1", "A", "(d)", "本条 C 款 2", "本款 1(c)", "B1 項", "(a) 小項", "3目"])
def test_relative_form_without_context_asks_for_one(text):
    with pytest.raises(CitationError, match="relative reference.*needs a context"):
        parse(text)


@pytest.mark.parametrize(
    "text, context, message",
    [
        ("本款 1(c)", C(12), "本款 .*needs a context inside a section"),
        ("(d)", C(12), "sub-item needs a context inside a section or an item"),
        ("(ii)", C(12, "C", 1), "sub-sub-item needs a context inside a sub-item"),
    ],
)
def test_relative_form_with_too_shallow_a_context(text, context, message):
    with pytest.raises(CitationError, match=message):
        parse(text, context)


@pytest.mark.parametrize(
    "text, message",
    [
        ("xyz!!", r"'xyz!!' is not a citation; write one such as 12C1\(b\)"),
        ("12Z", r"'12Z': section 'Z' is not a letter A–H"),
        ("0", r"'0': law number 0 is out of range"),
        ("100", r"'100': law number 100 is out of range: it must be 1–99"),
        ("Law 100C", r"law number 100 is out of range"),
        ("12C0", r"'12C0': item 0 is out of range"),
        ("", r"empty citation"),
        ("  \t\n", r"empty citation"),
        ("Law", r"'Law' has no law number"),
        ("第", r"'第' has no law number"),
        ("12C1(b", r"'12C1\(b' has unbalanced parentheses"),
        ("Laws 12C1(b)", r"is a list \('Laws …'\); give one citation at a time"),
        ("12(a)", r"a sub-item needs a section or an item"),
        ("12C1(b)(xi)", r"sub-sub-item 'xi' is not i–x or 1–9"),
        ("第12", r"第 and a number must close with 条/條"),
        ("本条款", r"ambiguous"),
        ("Law 35 1", r"is not a citation"),  # an item under a law needs 35.1
        ("x" * 100_000, r"is 100000 characters long; one citation is at most 100"),
    ],
)
def test_malformed_input_names_the_problem(text, message):
    with pytest.raises(CitationError, match=message):
        parse(text)


def test_citation_error_is_a_value_error():
    with pytest.raises(ValueError):
        parse("xyz!!")


@pytest.mark.parametrize("text", ["\ud800", "12\x00", "\x1b[31m12", "١٢", "12C1(b)\ufeff", None, 12])
def test_odd_input_is_a_citation_error(text):
    with pytest.raises(CitationError):
        parse(text)


def test_a_100_kb_string_is_answered():
    # A long prefix of valid tokens must not send the regex into backtracking.
    for text in ("12" * 50_000, "(" * 100_000, "第 " * 50_000, "Law 12C1(b) " * 8_000):
        with pytest.raises(CitationError):
            parse(text)


# -- format ---------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "citation, style, expected",
    [
        (C(12, "C", 1, "b"), "canonical", "12C1(b)"),
        (C(12, "C", 1, "b"), "compact", "12c1b"),
        (C(12, "C", 1, "b"), "en", "Law 12C1(b)"),
        (C(12, "C", 1, "b"), "zh-Hans", "第 12 条 C 款 1(b)"),
        (C(12, "C", 1, "b"), "zh-Hant", "第12條C款1目（b）"),
        (C(30, "B", 1, "b", "ii"), "compact", "30b1bii"),
        (C(30, "B", 1, "b", "ii"), "zh-Hant", "第30條B款1目（b）（ii）"),
        (C(47, "E", 2), "zh-Hant", "第47條E款2目"),  # laws-1987-zh-Hant.txt l.1270 prints 47條E款2目
        (C(7, "B"), "zh-Hans", "第 7 条 B 款"),
        (C(12), "zh-Hans", "第 12 条"),
        (C(35, None, 1), "canonical", "35.1"),
        (C(35, None, 1), "zh-Hans", "第 35 条 1"),
        (C(35, None, 1), "zh-Hant", "第35條1目"),
    ],
)
def test_format(citation, style, expected):
    assert format(citation, style) == expected


def test_unknown_style_is_refused():
    with pytest.raises(ValueError, match="unknown citation style 'fr'"):
        format(C(12), "fr")  # type: ignore[arg-type]


# -- properties -----------------------------------------------------------------------------

@st.composite
def citations(draw) -> Citation:
    law = draw(st.integers(1, 99))
    section = draw(st.none() | st.sampled_from(SECTION_LETTERS))
    item = draw(st.none() | st.integers(1, 99))
    subitem = None
    subsubitem = None
    if section is not None or item is not None:
        subitem = draw(st.none() | st.sampled_from("abcdefghijklmnopqrstuvwxyz"))
        if subitem is not None:
            subsubitem = draw(st.none() | st.sampled_from(ROMAN + tuple("123456789")))
    return Citation(law, section, item, subitem, subsubitem)


@settings(max_examples=300, deadline=None)
@given(citations(), st.sampled_from(STYLES))
def test_every_style_reads_back(citation, style):
    assert parse(format(citation, style)) == citation


@settings(max_examples=150, deadline=None)
@given(citations())
def test_parse_agrees_with_from_canonical(citation):
    assert ABSOLUTE.fullmatch(citation.canonical)
    assert parse(str(citation)) == from_canonical(str(citation)) == citation


def _parse_or_error(text: str, context: Citation | None = None) -> None:
    try:
        result = parse(text, context)
    except CitationError as error:
        assert str(error), "an error must say what is wrong"
    else:
        assert isinstance(result, Citation)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_arbitrary_text_parses_or_raises_citation_error(text):
    _parse_or_error(text)


# Text built from the grammar's own alphabet reaches deep into every form.
CITATION_ALPHABET = "0123456789 .ABCDHIZabcivx()（）[]条條款目项項小第本Law規則参照１Ｃ（ｂ）\u3000\n"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=CITATION_ALPHABET, max_size=30), st.none() | citations())
def test_citation_like_text_parses_or_raises_citation_error(text, context):
    _parse_or_error(text, context)


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF) | st.sampled_from("12C")))
def test_surrogates_parse_or_raise_citation_error(text):
    _parse_or_error(text)


def test_normalise_notation_keeps_offsets():
    text = "參閱４５Ｃ４（ｂ）規定"
    folded = normalise_notation(text)
    assert len(folded) == len(text)
    assert folded == "參閱45C4(b)規定"
    assert re.search(r"45C4\(b\)", folded).span() == (2, 9)


@pytest.mark.parametrize("text,expected", [
    ("第十二條C款1目", Citation(12, "C", 1)),
    ("第九十三条", Citation(93)),
    ("第 十 条", Citation(10)),
    ("第二十条 A 款", Citation(20, "A")),
    ("第二一條", Citation(21)),  # the compact form of the 1987 appendix (laws-1987-zh-Hant.txt L2972: 第二一條)
])
def test_law_numbers_in_chinese_numerals(text, expected):
    assert parse(text) == expected


@pytest.mark.parametrize("text", ["第零條", "第一百條", "第十二十條"])
def test_malformed_chinese_numerals_are_clear_errors(text):
    with pytest.raises(CitationError):
        parse(text)


def test_chinese_number_is_one_function_for_every_importer():
    from corpus.text import chinese_number

    assert [chinese_number(n) for n in ("五", "十一", "二十", "九十三", "二一", "八四")] == [5, 11, 20, 93, 21, 84]
    for bad in ("", "百", "十二十", "X"):
        with pytest.raises(ValueError):
            chinese_number(bad)
