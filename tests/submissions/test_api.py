"""Uploading through the API with a token, and reading submissions back with the same visibility rules."""
import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from leaderboard import services
from leaderboard.api import SubmissionPagination
from leaderboard.models import Submission
from tests.factories import make_submission
from tests.submissions.conftest import METADATA
from tests.submissions.zips import PAGE, make_zip

FIELDS = {"model_name": "Qwen-Test", "model_type": "open-source", "parameters_billions": "72", "thinking": "true"}


def token_client(user):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return api


def test_upload_with_a_token_creates_the_submission(alice, tasks, run_zip, django_capture_on_commit_callbacks,
                                                   sent_jobs):
    with open(run_zip(("t1", "t2")), "rb") as archive, django_capture_on_commit_callbacks(execute=True):
        response = token_client(alice).post("/api/submissions/", {**FIELDS, "archive": archive}, format="multipart")
    assert response.status_code == 201, response.content
    body = response.json()
    submission = Submission.objects.get(pk=body["id"])
    assert submission.owner == alice and submission.thinking and not submission.is_public and len(sent_jobs) == 2
    assert body["status"] == "queued" and body["progress"]["total"] == 2
    assert response["Location"].endswith(submission.get_absolute_url())


def test_one_task_upload_names_the_task(alice, tasks, tmp_path, django_capture_on_commit_callbacks):
    path = make_zip(tmp_path / "one.zip", {"index.html": PAGE})
    with open(path, "rb") as archive, django_capture_on_commit_callbacks(execute=False):
        response = token_client(alice).post("/api/submissions/", {**FIELDS, "task": "t3", "archive": archive},
                                            format="multipart")
    assert response.status_code == 201 and [r["task"] for r in response.json()["runs"]] == ["t3"]


def test_upload_without_a_token_is_refused(db, tasks, run_zip):
    with open(run_zip(), "rb") as archive:
        response = APIClient().post("/api/submissions/", {**FIELDS, "archive": archive}, format="multipart")
    assert response.status_code in (401, 403) and not Submission.objects.exists()


def test_upload_refusal_has_a_code_and_names_the_entries(alice, tasks, tmp_path):
    bad = make_zip(tmp_path / "bad.zip", {"t1/index.html": PAGE, "zz/index.html": PAGE})
    with open(bad, "rb") as archive:
        response = token_client(alice).post("/api/submissions/", {**FIELDS, "archive": archive}, format="multipart")
    assert response.status_code == 400
    assert response.json()["code"] == "upload:unknown-task" and "zz" in response.json()["detail"]


def test_missing_metadata_is_a_field_error(alice, tasks, run_zip):
    with open(run_zip(), "rb") as archive:
        response = token_client(alice).post("/api/submissions/", {"archive": archive}, format="multipart")
    assert response.status_code == 400 and "model_name" in response.json() and "model_type" in response.json()


def test_quota_exceeded_is_429_with_a_message(alice, tasks, run_zip, settings, django_capture_on_commit_callbacks):
    settings.SUBMISSION_QUOTA_PER_DAY = 1
    api = token_client(alice)
    with django_capture_on_commit_callbacks(execute=False):
        for name in ("a", "b"):
            with open(run_zip(), "rb") as archive:
                response = api.post("/api/submissions/", {**FIELDS, "archive": archive}, format="multipart")
    assert response.status_code == 429 and response.json()["code"] == "quota:daily"


def test_duplicate_upload_is_409_pointing_to_the_earlier(alice, tasks, run_zip, django_capture_on_commit_callbacks):
    path = run_zip()
    with django_capture_on_commit_callbacks(execute=False):
        earlier = services.create_submission(alice, METADATA, path, "run.zip")
    with open(path, "rb") as archive:
        response = token_client(alice).post("/api/submissions/", {**FIELDS, "archive": archive}, format="multipart")
    assert response.status_code == 409 and response.json()["earlier"].endswith(earlier.get_absolute_url())


@pytest.mark.parametrize("public", [False, True])
def test_list_and_detail_follow_visibility(alice, bob, tasks, run_zip, public, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        submission = services.create_submission(alice, {**METADATA, "is_public": public}, run_zip(), "run.zip")
    for viewer, sees in ((alice, True), (bob, public), (None, public)):
        api = token_client(viewer) if viewer else APIClient()
        ids = [s["id"] for s in api.get("/api/submissions/").json()["results"]]
        assert (submission.pk in ids) == sees
        assert api.get(f"/api/submissions/{submission.pk}/").status_code == (200 if sees else 404)


def _public_submissions(owner, count, tasks):
    return [make_submission(owner, f"Model {n}", {task: (1, 0.5) for task in tasks}) for n in range(count)]


def test_the_list_has_a_maximum_page_size(alice, tasks, monkeypatch):
    _public_submissions(alice, 3, tasks)
    monkeypatch.setattr(SubmissionPagination, "max_limit", 2)
    page = APIClient().get("/api/submissions/?limit=100000").json()
    assert page["count"] == 3 and len(page["results"]) == 2 and page["next"]


def test_the_list_costs_the_same_queries_for_any_number_of_submissions_on_a_page(
        alice, bob, tasks, django_assert_max_num_queries, django_assert_num_queries):
    _public_submissions(alice, 2, tasks)
    api = APIClient()
    with django_assert_max_num_queries(10) as few:
        assert len(api.get("/api/submissions/").json()["results"]) == 2
    _public_submissions(bob, 8, tasks)
    with django_assert_num_queries(len(few.captured_queries)):
        assert len(api.get("/api/submissions/").json()["results"]) == 10
