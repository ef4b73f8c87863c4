"""Hostile requests, one table (issue 8): path traversal, null bytes, 100 kB queries, unbalanced
query syntax, script in every parameter, negative and huge limits, unknown editions and
languages. Every answer: the expected status, no traceback, no unescaped markup, no file from
outside ``static/``, the security headers. And no debug mode reachable from ``serve``."""

from __future__ import annotations

import pytest

SCRIPT = "<script>alert(1)</script>"
HUGE = "x" * 100_000
SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"}
LEAKS = ("root:x:0:0", "[build-system]", "def create_app", "Traceback", "BRIDGELAWS_INDEX")

CLIENT_ERROR = {400, 404, 405}

# (what, url, statuses allowed)
TABLE = [
    # path traversal
    ("traversal in static", "/static/../../../../etc/passwd", {404}),
    ("encoded traversal in static", "/static/%2e%2e/%2e%2e/pyproject.toml", {404}),
    ("encoded slash traversal in static", "/static/..%2f..%2fpyproject.toml", {404}),
    ("backslash traversal in static", "/static/..\\..\\pyproject.toml", {404}),
    ("absolute path in static", "/static//etc/passwd", {308, 404}),  # 308: slashes merged, on-site
    ("protocol-relative path", "//evil.example/%2e%2e/", {308, 404}),
    ("traversal in a citation", "/laws/2017/..%2f..%2f..%2fetc%2fpasswd", {400, 404}),
    ("traversal in an edition", "/laws/..%2f..%2fetc/12", {404}),
    ("traversal in an api citation", "/api/laws/2017/..%2f..%2fcorpus%2fmodel.py", {400, 404}),
    ("traversal in a document key", "/documents/2017/..%2f..%2f..%2fpyproject.toml", {400, 404}),
    # null bytes
    ("null byte in a query", "/search?q=revoke%00", {200}),
    ("only a null byte as query", "/api/search?q=%00", {400}),
    ("null byte in a citation", "/laws/2017/12%00C", {400, 404}),
    ("null byte in an api citation", "/api/laws/2017/12%00", {400, 404}),
    ("null byte in a static file", "/static/style.css%00.js", {404}),
    ("null byte in an edition", "/laws/2017%00/12", {404}),
    ("null byte in a contract", "/api/score?contract=4S%00X-2", {400}),
    # 100 kB input
    ("100 kB search query", "/search?q=" + HUGE, {400}),
    ("100 kB api query", "/api/search?q=" + HUGE, {400}),
    ("100 kB citation", "/laws/2017/" + HUGE, {400}),
    ("100 kB contract", "/api/score?contract=" + HUGE, {400}),
    ("100 kB parameter name", "/?" + HUGE + "=1", {400}),
    ("100 kB of repeated diffs", "/api/imps?" + "&".join(["diff=1"] * 15_000), {400}),
    # unbalanced or odd query syntax
    ("unbalanced quote", '/search?q="revoke', {200}),
    ("unbalanced parentheses", "/search?q=((revoke", {200}),
    ("closing parenthesis", "/api/search?q=revoke)", {200}),
    ("only operators", "/api/search?q=AND+OR+NOT", {200, 400}),
    ("only a minus", "/api/search?q=-", {200, 400}),
    ("only a quote", '/api/search?q="', {200, 400}),
    ("field syntax", "/api/search?q=edition:2017+law:12", {200}),
    ("wildcards", "/api/search?q=*?*", {200, 400}),
    ("negated everything", "/api/search?q=-revoke+-claim", {200, 400}),
    ("unbalanced citation", "/laws/2017/12C1(b", {400, 404}),
    # negative and huge limits and pages
    ("negative limit", "/api/search?q=revoke&limit=-1", {400}),
    ("zero limit", "/api/search?q=revoke&limit=0", {400}),
    ("limit over the maximum", "/api/search?q=revoke&limit=101", {400}),
    ("huge limit", "/api/search?q=revoke&limit=" + "9" * 40, {400}),
    ("float limit", "/api/search?q=revoke&limit=1e3", {400}),
    ("negative page", "/search?q=revoke&page=-1", {400}),
    ("huge page", "/api/search?q=revoke&page=" + "9" * 40, {400}),
    ("huge law range", "/search?q=revoke&laws=1-99999999999", {400}),
    ("reversed law range", "/api/search?q=revoke&laws=16-12", {400}),
    ("huge board", "/api/score?contract=4S%3D&board=" + "9" * 40, {200, 400}),
    ("huge result", "/api/score?contract=4S&result=" + "9" * 40, {400}),
    ("huge diff", "/api/imps?diff=" + "9" * 400, {200, 400}),  # 24 IMPs: the top of the scale
    ("huge score", "/api/matchpoints?score=" + "9" * 400, {200, 400}),
    ("diff past int parsing", "/api/imps?diff=" + "9" * 5000, {400}),
    ("many matchpoint scores", "/api/matchpoints?" + "&".join(f"score={i}" for i in range(1001)), {400}),
    # unknown editions and languages
    ("unknown edition page", "/laws/2099/12", {404}),
    ("unknown edition toc", "/laws/1999", {404}),
    ("unknown edition api", "/api/laws/2099/12", {404}),
    ("unknown edition search", "/search?q=revoke&edition=2099", {400}),
    ("unknown edition api search", "/api/search?q=revoke&edition=2099", {400}),
    ("unknown edition definitions", "/definitions/2099", {404}),
    ("unknown edition documents", "/documents/2099", {404}),
    ("unknown edition compare", "/api/compare?law=12&from=2099&to=2017", {400, 404}),
    ("unknown edition score", "/api/score?contract=4S%3D&edition=2099", {400, 404}),
    ("unknown language page", "/laws/2017/12?lang=fr", {400}),
    ("unknown language api", "/api/laws/2017/12?lang=fr", {400}),
    ("unknown language search", "/search?q=revoke&lang=fr", {400}),
    ("unknown language api search", "/api/search?q=revoke&lang=klingon", {400}),
    ("three languages side by side", "/laws/2017/12?lang=en&lang=zh-Hant&lang=zh-Hans", {400}),
    ("unknown law", "/laws/2017/94", {404}),
    ("law zero", "/api/laws/2017/0", {400, 404}),
    ("unknown law compare", "/api/compare?law=999&from=2007&to=2017", {400, 404}),
    # odd methods
    ("POST to a page", "POST /search?q=revoke", {405}),
    ("DELETE on the api", "DELETE /api/laws/2017/12", {405}),
    ("PUT on static", "PUT /static/style.css", {405}),
]


def request(http, url: str):
    method, _, path = url.rpartition(" ") if url.split(" ", 1)[0].isupper() else ("GET", "", url)
    return http.open(path, method=method or "GET")


@pytest.mark.parametrize("what, url, statuses", TABLE, ids=[row[0] for row in TABLE])
def test_hostile_request(http, what, url, statuses):
    response = request(http, url)
    assert response.status_code in statuses, (response.status_code, response.get_data(as_text=True)[:300])
    body = response.get_data(as_text=True)
    for leak in LEAKS:
        assert leak not in body, leak
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value
    assert "Content-Security-Policy" in response.headers
    if "/api/" in url and response.status_code >= 400:
        assert response.is_json and response.get_json()["status"] == response.status_code
        assert response.get_json()["error"]
    assert len(body) < 200_000 or response.status_code == 200  # an error never echoes 100 kB back
    location = response.headers.get("Location", "")
    assert not location or location.startswith(("/", "http://localhost/")) and not location.startswith("//")


def test_script_in_every_parameter_of_every_route(hardened_app, http):
    """Every GET route (with plausible path values) and every parameter any view reads."""
    from test_route_fuzz import fill, parameter_names

    examples = {"edition": "2017", "citation": "12C1", "filename": "style.css", "key": "preface"}
    checked = 0
    for rule in hardened_app.url_map.iter_rules():
        path = fill(rule, [examples.get(name, SCRIPT) for name in rule.arguments] or ["x"])
        for name in parameter_names():
            response = http.get(path, query_string={name: SCRIPT, "q": "revoke" if name != "q" else SCRIPT})
            body = response.get_data(as_text=True)
            assert response.status_code < 500, (path, name)
            if response.mimetype == "text/html":
                assert SCRIPT not in body and "<script>alert" not in body, (path, name)
            else:
                assert response.mimetype != "text/html"
            checked += 1
    assert checked > 100


def test_script_in_the_path_of_every_route(hardened_app, http):
    from test_route_fuzz import fill

    for rule in hardened_app.url_map.iter_rules():
        if rule.arguments:
            response = http.get(fill(rule, [SCRIPT]))
            assert response.status_code < 500
            assert "<script>alert" not in response.get_data(as_text=True) or response.mimetype != "text/html"


def test_filters_that_match_nothing_answer_nothing(http):
    """2017 has no Simplified source text: a search limited to it finds nothing rather than
    ignoring the filter (Whoosh reads an empty filter as no filter)."""
    body = http.get("/api/search?q=revoke&edition=2017&lang=zh-Hans").get_json()
    assert body["hits"] == []
    body = http.get("/api/search?q=revoke&edition=2017&lang=en").get_json()
    assert body["hits"] and {(h["edition"], h["lang"]) for h in body["hits"]} == {("2017", "en")}


def test_errors_are_json_under_api_and_pages_elsewhere(http):
    assert http.get("/api/laws/2099/12").is_json
    page = http.get("/laws/2099/12")
    assert page.mimetype == "text/html" and "2099" in page.get_data(as_text=True)


# -- no debug mode from `serve` --------------------------------------------------------------------
def test_serve_app_has_no_debug_whatever_the_environment(monkeypatch):
    from webapp.server import production_app

    monkeypatch.setenv("FLASK_DEBUG", "1")
    monkeypatch.setenv("FLASK_ENV", "development")
    app = production_app()
    assert not app.debug and not app.testing and app.config["PROPAGATE_EXCEPTIONS"] is False

    def boom():
        raise RuntimeError("secret internals /work/main/webapp")

    app.add_url_rule("/boom", "boom", boom)
    app.logger.disabled = True  # the exception is logged on purpose; keep the test output quiet
    response = app.test_client().get("/boom")
    body = response.get_data(as_text=True)
    assert response.status_code == 500
    assert "Traceback" not in body and "secret internals" not in body and "Werkzeug Debugger" not in body
    assert response.headers["X-Frame-Options"] == "DENY"
    api = app.test_client().get("/api/laws/2017/" + "1" * 600)
    assert api.status_code == 400 and api.is_json


def test_serve_runs_gunicorn_without_reload_or_debug():
    from bridgelaws.cli import build_parser
    from webapp.server import BridgeLawsServer, server_options

    options = server_options("127.0.0.1", 8000, 2)
    assert not options.get("reload") and options["preload_app"] and "debug" not in options
    assert BridgeLawsServer.__mro__[1].__module__.startswith("gunicorn")
    help_text = build_parser()._subparsers._group_actions[0].choices["serve"].format_help()
    assert "--debug" not in help_text and "--reload" not in help_text


def test_a_damaged_index_at_query_time_is_a_503_without_server_paths(corpus):
    from indexer.build import BuildError
    from webapp import create_app

    def damaged_search(*args, **kwargs):
        raise BuildError("the search index at /srv/secret/index is damaged or incomplete (EOFError)")

    app = create_app({"CORPUS": corpus, "SEARCH": damaged_search})
    app.logger.disabled = True
    client = app.test_client()
    api = client.get("/api/search?q=revoke")
    assert api.status_code == 503 and api.is_json and "rebuilt" in api.get_json()["error"]
    page = client.get("/search?q=revoke")
    assert page.status_code == 503 and "law pages still work" in page.get_data(as_text=True)
    assert "/srv/secret" not in api.get_data(as_text=True) + page.get_data(as_text=True)
    assert client.get("/laws/2017/12").status_code == 200
