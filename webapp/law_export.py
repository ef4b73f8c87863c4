"""``/laws/<edition>/<law>.md`` and ``.txt``: one law to keep, in Markdown or plain text.

Each language the edition prints (``?lang=`` picks some: ``?lang=zh-Hant``), one after another,
text as printed (``corpus.law_export``). A machine conversion is never exported: the export is
the printed text only."""

from __future__ import annotations

from flask import Blueprint, Response, request, url_for

from corpus import requests
from corpus.law_export import FORMATS, LANGUAGE_NAMES, has_text
from webapp.errors import not_found, sentence
from webapp.laws import edition_records, table_of_contents
from webapp.reference import current_corpus, text_languages

bp = Blueprint("law_export", __name__)


def _languages(records) -> list[str]:
    printed = [*text_languages(records), *(lang for lang in records.title_only_languages if lang not in text_languages(records))]
    wanted = requests.languages(request.args.getlist("lang"))  # lang=fr: malformed, 400
    if not wanted:
        return list(text_languages(records))
    for lang in wanted:
        if lang not in printed:  # a language this source does not print (a conversion is not printed): 404
            raise requests.Absent(f"the {records.edition} source prints no {LANGUAGE_NAMES[lang]} text "
                                  f"to export; choose from {', '.join(printed)}")
    return list(wanted)


@bp.get("/laws/<edition>/<int:law>.<any(md, txt):fmt>")
def export(edition: str, law: int, fmt: str):
    records = edition_records(edition)
    corpus = current_corpus()
    try:
        provision = requests.provision(corpus, str(law), edition)  # Law 94, Law 100: as `lookup` says
    except requests.Absent as exc:
        raise not_found(sentence(exc), [table_of_contents(edition)]) from None
    langs = [lang for lang in _languages(records) if has_text(corpus, provision, lang)]
    content_type, render = FORMATS[fmt]
    page = url_for("laws.law", edition=edition, citation=str(law), _external=True)
    response = Response(render(corpus, provision, langs, url=page), content_type=content_type)
    response.headers["Content-Disposition"] = f'inline; filename="bridgelaws-{edition}-law-{law}.{fmt}"'
    return response
