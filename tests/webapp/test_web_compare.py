"""The compare page and /api/compare: one law aligned across two editions, wording differences
marked with <ins>/<del>, a banner for a new topic, 400 for malformed and 404 for unknown."""

import re

import pytest
from pages import visible_text

from webapp import create_app

HOSTILE = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def corpus_client():
    return create_app({"TESTING": True}).test_client()


def _plain(pairs: list[dict]) -> list[dict]:
    """The alignment keys of each pair (``similarity``, ``diff`` and ``change`` are tested in
    tests/corpus/test_changes.py)."""
    return [{k: p[k] for k in ("from", "to", "status")} for p in pairs]


def test_empty_form(client):
    response = client.get("/compare")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'action="/compare"' in page and 'name="law"' in page and "Cannot compare" not in page


def test_api_compare_fixture(client):
    body = client.get("/api/compare?law=12&from=2007&to=2017").get_json()
    assert body["pairs"][0]["change"] in ("unchanged", "reworded", "changed")
    assert 0 <= body["pairs"][0]["similarity"] <= 1 and body["pairs"][0]["diff"]
    assert all(p["similarity"] is None and p["diff"] == [] and p["change"] == "new" for p in body["pairs"][1:])
    body["pairs"] = _plain(body["pairs"])
    assert body == {
        "law": 12, "from": "2007", "to": "2017", "topic_changed": False,
        "pairs": [
            {"from": "12", "to": "12", "status": "aligned"},
            {"from": None, "to": "12A", "status": "added"},
            {"from": None, "to": "12A1", "status": "added"},
            {"from": None, "to": "12A2", "status": "added"},
        ],
    }


def test_simplified_and_traditional_titles_are_diffed_through_the_normaliser(client):
    page = client.get("/compare?law=12&from=2007&to=2017&view=characters").get_data(as_text=True)
    # fixture titles: 2007 裁判的酌情权, 2017 裁判之裁量權 (權 = 权 after folding, so not marked)
    assert '<p class="compare-title">裁判<del>的酌情</del>权</p>' in page
    assert '<p class="compare-title">裁判<ins>之裁量</ins>權</p>' in page
    assert "Not in 2007" in visible_text(page)
    assert 'href="/compare?law=12&amp;from=2007&amp;to=2017&amp;view=changes"' in page  # the way back


def test_substantive_view_marks_words_by_default(client):
    page = client.get("/compare?law=12&from=2007&to=2017").get_data(as_text=True)
    # jieba keeps 酌情权 / 裁量权 whole: the word differs, so the word is marked
    assert '<p class="compare-title">裁判<del>的酌情权</del></p>' in page
    assert "Substantive differences are marked" in page
    assert 'href="/compare?law=12&amp;from=2007&amp;to=2017&amp;view=characters"' in page
    assert client.get("/compare?law=12&from=2007&to=2017&view=%3Cx%3E").status_code == 400


def test_vocabulary_of_the_translations_is_not_marked(corpus_client):
    page = corpus_client.get("/compare?law=45&from=2007&to=2017").get_data(as_text=True)
    # 45C4(a): laws-2007-zh-Hans.txt L2139 "只要牌手说出牌张的具体名称或者以其他方式指…" and
    # laws-2017-en-zh-Hant.txt L3691 "賽員說出牌張名稱或以其他方式指明欲打某牌張時…": 牌手 = 賽員
    status = page.split("2007 45C4(a)</a>", 1)[1].split('class="compare-cell"', 1)[0]
    assert re.search(r'<span class="change-class">reworded</span> <span class="similarity"[^>]*>0\.\d\d</span>', status)
    row = page.split("2017 45C4(a)</a>", 1)[1].split("</p>", 1)[0]
    assert row.startswith('\n<p class="compare-text">賽員說出牌張名稱')
    characters = corpus_client.get("/compare?law=45&from=2007&to=2017&view=characters").get_data(as_text=True)
    assert "<del>只要牌手</del>" in characters and "<del>只要</del>牌手说出" in page


def test_real_1987_and_2017_traditional_texts_marked_word_by_word(corpus_client):
    page = corpus_client.get("/compare?law=10&from=1987&to=2017").get_data(as_text=True)
    # 10B: laws-1987-zh-Hant.txt l.544 "…自行接受或放棄之處罰，…" and laws-2017-en-zh-Hant.txt L1101 "…自行接受或放棄之矯正，…"
    assert "賽員未經裁判指示，自行接受或放棄之<del>處罰</del>，裁判得予承認或逕行取消。" in page
    assert "賽員未經裁判指示，自行接受或放棄之<ins>矯正</ins>，裁判得予承認或逕行取消。" in page
    assert "topic-banner" not in page


def test_law_23_is_a_new_topic(corpus_client):
    page = corpus_client.get("/compare?law=23&from=1987&to=2017").get_data(as_text=True)
    text = visible_text(page)
    # laws-1987-zh-Hant.txt l.931 第23條：違例派司造成了損害; 2017 Law 23 is the comparable call (比擬叫品)
    assert "New topic under the same number. Law 23 of 1987 (違例派司造成了損害) and Law 23 of 2017 (比擬叫品)" in text
    row = page.split('href="/laws/2017/23?lang=zh-Hant#law-23A1"', 1)[1].split('class="compare-row', 1)[0]
    assert "其意義與被撤回之叫品相同或相似，或" in row  # laws-2017-en-zh-Hant.txt L2289
    assert "<ins>" not in page.split('class="compare-table"', 1)[1]  # different rules: nothing to mark
    assert set(re.findall(r'class="compare-row status-([a-z-]+)"', page)) == {"new-topic"}


def test_moves_show_where_a_provision_went(corpus_client):
    # 2007 Law 16 C/D swapped in 2017 (corpus.concordance).
    page = corpus_client.get("/compare?law=16&from=2007&to=2017").get_data(as_text=True)
    row = page.split('href="/laws/2007/16?lang=zh-Hans#law-16C"', 1)[1].split('class="compare-row', 1)[0]
    assert 'href="/laws/2017/16?lang=zh-Hant#law-16D"' in row and ">moved<" in row


def test_languages_can_be_chosen_per_side(corpus_client):
    page = corpus_client.get("/compare?law=10&from=1987&to=2017&to_lang=en").get_data(as_text=True)
    assert "different languages, so wording differences are not marked" in page
    assert "<del>" not in page.split('class="compare-table"', 1)[1]
    # A language the edition lacks (kept in the form after switching editions) falls back, with a notice.
    response = corpus_client.get("/compare?law=10&from=1987&to=2017&from_lang=en")
    assert response.status_code == 200
    assert "The 1987 edition has no English text; showing 繁體中文." in visible_text(response.get_data(as_text=True))
    assert corpus_client.get("/compare?law=10&from=1987&to=2017&from_lang=fr").status_code == 400


def test_law_page_links_to_compare(client):
    page = client.get("/laws/2017/12").get_data(as_text=True)
    assert 'href="/compare?law=12&amp;from=2007&amp;to=2017"' in page


@pytest.mark.parametrize(
    "query, status, message",
    [
        ("law=&from=2007&to=2017", 400, "Give a law number"),
        ("law=abc&from=2007&to=2017", 400, "is not a law number"),
        ("law=12C&from=2007&to=2017", 400, "not the provision 12C"),
        ("law=12&from=1999&to=2017", 400, "edition from='1999': the Laws exist in 1987, 2007 and 2017"),
        ("law=12&from=2007", 400, "Give the edition to compare to"),
        ("law=12&from=1987&to=2017", 404, "The 1987 edition is not in this reference."),
        ("law=77&from=2007&to=2017", 404, "Law 77 does not exist in the 2007 Laws"),
    ],
)
def test_errors_page_and_api(client, query, status, message):
    page = client.get("/compare?" + query)
    assert page.status_code == status
    assert message in visible_text(page.get_data(as_text=True)) and 'name="law"' in page.get_data(as_text=True)
    api = client.get("/api/compare?" + query)
    assert api.status_code == status and api.mimetype == "application/json"
    assert message in api.get_json()["error"]


@pytest.mark.parametrize("field", ["law", "from", "to", "from_lang", "to_lang"])
def test_hostile_parameters_are_escaped(client, field):
    query = {"law": "12", "from": "2007", "to": "2017", field: HOSTILE}
    response = client.get("/compare", query_string=query)
    assert response.status_code == 400
    assert HOSTILE not in response.get_data(as_text=True)
    if field in ("law", "from", "to"):
        assert client.get("/api/compare", query_string=query).status_code == 400


def test_overlong_parameter_is_400(client):
    assert client.get("/compare", query_string={"law": "1" * 501, "from": "2007", "to": "2017"}).status_code == 400
    assert client.get("/api/compare", query_string={"law": "1" * 501}).get_json()["status"] == 400


def test_a_comparison_is_computed_once_per_corpus(real_client, real_app, monkeypatch):
    import webapp.compare
    from corpus.concordance import compare
    from webapp.reference import current_corpus

    real_app.extensions["page_cache"].clear()  # the app is shared by the session's tests
    rendered = []
    real_render = webapp.compare._render
    monkeypatch.setattr(webapp.compare, "_render", lambda *a: rendered.append(1) or real_render(*a))
    first = real_client.get("/compare?law=16&from=1987&to=2017").get_data()
    assert real_client.get("/compare?law=16&from=1987&to=2017").get_data() == first
    assert len(rendered) == 1
    with real_app.app_context():
        corpus = current_corpus()
        assert compare(corpus, 16, "2007", "2017") is compare(corpus, 16, "2007", "2017")
    assert real_client.get("/compare?law=94&from=2007&to=2017").status_code == 404
    assert len(rendered) == 1
