"""Per-law export: /laws/<edition>/<law>.md and .txt, text as printed, each language in turn."""

import html
import re

import pytest
from markdown_it import MarkdownIt

from corpus.citations import from_canonical
from corpus.load import load_corpus


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def source_text(lines: str) -> str:
    """Physical lines of a source joined as the importers join wrapped lines."""
    return " ".join(part.strip() for part in lines.split("\n") if part.strip())


def rendered_text(markdown: str) -> str:
    """What a CommonMark renderer (with tables) shows for the Markdown: tags dropped, entities read."""
    page = MarkdownIt("commonmark").enable("table").render(markdown)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page))


def test_content_types_and_file_names(real_client):
    md = real_client.get("/laws/2017/16.md")
    txt = real_client.get("/laws/2017/16.txt")
    assert md.status_code == txt.status_code == 200
    assert md.headers["Content-Type"] == "text/markdown; charset=utf-8"
    assert txt.headers["Content-Type"] == "text/plain; charset=utf-8"
    assert md.headers["Content-Disposition"] == 'inline; filename="bridgelaws-2017-law-16.md"'
    assert "nosniff" in txt.headers["X-Content-Type-Options"]


def test_text_export_is_verbatim_against_the_source(real_client):
    txt = real_client.get("/laws/2017/16.txt").get_data(as_text=True)
    # laws-2017-en-zh-Hant.txt L1661-1663 (16A1(d)) and L1774 (footnote 5)
    assert ("16A1(d)  it is information that the player possessed before he took his hand from the board (Law "
            "7B) and the Laws do not preclude his use of this information.") in txt
    assert "Footnote 5 (16B3)  It is not an infraction to call the Director earlier or later." in txt
    # English first, then Traditional Chinese: both languages of the edition.
    assert txt.index("[English]") < txt.index("[繁體中文]")


@pytest.mark.parametrize("edition,law", [("2017", 16), ("2017", 77), ("2007", 40), ("1987", 77), ("2017", 12)])
def test_every_provision_text_is_in_both_exports(real_client, corpus, edition, law):
    txt = real_client.get(f"/laws/{edition}/{law}.txt").get_data(as_text=True)
    shown = rendered_text(real_client.get(f"/laws/{edition}/{law}.md").get_data(as_text=True))
    flat = " ".join(shown.split())
    for provision in corpus.subtree(edition, from_canonical(str(law))):
        for lang in corpus[edition].text_languages:
            for para in provision.own_text(lang).split("\n\n"):
                if para.strip():
                    assert para in txt, (provision.citation, lang, para)
                    assert " ".join(para.split()) in flat, (provision.citation, lang, para)
            for table in provision.tables:
                for row in table.body:
                    for cell in row:
                        for line in cell.split("\n"):
                            assert line in txt and line in shown


def test_markdown_never_reads_law_text_as_markup(client):
    """The fixture's 12A1 holds <script> and *not bold*: Markdown escapes keep them as text."""
    markdown = client.get("/laws/2017/12.md").get_data(as_text=True)
    page = MarkdownIt("commonmark").enable("table").render(markdown)
    assert "<script>" not in page and "<em>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; *not bold*." in page


def test_one_language_on_request_and_machine_conversions_refused(real_client):
    only = real_client.get("/laws/2017/16.txt?lang=zh-Hant").get_data(as_text=True)
    assert "[繁體中文]" in only and "[English]" not in only
    refused = real_client.get("/laws/2017/16.md?lang=zh-Hans")
    assert refused.status_code == 404  # a language the source does not print is absent, as in `lookup --lang`
    assert "prints no 简体中文 text" in refused.get_data(as_text=True)
    assert real_client.get("/laws/2017/16.md?lang=fr").status_code == 400  # not a language at all


@pytest.mark.parametrize("path", ["/laws/2017/94.md", "/laws/2017/100.txt", "/laws/2017/0.md", "/laws/1999/16.md"])
def test_missing_laws_and_editions_are_404(client, path):
    assert client.get(path).status_code == 404


def test_law_page_links_to_its_exports(client):
    page = client.get("/laws/2017/16").get_data(as_text=True)
    assert 'href="/laws/2017/16.md"' in page and 'href="/laws/2017/16.txt"' in page
