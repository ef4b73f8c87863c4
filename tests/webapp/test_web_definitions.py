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


def test_real_definition_cross_references_link_to_definitions_that_exist(real_client):
    """Every "see “Withdrawn”" of the 2017 Definitions, in both languages, is a link to an anchor
    of the same page. laws-2017-en-zh-Hant.txt: l.302–303 Cancelled "see “Withdrawn”" / 取消
    "見「撤回」"; l.513–514 Retracted "see “Withdrawn”" / 撤回 "參照 Withdrawn。"; l.363–364 Event
    "(synonym for ‘Tournament’)" / 比賽 "（與 Tournament 同義）"; l.589–590 Tournament "(synonym
    for ‘Event’)" / 錦標賽 "（同 Event）"; l.614 defines Withdrawn."""
    import re

    html = real_client.get("/definitions/2017?lang=en&lang=zh-Hant").get_data(as_text=True)
    links = re.findall(r'<a href="#(def-[a-z-]+)" class="ref">([^<]+)</a>', html)
    assert sorted(links) == sorted([
        ("def-withdrawn", "“Withdrawn”"), ("def-withdrawn", "「撤回」"),  # Cancelled
        ("def-withdrawn", "“Withdrawn”"), ("def-withdrawn", "Withdrawn"),  # Retracted
        ("def-tournament", "‘Tournament’"), ("def-tournament", "Tournament"),  # Event
        ("def-event", "‘Event’"), ("def-event", "Event"),  # Tournament
        ("def-rectification", "‘Rectification’"), ("def-rectification", "「矯正」"),  # Penalty
    ])
    for anchor, _text in links:
        assert f'id="{anchor}"' in html
    retracted = html[html.index('id="def-retracted"'):].split('<div class="definition"')[0]
    assert '參照 <a href="#def-withdrawn" class="ref">Withdrawn</a>。' in retracted


def test_real_2007_definition_cross_references_link_to_withdraw(real_client):
    # laws-2007-zh-Hans.txt l.80–84 取消（Cancelled）… "参照“撤回”"; l.226–228 收回（Retracted）… "参照“撤回”"
    html = real_client.get("/definitions/2007").get_data(as_text=True)
    assert html.count('<a href="#def-withdraw" class="ref">“撤回”</a>') == 2
    assert 'id="def-withdraw"' in html
