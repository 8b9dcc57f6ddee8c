"""Creating a submission from an upload: rows, files, on-commit dispatch, and refusals that leave nothing."""
from datetime import timedelta
import pytest
from django.utils import timezone

from leaderboard import constants as states
from leaderboard.models import AuditEntry, Submission, TaskRun
from leaderboard.services import SubmissionRefused, create_submission
from tests.submissions.conftest import METADATA
from tests.submissions.zips import PAGE, make_zip, symlink


def stored_files():
    """Every file and folder under the submissions folder (the session shares one media folder)."""
    root = Submission.storage_root()
    return {str(p.relative_to(root)) for p in root.rglob("*")} - {"incoming"} if root.exists() else set()


def test_whole_run_creates_one_queued_run_per_task_and_sends_jobs_after_commit(
        tasks, alice, run_zip, django_capture_on_commit_callbacks, monkeypatch):
    sent = []
    monkeypatch.setattr("leaderboard.runs.judge_run.delay", sent.append)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        submission = create_submission(alice, METADATA, run_zip(("t1", "t3")), "run.zip")
    assert sent == []  # none sent before the commit
    for callback in callbacks:
        callback()
    assert sorted(sent) == sorted(submission.runs.values_list("pk", flat=True))  # one judge job per task
    assert submission.status == states.QUEUED and submission.layout == "run" and not submission.is_public
    assert sorted(submission.runs.values_list("task__task_id", "status")) == [("t1", "queued"), ("t3", "queued")]
    assert (submission.sites_dir() / "t1" / "index.html").read_bytes().startswith(PAGE)
    assert AuditEntry.objects.filter(action="submission.created", submission=submission, actor=alice).exists()


def test_one_task_zip_is_stored_under_that_task(tasks, alice, tmp_path, django_capture_on_commit_callbacks):
    path = make_zip(tmp_path / "one.zip", {"site/index.html": PAGE, "site/app.js": b"1"})
    with django_capture_on_commit_callbacks(execute=False):
        submission = create_submission(alice, METADATA, path, "one.zip", task_id="t2")
    assert submission.layout == "task" and list(submission.runs.values_list("task__task_id", flat=True)) == ["t2"]
    assert (submission.sites_dir() / "t2" / "app.js").read_bytes() == b"1"


@pytest.mark.parametrize("entries,code", [
    ({"t1/model/index.html": PAGE, "t1/../../escape.txt": b"x"}, "upload:path-traversal"),
    ({"t1/index.html": PAGE, "t1/link": symlink("/etc/passwd")}, "upload:link"),
    ({"t1/index.html": PAGE, "nope/index.html": PAGE}, "upload:unknown-task"),
    ({"t1/main.html": PAGE}, "upload:no-index"),
])
def test_rejected_upload_leaves_no_rows_and_no_files(tasks, alice, tmp_path, entries, code):
    before = stored_files()
    with pytest.raises(SubmissionRefused) as caught:
        create_submission(alice, METADATA, make_zip(tmp_path / "bad.zip", entries), "bad.zip")
    assert caught.value.code == code
    assert (Submission.objects.count(), TaskRun.objects.count(), AuditEntry.objects.count()) == (0, 0, 0)
    assert stored_files() == before


def test_failure_after_unpacking_removes_the_files_and_rolls_back(tasks, alice, run_zip, monkeypatch):
    def broken_dispatch(run_ids):
        raise RuntimeError("broker unreachable")

    monkeypatch.setattr("leaderboard.services.dispatch", broken_dispatch)
    before = stored_files()
    with pytest.raises(RuntimeError):
        create_submission(alice, METADATA, run_zip(), "run.zip")
    assert Submission.objects.count() == 0 and TaskRun.objects.count() == 0
    assert stored_files() == before


def test_duplicate_upload_points_to_the_earlier_submission(tasks, alice, run_zip, tmp_path,
                                                          django_capture_on_commit_callbacks):
    path = run_zip()
    with django_capture_on_commit_callbacks(execute=False):
        first = create_submission(alice, METADATA, path, "run.zip")
    with pytest.raises(SubmissionRefused) as caught:
        create_submission(alice, METADATA, path, "again.zip")
    assert caught.value.code == "upload:duplicate" and caught.value.status == 409
    assert caught.value.earlier == first and f"#{first.pk}" in caught.value.message
    assert Submission.objects.count() == 1


def test_upload_over_the_size_limit_is_refused(tasks, alice, run_zip, settings):
    settings.SUBMISSION_MAX_UPLOAD_BYTES = 100
    with pytest.raises(SubmissionRefused) as caught:
        create_submission(alice, METADATA, run_zip(), "run.zip")
    assert caught.value.code == "upload:too-large" and caught.value.status == 413
    assert Submission.objects.count() == 0


def test_daily_quota_names_the_limit_and_when_the_next_slot_frees(
        tasks, alice, run_zip, settings, django_capture_on_commit_callbacks):
    settings.SUBMISSION_QUOTA_PER_DAY = 2
    now = timezone.now()
    with django_capture_on_commit_callbacks(execute=False):
        first = create_submission(alice, METADATA, run_zip(), "a.zip", now=now)
        create_submission(alice, METADATA, run_zip(), "b.zip", now=now)
    with pytest.raises(SubmissionRefused) as caught:
        create_submission(alice, METADATA, run_zip(), "c.zip", now=now)
    assert caught.value.code == "quota:daily" and caught.value.status == 429
    assert "daily limit is 2" in caught.value.message
    assert f"{first.created_at + timedelta(days=1):%Y-%m-%d %H:%M}" in caught.value.message
    # A day later the oldest submission no longer counts.
    with django_capture_on_commit_callbacks(execute=False):
        create_submission(alice, METADATA, run_zip(), "c.zip", now=now + timedelta(days=1, minutes=1))


def test_total_quota_is_enforced_and_staff_are_exempt(tasks, alice, admin_user, run_zip, settings,
                                                     django_capture_on_commit_callbacks):
    settings.SUBMISSION_QUOTA_TOTAL = 1
    with django_capture_on_commit_callbacks(execute=False):
        create_submission(alice, METADATA, run_zip(), "a.zip")
        create_submission(admin_user, METADATA, run_zip(), "x.zip")
        create_submission(admin_user, METADATA, run_zip(), "y.zip")
    with pytest.raises(SubmissionRefused) as caught:
        create_submission(alice, METADATA, run_zip(), "b.zip")
    assert caught.value.code == "quota:total" and "all 1 submissions" in caught.value.message
