"""The commands the Dockerfile runs, tested outside Docker: gunicorn + whitenoise, a judge worker."""
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

from judging.tasks import ping
from tests.waits import free_port, serving, wait_for

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def get(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


@pytest.fixture
def serve(tmp_path):
    procs = []

    def start(args, **env):
        port = free_port()
        full_env = {**os.environ, "PATH": f"{BIN}:{os.environ['PATH']}", "PYTHON": sys.executable,
                    "PORT": str(port), "IWR_VAR_DIR": str(tmp_path / "var"), **env}
        for name in ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"):
            if name not in env:
                full_env.pop(name, None)
        log = open(tmp_path / f"server-{port}.log", "wb")
        proc = subprocess.Popen(args(port) if callable(args) else args, cwd=REPO, env=full_env,
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        procs.append(proc)
        return f"http://127.0.0.1:{port}", proc

    yield start
    for proc in procs:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=30)


def test_web_entrypoint_serves_pages_and_compressed_hashed_static_files(serve):
    base, proc = serve(["scripts/entrypoint", "web"])
    status, _, body = wait_for(serving(proc, lambda: get(f"{base}/")), 120, "the site")
    assert status == 200
    css = re.search(r'href="(/static/site/site\.[0-9a-f]{12}\.css)"', body.decode())
    assert css, "stylesheet is not served under a hashed name"
    status, headers, _ = get(base + css.group(1), {"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers.get("Content-Encoding") == "gzip"
    assert "immutable" in headers.get("Cache-Control", "")
    status, _, body = get(f"{base}/healthz")
    assert status == 200 and b'"status": "ok"' in body


def test_healthz_under_gunicorn_is_503_naming_the_database_when_its_port_is_closed(serve):
    base, proc = serve(lambda port: [str(BIN / "gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{port}"],
                       DATABASE_URL="postgres://postgres@127.0.0.1:1/test", SECRET_KEY="x",
                       CELERY_BROKER_URL="filesystem://", DEBUG="1")
    status, _, body = wait_for(serving(proc, lambda: get(f"{base}/healthz")), 120, "/healthz")
    assert status == 503
    assert b'"down": ["database"]' in body


def test_worker_entrypoint_consumes_queue_judge(worker_env, tmp_path):
    log = open(tmp_path / "worker.log", "wb")
    env = {**worker_env, "PATH": f"{BIN}:{os.environ['PATH']}", "PYTHON": sys.executable}
    proc = subprocess.Popen(["scripts/entrypoint", "worker"], cwd=REPO, env=env, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True)
    try:
        token = uuid.uuid4().hex
        assert ping.delay(token).get(timeout=90)["token"] == token
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=30)
