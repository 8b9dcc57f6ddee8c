"""Results are live and explained: the per-task table follows the judging without a reload, every
row says which step ended the replay and by which rule, where the replay stopped the galleries show
the screen the page really showed beside the checkpoint it was expected to match, and the number of
visual points compared is shown."""
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from judging.engine import result as outcome
from leaderboard import constants as states
from leaderboard.gallery import ended_by
from leaderboard.models import Submission, TaskRun

STEPS = [{"number": 1, "action": "Click", "description": "Click 'Pricing'", "outcome": "ok", "detail": ""},
         {"number": 2, "action": "Scroll", "description": "Scroll down", "outcome": outcome.ACTION_FAILED,
          "detail": "the page did not move (scrollY changed by 0 px, more than 5 needed)"}]


def test_ended_by_names_the_step_and_the_rule():
    stopped = {"stop_reason": outcome.ACTION_FAILED, "total_step": 4, "steps": STEPS}
    assert ended_by(stopped) == ("Step 2 of 4 (Scroll: Scroll down): the action could not be performed — the page "
                                 "did not move (scrollY changed by 0 px, more than 5 needed)")
    said_no = {"stop_reason": outcome.ASSERTION_FAILED, "total_step": 3, "steps": [
        {**STEPS[0], "outcome": outcome.ASSERTION_FAILED, "assertion": {"text": "The pricing tab is shown"}}]}
    assert ended_by(said_no) == ("Step 1 of 3 (Click: Click 'Pricing'): its assertion was judged No, and the count "
                                 "stops at the first No — “The pricing tab is shown”")
    assert ended_by({"stop_reason": outcome.COMPLETED, "total_step": 3}) == "Completed: all 3 steps performed"


@pytest.mark.django_db
def test_the_table_says_what_ended_each_task_and_how_many_visual_points_were_compared(client, board):
    weak = board["weak"]
    html = client.get(f"/submissions/{weak.pk}/results/").content.decode()
    row = html.split('data-testid="task-101"')[1].split("</tr>")[0]
    assert "Step 1 of 2 (Click: Click the cart): its assertion was judged No" in row
    assert re.search(r'data-testid="visual-points">visual points 1 of 2<', row)
    strong = client.get(f"/submissions/{board['strong'].pk}/results/").content.decode()
    row = strong.split('data-testid="task-102"')[1].split("</tr>")[0]
    assert "Completed: all 2 steps performed" in row and "visual points 2 of 2" in row
    assert "95 % confidence interval" in strong


@pytest.mark.django_db
def test_where_the_replay_stopped_the_task_gallery_shows_the_real_screen_not_just_not_reached(client, board):
    weak_run = board["weak"].runs.get(task__task_id="101")
    weak_run.result = {**weak_run.result, "points": weak_run.result["points"][:1]}  # checkpoint 1 never reached
    weak_run.save(update_fields=["result"])
    html = client.get("/leaderboard/tasks/101/?checkpoint=1").content.decode()
    assert "Not reached" not in html
    tile = html.split('data-testid="stopped"')[1].split("</p>")[0]
    assert "Checkpoint 1 not reached. Step 1 of 2 (Click: Click the cart): its assertion was judged No" in tile
    assert f"/submissions/{board['weak'].pk}/tasks/101/shots/shots/state_1.png" in html


@pytest.mark.django_db
def test_the_run_gallery_puts_the_expected_checkpoint_beside_the_frame_where_the_replay_stopped(client, board):
    weak_run = board["weak"].runs.get(task__task_id="101")
    weak_run.result = {**weak_run.result, "points": weak_run.result["points"][:1]}
    weak_run.save(update_fields=["result"])
    html = client.get(f"/submissions/{board['weak'].pk}/tasks/101/gallery/").content.decode()
    frame = html.split('id="state-1"')[1].split("</section>")[0]
    assert 'data-testid="expected"' in frame and "Expected: checkpoint 1" in frame
    assert "visual points 1 of 2" in html and "its assertion was judged No" in html


@pytest.mark.django_db(transaction=True)
@pytest.mark.browser
@pytest.mark.parametrize("where", ["results/", ""])  # the results page and the submission page
def test_the_table_fills_in_as_each_task_is_judged_without_a_reload(board, page, shot, where):
    weak = board["weak"]
    Submission.objects.filter(pk=weak.pk).update(status=states.RUNNING)
    weak.runs.filter(task__task_id__in=["102", "103"]).update(status=states.RUNNING, final=None, ifs=None,
                                                              success_steps=None, result={}, failure_reason="",
                                                              started_at=timezone.now())
    page.goto(f"/submissions/{weak.pk}/{where}")
    navigations = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url))
    row = page.get_by_test_id("task-102")
    expect(row.get_by_role("cell").nth(1)).to_have_text(states.STATE_LABELS[states.RUNNING])
    shot(page, f"live-{where.strip('/') or 'submission'}")
    done = TaskRun.objects.get(submission=weak, task__task_id="102")
    TaskRun.objects.filter(pk=done.pk).update(status=states.DONE, final=0.44, ifs=0.5, success_steps=1,
                                              result=board["strong"].runs.get(task__task_id="103").result)
    expect(row.get_by_role("cell").nth(1)).to_have_text(states.STATE_LABELS[states.DONE])
    expect(row.get_by_role("cell").nth(2)).to_have_text("44.00")
    expect(row.get_by_test_id("ended-by")).to_contain_text("its assertion was judged No")
    expect(row.get_by_role("link", name="gallery")).to_be_visible()
    assert navigations == []
    shot(page, f"live-{where.strip('/') or 'submission'}-updated")


@pytest.mark.django_db(transaction=True)
@pytest.mark.browser
def test_a_reader_sees_the_stopped_screen_beside_the_expected_checkpoint(board, page, shot):
    weak_run = board["weak"].runs.get(task__task_id="101")
    weak_run.result = {**weak_run.result, "points": weak_run.result["points"][:1]}
    weak_run.save(update_fields=["result"])
    page.goto("/leaderboard/tasks/101/?checkpoint=1")
    expect(page.get_by_test_id("stopped")).to_contain_text("Checkpoint 1 not reached")
    expect(page.get_by_role("img", name="Weak-VL: the screen when its replay stopped")).to_be_visible()
    shot(page, "task-gallery-stopped")
    page.goto(f"/submissions/{board['weak'].pk}/tasks/101/gallery/#state-1")
    expect(page.get_by_test_id("expected")).to_be_visible()
    expect(page.get_by_test_id("visual-points")).to_have_text(re.compile("^visual points 1 of 2"))
    shot(page, "run-gallery-stopped")
