"""Home page: what the reference holds, and the lookup box."""


def test_home_shows_editions_languages_and_lookup_box(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert '<form class="lookup" role="search" method="get" action="/search">' in html
    assert 'href="/laws/2017?lang=zh-Hant">full text</a>' in html
    # 2017 has no Simplified source: offered only as a labelled machine conversion.
    assert 'href="/laws/2017?lang=zh-Hans">machine conversion</a>' in html
    assert 'href="/laws/2007?lang=zh-Hans">full text</a>' in html
    assert "not yet imported" in html  # 1987 is absent from the fixture corpus


def test_home_on_the_real_corpus_links_every_imported_edition(real_client):
    html = real_client.get("/").get_data(as_text=True)
    for edition in ("2017",):
        assert f'href="/laws/{edition}"' in html
