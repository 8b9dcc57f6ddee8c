"""The leaderboard page: public rows only, ranked per judging set-up, paper rows apart, sorting, filters."""
import re

import pytest

from leaderboard.standings import CI_KEY

pytestmark = pytest.mark.django_db


def rows_of(html, group):
    section = html.split(f'data-testid="group-{group}"')[1].split("</section>")[0]
    return re.findall(r"<tr(?: class=\"paper-row\")?>\s*<td class=\"num rank\">(\d+)</td>\s*<td class=\"model\">(.*?)</td>",
                      section, re.S)


def test_public_submissions_ranked_by_final_with_interval_private_ones_absent(client, board):
    html = client.get("/leaderboard/").content.decode()
    offline = rows_of(html, "iwr-v1/offline")
    assert [name for _, name in offline][0].count(">Strong-VL<") == 1
    assert "Secret-VL" not in html
    assert len(offline) == 3
    strong = board["strong"]
    strong.refresh_from_db()
    low, high = strong.aggregate[CI_KEY]
    assert low <= strong.final <= high
    assert f"{low * 100:.2f}–{high * 100:.2f}" in html


def test_other_backend_is_ranked_in_its_own_table_and_the_page_says_so(client, board):
    html = client.get("/leaderboard/").content.decode()
    assert "2 judging set-ups" in html
    llm = rows_of(html, "iwr-v1/llm")
    assert len(llm) == 1 and llm[0][0] == "1" and "Judge-LLM" in llm[0][1]
    assert "Judge-LLM" not in "".join(name for _, name in rows_of(html, "iwr-v1/offline"))


def test_partial_coverage_shows_the_official_mean_over_judged_tasks_beside_ours(client, board):
    weak, strong = board["weak"], board["strong"]
    runs = list(weak.runs.filter(status="done"))
    judged_mean = sum(r.final for r in runs) / len(runs)
    assert weak.coverage == pytest.approx(2 / 3) and weak.final == pytest.approx(judged_mean * 2 / 3)
    html = client.get("/leaderboard/").content.decode()
    shown = re.findall(r'data-testid="over-judged"[^>]*>([^<]*)<', html)
    assert shown == [f"{judged_mean * 100:.2f} over the 2 judged tasks (official averaging)"]  # strong: full coverage
    for url in (f"/submissions/{weak.pk}/", f"/submissions/{weak.pk}/results/"):
        page = client.get(url).content.decode()
        assert 'data-testid="over-judged"' in page and "judged tasks only" in page, url
        assert f"{judged_mean:.3f}" in page or f"{judged_mean * 100:.2f}" in page, url
    assert 'data-testid="over-judged"' not in client.get(f"/submissions/{strong.pk}/results/").content.decode()
    row = next(r for r in client.get("/api/leaderboard/").json()["results"] if r["submission_id"] == weak.pk)
    assert row["final_over_judged"] == pytest.approx(judged_mean * 100, abs=1e-3)


def test_paper_rows_are_distinct_and_link_nowhere(client, board):
    html = client.get("/leaderboard/").content.decode()
    paper = rows_of(html, "iwr-v1/paper")
    assert len(paper) == 28
    assert html.count('class="paper-row"') == 28
    assert all("<a " not in name and "(reported in the paper)" in name for _, name in paper)


def test_every_score_column_sorts_best_first_and_flips(client, board):
    html = client.get("/leaderboard/?sort=ifs").content.decode()
    assert 'aria-sort="descending"' in html and 'aria-label="higher is better"' in html
    names = [re.sub("<.*?>", "", n).split(" (reported")[0].strip() for _, n in rows_of(html, "iwr-v1/paper")]
    assert names[0] == "GPT-5" and names[-1] == "InternVideo-2.5-Chat-8B"   # IFS 24.39 ... 9.97
    flipped = client.get("/leaderboard/?sort=-ifs").content.decode()
    assert ">InternVideo" in [n for _, n in rows_of(flipped, "iwr-v1/paper")][0]


@pytest.mark.parametrize("query, present, absent", [
    ("model_type=open-source", "Weak-VL", "Strong-VL"),
    ("thinking=yes", "Strong-VL", "Weak-VL"),
    ("group=iwr-v1/llm", "Judge-LLM", "Strong-VL"),
    ("q=strong", "Strong-VL", "Weak-VL"),
])
def test_filters_and_search(client, board, query, present, absent):
    html = client.get(f"/leaderboard/?{query}").content.decode()
    assert present in html and f">{absent}<" not in html


def test_a_script_for_a_model_name_is_text_everywhere(client, board):
    evil = board["evil"]
    pages = ["/leaderboard/", "/leaderboard/charts/", f"/submissions/{evil.pk}/results/",
             f"/submissions/{evil.pk}/tasks/101/gallery/", "/leaderboard/tasks/101/"]
    for url in pages:
        html = client.get(url).content.decode()
        assert "<script>alert(1)</script>" not in html, url
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in client.get("/leaderboard/").content.decode()
    # Chart data is JSON in a json_script element; Plotly gets the name HTML-escaped so it shows as text.
    charts = client.get("/leaderboard/charts/").content.decode()
    assert "\\u0026lt;script\\u0026gt;alert(1)" in charts
    assert "<script>alert(1)</script>" in client.get("/api/leaderboard/?format=csv").content.decode()


def test_charts_page_loads_plotly_from_our_static_files_with_a_table_for_each_chart(client, board):
    html = client.get("/leaderboard/charts/").content.decode()
    assert 'src="/static/plotly/plotly.min.js"' in html
    # Final and scatter for each of three panels (offline, llm, the paper's), win rates, task difficulty.
    assert html.count('data-plotly="chart-') == 8 and html.count('<details class="alt">') == 8
    assert "Table of every task" in html and "completed by no submission" in html
    assert 'data-testid="win-rates"' in html



def test_the_tables_are_rendered_once_per_board_version_and_query(client, board, admin_user, monkeypatch):
    from leaderboard import board_pages, moderation

    built = []
    build = board_pages._board_tables
    monkeypatch.setattr(board_pages, "_board_tables", lambda *args: built.append(args) or build(*args))
    first = client.get("/leaderboard/").content
    assert client.get("/leaderboard/").content == first and len(built) == 1
    client.get("/leaderboard/?sort=ifs")
    assert len(built) == 2
    moderation.perform(board["strong"], "hide", admin_user)
    assert ">Strong-VL<" not in client.get("/leaderboard/").content.decode() and len(built) == 3
