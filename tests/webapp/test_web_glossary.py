"""The glossary and the Definitions pages on the real corpus: merged spellings, acronyms as
printed, unique ids, terms defined inside laws, senses as lists, cross-references as links."""

import html
import re
from collections import Counter
from html.parser import HTMLParser

import pytest

from corpus.citations import from_canonical
from corpus.load import load_corpus
from webapp.glossary import DEFINED_IN_LAWS, VARIANT_SPELLINGS, normal_form


class Ids(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids = Counter()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id":
                self.ids[value] += 1


def duplicate_ids(page: str) -> list[str]:
    parser = Ids()
    parser.feed(page)
    return [i for i, n in parser.ids.items() if n > 1]


@pytest.fixture(scope="module")
def glossary(real_app):
    return real_app.test_client().get("/glossary").get_data(as_text=True)


def row(page: str, anchor: str) -> str:
    start = page.index(f'<tr id="{anchor}"')
    return page[start : page.index("</tr>", start)]


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


@pytest.mark.parametrize(
    "anchor,spellings,editions",
    [
        ("def-honour", ["Honour (2017)", "Honor (2007, 1987)"], ("2017", "2007", "1987")),
        ("def-international-matchpoint-imp",
         ["International Matchpoint (IMP) (2017)", "International Matchpoint － IMP (2007)", "INTERNATIONAL MATCH POINT（IMP） (1987)"],
         ("2017", "2007", "1987")),
        ("def-matchpoint", ["Matchpoint (2017, 2007)", "MATCH POINT (1987)"], ("2017", "2007", "1987")),
        ("def-opening-lead", ["Opening Lead (2017)", "Openning Lead (2007, 1987)"], ("2017", "2007", "1987")),
        ("def-undertrick", ["Undertrick (2017, 2007)", "UNDER TRICK (1987)"], ("2017", "2007", "1987")),
        ("def-withdrawn", ["Withdrawn (2017)", "Withdraw (2007)"], ("2017", "2007")),
    ],
)
def test_variants_are_one_row_with_their_spellings(glossary, anchor, spellings, editions):
    assert glossary.count(f'<tr id="{anchor}"') == 1
    shown = text_of(row(glossary, anchor))
    assert "Spellings: " + " · ".join(spellings) in shown
    for edition in editions:
        assert f'href="/definitions/{edition}#' in row(glossary, anchor)


def test_older_spellings_keep_their_anchors_and_no_id_repeats(glossary):
    assert duplicate_ids(glossary) == []
    assert '<span id="def-honor"></span>Honour' in glossary  # old links to #def-honor still land
    # One row per concept: the old separate rows are gone.
    for gone in ("def-honor", "def-match-point", "def-under-trick", "def-openning-lead", "def-withdraw"):
        assert f'<tr id="{gone}"' not in glossary


def test_acronyms_as_printed(glossary):
    assert '<th scope="row" lang="en">LHO' in glossary
    assert '<th scope="row" lang="en">RHO' in glossary
    assert re.search(r'<th scope="row" lang="en">(<span id="[^"]+"></span>)*International Matchpoint \(IMP\)', glossary)


def test_revoke_row_shows_every_edition_that_defines_it(glossary):
    revoke = row(glossary, "def-revoke")
    assert '<a href="/laws/2017/61#law-61A"><span lang="zh-Hant">應跟未跟</span>' in revoke
    assert '<a href="/laws/2007/61#law-61A"><span lang="zh-Hans">藏牌</span>' in revoke
    assert 'href="/definitions/1987#def-revoke"' in revoke  # laws-1987-zh-Hant.txt L264 REVOKE
    assert text_of(revoke).startswith("Revoke")


def test_terms_defined_in_laws_are_printed_in_those_titles():
    corpus = load_corpus()
    for key, places in DEFINED_IN_LAWS.items():
        for edition, citation, terms in places:
            provision = corpus.provision(edition, from_canonical(citation))
            for lang, term in terms.items():
                assert term.casefold() in provision.title[lang].casefold(), (key, edition, citation, lang)


def test_reviewed_variants_name_printed_keys():
    corpus = load_corpus()
    forms = {normal_form(d.key) for d in corpus.definitions()}
    raw = {__import__("corpus.glossary", fromlist=["join_key"]).join_key(d.key) for d in corpus.definitions()}
    for variant, canonical in VARIANT_SPELLINGS.items():
        assert variant in raw and canonical in forms


def test_filter_box_needs_the_script_and_the_full_list_shows_without_it(glossary):
    assert '<p class="glossary-filter" hidden>' in glossary
    assert 'src="/static/glossary.js"' in glossary
    assert " hidden" not in "".join(re.findall(r"<tr [^>]*>", glossary))
    assert glossary.count("<tr id=") == 73 - 0  # every concept of the three Definitions chapters and the law-defined terms


@pytest.mark.parametrize("path", ["/definitions/2017", "/definitions/2017?lang=en&lang=zh-Hant", "/definitions/2007",
                                  "/definitions/1987", "/definitions/2017?lang=zh-Hans", "/laws/2017/77", "/laws/2017/16?lang=en&lang=zh-Hant"])
def test_no_duplicate_ids(real_client, path):
    assert duplicate_ids(real_client.get(path).get_data(as_text=True)) == []


def definition_html(page: str, anchor: str) -> str:
    start = page.index(f'<div class="definition" id="{anchor}"')
    end = page.find('<div class="definition"', start + 10)
    return page[start : end if end > 0 else page.index("</dl>", start)]


def test_numbered_senses_are_lists_with_their_printed_labels(real_client):
    page = real_client.get("/definitions/2017?lang=en").get_data(as_text=True)
    auction = definition_html(page, "def-auction")
    assert auction.count("<li>") == 2 and '<span class="sense-label">1.</span>' in auction
    play = definition_html(real_client.get("/definitions/2007").get_data(as_text=True), "def-play")
    assert play.count("<li>") == 4 and '<span class="sense-label">(4)</span>' in play
    # "Law 2. 2. The four hands": the first "2." is the law's number, not a sense.
    board = definition_html(page, "def-board")
    assert board.count("<li>") == 2 and "asdescribedinLaw2." in text_of(board).replace(" ", "")


@pytest.mark.parametrize("edition", ["2017", "2007", "1987"])
def test_definition_text_is_unchanged_by_lists_and_links(real_client, edition):
    corpus = load_corpus()
    for lang in corpus[edition].text_languages:
        page = real_client.get(f"/definitions/{edition}?lang={lang}").get_data(as_text=True)
        for d in corpus[edition].definitions:
            if d.text.get(lang):
                shown = text_of(definition_html(page, f"def-{re.sub(r'[^a-z0-9]+', '-', d.key).strip('-')}").split("<dd>", 1)[1])
                assert shown.replace(" ", "") == d.text[lang].replace(" ", "").replace("\n", ""), (edition, d.key)


def test_cross_references_in_definitions_are_links(real_client):
    page = real_client.get("/definitions/2017?lang=en").get_data(as_text=True)
    adjusted = definition_html(page, "def-adjusted-score")
    assert re.search(r'\(see <a href="/laws/2017/12\?lang=en" class="ref"[^>]*>Law 12</a>\)', adjusted)
    assert 'see <a href="#def-withdrawn" class="ref">“Withdrawn”</a>' in definition_html(page, "def-retracted")
    zh = real_client.get("/definitions/2017?lang=zh-Hant").get_data(as_text=True)
    assert '（參照 <a href="/laws/2017/12?lang=zh-Hant"' in definition_html(zh, "def-adjusted-score")
    cancelled = definition_html(real_client.get("/definitions/2007").get_data(as_text=True), "def-cancelled")
    assert '参照<a href="#def-withdraw" class="ref">“撤回”</a>' in cancelled
