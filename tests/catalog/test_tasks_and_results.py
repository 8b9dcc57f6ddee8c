"""Tasks and results link both ways: the task page has a per-task board and a link to its
cross-model gallery, the catalog shows each task's solve rate and mean Final, the cross-model
gallery steps with the arrow keys and has an overlay slider and a zoom, and the task's video
highlights the step it is showing."""
import re

import pytest
from playwright.sync_api import expect

from tasks_catalog.importer import import_bench


@pytest.mark.django_db
def test_task_page_lists_the_best_public_results_and_links_to_the_cross_model_gallery(client, board):
    html = client.get("/tasks/101/").content.decode()
    table = html.split('data-testid="task-board"')[1].split("</table>")[0]
    names = re.findall(r'/results/">([^<]+)</a>', table)
    assert names == ["Judge-LLM", "Strong-VL", "&lt;script&gt;alert(1)&lt;/script&gt;", "Weak-VL"]
    assert "Secret-VL" not in html
    assert 'href="/leaderboard/tasks/101/" data-testid="cross-model-gallery"' in html
    assert f"/submissions/{board['strong'].pk}/tasks/101/gallery/" in table


@pytest.mark.django_db
def test_catalog_shows_each_tasks_solve_rate_and_mean_final(client, board):
    html = client.get("/tasks/").content.decode()
    stats = dict(re.findall(r"Task (\d+)</p>.*?data-testid=\"task-stats\">(.*?)</p>", html, re.S))
    # Task 101 over the three public offline submissions: only Strong-VL reached every step.
    finals = [board[k].runs.get(task__task_id="101").final for k in ("strong", "weak", "evil")]
    assert "Solved by <b>33.33 %</b> of 3" in stats["101"]
    assert f"mean Final <b>{sum(finals) / 3 * 100:.2f}</b>" in stats["101"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.browser
def test_the_cross_model_gallery_steps_with_arrow_keys_overlays_and_zooms(board, page, shot):
    page.goto("/tasks/")
    expect(page.get_by_test_id("task-stats").first).to_contain_text("Solved by")
    shot(page, "catalog")
    page.goto("/tasks/101/")
    expect(page.get_by_test_id("task-board").get_by_role("row")).to_have_count(5)
    shot(page, "task-page-board")
    page.get_by_test_id("cross-model-gallery").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Task 101")
    tile = page.get_by_role("figure").filter(has=page.get_by_role("link", name="Strong-VL"))
    generated = tile.get_by_role("img", name="Strong-VL at checkpoint 0")
    expect(generated).to_be_visible()
    width = tile.bounding_box()["width"]
    page.get_by_test_id("zoom").fill("2")
    assert tile.bounding_box()["width"] > 1.5 * width
    page.get_by_test_id("overlay").fill("0")
    expect(generated).to_have_css("opacity", "0")
    expect(tile.locator("img.truth-under")).to_be_visible()
    shot(page, "task-gallery-overlay")
    page.get_by_role("heading", level=1).click()  # the keys move a focused slider, not the gallery
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"checkpoint=1"))
    expect(tile.get_by_role("img", name="Strong-VL at checkpoint 1")).to_be_visible()
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"checkpoint=0"))


@pytest.mark.django_db(transaction=True)
@pytest.mark.browser
def test_the_video_highlights_the_step_it_is_showing(samples_copy, page, shot):
    import_bench(samples_copy.root)
    page.goto("/tasks/sample-tabs/")
    page.get_by_role("button", name="Play from step 2").click()
    step = page.locator("#step-2")
    expect(step).to_have_attribute("aria-current", "step")
    expect(page.locator("[aria-current=step]")).to_have_count(1)
    page.get_by_test_id("task-video").evaluate("v => v.pause()")
    shot(page, "task-page")
