"""Diff gallery images, the sandboxed live preview, the task gallery and the read-only API."""
import io

import numpy as np
import pytest
from PIL import Image

pytestmark = pytest.mark.django_db


def image(response):
    return Image.open(io.BytesIO(b"".join(response.streaming_content)))


def test_gallery_shows_every_state_with_evidence(client, board):
    pk = board["strong"].pk
    html = client.get(f"/submissions/{pk}/tasks/101/gallery/").content.decode()
    assert 'id="state-0"' in html and 'id="state-1"' in html
    for part in [f"/submissions/{pk}/tasks/101/diff/1.png", f"/submissions/{pk}/tasks/101/box/1.png",
                 f"/submissions/{pk}/tasks/101/shots/shots/state_1.png", "The cart opens",
                 "https://evil.example/track.js", "TypeError: x is undefined", "Cart &lt;b&gt;1&lt;/b&gt;",
                 'sandbox="allow-scripts allow-forms"', "gallery.js"]:
        assert part in html, part


def test_heatmap_is_coloured_exactly_where_the_screenshot_differs_from_the_checkpoint(client, board):
    pk = board["strong"].pk
    changed = np.asarray(image(client.get(f"/submissions/{pk}/tasks/101/diff/1.png")).getchannel("A")) > 0
    expected = np.zeros((36, 64), dtype=bool)
    expected[10:20, 20:30] = True
    assert (changed == expected).all()
    same = image(client.get(f"/submissions/{pk}/tasks/101/diff/0.png"))
    assert same.getbbox() is None


def test_chosen_element_is_boxed_on_the_screenshot_before_the_action(client, board):
    boxed = image(client.get(f"/submissions/{board['strong'].pk}/tasks/101/box/1.png")).convert("RGB")
    assert boxed.getpixel((10, 5)) != (255, 255, 255) and boxed.getpixel((62, 2)) == (255, 255, 255)


def test_files_outside_the_result_folder_are_not_served(client, board):
    pk = board["strong"].pk
    assert client.get(f"/submissions/{pk}/tasks/101/shots/../../../sites/101/index.html").status_code == 404
    assert client.get(f"/submissions/{pk}/tasks/101/diff/9.png").status_code == 404


def test_preview_is_sandboxed_by_csp_and_sets_no_cookie(client, board):
    response = client.get(f"/submissions/{board['strong'].pk}/tasks/101/preview/", follow=True)
    assert response.status_code == 200 and b"<h1>site</h1>" in b"".join(response.streaming_content)
    csp = response["Content-Security-Policy"]
    assert csp.startswith("sandbox allow-scripts") and "allow-same-origin" not in csp
    assert "connect-src 'none'" in csp and "frame-ancestors 'self'" in csp
    assert not response.cookies and response["X-Frame-Options"] == "SAMEORIGIN"


def test_task_gallery_orders_public_submissions_by_score(client, board):
    html = client.get("/leaderboard/tasks/101/?checkpoint=1").content.decode()
    order = [html.index(name) for name in ("Judge-LLM", "Strong-VL", "&lt;script&gt;", "Weak-VL")]
    assert order == sorted(order) and "Secret-VL" not in html
    assert "Ground truth" in html


def test_api_leaderboard_json_csv_and_tasks(client, board):
    body = client.get("/api/leaderboard/").json()
    assert body["count"] == 4 + 28
    rows = body["results"] + client.get("/api/leaderboard/?offset=100").json()["results"]
    judged = [r for r in rows if not r["from_paper"]]
    assert {r["group"] for r in judged} == {"iwr-v1/offline", "iwr-v1/llm"}
    assert len([r for r in rows if r["from_paper"]]) == 28
    strong = next(r for r in judged if r["model"] == "Strong-VL")
    assert strong["rank"] == 1 and strong["ci_low"] <= strong["final"] <= strong["ci_high"]
    text = client.get("/api/leaderboard/?format=csv").content.decode()
    assert text.splitlines()[0].startswith("rank,model,organisation") and "Strong-VL" in text
    tasks = client.get(f"/api/submissions/{board['strong'].pk}/tasks/").json()
    assert [t["task_id"] for t in tasks] == ["101", "102", "103"] and tasks[0]["ocr"] == 75.0


def test_api_paths_are_in_the_openapi_schema(client, db):
    schema = client.get("/api/schema/?format=json").json()
    paths = {p.replace("{pk}", "{id}") for p in schema["paths"]}
    assert {"/api/leaderboard/", "/api/submissions/{id}/", "/api/submissions/{id}/tasks/"} <= paths
