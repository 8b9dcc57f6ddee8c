"""A submission's per-task table and its CSV, JSON and official-format markdown downloads."""
import csv
import io
import json

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
    assert float(t102["ifs"]) == 0.5 and float(t102["lfs"]) == pytest.approx(0.3)
    assert float(t102["ocr"]) == pytest.approx(0.75) and float(t102["dino"]) == pytest.approx(0.8)
    assert float(t102["final"]) == pytest.approx(0.7 * 0.5 + 0.3 * 0.3)
    assert rows[2]["status"] == "failed" and float(rows[2]["final"]) == 0.0
    assert rows[2]["failure_reason"] == "judge:error"


def test_json_download_carries_aggregate_interval_and_tasks(client, board):
    data = json.loads(client.get(f"/submissions/{board['strong'].pk}/results.json").content)
    assert data["model"] == "Strong-VL" and len(data["tasks"]) == 3
    assert data["scores"]["final"] == pytest.approx(sum(t["final"] for t in data["tasks"]) / 3)
    assert data["final_ci"][0] <= data["scores"]["final"] <= data["final_ci"][1]


def test_metrics_markdown_in_the_official_format(client, board):
    text = client.get(f"/submissions/{board['weak'].pk}/metrics.md").content.decode()
    lines = text.strip().splitlines()
    assert lines[0] == "| task | IFS | OCR | DINO | LFS | HFS | VFS | Final |"
    assert lines[3] == "| 102 | 50.00 | 75.00 | 80.00 | 30.00 | n/a | 30.00 | 44.00 |"
    assert lines[-1].startswith("| avg | 16.67 | ")
    avg_final = (0.7 * 0 + 0.3 * 0.2 + 0.44) / 3 * 100
    assert lines[-1].endswith(f"| {avg_final:.2f} |")


def test_someone_elses_private_submission_is_not_found(client, board):
    private = board["private"]
    for url in [f"/submissions/{private.pk}/results/", f"/submissions/{private.pk}/results.csv",
                f"/api/submissions/{private.pk}/tasks/", f"/submissions/{private.pk}/tasks/101/gallery/"]:
        assert client.get(url).status_code == 404, url
    client.force_login(private.owner)
    assert client.get(f"/submissions/{private.pk}/results/").status_code == 200
