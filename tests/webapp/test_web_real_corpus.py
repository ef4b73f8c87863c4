"""Law pages on the real 2017 corpus; expected strings are copied from
corpus/sources/laws-2017-en-zh-Hant.txt (laws-2017-en-zh-Hant.txt) at the cited lines."""

from pages import section, visible_text


def test_law_12_side_by_side_has_both_texts_of_12C1a(real_client):
    html = real_client.get("/laws/2017/12?lang=en&lang=zh-Hant").get_data(as_text=True)
    row = visible_text(section(html, "law-12C1a"))
    # L1232–1234
    assert (
        "When after an irregularity the Director is empowered by these laws to adjust a score and is able to "
        "award an assigned adjusted score, he does so. Such a score replaces the score obtained in play." in row
    )
    # L1238–1240
    assert "違常發生後，若裁判於本規則授權下得判給調整得分，且可判給指派結果調整得分，則實行之。該得分將取代桌上成績。" in row
    # L1230: the section heading in both languages
    assert visible_text(section(html, "law-12C")).count("Awarding an Adjusted Score") == 1
    assert "判給調整得分" in visible_text(section(html, "law-12C"))


def test_law_12_title_and_defined_term_link(real_client):
    html = real_client.get("/laws/2017/12").get_data(as_text=True)
    assert "Law 12 · DIRECTOR’S DISCRETIONARY POWERS" in visible_text(html)  # L1164, capitals as printed
    assert 'href="/definitions/2017?lang=en#def-irregularity" class="term"' in section(html, "law-12C1a")


def test_law_77_tables_are_tables(real_client):
    html = real_client.get("/laws/2017/77?lang=zh-Hant").get_data(as_text=True)
    assert '<table class="law-table table-trick-score">' in html
    assert "<td>未賭倍</td>" in html  # L6047 " Undoubled（未賭倍） 20 20 30 30"


def test_law_73_shows_the_amended_wording_as_a_variant(real_client):
    html = real_client.get("/laws/2017/73").get_data(as_text=True)
    assert "Amended wording (WBF, after 2017) (laws-2017-en.txt)" in html


def test_every_2017_law_page_renders(real_client):
    for law in range(1, 94):
        assert real_client.get(f"/laws/2017/{law}").status_code == 200, law
