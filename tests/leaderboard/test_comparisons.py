"""Comparisons: a head-to-head page for two visible submissions (paired differences, wins, a paired
bootstrap interval of the difference in Final, both galleries side by side), pairwise win rates on
the charts page, and every model's scores by domain, interaction level and visual level."""
import re

import pytest
from playwright.sync_api import expect

from leaderboard import comparisons
from leaderboard import constants as states

pytestmark = pytest.mark.django_db


def finals_of(submission):
    return {r.task.task_id: r.final for r in submission.runs.select_related("task") if r.status == states.DONE}


def test_head_to_head_pairs_every_task_a_missing_one_counting_zero(board):
    strong, weak = board["strong"], board["weak"]
    result = comparisons.head_to_head(strong.pk, weak.pk)
    a, b = finals_of(strong), finals_of(weak)
    assert {p.task_id: p.difference for p in result.pairs} == pytest.approx(
        {t: a[t] - b.get(t, 0.0) for t in ("101", "102", "103")})
    assert next(p for p in result.pairs if p.task_id == "103").b is None  # weak has no result there
    assert (result.wins_a, result.wins_b, result.ties) == (3, 0, 0)
    low, high = result.interval
    assert low <= result.mean_difference <= high
    assert result.mean_difference == pytest.approx(strong.final - weak.final)


def test_the_paired_interval_is_a_point_when_one_model_wins_every_task_by_the_same_margin(board):
    evil = board["evil"]
    same = comparisons.head_to_head(evil.pk, evil.pk)
    assert same.interval == (0.0, 0.0) and same.ties == 3 and not same.settled
    result = comparisons.head_to_head(board["llm"].pk, board["evil"].pk)
    assert result.interval[0] == pytest.approx(result.interval[1]) and result.settled


def test_win_rates_of_two_models_add_up_to_one(board):
    ids = [board["strong"].pk, board["weak"].pk, board["evil"].pk]
    rates = comparisons.win_rates(ids)
    assert rates[0][0] is None and rates[0][1] == 1.0
    for i in range(3):
        for j in range(3):
            if i != j:
                assert rates[i][j] + rates[j][i] == pytest.approx(1.0)


def test_compare_page_shows_wins_the_interval_and_links_into_both_galleries(client, board):
    strong, weak = board["strong"], board["weak"]
    html = client.get(f"/leaderboard/compare/?a={strong.pk}&b={weak.pk}").content.decode()
    assert re.search(r"<b>3</b>tasks won by A", html) and re.search(r"<b>0</b>tasks won by B", html)
    assert "95 % confidence interval" in html
    row = html.split('data-testid="pair-101"')[1].split("</tr>")[0]
    assert f"/submissions/{strong.pk}/tasks/101/gallery/" in row and f"/submissions/{weak.pk}/tasks/101/gallery/" in row
    assert f"/leaderboard/compare/tasks/101/?a={strong.pk}&amp;b={weak.pk}" in row
    assert f"/submissions/{weak.pk}/tasks/103/gallery/" not in html  # no result there, no gallery


def test_someone_elses_private_submission_cannot_be_compared(client, board):
    html = client.get(f"/leaderboard/compare/?a={board['strong'].pk}&b={board['private'].pk}").content.decode()
    assert "Secret-VL" not in html and "tasks won by" not in html
    url = f"/leaderboard/compare/tasks/101/?a={board['strong'].pk}&b={board['private'].pk}"
    assert client.get(url).status_code == 404
    client.force_login(board["private"].owner)
    assert client.get(url).status_code == 200


def test_side_by_side_task_view_shows_the_truth_and_both_runs(client, board):
    strong, weak = board["strong"], board["weak"]
    html = client.get(f"/leaderboard/compare/tasks/102/?a={strong.pk}&b={weak.pk}").content.decode()
    assert html.count('data-testid="side-a"') == 2 and html.count('data-testid="side-b"') == 2
    assert f"/submissions/{strong.pk}/tasks/102/shots/shots/state_1.png" in html
    assert f"/submissions/{weak.pk}/tasks/102/shots/shots/state_1.png" in html


def test_breakdown_gives_every_model_its_score_per_category(client, board):
    strong = board["strong"]
    html = client.get("/leaderboard/breakdown/?axis=domain&metric=final").content.decode()
    table = html.split('data-testid="breakdown"')[1].split("</table>")[0]
    assert "Shopping" in table and "Travel" in table and "(2 tasks)" in table
    a = finals_of(strong)
    row = table.split(">Strong-VL<")[1].split("</tr>")[0]
    values = re.findall(r'<td class="num">([\d.]+)</td>', row)
    assert values == [f"{a['101'] * 100:.2f}", f"{(a['102'] + a['103']) / 2 * 100:.2f}"]
    assert table.count("<tr>") == 1 + 3  # header + every offline model
    levels = client.get("/leaderboard/breakdown/?axis=interaction_complexity&metric=ifs").content.decode()
    assert "L1" in levels and "L3" in levels and "IFS (%), all tasks" in levels
    assert "has a visual level" in client.get("/leaderboard/breakdown/?axis=visual_complexity").content.decode()


def test_charts_page_has_a_win_rate_heatmap_of_the_top_models(client, board):
    html = client.get("/leaderboard/charts/").content.decode()
    table = html.split('data-testid="win-rates"')[1].split("</table>")[0]
    strong_row = table.split("<tbody>")[1].split("Strong-VL #")[1].split("</tr>")[0]
    assert strong_row.count("100.00") == 2  # beats Weak-VL and the script-named model on every task
    assert 'data-plotly="chart-wins"' in html


@pytest.mark.django_db(transaction=True)
@pytest.mark.browser
def test_a_researcher_compares_two_models_then_one_task_side_by_side(board, page, shot):
    strong, weak = board["strong"], board["weak"]
    page.goto("/leaderboard/")
    page.get_by_role("link", name="Head to head").click()
    page.get_by_label("Model A").select_option(str(strong.pk))
    page.get_by_label("Model B").select_option(str(weak.pk))
    page.get_by_role("button", name="Compare").click()
    expect(page.get_by_test_id("summary")).to_contain_text("tasks won by A")
    expect(page.get_by_test_id("difference")).to_contain_text("95 % confidence interval")
    expect(page.locator("[data-plotly='chart-h2h'] .main-svg").first).to_be_visible()
    shot(page, "compare")
    page.get_by_test_id("pair-102").get_by_role("link", name="side by side").click()
    expect(page.get_by_role("heading", name=re.compile("^Checkpoint 1"))).to_be_visible()
    expect(page.get_by_role("img", name="Ground truth, checkpoint 1")).to_be_visible()
    expect(page.get_by_role("link", name="A: Strong-VL's gallery")).to_be_visible()
    shot(page, "compare-task")
    page.goto("/leaderboard/breakdown/")
    page.get_by_label("Tasks grouped by").select_option("interaction_complexity")
    expect(page.get_by_test_id("breakdown")).to_contain_text("L3")
    expect(page.locator("[data-plotly='chart-breakdown'] .main-svg").first).to_be_visible()
    shot(page, "breakdown")
    page.goto("/leaderboard/charts/")
    expect(page.locator("[data-plotly='chart-wins'] .main-svg").first).to_be_visible()
    shot(page, "charts-wins")
