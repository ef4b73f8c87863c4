"""/changes and /api/changes on the real corpus: every law, sortable, linked, bad input → 400."""

from __future__ import annotations

import re

import pytest


@pytest.mark.parametrize("pair", [("1987", "2007"), ("2007", "2017"), ("1987", "2017")])
def test_api_changes(real_client, pair):
    response = real_client.get(f"/api/changes?from={pair[0]}&to={pair[1]}")
    assert response.status_code == 200
    body = response.get_json()
    assert (body["from"], body["to"]) == pair and len(body["laws"]) == 93
    assert set(body["laws"][0]) == {"law", "status", "similarity", "counts"}


@pytest.mark.parametrize("query, message", [
    ("from=1987", "Give the edition to compare to"),
    ("from=1987&to=1999", "edition to='1999': the Laws exist in 1987, 2007 and 2017"),
    ("from=2017&to=2017", "both 2017"),
])
def test_api_changes_bad_parameters(real_client, query, message):
    response = real_client.get(f"/api/changes?{query}")
    assert response.status_code == 400
    assert message in response.get_json()["error"]


def test_changes_page_links_and_sorts(real_client):
    page = real_client.get("/changes?from=1987&to=2017").get_data(as_text=True)
    rows = re.findall(r'<tr class="status-([a-z-]+)" id="law-(\d+)"', page)
    assert [int(law) for _, law in rows] == list(range(1, 94))
    assert ("new-topic", "23") in rows
    assert 'href="/compare?law=23&amp;from=1987&amp;to=2017"' in page
    assert 'href="/changes?from=1987&amp;to=2017&amp;sort=similarity"' in page
    by_similarity = real_client.get("/changes?from=1987&to=2017&sort=similarity").get_data(as_text=True)
    sims = [float(s) for s in re.findall(r'<td class="similarity">([0-9.]+)</td>', by_similarity)]
    assert sims == sorted(sims) and len(sims) > 80


def test_changes_page_bad_input_is_escaped_400(real_client):
    response = real_client.get("/changes?from=1987&to=%3Cb%3E")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Cannot show changes" in page and "<b>" not in page.split("Cannot show changes")[1].split("</p>")[0]
    assert real_client.get("/changes?from=1987&to=2017&sort=nope").status_code == 400


def test_changes_form_without_parameters(real_client):
    response = real_client.get("/changes")
    assert response.status_code == 200 and 'action="/changes"' in response.get_data(as_text=True)


def test_law_page_says_where_each_provision_went(real_client):
    page = real_client.get("/laws/2007/16").get_data(as_text=True)
    row = page.split('id="law-16C1"', 1)[1].split("</section>", 1)[0]
    assert 'class="counterparts"' in row
    assert '<a href="/laws/2017/16#law-16D1">2017 16D1</a>' in row and "C and D swap" in row
