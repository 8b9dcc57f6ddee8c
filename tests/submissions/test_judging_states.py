"""The life of a run without a worker: claims, fenced results, the reaper, cancel and re-judge.

Each transition is the plain service function with `now` injected, as the Celery tasks call them.
"""
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from judging.engine import scoring
from judging.engine.result import COMPLETED, TaskResult
from leaderboard import constants as states
from leaderboard import moderation, runs, services
from leaderboard.models import AuditEntry, Submission, TaskRun
from tests.submissions.conftest import METADATA


def engine_result(task_id, success=2, total=2, ocr=(1.0,), image=(0.9,)):
    s = scoring.task_scores(success, total, list(ocr), list(image))
    return TaskResult(
        task_id=task_id, protocol=scoring.PROTOCOL, backends={"grounding": "offline", "assertions": "offline"},
        versions={"chromium": "test"}, viewport="1280x800", total_step=total, success_step=success,
        stop_reason=COMPLETED, stop_detail="", steps=[], points=[], screenshots=["state_0.png", "state_1.png"],
        ifs=s.ifs, lfs=s.lfs, hfs=s.hfs, vfs=s.vfs, final=s.final, hfs_note="offline",
        blocked_requests={"https://cdn.example/x.js": 3, "https://fonts.example/y": 1}, console_errors=["boom"],
        dialogs=[], popups_closed=0, timings_ms={})


@pytest.fixture
def submission(tasks, alice, run_zip, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        return services.create_submission(alice, METADATA, run_zip(("t1", "t2")), "run.zip")


def run_of(submission, task_id):
    return submission.runs.get(task__task_id=task_id)


def judge(run, job="job-1", worker="w1", **result):
    claimed = runs.claim_run(run.pk, job, worker)
    claimed.claim_dir().mkdir(parents=True, exist_ok=True)
    return claimed, runs.store_result(claimed, engine_result(claimed.task.task_id, **result), 1.5)


def test_claim_is_taken_once_and_a_duplicate_message_is_ignored(submission):
    run = run_of(submission, "t1")
    first = runs.claim_run(run.pk, "job-1", "w1")
    assert first.status == states.RUNNING and first.attempts == 1
    assert runs.claim_run(run.pk, "job-2", "w2") is None
    assert Submission.objects.get(pk=submission.pk).status == states.RUNNING


def test_redelivery_of_the_same_job_takes_over_a_run_whose_worker_died(submission):
    run = run_of(submission, "t1")
    runs.claim_run(run.pk, "job-1", "w1")
    again = runs.claim_run(run.pk, "job-1", "w2")  # the broker gave the job back: w1 is gone
    assert again.attempts == 2 and again.worker == "w2"


def test_result_is_stored_once_and_a_stale_claim_stores_nothing(submission):
    run = run_of(submission, "t1")
    old = runs.claim_run(run.pk, "job-1", "w1")
    new = runs.claim_run(run.pk, "job-1", "w2")
    for claim in (old, new):
        claim.claim_dir().mkdir(parents=True, exist_ok=True)
    assert runs.store_result(old, engine_result("t1", success=0), 1.0) is False
    assert runs.store_result(new, engine_result("t1"), 2.0) is True
    assert runs.store_result(new, engine_result("t1", success=1), 2.0) is False  # delivered twice
    stored = TaskRun.objects.get(pk=run.pk)
    assert stored.status == states.DONE and stored.success_steps == 2 and stored.engine_seconds == 2.0
    assert stored.blocked_requests == 4 and stored.console_errors == 1
    assert stored.result["stop_reason"] == COMPLETED
    assert stored.screenshots == [f"{stored.out_dir}/state_0.png", f"{stored.out_dir}/state_1.png"]
    assert not old.claim_dir().exists()
    assert AuditEntry.objects.filter(action="run.done", run=run).count() == 1


def test_aggregate_is_stored_when_the_last_run_ends_and_missing_tasks_score_zero(submission):
    done, _ = judge(run_of(submission, "t1"))
    assert Submission.objects.get(pk=submission.pk).status == states.RUNNING
    judge(run_of(submission, "t2"), success=1)
    sub = Submission.objects.get(pk=submission.pk)
    # The catalog has 4 tasks, 2 submitted: the mean is over all 4, the missing ones at zero.
    finals = [run.final for run in submission.runs.all()]
    assert len(finals) == 2 and all(0 < f <= 1 for f in finals)
    assert sub.status == states.DONE and sub.finished_at is not None
    assert sub.final == pytest.approx(sum(finals) / 4) and sub.ifs == pytest.approx((1 + 0.5) / 4)
    assert (sub.tasks_judged, sub.tasks_total, sub.coverage) == (2, 4, 0.5)
    assert sub.protocol == scoring.PROTOCOL and sub.hfs is None and sub.backend == "offline"
    assert len(sub.aggregate["final_ci"]) == 2  # stored with the aggregate, not at the first page view


def test_run_backend_names_a_similarity_other_than_the_default(submission):
    run = runs.claim_run(run_of(submission, "t1").pk, "job-1", "w1")
    run.claim_dir().mkdir(parents=True, exist_ok=True)
    result = engine_result("t1")
    result.backends = {**result.backends, "image_similarity": "dinov2"}
    runs.store_result(run, result, 1.0)
    assert TaskRun.objects.get(pk=run.pk).backend == "offline+dinov2"


def test_failed_run_counts_as_missing_in_the_aggregate(submission):
    judge(run_of(submission, "t1"))
    bad = runs.claim_run(run_of(submission, "t2").pk, "job-9", "w1")
    runs.fail_run(bad, states.FAILURE_ERROR, "browser crashed three times")
    sub = Submission.objects.get(pk=submission.pk)
    assert sub.status == states.DONE and sub.tasks_judged == 1 and sub.coverage == 0.25
    assert sub.progress()["failures"] == [{"task": "t2", "reason": "judge:error",
                                           "detail": "browser crashed three times"}]


def test_reaper_requeues_a_run_whose_heartbeat_stopped_and_fails_it_after_max_attempts(
        submission, settings, django_capture_on_commit_callbacks, sent_jobs):
    settings.JUDGE_MAX_ATTEMPTS = 2
    run = run_of(submission, "t1")
    now = timezone.now()
    runs.claim_run(run.pk, "job-1", "w1", now=now)
    assert runs.reap(now=now + timedelta(seconds=30), stale_seconds=60)["requeued"] == []
    with django_capture_on_commit_callbacks(execute=True):
        report = runs.reap(now=now + timedelta(seconds=61), stale_seconds=60)
    assert report["requeued"] == [run.pk] and len(sent_jobs) == 1
    assert TaskRun.objects.get(pk=run.pk).status == states.QUEUED

    runs.claim_run(run.pk, "job-2", "w2", now=now + timedelta(seconds=70))
    report = runs.reap(now=now + timedelta(seconds=200), stale_seconds=60)
    failed = TaskRun.objects.get(pk=run.pk)
    assert report["failed"] == [run.pk] and failed.status == states.FAILED
    assert failed.failure_reason == states.FAILURE_STALLED and "w2" in failed.failure_detail


def test_heartbeat_keeps_the_reaper_away(submission):
    run = run_of(submission, "t1")
    now = timezone.now()
    claimed = runs.claim_run(run.pk, "job-1", "w1", now=now)
    assert runs.beat(claimed, now=now + timedelta(seconds=50))
    assert runs.reap(now=now + timedelta(seconds=100), stale_seconds=60)["requeued"] == []


def test_reaper_resends_a_queued_run_whose_message_was_lost(submission, django_capture_on_commit_callbacks, sent_jobs):
    later = timezone.now() + timedelta(hours=2)
    with django_capture_on_commit_callbacks(execute=True):
        report = runs.reap(now=later, resend_seconds=3600)
    assert sorted(report["resent"]) == sorted(submission.runs.values_list("pk", flat=True)) and len(sent_jobs) == 2
    assert runs.reap(now=later + timedelta(minutes=1), resend_seconds=3600)["resent"] == []


def test_cancel_drops_the_result_of_a_job_still_running(submission, admin_user):
    claimed = runs.claim_run(run_of(submission, "t1").pk, "job-1", "w1")
    claimed.claim_dir().mkdir(parents=True)
    assert services.cancel_submission(submission, actor=admin_user)
    assert runs.store_result(claimed, engine_result("t1"), 1.0) is False
    assert not runs.beat(claimed)
    assert set(submission.runs.values_list("status", flat=True)) == {states.CANCELLED}
    assert Submission.objects.get(pk=submission.pk).status == states.CANCELLED
    assert AuditEntry.objects.get(action="submission.cancelled").actor == admin_user


def test_a_judged_submission_cannot_be_cancelled(submission, admin_user):
    opened_while_judging = Submission.objects.get(pk=submission.pk)  # an admin's page, loaded mid-judging
    judge(run_of(submission, "t1"))
    judge(run_of(submission, "t2"), job="job-2")
    assert Submission.objects.get(pk=submission.pk).status == states.DONE

    assert services.cancel_submission(opened_while_judging, actor=admin_user) is False
    with pytest.raises(moderation.ActionRefused) as refused:
        moderation.perform(opened_while_judging, "cancel", admin_user)
    assert (refused.value.code, refused.value.status) == ("action:not-applicable", 409)
    assert refused.value.message == "Its judging has already ended."
    judged = Submission.objects.get(pk=submission.pk)
    assert judged.status == states.DONE and judged.final is not None and judged.finished_at is not None
    assert set(judged.runs.values_list("status", flat=True)) == {states.DONE}
    assert not AuditEntry.objects.filter(action="submission.cancelled").exists()


def test_rejudge_resets_results_and_queues_every_run(submission, admin_user, django_capture_on_commit_callbacks,
                                                    sent_jobs):
    judge(run_of(submission, "t1"))
    judge(run_of(submission, "t2"))
    with django_capture_on_commit_callbacks(execute=True):
        services.rejudge_submission(submission, actor=admin_user, reason="protocol iwr-v2")
    sub = Submission.objects.get(pk=submission.pk)
    assert len(sent_jobs) == 2 and sub.status == states.QUEUED and sub.final is None and sub.aggregate == {}
    assert set(sub.runs.values_list("status", "final", "attempts")) == {(states.QUEUED, None, 0)}


def test_outdated_submissions_are_those_judged_under_another_protocol(submission):
    judge(run_of(submission, "t1"))
    assert list(services.outdated_submissions()) == []
    assert list(services.outdated_submissions(protocol="iwr-v2")) == [submission]


def test_rejudge_command_requeues_submissions_of_an_older_protocol(submission, django_capture_on_commit_callbacks,
                                                                  sent_jobs):
    judge(run_of(submission, "t1"))
    submission.runs.filter(status=states.DONE).update(protocol="iwr-v0")
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("rejudge", "--outdated", stdout=out)
    assert f"re-judging #{submission.pk}" in out.getvalue() and len(sent_jobs) == 2
    assert set(submission.runs.values_list("status", flat=True)) == {states.QUEUED}
    with pytest.raises(CommandError, match="no submission with id 999"):
        call_command("rejudge", "999")
    with pytest.raises(CommandError, match="exactly one"):
        call_command("rejudge", "--all", str(submission.pk))


def test_deleting_judged_work_keeps_its_quota_slot_and_an_unjudged_one_frees_it(
        tasks, alice, run_zip, settings, django_capture_on_commit_callbacks):
    settings.SUBMISSION_QUOTA_TOTAL = 2
    with django_capture_on_commit_callbacks(execute=False):
        judged = services.create_submission(alice, METADATA, run_zip(("t1", "t2")), "a.zip")
        waiting = services.create_submission(alice, METADATA, run_zip(("t1",)), "b.zip")
    judge(run_of(judged, "t1"))  # one task judged is enough for the work to count
    assert services.quota_for(alice).used_total == 2
    judged.delete()
    waiting.delete()  # nothing of it was judged: its slot comes back
    quota = services.quota_for(alice)
    assert (quota.used_total, quota.used_today) == (1, 1)
    with django_capture_on_commit_callbacks(execute=False):
        services.create_submission(alice, METADATA, run_zip(("t2",)), "c.zip")
    with pytest.raises(services.SubmissionRefused) as refused:
        services.create_submission(alice, METADATA, run_zip(("t3",)), "d.zip")
    assert refused.value.code == "quota:total"
