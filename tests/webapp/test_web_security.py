"""Security headers on every kind of answer, and the length guard."""

import pytest

HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}


@pytest.mark.parametrize("url", ["/", "/laws/2017/12", "/laws/2017/55", "/api/laws/2017/12", "/api/x", "/static/style.css"])
def test_security_headers(client, url):
    response = client.get(url)
    for name, value in HEADERS.items():
        assert response.headers[name] == value
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy
    assert "frame-ancestors 'none'" in policy


def test_pages_have_no_inline_script_or_style(client):
    for url in ("/", "/laws/2017", "/laws/2017/12?lang=en&lang=zh-Hant", "/definitions/2017", "/glossary", "/laws/2017/55"):
        html = client.get(url).get_data(as_text=True)
        assert "<script>" not in html and "<style" not in html and " style=" not in html and " onclick" not in html, url


@pytest.mark.parametrize("url", ["/search?q=" + "x" * 501, "/laws/2017/" + "1" * 600, "/api/search?q=" + "y" * 501, "/?" + "k" * 501 + "=1"])
def test_absurdly_long_input_is_400(client, url):
    assert client.get(url).status_code == 400


def test_long_input_on_api_is_json(client):
    response = client.get("/api/search?q=" + "y" * 501)
    assert response.get_json()["status"] == 400
