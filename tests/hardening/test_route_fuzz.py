"""Every route, discovered from ``app.url_map`` (so pages added later are covered), with random
path values, parameters and methods (issue 8): never a 5xx, never a traceback, never the input's
markup unescaped in a page, the security headers on every answer, no redirect off the site."""

from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# A tag that appears in no template: if it comes back unescaped, input reached the page as markup.
MARK = "<h13x onmouseover=alert(1)>"
MARK_RE = re.compile(r"<h13x", re.IGNORECASE)

PARAMETERS = ["q", "edition", "lang", "laws", "limit", "page", "offset", "contract", "declarer", "vul", "board",
              "result", "diff", "score", "scale", "law", "from", "to", "format", "citation", "term", "next"]
VALUES = ["", "0", "-1", "1", "12", "93", "99999999999999999999", "2017", "2007", "1987", "1999", "en", "zh-Hant",
          "zh-Hans", "fr", "12C1(b)", "27B1", "第12條C款1目", "4SX-2", "3NT=", "7NTXX+1", "N", "ns", "both", "12-16",
          "16-12", "revoke", "夢家", "明手", '"unbalanced', "((", "a" * 499, MARK, "</title>" + MARK, "%00", "\x00",
          "../../etc/passwd", "//evil.example/", "javascript:alert(1)", "\u202e", "NaN", "1e9", "١٢"]
value = st.one_of(st.sampled_from(VALUES), st.text(max_size=30), st.sampled_from(VALUES).map(lambda v: v + MARK))
segment = st.one_of(st.sampled_from(["2017", "2007", "1987", "12", "12C1(b)", "27B1", "77", "..", ".", "%2e%2e",
                                     "x" * 300, MARK, "第12條", "static", "api"]), st.text(min_size=1, max_size=20))
SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy")


def parameter_names() -> list[str]:
    """The fixed names, plus every ``args.get("…")`` name the web app reads (new pages included)."""
    import webapp

    found = {m for f in Path(webapp.__file__).parent.glob("*.py")
             for m in re.findall(r'args\.get\w*\(\s*"(\w+)"', f.read_text(encoding="utf-8"))}
    return sorted(set(PARAMETERS) | found)


def rules(app):
    return sorted(app.url_map.iter_rules(), key=lambda r: r.rule)


_CONVERTER = re.compile(r"<(?:(?P<conv>\w+)(?:\([^)]*\))?:)?(?P<name>\w+)>")


def fill(rule, values: list[str]) -> str:
    """The rule's path with each variable replaced by a value, percent-encoded as a browser would
    (a ``path`` variable keeps its slashes)."""
    count = iter(range(1000))

    def one(m: re.Match) -> str:
        safe = "/" if m["conv"] == "path" else ""
        return urllib.parse.quote(values[next(count) % len(values)], safe=safe)

    return _CONVERTER.sub(one, rule.rule)


def assert_sound(response, where: str) -> None:
    assert response.status_code < 500, where
    body = response.get_data(as_text=True)
    assert "Traceback" not in body and 'File "' not in body, where
    for name in SECURITY_HEADERS:
        assert name in response.headers, (name, where)
    if response.mimetype == "text/html":
        assert not MARK_RE.search(body), where
    elif response.status_code != 204 and response.status_code != 304 and body:
        assert response.mimetype in ("application/json", "text/css", "text/javascript", "application/javascript", "text/markdown",
                                     "text/plain", "image/svg+xml", "image/png", "image/x-icon"), (response.mimetype, where)
    location = response.headers.get("Location")
    if location:
        parts = urllib.parse.urlsplit(location)
        assert parts.netloc in ("", "localhost") and not location.startswith("//"), (location, where)
        assert parts.scheme in ("", "http", "https"), (location, where)
        assert not MARK_RE.search(urllib.parse.unquote(location)), (location, where)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large])
@given(data=st.data())
def test_every_route_with_random_values(hardened_app, data):
    rule = data.draw(st.sampled_from(rules(hardened_app)), label="rule")
    path = fill(rule, data.draw(st.lists(segment, min_size=1, max_size=3), label="segments"))
    params = data.draw(st.lists(st.tuples(st.sampled_from(parameter_names()) | st.text(max_size=8), value), max_size=5),
                       label="params")
    method = data.draw(st.sampled_from(["GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]), label="method")
    response = hardened_app.test_client().open(path, method=method, query_string=params)
    assert_sound(response, f"{method} {path} {params}")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(path=st.lists(st.one_of(segment, st.sampled_from(["laws", "api", "search", "definitions", "glossary", "static"])),
                     min_size=1, max_size=5).map(lambda parts: "/" + "/".join(urllib.parse.quote(p, safe="") for p in parts)))
def test_random_paths(hardened_app, path):
    assert_sound(hardened_app.test_client().get(path), path)


def test_every_route_answers_its_example(hardened_app):
    """Each route with plausible values (the fuzzing's baseline): the routes are all reachable."""
    examples = {"edition": "2017", "citation": "12C1", "filename": "style.css", "law": "12", "term": "dummy",
                "key": "preface", "path": "style.css"}
    seen = 0
    for rule in rules(hardened_app):
        if "GET" not in rule.methods:
            continue
        path = fill(rule, [examples.get(name, "12") for name in rule.arguments] or ["x"])
        response = hardened_app.test_client().get(path)
        assert_sound(response, path)
        seen += 1
    assert seen >= 10
