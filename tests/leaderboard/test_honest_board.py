"""The board is honest about scale: tasks judged as n of N (and of the paper's 113), Final beside the
name, one chart panel per set-up and benchmark size with the best row on top, long names cut with
the full name on hover, percent in every export and API answer."""
import json
import re

import pytest
from playwright.sync_api import expect

from leaderboard import charts, standings
from leaderboard.models import Submission
from tests.factories import make_submission

LONG_NAME = "An-Extremely-Long-Model-Name-With-Every-Checkpoint-Detail-v2.5-Instruct-Preview"


def chart_data(html, element_id):
    return json.loads(re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, re.S)[1])


@pytest.mark.django_db
def test_tasks_judged_says_n_of_n_and_of_the_papers_113(client, board):
    html = client.get("/leaderboard/").content.decode()
    cells = re.findall(r'data-testid="tasks-judged">(.*?)</td>', html, re.S)
    weak = next(c for c in cells if c.startswith("2 of 3"))
    assert "2 of the paper&#x27;s 113" in weak or "2 of the paper's 113" in weak
    assert sum(c.startswith("113 of 113") for c in cells) == 28
    assert all("of the paper" not in c for c in cells if c.startswith("113 of 113"))
    results = client.get(f"/submissions/{board['weak'].pk}/results/").content.decode()
    assert re.search(r'data-testid="tasks-judged"><b>2 of 3</b>tasks judged <span class="muted">\(2 of the paper', results)


@pytest.mark.django_db
def test_final_is_the_column_after_the_model_name(client, board):
    html = client.get("/leaderboard/").content.decode()
    headers = re.findall(r'<th scope="col"[^>]*>(?:<a[^>]*>)?([^<]+)', html.split("<thead>")[1].split("</thead>")[0])
    assert [h.strip() for h in headers[:4]] == ["Rank", "Model", "Final (%)", "Tasks judged"]


@pytest.mark.django_db
def test_paper_rows_other_setups_and_other_benchmark_sizes_get_their_own_chart_panels(client, board, alice, tasks):
    small = make_submission(alice, "Small-Bench", {tasks[0]: (2, 1.0)})
    Submission.objects.filter(pk=small.pk).update(tasks_total=6)  # judged when the catalog had six tasks
    html = client.get("/leaderboard/charts/").content.decode()
    titles = re.findall(r'<h3 id="h-final-\d+">(.*?)</h3>', html)
    assert titles == ["Protocol iwr-v1, offline back-end, content-ssim image similarity · 3-task benchmark",
                      "Protocol iwr-v1, offline back-end, content-ssim image similarity · 6-task benchmark",
                      "Protocol iwr-v1, llm back-end, content-ssim image similarity · 3-task benchmark",
                      "Reported in the paper (authors&#x27; judge, not re-judged here) · 113-task benchmark"]
    offline, smaller, _llm, paper = (chart_data(html, f"chart-final-{n}") for n in range(1, 5))
    assert [len(trace["y"]) for trace in offline["data"]] == [3]
    assert smaller["data"][0]["y"] == [f"Small-Bench #{small.pk}"]
    # The top of a category axis is the last category: the best row.
    order = paper["layout"]["yaxis"]["categoryarray"]
    assert order[-1] == "GPT-5" and len(order) == 28
    assert offline["layout"]["yaxis"]["categoryarray"][-1].startswith("Strong-VL")


@pytest.mark.django_db
def test_a_long_name_is_cut_on_the_axis_and_whole_on_hover(board, alice, tasks):
    entry = standings.judged_entries()[0]
    entry.model = LONG_NAME
    figure = charts.final_with_ci([entry])
    label = figure.data[0].y[0]
    assert len(label.split(" #")[0]) == charts.LABEL_CHARS and label.split(" #")[0].endswith("…")
    assert figure.data[0].hovertext[0] == LONG_NAME


@pytest.mark.django_db
def test_exports_and_api_give_scores_in_percent(client, board):
    strong = board["strong"]
    row = next(r for r in client.get("/api/leaderboard/").json()["results"] if r["model"] == "Strong-VL")
    assert row["final"] == pytest.approx(strong.final * 100, abs=1e-3)
    assert row["coverage"] == 100.0 and (row["tasks_judged"], row["tasks_total"]) == (3, 3)
    paper = next(r for r in client.get("/api/leaderboard/?offset=4").json()["results"] if r["model"] == "GPT-5")
    assert paper["final"] > 1 and paper["tasks_total"] == 113
    csv_text = client.get("/api/leaderboard/?format=csv").content.decode()
    assert ",final,ci_low,ci_high,tasks_judged,tasks_total," in csv_text.splitlines()[0]
    csv_row = next(line for line in csv_text.splitlines() if ",Strong-VL," in line)
    assert f"{strong.final * 100:.4f}"[:5] in csv_row
    client.force_login(strong.owner)
    api = client.get(f"/api/submissions/{strong.pk}/").json()
    assert api["final"] == pytest.approx(strong.final * 100, abs=1e-3)
    assert api["runs"][0]["final"] == pytest.approx(strong.runs.get(task__task_id="101").final * 100, abs=1e-3)
    schema = client.get("/api/schema/?format=json").json()["components"]["schemas"]
    assert "percent" in schema["LeaderboardEntry"]["properties"]["final"]["description"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.browser
def test_a_reader_sees_final_beside_the_name_and_the_full_name_on_hover(board, alice, tasks, page, shot):
    make_submission(alice, LONG_NAME, {t: (1, 0.6) for t in tasks})
    page.goto("/leaderboard/")
    table = page.get_by_test_id("group-iwr-v1/offline").get_by_role("table")
    first = table.get_by_role("row").nth(1)
    expect(first.get_by_role("cell").nth(1)).to_contain_text("Strong-VL")
    expect(first.get_by_role("cell").nth(2)).to_contain_text(f"{board['strong'].final * 100:.2f}")
    expect(first.get_by_test_id("tasks-judged")).to_contain_text("3 of 3")
    expect(first.get_by_test_id("tasks-judged")).to_contain_text("3 of the paper's 113")
    long_link = table.get_by_role("link", name=LONG_NAME)
    expect(long_link).to_have_attribute("title", LONG_NAME)
    box = long_link.bounding_box()
    assert box["width"] < 320, "a long name is cut, not widening the table"
    shot(page, "leaderboard")
    page.goto("/leaderboard/charts/")
    expect(page.get_by_test_id("final-panel")).to_have_count(3)
    expect(page.locator("[data-plotly='chart-final-1'] .main-svg").first).to_be_visible()
    shot(page, "charts")
