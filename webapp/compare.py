"""Compare one law across two editions (``/compare?law=23&from=1987&to=2017``).

The alignment is ``corpus.concordance.compare``: pairs of provisions with a status (aligned,
moved, added, removed, new-topic). When both sides are in Chinese, or both in English, the
wording differences are marked character by character with <ins>/<del>; the diff runs on the
search normaliser's form of the text (width and punctuation folded, Traditional → Simplified,
one character for one character) so only real wording changes are marked, while the page shows
the text as printed.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher

from flask import Blueprint, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup, escape

from corpus import requests
from corpus.changes import comparison_json, pair_changes, substantive_marks
from corpus.citations import Citation
from corpus.concordance import compare
from corpus.model import EditionRecords, Provision
from indexer.normalise import normalise
from webapp.errors import sentence, status_of
from webapp.i18n import current_ui, form_fields, language_name
from webapp.law_page import law_href
from webapp.messages import localized
from webapp.page_cache import cached_page
from webapp.reference import Rendition, current_corpus, renditions

bp = Blueprint("compare", __name__)

STATUS_LABELS = {
    "aligned": "aligned",
    "moved": "moved",
    "added": "added",
    "removed": "removed",
    "new-topic": "new topic",
}
# A diff of texts this different marks nearly everything; show them side by side unmarked.
MIN_SIMILARITY = 0.2


def comparison(law_text: str, from_edition: str, to_edition: str):
    """``corpus.concordance.compare`` for what the reader typed; corpus/requests.py checks the law
    and the editions (Malformed → 400, Absent → 404)."""
    law = requests.whole_law(law_text)
    requests.edition_pair(current_corpus(), from_edition, to_edition)
    return compare(current_corpus(), law, from_edition, to_edition)


# -- languages and differences -----------------------------------------------------------------
def _family(lang: str) -> str:
    return "zh" if lang.startswith("zh") else lang


def text_renditions(records: EditionRecords) -> tuple[Rendition, ...]:
    return tuple(r for r in renditions(records) if not r.titles_only)


def default_languages(left: EditionRecords, right: EditionRecords) -> tuple[Rendition, Rendition]:
    """The same published language on both sides if there is one, else Chinese beside Chinese
    (compared through the normaliser), else each edition's first language."""
    lefts, rights = text_renditions(left), text_renditions(right)
    for lang in ("zh-Hant", "en", "zh-Hans"):
        a = next((r for r in lefts if r.lang == lang and not r.converted), None)
        b = next((r for r in rights if r.lang == lang and not r.converted), None)
        if a and b:
            return a, b
    for a in lefts:
        b = next((r for r in rights if _family(r.lang) == _family(a.lang) and not r.converted), None)
        if b:
            return a, b
    return lefts[0], rights[0]


def chosen_rendition(records: EditionRecords, lang: str, default: Rendition, notices: list[str]) -> Rendition:
    """The reader's language for one side. A language the edition lacks falls back to the default
    with a notice: the form keeps the last choice when the reader switches editions."""
    if not lang:
        return default
    requests.language(lang)
    found = next((r for r in text_renditions(records) if r.lang == lang), None)
    if found is None:
        notices.append(gettext("The %(edition)s edition has no %(language)s text; showing %(shown)s.",
                               edition=records.edition, language=language_name(lang), shown=default.name))
        return default
    return found


def _marked(text: str, spans: list[tuple[int, int]], tag: str) -> Markup:
    out, pos = [], 0
    for start, end in spans:
        if start < pos:
            start = pos
        out.append(escape(text[pos:start]))
        if end > start:
            out.append(Markup(f"<{tag}>%s</{tag}>") % text[start:end])
        pos = max(pos, end)
    out.append(escape(text[pos:]))
    return Markup("").join(out)


def substantive_diff(old: str, new: str) -> tuple[Markup, Markup]:
    """The printed texts with their substantive differences marked: words compared after folding
    script, vocabulary and punctuation (corpus/changes.py); register-only changes (的/之) unmarked."""
    left, right = substantive_marks(current_corpus(), old, new)
    return _marked(old, left, "del"), _marked(new, right, "ins")


def marked_diff(old: str, new: str) -> tuple[Markup, Markup]:
    """``old`` with deletions in <del>, ``new`` with insertions in <ins>, all text escaped.

    The diff runs on the normalised forms, which have the same length as the printed texts."""
    matcher = SequenceMatcher(None, normalise(old), normalise(new), autojunk=False)
    if matcher.ratio() < MIN_SIMILARITY:
        return escape(old), escape(new)
    left, right = [], []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            left.append(escape(old[i1:i2]))
            right.append(escape(new[j1:j2]))
            continue
        if i2 > i1:
            left.append(Markup("<del>%s</del>") % old[i1:i2])
        if j2 > j1:
            right.append(Markup("<ins>%s</ins>") % new[j1:j2])
    return Markup("").join(left), Markup("").join(right)


@dataclass(frozen=True)
class Side:
    edition: str
    provision: Provision | None
    title: Markup
    text: Markup
    href: str | None


@dataclass(frozen=True)
class Row:
    status: str
    left: Side
    right: Side
    change: str | None = None  # corpus/changes.py: unchanged / reworded / changed / …
    similarity: float | None = None

    @property
    def label(self) -> str:
        return STATUS_LABELS[self.status]


def _side(edition: str, provision: Provision | None, rendition: Rendition, title: Markup, text: Markup) -> Side:
    href = law_href(edition, provision, [rendition.lang]) if provision is not None else None
    return Side(edition, provision, title, text, href)


VIEWS = ("changes", "characters")


def rows(result, left_rendition: Rendition, right_rendition: Rendition, view: str = "changes") -> list[Row]:
    corpus = current_corpus()
    diff = _family(left_rendition.lang) == _family(right_rendition.lang)
    differ = substantive_diff if view == "changes" else marked_diff

    out = []
    for pair, change in zip(result.pairs, pair_changes(corpus, result)):
        old = corpus.provision(result.from_edition, pair.source) if pair.source else None
        new = corpus.provision(result.to_edition, pair.target) if pair.target else None
        texts = [
            (r.title(p), "\n\n".join(t for t in (r.text(p), r.closing(p)) if t)) if p else ("", "")
            for r, p in ((left_rendition, old), (right_rendition, new))
        ]
        (old_title, old_text), (new_title, new_text) = texts
        if diff and old is not None and new is not None and pair.status != "new-topic":
            old_title_m, new_title_m = differ(old_title, new_title)
            old_text_m, new_text_m = differ(old_text, new_text)
        else:
            old_title_m, new_title_m = escape(old_title), escape(new_title)
            old_text_m, new_text_m = escape(old_text), escape(new_text)
        out.append(Row(
            pair.status,
            _side(result.from_edition, old, left_rendition, old_title_m, old_text_m),
            _side(result.to_edition, new, right_rendition, new_title_m, new_text_m),
            change.change, change.similarity,
        ))
    return out


@bp.get("/compare")
def page():
    corpus = current_corpus()
    args = request.args
    form = {name: args.get(name, "") for name in ("law", "from", "to", "from_lang", "to_lang", "view")}
    context = {"form": form, "editions": corpus.edition_names, "result": None}
    if not form_fields(args):
        return render_template("compare/compare.html", **context)
    try:
        result = comparison(form["law"], form["from"], form["to"])
        left_records, right_records = corpus[result.from_edition], corpus[result.to_edition]
        left_default, right_default = default_languages(left_records, right_records)
        notices: list[str] = []
        left = chosen_rendition(left_records, form["from_lang"], left_default, notices)
        right = chosen_rendition(right_records, form["to_lang"], right_default, notices)
        if form["view"] not in ("", *VIEWS):
            raise requests.Malformed(f"view={form['view']!r}: choose changes (substantive differences) or "
                               f"characters (every character that differs).")
    except (requests.Malformed, requests.Absent) as exc:
        context["error"] = localized(sentence(exc))  # webapp/messages.py
        return render_template("compare/compare.html", **context), status_of(exc)
    # The page depends only on the form and the corpus, which never changes while served.
    key = ("compare", *form.values(), current_ui())
    return cached_page(key, lambda: _render(context, result, left, right, notices, left_records, right_records))


def _render(context: dict, result, left: Rendition, right: Rendition, notices: list[str],
            left_records: EditionRecords, right_records: EditionRecords) -> str:
    corpus = current_corpus()
    law = Citation(result.law)
    form = context["form"]
    context.update(
        result=result,
        notices=notices,
        rows=rows(result, left, right, form["view"] or "changes"),
        view=form["view"] or "changes",
        view_url=lambda view: url_for("compare.page", **{**{k: v for k, v in form.items() if v}, "view": view}),
        left=left,
        right=right,
        left_languages=text_renditions(left_records),
        right_languages=text_renditions(right_records),
        diffed=_family(left.lang) == _family(right.lang),
        left_law=corpus.provision(result.from_edition, law),
        right_law=corpus.provision(result.to_edition, law),
        api_url=url_for("api.compare", law=result.law, **{"from": result.from_edition, "to": result.to_edition}),
    )
    return render_template("compare/compare.html", **context)


def api_comparison():
    """The JSON of ``/api/compare`` (docs/design.md); errors answered by webapp/errors.py."""
    args = request.args
    result = comparison(args.get("law", ""), args.get("from", ""), args.get("to", ""))

    return comparison_json(current_corpus(), result)
