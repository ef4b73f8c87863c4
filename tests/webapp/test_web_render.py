"""The markdown-it renderer: text is escaped, markup comes only from the project's plugins."""

from corpus.model import Table
from webapp.render import FootnoteView, LawRenderer, Link


def test_law_text_is_escaped_and_markdown_syntax_stays_text():
    html = LawRenderer().render("1. Not a list *not emphasis* <b>x</b> & [a](b)\n# not a heading")
    assert html == "<p>1. Not a list *not emphasis* &lt;b&gt;x&lt;/b&gt; &amp; [a](b)\n# not a heading</p>\n"


def test_paragraphs_split_on_blank_lines():
    assert LawRenderer().render("One.\n\nTwo.") == "<p>One.</p>\n<p>Two.</p>\n"


def test_links_cover_exact_character_ranges_in_any_paragraph():
    text = "See Law 16.\n\nThen 夢家 plays."
    second = text.index("夢家")
    html = LawRenderer().render(
        text,
        links=[
            Link(4, 10, "/laws/2017/16", "ref", title='16 "quoted"', preview="/api/laws/2017/16"),
            Link(second, second + 2, "/definitions/2017#def-dummy", "term"),
        ],
    )
    assert '<p>See <a href="/laws/2017/16" class="ref" title="16 &quot;quoted&quot;" data-preview="/api/laws/2017/16">Law 16</a>.</p>' in html
    assert '<p>Then <a href="/definitions/2017#def-dummy" class="term">夢家</a> plays.</p>' in html


def test_overlapping_link_is_dropped_not_nested():
    html = LawRenderer().render("Law 16 applies", links=[Link(0, 6, "/a"), Link(4, 14, "/b")])
    assert html.count("<a ") == 1 and 'href="/a"' in html


def test_table_and_footnote_plugins_escape_their_text():
    table = Table("en", "imps", (("Difference", "IMPs"),), (("20–40", "1"), ("<50>", "2")), caption="IMP scale")
    html = LawRenderer().render("Text.", tables=[table], footnotes=[FootnoteView("1", "See <note>.")])
    assert '<table class="law-table table-imps">' in html
    assert "<caption>IMP scale</caption>" in html
    assert '<th scope="col">Difference</th>' in html and "<td>20–40</td>" in html and "<td>&lt;50&gt;</td>" in html
    assert '<aside class="footnotes" aria-label="Footnotes">' in html
    assert '<span class="footnote-label">1</span> See &lt;note&gt;.' in html
