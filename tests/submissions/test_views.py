"""The submit form, the submission page and its progress endpoint, and who may see what."""
import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from leaderboard import constants as states
from leaderboard import runs, services
from leaderboard.models import Submission
from tests.submissions.conftest import METADATA
from tests.submissions.zips import PAGE, make_zip

FORM = {**METADATA, "parameters_billions": "7", "thinking": "on", "task": ""}


@pytest.fixture
def submission(tasks, alice, run_zip, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        return services.create_submission(alice, METADATA, run_zip(("t1", "t2")), "run.zip")


def test_submit_requires_login(client, db):
    response = client.get("/submit/")
    assert response.status_code == 302 and reverse("accounts:login") in response["Location"]


def test_submit_form_shows_fields_progress_bar_and_quota(client, alice, tasks):
    client.force_login(alice)
    html = client.get("/submit/").content.decode()
    for name in ("model_name", "organisation", "model_type", "parameters_billions", "thinking", "paper_url",
                 "code_url", "description", "is_public", "task", "archive"):
        assert f'name="{name}"' in html
    assert 'id="upload-bar"' in html and "leaderboard/upload.js" in html
    assert "0 of 5 in the last 24 hours" in html


def test_submit_creates_the_submission_and_redirects_to_it(client, alice, tasks, run_zip,
                                                           django_capture_on_commit_callbacks, sent_jobs):
    client.force_login(alice)
    with open(run_zip(("t1",)), "rb") as archive, django_capture_on_commit_callbacks(execute=True):
        response = client.post("/submit/", {**FORM, "archive": archive})
    submission = Submission.objects.get()
    assert response.status_code == 302 and response["Location"] == submission.get_absolute_url()
    assert submission.owner == alice and submission.thinking and sent_jobs == [submission.runs.get().pk]


def test_submit_from_the_progress_script_answers_json(client, alice, tasks, run_zip,
                                                      django_capture_on_commit_callbacks):
    client.force_login(alice)
    with open(run_zip(("t1",)), "rb") as archive, django_capture_on_commit_callbacks(execute=False):
        response = client.post("/submit/", {**FORM, "archive": archive}, headers={"Accept": "application/json"})
    assert response.status_code == 201 and response.json() == {"url": Submission.objects.get().get_absolute_url()}


def test_submit_shows_the_refusal_and_links_the_earlier_duplicate(client, alice, tasks, run_zip,
                                                                 django_capture_on_commit_callbacks):
    path = run_zip(("t1",))
    with django_capture_on_commit_callbacks(execute=False):
        earlier = services.create_submission(alice, METADATA, path, "run.zip")
    client.force_login(alice)
    with open(path, "rb") as archive:
        response = client.post("/submit/", {**FORM, "archive": archive}, headers={"Accept": "application/json"})
    assert response.status_code == 409
    assert response.json()["earlier"] == earlier.get_absolute_url()
    assert f"#{earlier.pk}" in response.json()["errors"]["archive"][0]
    assert Submission.objects.count() == 1


def test_submit_page_explains_an_exceeded_quota(client, alice, submission, settings):
    settings.SUBMISSION_QUOTA_TOTAL = 1
    client.force_login(alice)
    html = client.get("/submit/").content.decode()
    assert "all 1 submissions allowed per account" in html and 'id="submit-form"' not in html


def test_submit_rejects_a_bad_zip_with_the_offending_entry(client, alice, tasks, tmp_path):
    client.force_login(alice)
    bad = make_zip(tmp_path / "bad.zip", {"t1/index.html": PAGE, "t1/../../x": b""})
    with open(bad, "rb") as archive:
        response = client.post("/submit/", {**FORM, "archive": archive})
    assert response.status_code == 400 and "t1/../../x" in response.content.decode()
    assert not Submission.objects.exists()


def test_private_submission_is_hidden_from_others(client, bob, submission):
    client.force_login(bob)
    assert client.get(submission.get_absolute_url()).status_code == 404
    assert client.get(f"/submissions/{submission.pk}/progress.json").status_code == 404
    Submission.objects.filter(pk=submission.pk).update(is_public=True)
    assert client.get(submission.get_absolute_url()).status_code == 200


def test_submission_page_and_progress_json(client, alice, submission):
    client.force_login(alice)
    run = submission.runs.get(task__task_id="t1")
    runs.claim_run(run.pk, "job-1", "w1")
    progress = client.get(f"/submissions/{submission.pk}/progress.json").json()
    assert progress["status"] == states.RUNNING and progress["current_tasks"] == ["t1"]
    assert (progress["judged"], progress["total"], progress["finished"]) == (0, 2, False)
    html = client.get(submission.get_absolute_url()).content.decode()
    assert "now judging task t1" in html and "leaderboard/progress.js" in html


def test_the_page_and_its_script_show_the_state_labels_the_server_sends(client, alice, submission):
    client.force_login(alice)
    runs.claim_run(submission.runs.get(task__task_id="t1").pk, "job-1", "w1")
    html = client.get(submission.get_absolute_url()).content.decode()
    sent = re.search(r'<script id="state-labels" type="application/json">(.*?)</script>', html)
    labels = json.loads(sent[1]) if sent else {}
    assert labels == dict(states.STATE_CHOICES)
    rows = html[html.index('data-testid="task-t1"'):]
    assert '<span class="badge running">Running</span>' in rows and '<span class="badge queued">Queued</span>' in rows
    script = (Path(settings.BASE_DIR) / "static/leaderboard/progress.js").read_text(encoding="utf-8")
    assert not [label for label in labels.values() if f'"{label}"' in script]


def test_my_submissions_lists_only_mine(client, alice, bob, submission):
    client.force_login(bob)
    assert submission.model_name not in client.get("/submissions/").content.decode()
    client.force_login(alice)
    assert submission.model_name in client.get("/submissions/").content.decode()


def test_only_staff_can_cancel(client, alice, admin_user, submission):
    client.force_login(alice)
    client.post(f"/submissions/{submission.pk}/cancel/")
    assert Submission.objects.get(pk=submission.pk).status == states.QUEUED
    client.force_login(admin_user)
    client.post(f"/submissions/{submission.pk}/cancel/")
    assert Submission.objects.get(pk=submission.pk).status == states.CANCELLED
