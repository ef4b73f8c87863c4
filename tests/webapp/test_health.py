"""/healthz: 200 with the index build when the index opens, 503 when it does not."""

import shutil

import pytest

from corpus.settings import current
from webapp import create_app


@pytest.fixture()
def health(app):
    """GET /healthz of an app (the hand-made corpus) whose index is the given path."""
    def get(index):
        checked = create_app({"TESTING": True, "CORPUS": app.config["CORPUS"], "SETTINGS": current().with_options(index=index)})
        return checked.test_client().get("/healthz")

    return get


def test_healthy_with_the_real_index(health, search_index):
    response = health(search_index)
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "ok"
    # The build id is the build directory the index link points to.
    assert body["index"]["build"] == search_index.resolve().name
    assert body["index"]["documents"] > 3000
    assert response.headers["Cache-Control"] == "no-store"


def test_no_index_is_503_and_nothing_is_built(health, tmp_path):
    response = health(tmp_path / "index")
    assert response.status_code == 503
    assert response.get_json()["status"] == "unavailable"
    assert "no search index" in response.get_json()["reason"]
    assert not (tmp_path / "index").exists()  # a probe never starts a build


def test_damaged_index_is_503(health, search_index, tmp_path):
    copy = tmp_path / "build"
    shutil.copytree(search_index.resolve(), copy)
    for segment in copy.glob("*.seg"):
        segment.write_bytes(b"\0" * 16)
    for toc in copy.glob("_*.toc"):
        toc.write_bytes(b"garbage")
    response = health(copy)
    assert response.status_code == 503
    assert response.get_json()["status"] == "unavailable"
