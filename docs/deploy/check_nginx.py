"""Runs docs/deploy/nginx.conf for real: two `bridgelaws serve` replicas (each building its own
index in a temporary directory) behind Debian's nginx on loopback ports, then checks what the
README promises. Needs nginx on PATH (`apt-get install nginx-light`) and root (nginx's workers
switch user). Everything it starts is stopped at the end.

    .venv/bin/python docs/deploy/check_nginx.py
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from webapp.security import HEADERS  # noqa: E402
from webapp.server import free_port, production_server  # noqa: E402

CONFIG = Path(__file__).with_name("nginx.conf")


def configured(work: Path, port: int, replicas: list[int]) -> Path:
    text = CONFIG.read_text()
    text = text.replace("listen 80;", f"listen 127.0.0.1:{port};")
    text = text.replace("server 127.0.0.1:8001", f"server 127.0.0.1:{replicas[0]}")
    text = text.replace("server 127.0.0.1:8002", f"server 127.0.0.1:{replicas[1]}")
    text = re.sub(r"^pid .*;$", f"pid {work}/nginx.pid;", text, flags=re.M)
    text = text.replace("/var/log/nginx/", f"{work}/")
    conf = work / "nginx.conf"
    conf.write_text(text)
    return conf


def get(url: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def raw(port: int, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(data)
        out = b""
        while chunk := sock.recv(65536):
            out += chunk
    return out


def check(what: str, ok: bool, detail: object = "") -> bool:
    print(f"{'ok  ' if ok else 'FAIL'} {what}" + (f"  ({detail})" if detail != "" else ""))
    return ok


def main() -> int:
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if nginx is None:
        print("nginx is not installed (apt-get install nginx-light)", file=sys.stderr)
        return 2
    results = []
    with tempfile.TemporaryDirectory(prefix="bridgelaws-nginx-") as tmp:
        work = Path(tmp)
        work.chmod(0o755)
        with production_server(1, index=work / "index-1", log=work / "replica-1.log") as (one, one_pid), \
                production_server(1, index=work / "index-2", log=work / "replica-2.log") as (two, _two_pid):
            ports = [int(one.rsplit(":", 1)[1]), int(two.rsplit(":", 1)[1])]
            port = free_port()
            conf = configured(work, port, ports)
            test = subprocess.run([nginx, "-t", "-p", str(work), "-c", str(conf)], capture_output=True, text=True)
            results.append(check("nginx -t accepts the configuration", test.returncode == 0, test.stderr.strip()[-300:]))
            proxy = subprocess.Popen([nginx, "-p", str(work), "-c", str(conf), "-g", "daemon off;"],
                                     stderr=open(work / "nginx.stderr", "wb"))
            try:
                url = f"http://127.0.0.1:{port}"
                for _ in range(50):
                    try:
                        socket.create_connection(("127.0.0.1", port), timeout=1).close()
                        break
                    except OSError:
                        time.sleep(0.1)
                results += run_checks(url, port)
                subprocess.run(["kill", str(one_pid)], check=False)  # one replica goes away
                time.sleep(1)
                statuses = [get(url + f"/laws/2017/{n}")[0] for n in range(1, 21)]
                results.append(check("with one replica stopped every request is still answered",
                                     statuses == [200] * 20, statuses))
            finally:
                proxy.terminate()
                proxy.wait(10)
    print(f"{results.count(True)} passed, {results.count(False)} failed")
    return 0 if all(results) else 1


def run_checks(url: str, port: int) -> list[bool]:
    out = []
    status, headers, _ = get(url + "/laws/2017/12")
    out.append(check("a law page through nginx", status == 200, status))
    out.append(check("each security header once, from nginx",
                     all(headers.get_all(name) == [value] for name, value in HEADERS.items())))
    status, _, _ = get(url + "/laws/2017/12", {"If-None-Match": headers["ETag"]})
    out.append(check("ETag passes through: If-None-Match is 304", status == 304, status))
    answer = raw(port, b"GET /laws//2017/12 HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
    location = re.search(rb"\r\nLocation: ([^\r]*)", answer)
    out.append(check("redirects stay relative", location is not None and location[1] == b"/laws/2017/12",
                     location and location[1]))
    answer = raw(port, b"GET /" + b"a" * 40000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    out.append(check("nginx's own 414 carries the security headers",
                     answer.startswith(b"HTTP/1.1 414") and all(f"\r\n{n}: ".encode() in answer for n in HEADERS),
                     answer[:40]))
    # 60 slow clients for 12 s: other readers are answered at once, and nginx cuts the slow ones off.
    stop, cut = threading.Event(), []

    def dribble():
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
            began = time.monotonic()
            while not stop.wait(2.0):
                try:
                    sock.sendall(b"X-Slow: a\r\n")
                    sock.settimeout(0.01)
                    if sock.recv(1) == b"":
                        raise OSError
                except socket.timeout:
                    continue
                except OSError:
                    cut.append(time.monotonic() - began)
                    return

    slow = [threading.Thread(target=dribble, daemon=True) for _ in range(60)]
    for thread in slow:
        thread.start()
    time.sleep(1)
    latencies = []
    deadline = time.monotonic() + 12
    while time.monotonic() < deadline:
        began = time.monotonic()
        status, _, _ = get(url + "/laws/2017/16")
        latencies.append((status, time.monotonic() - began))
    stop.set()
    within = sum(1 for s, t in latencies if s == 200 and t < 2.0)
    out.append(check("60 slow clients: other requests answered within 2 s", within == len(latencies),
                     f"{within} of {len(latencies)}"))
    out.append(check("slow clients cut off by client_header_timeout (10 s)", len(cut) >= 55 and max(cut) < 14,
                     f"{len(cut)} cut, latest after {max(cut, default=0):.1f} s"))
    statuses = [get(url + f"/api/search?q=revoke&limit={n % 10 + 1}")[0] for n in range(60)]
    out.append(check("searches past 10/s (burst 20) from one client are 429", 429 in statuses and 200 in statuses,
                     f"{statuses.count(200)} × 200, {statuses.count(429)} × 429"))
    return out


if __name__ == "__main__":
    sys.exit(main())
