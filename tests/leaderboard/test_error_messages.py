"""Errors say what to do: a run zipped inside one folder is unwrapped, <model>/<task_id>/index.html is
recognised, an unknown task id gets "did you mean", an index.html too deep is reported where it is,
every API error carries a stable code (and the valid choices), the form shows the server's limits
instead of cutting a long name, and a zip that passed the pre-flight check is submitted from there."""
import re

import pytest
from playwright.sync_api import expect

from leaderboard import uploads
from tests.browser import log_in
from tests.factories import make_task
from tests.submissions.zips import PAGE, make_zip


def plan_of(tmp_path, entries, known=("101", "102", "sample-tabs")):
    return uploads.inspect_zip(make_zip(tmp_path / "run.zip", entries), set(known))


def refusal(tmp_path, entries):
    with pytest.raises(uploads.UploadError) as refused:
        plan_of(tmp_path, entries)
    return refused.value


def test_a_run_zipped_inside_one_folder_is_unwrapped(tmp_path):
    plan = plan_of(tmp_path, {"result/101/my-vlm/index.html": PAGE, "result/102/index.html": PAGE,
                              "result/102/style.css": b"h1{}"})
    assert plan.task_ids == ["101", "102"]
    assert sorted(relative for _, relative in plan.sites["102"]) == ["index.html", "style.css"]


def test_model_then_task_id_folders_are_recognised(tmp_path):
    plan = plan_of(tmp_path, {"gpt-4o/101/index.html": PAGE, "gpt-4o/sample-tabs/index.html": PAGE})
    assert plan.task_ids == ["101", "sample-tabs"]


def test_one_folder_without_task_folders_inside_says_to_zip_what_is_inside(tmp_path):
    error = refusal(tmp_path, {"my-run/site/index.html": PAGE})
    assert error.code == "upload:unknown-task"
    assert "zip the task folders inside the run's result/ folder" in error.message


def test_an_unknown_task_id_gets_did_you_mean(tmp_path):
    error = refusal(tmp_path, {"sample-tab/index.html": PAGE, "101/index.html": PAGE})
    assert error.code == "upload:unknown-task" and "sample-tab (did you mean sample-tabs?)" in error.message


def test_an_index_html_too_deep_is_reported_where_it_was_found(tmp_path):
    error = refusal(tmp_path, {"101/out/build/index.html": PAGE, "102/index.html": PAGE})
    assert error.code == "upload:no-index"
    assert "101 (index.html found too deep, at 101/out/build/index.html: move its folder up to 101/<model_dir>/)" \
        in error.message


@pytest.mark.django_db
def test_every_api_error_carries_a_stable_code_and_the_valid_choices(client, alice, tmp_path):
    make_task("101")
    archive = make_zip(tmp_path / "run.zip", {"101/index.html": PAGE})
    anonymous = client.post("/api/submissions/", {"model_name": "X", "model_type": "proprietary"})
    assert anonymous.status_code in (401, 403) and anonymous.json()["code"] in ("auth:not-authenticated", "auth:forbidden")
    assert client.get("/api/submissions/999999/").json()["code"] == "not-found"
    client.force_login(alice)
    with open(archive, "rb") as fh:
        bad = client.post("/api/submissions/", {"model_name": "X", "model_type": "robot", "task": "nope",
                                                "archive": fh})
    body = bad.json()
    assert bad.status_code == 400 and body["code"] == "request:invalid"
    assert body["choices"]["model_type"] == ["proprietary", "open-source", "video-specialized"]
    assert body["choices"]["task"] == ["101"]
    assert "model_type" in body["detail"] and "task" in body["detail"]
    with open(archive, "rb") as fh:
        long_name = client.post("/api/submissions/", {"model_name": "x" * 201, "model_type": "proprietary",
                                                      "archive": fh}).json()
    assert long_name["code"] == "request:invalid" and "200" in long_name["detail"]


@pytest.mark.django_db
def test_the_form_shows_the_limits_the_server_enforces_and_never_cuts_a_long_name(client, alice, settings, tmp_path):
    make_task("101")
    client.force_login(alice)
    html = client.get("/submit/").content.decode()
    name = re.search(r'<input[^>]*name="model_name"[^>]*>', html)[0]
    assert 'data-limit="200"' in name and "maxlength" not in name
    assert "Up to 200 characters." in html
    archive = re.search(r'<input[^>]*name="archive"[^>]*>', html)[0]
    assert f'data-max-bytes="{settings.SUBMISSION_MAX_UPLOAD_BYTES}"' in archive
    assert "Up to 300 MB; unpacked, at most 1024 MB, 20000 files and 100 MB per file." in html
    with open(make_zip(tmp_path / "run.zip", {"101/index.html": PAGE}), "rb") as fh:
        answer = client.post("/submit/", {"model_name": "x" * 230, "model_type": "proprietary", "archive": fh})
    assert answer.status_code == 400 and "at most 200 characters (it has 230)" in answer.content.decode()


@pytest.mark.django_db(transaction=True)
@pytest.mark.browser
def test_a_zip_that_passed_the_check_is_submitted_from_there_without_choosing_it_again(
        alice, worker_env, browser_context, live_server, tmp_path, shot):
    make_task("101")
    archive = make_zip(tmp_path / "run.zip", {"101/index.html": PAGE})
    log_in(browser_context, alice, live_server.url)
    page = browser_context.new_page()
    page.goto("/submit/")
    page.get_by_label("Model name").fill("x" * 205)
    expect(page.get_by_test_id("model_name-limit")).to_have_text("205 characters; the limit is 200.")
    page.get_by_label("Model name").fill("x" * 190)
    expect(page.get_by_test_id("model_name-limit")).to_have_text("190 of 200 characters")
    shot(page, "submit-limits")
    page.goto("/submit/check/")
    page.get_by_label("Zip file").set_input_files(str(archive))
    page.get_by_role("button", name="Check").click()
    expect(page.get_by_test_id("preflight-report")).to_contain_text("This zip would be accepted")
    submit = page.get_by_role("region", name="Submit this zip")
    expect(submit).to_be_visible()
    submit.get_by_label("Model name").fill("Checked-VL")
    submit.get_by_label("Model type").select_option("proprietary")
    shot(page, "preflight-then-submit")
    submit.get_by_role("button", name="Upload and judge").click()
    page.wait_for_url(re.compile(r"/submissions/\d+/$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text("Checked-VL")
