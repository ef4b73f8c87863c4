"""The JSON API: shapes of docs/design.md, 400 for malformed and 404 for unknown, always JSON."""

import pytest


def test_provision_lookup_returns_subtree_and_cited_by(client):
    response = client.get("/api/laws/2017/12a")
    assert response.status_code == 200
    body = response.get_json()
    assert body["edition"] == "2017" and body["citation"] == "12A" and body["kind"] == "section"
    assert body["parent"] == "12" and body["law"] == 12
    assert [child["citation"] for child in body["children"]] == ["12A1", "12A2"]
    assert body["children"][0]["refs"] == [{"edition": "2017", "citation": "16"}]
    assert client.get("/api/laws/2017/16").get_json()["cited_by"] == [{"edition": "2017", "citation": "12A1"}]


def test_provision_lookup_can_restrict_languages(client):
    body = client.get("/api/laws/2017/12A1?lang=zh-Hant").get_json()
    assert body["text"] == {"zh-Hant": "裁判得判給調整得分，參照 Law 16。"}


@pytest.mark.parametrize(
    "url, status",
    [
        ("/api/laws/2017/12Z", 400),
        ("/api/laws/2017/12A1?lang=xx", 400),
        ("/api/laws/2017/55", 404),
        ("/api/laws/2017/12B", 404),
        ("/api/laws/1999/12", 404),
        ("/api/no-such-thing", 404),
        ("/api/search", 400),
        ("/api/search?q=x&limit=0", 400),
        ("/api/search?q=x&edition=1999", 400),
        ("/api/search?q=x&laws=90-2", 400),
    ],
)
def test_errors_are_json(client, url, status):
    response = client.get(url)
    assert response.status_code == status
    assert response.mimetype == "application/json"
    assert response.get_json()["status"] == status and response.get_json()["error"]


def test_wrong_method_is_405_json(client):
    response = client.post("/api/laws/2017/12")
    assert response.status_code == 405 and response.get_json()["status"] == 405
    assert "GET" in response.headers["Allow"]


def test_export_is_the_export_document(client):
    body = client.get("/api/export").get_json()
    assert body["schema"] == 1
    assert {"edition": "2007", "citation": "12"} == {k: body["provisions"][0][k] for k in ("edition", "citation")}
    assert {"edition": "2017", "key": "dummy", "term": {"en": "Dummy", "zh-Hant": "夢家"}, "text": {"en": "Declarer’s partner.", "zh-Hant": "莊家之同伴。"}} in body["definitions"]


def test_real_lookup_and_search(real_client):
    body = real_client.get("/api/laws/2017/Law%2012C1(a)").get_json()
    # laws-2017-en-zh-Hant.txt L1232
    assert body["text"]["en"].startswith("When after an irregularity the Director is empowered by these laws")
    result = real_client.get("/api/search?q=insufficient+bid&edition=2017&lang=en&limit=3").get_json()
    assert result["query"] == "insufficient bid"
    assert len(result["hits"]) == 3 and result["total"] >= 3
    assert set(result["hits"][0]) >= {"edition", "lang", "citation", "law", "title", "snippet", "score"}
    assert all(hit["edition"] == "2017" and hit["lang"] == "en" for hit in result["hits"])
    assert "<mark>" in result["hits"][0]["snippet"]


def test_score_imps_and_matchpoints(client):
    # Law 77: 4♠ doubled, two down, declarer vulnerable: 200 + 300 = 500 to the defenders.
    body = client.get("/api/score?contract=4SX-2&declarer=N&vul=ns").get_json()
    assert body["score"] == -500 and body["ns_score"] == -500
    # Law 78B: 620 points is 12 IMPs (600–740), 100 is 3 (90–120); sign kept.
    assert client.get("/api/imps?diff=620&diff=-100").get_json() == [12, -3]
    # Law 78A: two per score beaten, one per score equal.
    assert client.get("/api/matchpoints?score=620,170,140,140,-100").get_json() == [8, 6, 3, 3, 0]


@pytest.mark.parametrize(
    "url, status",
    [
        ("/api/score", 400),
        ("/api/score?contract=9ZZ", 400),
        ("/api/score?contract=4S=&edition=1999", 400),  # an unknown edition parameter is malformed
        ("/api/imps", 400),
        ("/api/imps?diff=abc", 400),
        ("/api/matchpoints?score=1&scale=3", 400),
    ],
)
def test_scoring_errors_are_json(client, url, status):
    response = client.get(url)
    assert response.status_code == status and response.get_json()["status"] == status
