"""Definitions per edition and the glossary across editions."""


def test_definitions_page_has_anchored_terms(client):
    html = client.get("/definitions/2017?lang=en&lang=zh-Hant").get_data(as_text=True)
    assert 'id="def-adjusted-score"' in html
    assert '<a class="permalink" href="#def-dummy">夢家</a> <span class="english-term" lang="en">(Dummy)</span>' in html
    assert "<p>Declarer’s partner.</p>" in html


def test_definitions_default_and_errors(client):
    assert client.get("/definitions").headers["Location"] == "/definitions/2017"
    assert client.get("/definitions/1999").status_code == 404
    assert client.get("/definitions/2017?lang=xx").status_code == 400


def test_glossary_aligns_terms_across_editions(client):
    html = client.get("/glossary").get_data(as_text=True)
    row = html[html.index('id="def-dummy"') :].split("</tr>")[0]
    assert '<span lang="zh-Hant">夢家</span>' in row
    assert '<span lang="zh-Hans">明手</span>' in row


def test_real_definitions_page(real_client):
    html = real_client.get("/definitions/2017?lang=zh-Hant").get_data(as_text=True)
    # laws-2017-en-zh-Hant.txt L359: "夢家 1. 莊家之同伴。首攻牌亮出後即成夢家，直至打牌結束。"
    assert "莊家之同伴。首攻牌亮出後即成夢家，直至打牌結束。" in html
