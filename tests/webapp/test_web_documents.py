"""Document pages (prefaces, introductions, scope, the 1987 appendix) and the errata pages."""

import re

import pytest
from pages import visible_text

from webapp import create_app


@pytest.fixture(scope="module")
def corpus_client():
    return create_app({"TESTING": True}).test_client()


def test_documents_index_lists_every_edition_and_labels_the_appendix(corpus_client):
    response = corpus_client.get("/documents")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for edition, key in [("2017", "preface"), ("2017", "introduction"), ("2007", "introduction"),
                         ("1987", "preface"), ("1987", "scope"), ("1987", "appendix-competition-rules")]:
        assert f'href="/documents/{edition}/{key}"' in page
    assert "not the Laws: the national association’s supplementary competition rules (84 articles)" in visible_text(page)
    for edition in ("2017", "2007", "1987"):
        assert f'href="/errata/{edition}"' in page


def test_2017_preface_in_both_languages(corpus_client):
    page = corpus_client.get("/documents/2017/preface").get_data(as_text=True)
    text = visible_text(page)
    # laws-2017-en-zh-Hant.txt L1–2 (titles) and L5 (first words of the English text)
    assert "PREFACE TO THE 2017 LAWS OF DUPLICATE BRIDGE" in text and "2017 複式橋藝規則 – 序" in text
    assert "In contrast to other Mindsports like Chess and Go, Bridge is a comparatively new game" in text
    assert 'class="document-text cols-2"' in page and 'lang="zh-Hant"' in page
    assert "Not the Laws." not in text


def test_1987_scope(corpus_client):
    text = visible_text(corpus_client.get("/documents/1987/scope").get_data(as_text=True))
    # laws-1987-zh-Hant.txt l.58–62: the heading and the wrapped first sentence, joined
    assert "橋規之範圍" in text
    assert "本橋規之制訂，在於闡釋正確程序，並於發生脫序情況時提供適切補救之道。" in text


def test_appendix_is_labelled_not_the_laws_with_84_articles_in_16_chapters(corpus_client):
    response = corpus_client.get("/documents/1987/appendix-competition-rules")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Not the Laws." in visible_text(page)
    assert "national association’s supplementary competition rules" in page
    assert re.findall(r'id="article-(\d+)"', page) == [str(n) for n in range(1, 85)]
    assert re.findall(r'<section class="appendix-chapter" id="chapter-(\d+)"', page) == [str(n) for n in range(1, 17)]
    text = visible_text(page)
    # laws-1987-zh-Hant.txt l.2876 第一章 總則, l.2887 第五條：論隊賽之報名, l.3414 第十六章 論隊賽勝分表
    assert "第一章 總則" in text and "Article 5 · 論隊賽之報名" in text and "第十六章 論隊賽勝分表" in text
    # Article 82's VP table (laws-1987-zh-Hant.txt l.3415–3432): "Nr. of boards", first row 15-15.
    article82 = page.split('id="article-82"', 1)[1].split('id="article-83"', 1)[0]
    assert "<table" in article82 and "Nr. of boards" in article82 and "<td>15-15</td>" in article82
    # The printed misprint stays in the title, and the erratum is listed under it.
    assert "中華名國" in text and "probably “中華民國”" in text


@pytest.mark.parametrize(
    "url",
    ["/documents/1999", "/documents/1999/preface", "/documents/2017/appendix-competition-rules", "/errata/1999"],
)
def test_unknown_edition_or_document_is_404(corpus_client, url):
    response = corpus_client.get(url)
    assert response.status_code == 404
    assert "Not Found" in response.get_data(as_text=True)


def test_unknown_document_suggests_the_edition_s_documents(corpus_client):
    page = corpus_client.get("/documents/2017/foreword").get_data(as_text=True)
    assert "The 2017 edition has no document &#39;foreword&#39;." in page
    assert 'href="/documents/2017/preface"' in page


def test_hostile_document_key_is_escaped(client):
    response = client.get("/documents/2017/<script>alert(1)<%2Fscript>")
    assert response.status_code == 404
    assert "<script>alert(1)" not in response.get_data(as_text=True)
    assert client.get("/documents/2017/" + "x" * 501).status_code == 400


def test_errata_link_to_what_they_concern(corpus_client):
    page = corpus_client.get("/errata/1987").get_data(as_text=True)
    rows = re.findall(r"<tr>\s*<th scope=\"row\">(.*?)</th>(.*?)</tr>", page, re.S)
    by_printed = {visible_text(cells).split(" ")[1]: where for where, cells in rows}
    # laws-1987-zh-Hant.txt l.17 深致謝枕 (preface), l.596 如以執行 (12A3), l.164 FOLLOW SULT (definitions)
    assert 'href="/documents/1987/preface"' in by_printed["深致謝枕"]
    assert 'href="/laws/1987/12#law-12A3"' in by_printed["如以執行"]
    assert 'href="/definitions/1987"' in by_printed["FOLLOW"]
    assert 'href="/laws/1987"' in by_printed["打"]  # the contents (chapter 6 title, laws-1987-zh-Hans-titles.txt l.305)
    text = visible_text(page)
    assert "如已執行" in text and "以 for 已 (l.596)" in text


def test_errata_of_the_fixture_edition(client):
    page = client.get("/errata/2017").get_data(as_text=True)
    assert 'href="/laws/2017/12#law-12A2"' in page
    assert "Secnd Second fixture erratum" in visible_text(page)
    assert "No errata are recorded for the 2007 source." in visible_text(client.get("/errata/2007").get_data(as_text=True))


def test_home_contents_and_nav_link_the_documents(client):
    home = client.get("/").get_data(as_text=True)
    assert 'href="/documents/2017"' in home and 'href="/documents"' in home
    toc = client.get("/laws/2017").get_data(as_text=True)
    assert 'href="/documents/2017"' in toc and 'href="/errata/2017"' in toc


def test_1987_end_matter_address_is_a_document(corpus_client):
    index = corpus_client.get("/documents/1987").get_data(as_text=True)
    assert 'href="/documents/1987/end-matter"' in index
    response = corpus_client.get("/documents/1987/end-matter")
    assert response.status_code == 200
    text = visible_text(response.get_data(as_text=True))
    # corpus/sources/laws-1987-zh-Hant.txt l.2859, 2861, 2863, 2865 (printed after Law 93C)
    assert "中華名國橋藝協會地址" in text
    for printed in ("台北市忠孝東路三段217巷7弄地下室", "或台北市郵政24-20信箱",
                    "電話：02-27714493 、 02-27724510 、 02-27724583"):
        assert printed in text
    law93 = visible_text(corpus_client.get("/laws/1987/93").get_data(as_text=True))
    assert "台北市忠孝東路" not in law93
