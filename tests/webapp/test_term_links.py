"""Defined terms on law pages: each term linked at its first use in a section, per language."""

import re
from collections import Counter

from corpus.model import Definition
from webapp.terms import TermFinder


def test_find_skips_terms_already_seen():
    finder = TermFinder([Definition("2017", "dummy", {"en": "Dummy"}, {})], "en")
    seen: set[str] = set()
    assert [m.start for m in finder.find("dummy plays; dummy again", seen)] == [0]  # first use only
    assert finder.find("then dummy leads", seen) == []  # already linked in this stretch
    assert len(finder.find("then dummy leads")) == 1  # a fresh stretch links it again


def sections(page: str):
    """(section anchor, language, term hrefs) for each cell of the law page."""
    for block in re.split(r'<section class="row', page)[1:]:
        anchor = re.search(r'id="law-(\d+)([A-H]?)', block)
        for lang, cell in re.findall(r'<div class="cell" lang="([^"]+)">(.*?)(?=<div class="cell"|</section>)', block, re.S):
            yield anchor.group(2), lang, re.findall(r'<a href="([^"]+)" class="term"', cell)


def test_law_16_links_each_term_once_per_section_and_language(real_client):
    page = real_client.get("/laws/2017/16?lang=en&lang=zh-Hant").get_data(as_text=True)
    per_section = Counter()
    total = 0
    for section, lang, hrefs in sections(page):
        for href in hrefs:
            per_section[(section, lang, href)] += 1
            total += 1
    assert per_section and max(per_section.values()) == 1
    assert total <= 60  # 106 when every provision linked its own first use (issue 15)
    # A term used in two sections is linked in each: deep links land near a link.
    withdrawn = {s for (s, lang, href) in per_section if lang == "en" and href.endswith("#def-withdrawn")}
    assert {"A", "C"} <= withdrawn
