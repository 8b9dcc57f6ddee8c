"""Judging on a real Celery worker with real Chromium, in both modes, including workers killed mid-task.

The sample benchmark's reference sites are perfect submissions; a blank page stands for a site that
simply fails. Tests wait on states the server exposes (the run rows), never on sleeps alone.
"""
import os
import signal
from pathlib import Path

import pytest
from django.conf import settings

from leaderboard import constants as states
from leaderboard import runs
from leaderboard.models import AuditEntry, Submission, TaskRun
from leaderboard.runs import judge_run
from tests.conftest import Worker
from tests.submissions.zips import site_zip
from tests.waits import wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

TASKS = 6  # samples/bench


def upload(api, path):
    with open(path, "rb") as archive:
        response = api.post("/api/submissions/", {"model_name": "Reference", "model_type": "proprietary",
                                                  "archive": archive}, format="multipart")
    assert response.status_code == 201, response.content
    return Submission.objects.get(pk=response.json()["id"])


def finished(submission):
    submission.refresh_from_db()
    return submission.is_finished


def running_run(submission):
    return submission.runs.filter(status=states.RUNNING).first()


def check_judged(celery_worker, alice_api, tmp_path):
    submission = upload(alice_api, site_zip(tmp_path / "run.zip", perfect=["sample-tabs"], blank=["sample-modal"]))
    wait_for(lambda: finished(submission), what="the submission to finish", worker=celery_worker)
    perfect = submission.runs.get(task__task_id="sample-tabs")
    blank = submission.runs.get(task__task_id="sample-modal")
    assert perfect.status == states.DONE and perfect.final == pytest.approx(1.0, abs=0.01)
    assert perfect.success_steps == perfect.total_steps and perfect.attempts == 1
    assert perfect.screenshots and all((Path(settings.MEDIA_ROOT) / p).is_file() for p in perfect.screenshots)
    assert perfect.result["task_id"] == "sample-tabs" and perfect.engine_seconds > 0
    # A site that fails is a judged result with its reason, not a retry or a failure.
    assert blank.status == states.DONE and blank.attempts == 1 and blank.ifs == 0
    assert blank.stop_reason.startswith("site:")
    assert submission.status == states.DONE and submission.tasks_judged == 2 and submission.tasks_total == TASKS
    assert submission.coverage == pytest.approx(2 / TASKS)
    assert submission.final == pytest.approx((perfect.final + blank.final) / TASKS)
    # The same job delivered again (or sent twice) finds the run taken and changes nothing.
    assert judge_run.delay(perfect.pk).get(timeout=60) == "not claimed"
    again = TaskRun.objects.get(pk=perfect.pk)
    assert (again.attempts, again.final, again.finished_at) == (1, perfect.final, perfect.finished_at)
    assert AuditEntry.objects.filter(run=perfect, action="run.done").count() == 1


def test_submission_is_judged_by_a_real_worker_in_embedded_mode(sample_catalog_committed, celery_worker, alice_api, tmp_path):
    assert settings.CELERY_BROKER_URL.startswith("filesystem")
    check_judged(celery_worker, alice_api, tmp_path)


@pytest.mark.production
def test_submission_is_judged_by_a_real_worker_in_production_mode(sample_catalog_committed, celery_worker, alice_api, tmp_path):
    assert settings.CELERY_BROKER_URL.startswith("redis")
    check_judged(celery_worker, alice_api, tmp_path)


def check_pool_process_killed(celery_worker, alice_api, tmp_path):
    """SIGKILL the process judging a task: acks_late gives the job back and it runs again."""
    submission = upload(alice_api, site_zip(tmp_path / "run.zip", perfect=["sample-accordion"]))
    run = wait_for(lambda: running_run(submission), what="the run to start", worker=celery_worker)
    pid = int(run.worker.rsplit(":", 1)[1])
    os.kill(pid, signal.SIGKILL)
    wait_for(lambda: finished(submission), what="the job to run again", worker=celery_worker)
    run.refresh_from_db()
    assert run.status == states.DONE and run.attempts == 2 and run.final == pytest.approx(1.0, abs=0.01)
    workers = list(AuditEntry.objects.filter(run=run, action="run.claimed").values_list("detail__worker", flat=True))
    assert len(workers) == 2 and workers[0] != workers[1]
    assert AuditEntry.objects.filter(run=run, action="run.done").count() == 1


def test_killed_worker_process_job_runs_again_in_embedded_mode(sample_catalog_committed, celery_worker, alice_api, tmp_path):
    check_pool_process_killed(celery_worker, alice_api, tmp_path)


@pytest.mark.production
def test_killed_worker_process_job_runs_again_in_production_mode(sample_catalog_committed, celery_worker, alice_api, tmp_path):
    check_pool_process_killed(celery_worker, alice_api, tmp_path)


def kill_whole_worker_mid_task(celery_worker, alice_api, tmp_path):
    submission = upload(alice_api, site_zip(tmp_path / "run.zip", perfect=["sample-tabs"]))
    run = wait_for(lambda: running_run(submission), what="the run to start", worker=celery_worker)
    celery_worker.stop(signal.SIGKILL)
    celery_worker.start()
    return submission, run


def test_whole_worker_killed_in_embedded_mode_is_recovered_by_the_reaper(sample_catalog_committed, celery_worker, alice_api, tmp_path):
    # The filesystem broker deleted the message when the worker took it (DESIGN.md): the reaper
    # is the way back, once the dead job's heartbeat is older than the stale limit.
    submission, run = kill_whole_worker_mid_task(celery_worker, alice_api, tmp_path)
    wait_for(lambda: runs.reap(stale_seconds=settings.JUDGE_HEARTBEAT_SECONDS + 2)["requeued"],
             what="the reaper to re-queue the run")
    wait_for(lambda: finished(submission), what="the re-queued run to finish", worker=celery_worker)
    run.refresh_from_db()
    assert run.status == states.DONE and run.attempts == 2
    assert AuditEntry.objects.filter(run=run, action="run.requeued").count() == 1


@pytest.mark.production
def test_whole_worker_killed_in_production_mode_gets_its_job_back_from_redis(
        sample_catalog_committed, celery_worker, worker_env, alice_api, tmp_path):
    submission, run = kill_whole_worker_mid_task(celery_worker, alice_api, tmp_path)
    # Redis returns an unacknowledged job after the visibility timeout; a worker with a short one
    # restores it at once. No reaper runs in this test.
    restorer = Worker({**worker_env, "CELERY_VISIBILITY_TIMEOUT": "5"}, tmp_path / "restorer.log").start()
    try:
        wait_for(lambda: finished(submission), what="the restored job to finish", worker=restorer)
    finally:
        restorer.stop()
    run.refresh_from_db()
    assert run.status == states.DONE and run.attempts == 2
    assert not AuditEntry.objects.filter(run=run, action="run.requeued").exists()


def test_infrastructure_failure_retries_with_backoff_then_fails_with_the_reason(
        sample_catalog_committed, celery_worker, worker_env, alice_api, tmp_path):
    celery_worker.stop()  # only the broken worker below may take the job
    broken = Worker({**worker_env, "CHROMIUM_PATH": "/nonexistent/chromium", "JUDGE_MAX_ATTEMPTS": "2",
                     "JUDGE_RETRY_BACKOFF_SECONDS": "1"}, tmp_path / "broken.log").start()
    try:
        submission = upload(alice_api, site_zip(tmp_path / "run.zip", perfect=["sample-tabs"]))
        wait_for(lambda: finished(submission), timeout=120, what="the run to fail", worker=broken)
    finally:
        broken.stop()
        celery_worker.start()
    run = submission.runs.get()
    assert run.status == states.FAILED and run.failure_reason == states.FAILURE_ERROR and run.attempts == 2
    assert "nonexistent" in run.failure_detail
    assert AuditEntry.objects.filter(run=run, action="run.retry").count() == 1
    assert submission.status == states.DONE and submission.tasks_judged == 0 and submission.final == 0


def test_reaper_is_on_the_beat_schedule():
    from config.celery import app
    from leaderboard.runs import scheduled_reap

    entry = app.conf.beat_schedule["reap-stalled-runs"]
    assert entry["task"] == scheduled_reap.name and entry["schedule"] == settings.JUDGE_REAPER_INTERVAL


def test_the_judge_tasks_keep_the_names_that_queued_jobs_carry():
    from config.celery import app
    from leaderboard.runs import scheduled_reap

    app.loader.import_default_modules()
    assert (judge_run.name, scheduled_reap.name) == ("judging.judge_run", "judging.reap")
    assert app.tasks["judging.judge_run"].run is judge_run.run and app.tasks["judging.reap"].run is scheduled_reap.run
    assert app.conf.task_routes["judging.reap"]["queue"] == settings.REAPER_QUEUE
