"""Task files are served with Range support: by Django's test client, a real HTTP client against
the embedded server, and gunicorn with DEBUG off."""
import http.client
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tasks_catalog.media import parse_range
from tasks_catalog.models import Task
from tests.waits import free_port, serving, wait_for

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("header, expected", [
    ("bytes=0-99", (0, 99)),
    ("bytes=100-", (100, 999)),
    ("bytes=-100", (900, 999)),
    ("bytes=-5000", (0, 999)),
    ("bytes=990-5000", (990, 999)),
    ("bytes=1000-", "unsatisfiable"),
    ("bytes=50-10", "unsatisfiable"),
    ("bytes=-0", "unsatisfiable"),
    ("bytes=0-1,5-9", None),
    ("items=0-9", None),
    ("bytes=-", None),
])
def test_parse_range(header, expected):
    assert parse_range(header, 1000) == expected


def video_of(task_id="sample-tabs"):
    return (Task.objects.get(task_id=task_id).directory() / "video.mp4").read_bytes()


def test_range_request_gets_206_with_the_right_bytes(client, imported):
    video = video_of()
    response = client.get("/tasks/sample-tabs/media/video.mp4", HTTP_RANGE="bytes=1000-1999")
    assert response.status_code == 206
    assert response["Content-Range"] == f"bytes 1000-1999/{len(video)}"
    assert response["Content-Length"] == "1000"
    assert response["Content-Type"] == "video/mp4"
    assert b"".join(response.streaming_content) == video[1000:2000]


def test_whole_file_advertises_ranges(client, imported):
    response = client.get("/tasks/sample-tabs/media/video.mp4")
    assert response.status_code == 200
    assert response["Accept-Ranges"] == "bytes"
    assert b"".join(response.streaming_content) == video_of()


def test_range_past_the_end_is_416(client, imported):
    size = len(video_of())
    response = client.get("/tasks/sample-tabs/media/video.mp4", HTTP_RANGE=f"bytes={size}-")
    assert response.status_code == 416
    assert response["Content-Range"] == f"bytes */{size}"


def test_stale_if_range_gets_the_whole_file_and_etag_gets_304(client, imported):
    first = client.get("/tasks/sample-tabs/media/video.mp4")
    stale = client.get("/tasks/sample-tabs/media/video.mp4", HTTP_RANGE="bytes=0-9", HTTP_IF_RANGE='"old"')
    assert stale.status_code == 200
    fresh = client.get("/tasks/sample-tabs/media/video.mp4", HTTP_RANGE="bytes=0-9", HTTP_IF_RANGE=first["ETag"])
    assert fresh.status_code == 206
    assert client.get("/tasks/sample-tabs/media/video.mp4", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


@pytest.mark.parametrize("path", [
    "/tasks/sample-tabs/media/../sample-search/video.mp4",
    "/tasks/sample-tabs/media/assets/../../sample-search/video.mp4",
    "/tasks/sample-tabs/media/assets/%2e%2e/%2e%2e/sample-search/task.json",
    "/tasks/sample-tabs/media/nothing.txt",
    "/tasks/sample-tabs/media/assets/asset999.png",
    "/tasks/no-such-task/media/video.mp4",
])
def test_only_public_task_files_are_served(client, imported, path):
    assert client.get(path).status_code == 404


def ranged_get(host, port, path, first, last):
    connection = http.client.HTTPConnection(host, port, timeout=30)
    connection.request("GET", path, headers={"Range": f"bytes={first}-{last}"})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


def check_ranges_over_http(host, port):
    video = video_of()
    middle = len(video) // 2
    response, body = ranged_get(host, port, "/tasks/sample-tabs/media/video.mp4", middle, middle + 4095)
    assert response.status == 206
    assert response.getheader("Content-Range") == f"bytes {middle}-{middle + 4095}/{len(video)}"
    assert body == video[middle:middle + 4096]
    response, body = ranged_get(host, port, "/tasks/sample-tabs/media/video.mp4", len(video) + 10, "")
    assert response.status == 416


@pytest.mark.django_db(transaction=True)
def test_range_over_http_in_the_embedded_server(live_server, small_bench):
    from tasks_catalog.importer import import_bench
    import_bench(small_bench.root)
    check_ranges_over_http(live_server.thread.host, live_server.thread.port)


@pytest.mark.django_db(transaction=True)
def test_range_over_http_under_gunicorn_with_debug_off(worker_env, small_bench, tmp_path):
    from tasks_catalog.importer import import_bench
    import_bench(small_bench.root)
    port = free_port()
    env = {**worker_env, "DEBUG": "0", "STATIC_ROOT": str(tmp_path / "static")}
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=REPO, env=env,
                   check=True, timeout=120)
    server = subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "config.wsgi", "--bind",
                               f"127.0.0.1:{port}", "--workers", "1"], cwd=REPO, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        wait_for(serving(server, lambda: socket.create_connection(("127.0.0.1", port), timeout=1).close() or True),
                 60, "gunicorn")
        check_ranges_over_http("127.0.0.1", port)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/tasks/sample-tabs/")
        page = connection.getresponse()
        assert page.status == 200 and b'<source src="/tasks/sample-tabs/media/video.mp4"' in page.read()
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=30)
