"""The read API and its schema."""
import pytest


@pytest.fixture
def imported(db, sample_catalog):
    """Read-only tests share one import of the sample benchmark."""


def test_list_has_every_task_with_links(client, imported):
    data = client.get("/api/tasks/").json()
    assert data["count"] == 6
    tabs = next(t for t in data["results"] if t["id"] == "sample-tabs")
    assert tabs["url"] == "http://testserver/api/tasks/sample-tabs/"
    assert tabs["video"] == "http://testserver/tasks/sample-tabs/media/video.mp4"
    assert (tabs["resolution"], tabs["domain"], tabs["step_count"], tabs["checkpoint_count"]) == ("1280x800", "E-commerce", 4, 3)
    assert "steps" not in tabs


def test_list_takes_the_catalog_filters(client, imported):
    assert [t["id"] for t in client.get("/api/tasks/?interaction=L3&domain=E-commerce").json()["results"]] == ["sample-search"]
    assert [t["id"] for t in client.get("/api/tasks/?q=lumen").json()["results"]] == ["sample-tabs"]


def test_detail_has_steps_checkpoints_assets_and_unknown_fields(client, imported):
    data = client.get("/api/tasks/sample-search/").json()
    assert [s["type"] for s in data["steps"]] == ["Type", "Press", "Click", "Click"]
    assert data["steps"][0]["parameters"] == {"description": "Type 'wireless mouse' into the search box at the top of the page",
                                              "text": "wireless mouse"}
    assert "selector" not in str(data["steps"]), "authoring-only keys never reach the published task"
    assert [(c["index"], c["step"]) for c in data["checkpoints"]] == [(0, None), (1, 2), (2, 3), (3, 4)]
    assert data["checkpoints"][1]["url"].endswith("/tasks/sample-search/media/checkpoints/step_1.png")
    assert {a["kind"] for a in data["assets"]} == {"asset", "stitched"}
    assert data["extra"]["recording_details"]["environment"].startswith("Chromium")
    assert data["inputs"] == "http://testserver/tasks/sample-search/inputs.zip"


def test_unknown_task_is_404(client, db):
    assert client.get("/api/tasks/nope/").status_code == 404


@pytest.mark.django_db
def test_schema_documents_the_task_endpoints(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert "/api/tasks/" in schema["paths"] and "/api/tasks/{task_id}/" in schema["paths"]
    assert client.get("/api/docs/").status_code == 200
