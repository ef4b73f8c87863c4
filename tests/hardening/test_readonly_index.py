"""`bridgelaws serve` on an index that lives on a read-only filesystem (issue 8).

The index directory is bind-mounted read-only inside a private mount namespace (`unshare -m`), so the
mount disappears with the process; the project's machines and CI run as root, which this needs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_serve_answers_from_an_index_on_a_read_only_mount(index, tmp_path):
    from webapp.server import free_port

    assert shutil.which("unshare"), "util-linux's unshare is needed to make a private read-only mount"
    assert os.geteuid() == 0, "a read-only bind mount needs root (the project's machines and CI run as root)"
    mount = tmp_path / "ro"
    mount.mkdir()
    port = free_port()
    script = (
        f'mount --bind "{index.parent}" "{mount}" && mount -o remount,bind,ro "{mount}" && '
        f'{{ touch "{mount}/probe" 2>/dev/null && echo "mount is writable" >&2 && exit 3; true; }} && '
        f'exec "{sys.executable}" -m bridgelaws serve --host 127.0.0.1 --port {port} --workers 1'
    )
    env = dict(os.environ, BRIDGELAWS_INDEX=str(mount / index.name))
    log = tmp_path / "serve.log"
    with open(log, "wb") as err:
        server = subprocess.Popen(["unshare", "-m", "--propagation", "private", "sh", "-c", script],
                                  cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, log.read_text()
            try:
                with urllib.request.urlopen(url + "/api/search?q=%E6%98%8E%E6%89%8B&limit=1", timeout=5) as answer:
                    body = answer.read().decode()
                break
            except OSError:
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
        assert '"hits"' in body and '"law"' in body  # 明手 found, from the read-only index
        with urllib.request.urlopen(url + "/laws/2017/43", timeout=5) as page:
            assert page.status == 200
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert "Read-only file system" not in log.read_text()
    assert not (index.parent / "probe").exists()
