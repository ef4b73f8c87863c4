"""Response headers every page and API answer carries, and the guard against absurd input.

The pages load one script file and one stylesheet from this origin, so the policy can forbid
inline script and style outright and refuse to be framed."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from flask import Flask, abort, request

from corpus import requests

COUNTING_PARAMETERS = ("page", "limit")

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ]
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def init_app(app: Flask) -> None:
    @app.before_request
    def refuse_absurd_input():
        limit = app.config["MAX_PARAM_LENGTH"]
        if len(request.path) > limit:
            abort(400, description=f"The address is longer than {limit} characters.")
        for name, value in request.args.items(multi=True):
            if len(name) > limit or len(value) > limit:
                abort(400, description=f"The parameter {name[:40]!r} is longer than {limit} characters.")
        # page= and limit= mean the same on every route: decimal ASCII digits (`page=①` passes
        # str.isdigit and fails int()). Each route still checks its own range.
        for name in COUNTING_PARAMETERS:
            for value in request.args.getlist(name):
                if value:
                    requests.whole_number(value, name, 0, None)

    @app.after_request
    def add_security_headers(response):
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if response.location:
            response.location = same_site_location(response.location)
        return response


def same_site_location(location: str) -> str:
    """Every redirect this site makes stays on it, so its Location is a path: Werkzeug builds
    some (``/laws//2017/12`` → ``/laws/2017/12``, 308) from the request's Host header, which a
    client chooses (``Host: evil.example``). ``//evil.example/x`` is a host too, not a path."""
    parts = urlsplit(location)
    path = "/" + parts.path.lstrip("/")
    return urlunsplit(("", "", path, parts.query, parts.fragment))
