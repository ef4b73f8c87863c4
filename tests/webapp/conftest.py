"""Apps for the web tests: one on a small hand-made corpus (every feature, exact strings), one on
the real corpus with a real search index built once per session in a temporary directory."""

from __future__ import annotations

import functools

import pytest

from corpus.citations import from_canonical as c
from corpus.model import Definition, EditionRecords, Erratum, Footnote, Provision, Reference, Table, TocNode
from corpus.store import Corpus
from webapp import create_app

# Law 12 text with a reference ("Law 16") at a known offset, and hostile characters that must
# come out escaped: the renderer may never pass them through as markup.
LAW_12A1_EN = "The Director may award an adjusted score when Law 16 applies <script>alert(1)</script> *not bold*."
REF_START = LAW_12A1_EN.index("Law 16")


def fixture_corpus() -> Corpus:
    law12a1 = Provision(
        "2017",
        c("12A1"),
        text={"en": LAW_12A1_EN, "zh-Hant": "裁判得判給調整得分，參照 Law 16。"},
        footnotes=(Footnote("en", "A footnote of the fixture.", 1),),
        refs=(Reference("en", "Law 16", REF_START, REF_START + 6, c("16")),),
    )
    edition_2017 = EditionRecords(
        edition="2017",
        provisions=(
            Provision("2017", c("1"), title={"en": "The Pack", "zh-Hant": "牌副"}, text={"en": "Duplicate bridge is played with a pack of 52 cards."}),
            Provision("2017", c("12"), title={"en": "Director's Discretionary Powers", "zh-Hant": "裁判之裁量權"}),
            Provision("2017", c("12A"), title={"en": "Power to Award an Adjusted Score", "zh-Hant": "判給調整得分之權力"}),
            law12a1,
            Provision("2017", c("12A2"), text={"en": "Second item.", "zh-Hant": "第二項。"}, closing={"en": "Closing words of 12A2."}),
            Provision("2017", c("16"), title={"en": "Unauthorised Information", "zh-Hant": "未經授權之資訊"}, text={"en": "Players are authorised to base a call on the legal calls.", "zh-Hant": "賽員得依合法叫品叫牌。"}),
            Provision(
                "2017",
                c("77"),
                title={"en": "Duplicate Bridge Scoring Table", "zh-Hant": "複式橋藝計分表"},
                tables=(Table("en", "trick-score", (("Suit", "Points"),), (("♣ ♦", "20"), ("♥ ♠", "30"))),),
            ),
        ),
        definitions=(
            Definition("2017", "dummy", {"en": "Dummy", "zh-Hant": "夢家"}, {"en": "Declarer’s partner.", "zh-Hant": "莊家之同伴。"}),
            Definition("2017", "adjusted score", {"en": "Adjusted Score", "zh-Hant": "調整得分"}, {"en": "A score awarded by the Director.", "zh-Hant": "裁判裁定之得分。"}),
        ),
        toc=(TocNode("2017", "chapter", 1, {"en": "Preliminaries", "zh-Hant": "前言"}, (1, 12, 16, 77)),),
        errata=(Erratum("2017", "12A2", "en", "Secnd", "Second", "fixture erratum"),),
        text_languages=("en", "zh-Hant"),
    )
    edition_2007 = EditionRecords(
        edition="2007",
        provisions=(
            Provision("2007", c("12"), title={"zh-Hans": "裁判的酌情权"}, text={"zh-Hans": "裁判可以判给调整分。"}),
            Provision("2007", c("16"), title={"zh-Hans": "未经授权的信息"}),
        ),
        definitions=(Definition("2007", "dummy", {"en": "Dummy", "zh-Hans": "明手"}, {"zh-Hans": "庄家的同伴。"}),),
        text_languages=("zh-Hans",),
    )
    return Corpus([edition_2007, edition_2017])


@pytest.fixture(scope="session")
def app():
    return create_app({"TESTING": True, "CORPUS": fixture_corpus(), "SEARCH": _no_search})


def _no_search(*args, **kwargs):
    raise AssertionError("the fixture app must not reach the search index")


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def search_index(tmp_path_factory):
    """The real index of the real corpus, built once into a temporary directory."""
    from indexer.build import ensure_index

    return ensure_index(tmp_path_factory.mktemp("index") / "current")


@pytest.fixture(scope="session")
def real_app(search_index):
    from indexer.search import search

    return create_app({"TESTING": True, "SEARCH": functools.partial(search, index=search_index)})


@pytest.fixture()
def real_client(real_app):
    return real_app.test_client()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """``bridgelaws serve`` on a free port with an empty index directory, so serving must build
    the index first. Yields (base URL, path of the server's stderr log)."""
    from webapp.server import production_server

    workdir = tmp_path_factory.mktemp("serve")
    log = workdir / "stderr.log"
    with production_server(2, index=workdir / "index", log=log) as (base, _pid):
        yield base, log


@pytest.fixture(scope="session")
def fixture_server(app):
    """The hand-made corpus (which has resolved references) behind a threaded local server."""
    import threading

    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
