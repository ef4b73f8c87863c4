"""4xx answers: a page with suggestions for readers, JSON under ``/api``. Never a traceback."""

from __future__ import annotations

from typing import Iterable

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import BadRequest, HTTPException, InternalServerError, NotFound, ServiceUnavailable

from corpus.requests import Absent, Malformed
from indexer.errors import BuildError
from webapp.messages import localized, status_name


def not_found(message: str, suggestions: Iterable[tuple[str, str]] = ()) -> NotFound:
    """A 404 carrying (label, url) suggestions for the error page."""
    error = NotFound(description=message)
    error.suggestions = tuple(suggestions)
    return error


def bad_request(message: str, suggestions: Iterable[tuple[str, str]] = ()) -> BadRequest:
    error = BadRequest(description=message)
    error.suggestions = tuple(suggestions)
    return error


def wants_json() -> bool:
    return request.path == "/api" or request.path.startswith("/api/")


def init_app(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        if wants_json():
            return jsonify({"error": error.description, "status": error.code}), error.code, _allow_header(error)
        # The page in the reader's interface language (webapp/messages.py); the JSON above stays
        # English, as docs/design.md promises.
        page = render_template(
            "errors/error.html",
            status=error.code,
            name=status_name(error.code, error.name),
            message=localized(error.description or ""),
            suggestions=getattr(error, "suggestions", ()),
        )
        return page, error.code, _allow_header(error)


    # corpus/requests.py checks what a request asks for; its two families are the two statuses.
    @app.errorhandler(Malformed)
    def malformed(error: Malformed):
        return http_error(bad_request(sentence(error)))

    @app.errorhandler(Absent)
    def absent(error: Absent):
        return http_error(not_found(sentence(error)))


    @app.errorhandler(BuildError)
    def index_unavailable(error: BuildError):
        # The message names server paths: it goes to the log, the reader gets what still works.
        app.logger.error("search index unavailable: %s", error)
        return http_error(ServiceUnavailable(
            description="Search is unavailable until the search index is rebuilt; the law pages still work."))

    @app.errorhandler(Exception)
    def unexpected_error(error: Exception):
        if _raised_by_the_index(error):
            # Damage found while reading an index already open (a segment truncated under a
            # running server): Whoosh fails with whatever its short read gives (EOFError,
            # struct.error, zlib.error …). Search is unavailable, not broken: 503.
            app.logger.exception("search index unreadable on %s", request.path)
            return http_error(ServiceUnavailable(
                description="Search is unavailable until the search index is rebuilt; the law pages still work."))
        app.logger.exception("unhandled error on %s", request.path)
        return http_error(InternalServerError(description="Something went wrong on our side; please try again."))


def _raised_by_the_index(error: BaseException) -> bool:
    """Whether the innermost frame of the traceback is Whoosh's: only index files are read there."""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and tb.tb_frame.f_globals.get("__name__", "").startswith("whoosh.")


def status_of(error: Malformed | Absent) -> int:
    """The status of a request-layer error, for a form page that shows it in place (compare,
    changes, calculator): 400 malformed, 404 absent — the same as the handlers above."""
    return 404 if isinstance(error, Absent) else 400


def sentence(error: Exception) -> str:
    text = str(error)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _allow_header(error: HTTPException) -> dict[str, str]:
    methods = getattr(error, "valid_methods", None)
    return {"Allow": ", ".join(methods)} if methods else {}
