"""``bridgelaws serve``: gunicorn, the index built when missing, requests logged to stderr."""

import time
import urllib.request


def wait_for_log(log, needle: str, seconds: float = 10.0) -> str:
    """gunicorn writes the access line after the response is sent: poll, bounded."""
    deadline = time.monotonic() + seconds
    while True:
        text = log.read_text()
        if needle in text or time.monotonic() > deadline:
            return text
        time.sleep(0.05)


def test_serve_builds_the_index_serves_and_logs_requests(live_server):
    base, log = live_server
    with urllib.request.urlopen(base + "/search?q=revoke") as response:
        assert response.status == 200
        assert response.headers["Server"].startswith("gunicorn")
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert "<mark>" in response.read().decode()
    text = wait_for_log(log, '"GET /search?q=revoke HTTP/1.1" 200')
    assert "Starting gunicorn" in text
    assert '"GET /search?q=revoke HTTP/1.1" 200' in text


def test_serve_rejects_bad_options(capsys):
    from bridgelaws.cli import main

    assert main(["serve", "--port", "70000"]) == 2
    assert "--port 70000 is not a port number" in capsys.readouterr().err
    assert main(["serve", "--workers", "0"]) == 2
