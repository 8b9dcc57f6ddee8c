"""A submission's per-task table and its CSV, JSON and official-format markdown downloads."""
import csv
import io
import json
import zipfile

import pytest

pytestmark = pytest.mark.django_db


def test_per_task_table_sorts_and_links_to_the_galleries(client, board):
    weak = board["weak"]
    html = client.get(f"/submissions/{weak.pk}/results/?sort=final").content.decode()
    assert html.index(">102<") < html.index(">101<") < html.index(">103<")
    assert f"/submissions/{weak.pk}/tasks/101/gallery/" in html
    assert "judge:error" in html, "the unjudged task shows why"


def test_csv_has_every_score_of_every_task(client, board):
    weak = board["weak"]
    response = client.get(f"/submissions/{weak.pk}/results.csv")
    assert response["Content-Disposition"].startswith("attachment")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [r["task_id"] for r in rows] == ["101", "102", "103"]
    t102 = rows[1]
    assert (t102["steps_reached"], t102["steps_total"]) == ("1", "2")
    assert float(t102["ifs"]) == 50.0 and float(t102["lfs"]) == pytest.approx(30.0)
    assert float(t102["ocr"]) == pytest.approx(75.0) and float(t102["image"]) == pytest.approx(80.0)
    assert t102["image_similarity"] == "content-ssim" and "dino" not in rows[0]
    assert float(t102["final"]) == pytest.approx(100 * (0.7 * 0.5 + 0.3 * 0.3))
    assert rows[2]["status"] == "failed" and float(rows[2]["final"]) == 0.0
    assert rows[2]["failure_reason"] == "judge:error"


def test_json_download_carries_aggregate_interval_and_tasks(client, board):
    data = json.loads(client.get(f"/submissions/{board['strong'].pk}/results.json").content)
    assert data["model"] == "Strong-VL" and len(data["tasks"]) == 3
    assert data["scores"]["final"] == pytest.approx(sum(t["final"] for t in data["tasks"]) / 3, abs=1e-3)
    assert data["scores"]["final"] == pytest.approx(board["strong"].final * 100, abs=1e-3)  # percent
    assert data["final_ci"][0] <= data["scores"]["final"] <= data["final_ci"][1]


def test_metrics_markdown_in_the_official_format(client, board):
    response = client.get(f"/submissions/{board['weak'].pk}/metrics.md")
    assert response["Content-Disposition"] == 'attachment; filename="weak-vl_metrics.md"'
    lines = response.content.decode().splitlines()
    assert lines[:4] == ["# model: Weak-VL result", "",
                         "| task | IFS(%) | OCR(%) | CONTENT-SSIM(%) | LFS(%) | HFS(%) | VFS(%) | Final(%) |",
                         "|---|---:|---:|---:|---:|---:|---:|---:|"]
    # Rows of the judged tasks only (103 failed), each from its eval.json; avg over those rows.
    assert lines[4:] == ["| 101 | 0.00 | 20.00 | 20.00 | 20.00 | n/a | 20.00 | 6.00 |",
                         "| 102 | 50.00 | 30.00 | 30.00 | 30.00 | n/a | 30.00 | 44.00 |",
                         "| avg | 25.00 | 25.00 | 25.00 | 25.00 | n/a | 25.00 | 25.00 |"]


def test_official_tree_holds_eval_json_evalpoints_and_the_report(client, board):
    response = client.get(f"/submissions/{board['weak'].pk}/result.zip")
    assert response["Content-Disposition"].startswith("attachment")
    with zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content))) as archive:
        names = sorted(archive.namelist())
        assert names == ["101/weak-vl/eval.json", "101/weak-vl/evalpoints/0.png", "102/weak-vl/eval.json",
                         "102/weak-vl/evalpoints/0.png", "reports/weak-vl_metrics.md"]
        evaluation = json.loads(archive.read("102/weak-vl/eval.json"))
        assert evaluation["screenshot_paths_to_eval"] == ["evalpoints/0.png"] and evaluation["success_step"] == 1
        assert archive.read("reports/weak-vl_metrics.md").decode() == client.get(
            f"/submissions/{board['weak'].pk}/metrics.md").content.decode()


def test_someone_elses_private_submission_is_not_found(client, board):
    private = board["private"]
    for url in [f"/submissions/{private.pk}/results/", f"/submissions/{private.pk}/results.csv",
                f"/api/submissions/{private.pk}/tasks/", f"/submissions/{private.pk}/tasks/101/gallery/"]:
        assert client.get(url).status_code == 404, url
    client.force_login(private.owner)
    assert client.get(f"/submissions/{private.pk}/results/").status_code == 200
