"""A judge worker whose pool process is killed at any moment never wedges judging: the submission
finishes with one result per task. The reaper runs in a process of its own (its own queue), so a
judge worker stuck on a job cannot hold it up; and stopping a worker takes at most 30 seconds."""
import os
import signal
import time

import pytest
from django.conf import settings

from config.celery import app as celery_app
from leaderboard import constants as states
from leaderboard.models import AuditEntry, TaskRun
from tests.conftest import Worker
from tests.submissions.endless_job import ENDLESS
from tests.submissions.test_worker import finished, upload
from tests.waits import wait_for
from tests.submissions.zips import site_zip

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

TASK = "sample-tabs"
STOP_SECONDS = 30


def pool_children(worker):
    pid = worker.proc.pid
    found = []
    for thread in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{thread}/children") as children:
            found += [int(child) for child in children.read().split()]
    return found


def received(worker):
    """How many judge jobs the worker has logged as received."""
    return sum(1 for line in worker.output().splitlines() if "judging.judge_run[" in line and "received" in line)


def last_screenshot(submission):
    """The replay's last state is on disk: what follows is scoring (OCR, similarity, assertions)."""
    run = submission.runs.select_related("task").get()
    return run.status == states.RUNNING and (run.claim_dir() / "screenshots" / f"{run.task.step_count}.png").exists()


def mid_replay(submission):
    run = submission.runs.get()
    return run.status == states.RUNNING and (run.claim_dir() / "screenshots" / "0.png").exists()


@pytest.fixture
def alone(celery_worker):
    """The session's worker reads the same queue: it is stopped while a test needs its own."""
    celery_worker.stop()
    yield
    celery_worker.start()


@pytest.fixture
def judge_and_reaper(alone, worker_env, tmp_path):
    """A judge worker and, beside it, the reaper process as scripts/run starts them, with short limits
    so that a job lost with its process comes back within the test: a claimed one once its heartbeat is
    stale, and one whose process died before it claimed the run (killed on receipt, before the pool
    accepted the job, Celery neither runs nor rejects it) when the reaper sends queued runs again."""
    env = {**worker_env, "JUDGE_STALE_SECONDS": "15", "JUDGE_HEARTBEAT_SECONDS": "2", "JUDGE_REAPER_INTERVAL": "3",
           "JUDGE_RESEND_QUEUED_SECONDS": "30"}
    judge = Worker(env, tmp_path / "judge.log").start()
    reaper = Worker(env, tmp_path / "reaper.log", queue=settings.REAPER_QUEUE, beat=True,
                    args=["--pool", "solo"]).start()
    yield judge, reaper
    judge.stop()
    reaper.stop()


MOMENTS = ["on receipt", "mid-replay", "during scoring"]


@pytest.mark.parametrize("moment", MOMENTS)
def test_killing_the_pool_process_at_any_moment_ends_with_one_result_per_task(
        sample_catalog_committed, judge_and_reaper, alice_api, tmp_path, moment):
    kill_pool_process_at(moment, judge_and_reaper, alice_api, tmp_path)


@pytest.mark.production
@pytest.mark.parametrize("moment", MOMENTS)
def test_killing_the_pool_process_at_any_moment_ends_with_one_result_per_task_in_production_mode(
        sample_catalog_committed, judge_and_reaper, alice_api, tmp_path, moment):
    kill_pool_process_at(moment, judge_and_reaper, alice_api, tmp_path)


def kill_pool_process_at(moment, judge_and_reaper, alice_api, tmp_path):
    judge, reaper = judge_and_reaper
    wait_for(lambda: "ready" in judge.output(), timeout=60, what="the judge worker to start", worker=judge)
    seen = received(judge)
    submission = upload(alice_api, site_zip(tmp_path / "run.zip", perfect=[TASK]))
    condition = {"on receipt": lambda: received(judge) > seen, "mid-replay": lambda: mid_replay(submission),
                 "during scoring": lambda: last_screenshot(submission)}[moment]
    wait_for(condition, timeout=120, what=moment, worker=judge)
    for child in pool_children(judge):
        os.kill(child, signal.SIGKILL)
    wait_for(lambda: finished(submission), timeout=240, what="the submission to finish", worker=(judge, reaper),
             state=lambda: list(TaskRun.objects.filter(submission=submission).values(
                 "status", "attempts", "job_id", "queued_at", "heartbeat_at", "unsent", "failure_detail")))
    assert "exited with 'signal 9 (SIGKILL)'" in judge.output()  # it was this worker's job that was hit
    runs = list(TaskRun.objects.filter(submission=submission))
    assert len(runs) == 1 and runs[0].status == states.DONE and runs[0].final == pytest.approx(1.0, abs=0.01)
    assert AuditEntry.objects.filter(run=runs[0], action="run.done").count() == 1
    assert submission.status == states.DONE and submission.tasks_judged == 1


def stop_seconds(worker):
    """SIGTERM to the worker's main process, as docker stop and systemd send it; seconds until it exited."""
    started = time.monotonic()
    os.kill(worker.proc.pid, signal.SIGTERM)
    worker.proc.wait(timeout=120)
    return time.monotonic() - started


def test_stopping_a_worker_in_the_middle_of_a_job_takes_at_most_30_seconds_and_loses_nothing(
        sample_catalog_committed, judge_and_reaper, alice_api, tmp_path):
    judge, reaper = judge_and_reaper
    submission = upload(alice_api, site_zip(tmp_path / "run.zip", perfect=[TASK]))
    wait_for(lambda: mid_replay(submission), timeout=120, what="the job to start", worker=judge)
    assert stop_seconds(judge) <= STOP_SECONDS, judge.output()[-2000:]
    judge.start()
    wait_for(lambda: finished(submission), timeout=240, what="the submission to finish", worker=judge)
    run = submission.runs.get()
    assert run.status == states.DONE and AuditEntry.objects.filter(run=run, action="run.done").count() == 1
    assert stop_seconds(reaper) <= STOP_SECONDS, reaper.output()[-2000:]


def test_a_stop_that_would_wait_for_a_job_forever_turns_cold_in_time(alone, worker_env, tmp_path):
    # A job that never ends stands for one lost in a wedged pool: the warm stop would wait for it.
    stuck = Worker({**worker_env, "JUDGE_STOP_SECONDS": "3"}, tmp_path / "stuck.log",
                   args=["--include", "tests.submissions.endless_job"]).start()
    try:
        wait_for(lambda: "ready" in stuck.output(), timeout=60, what="the worker to start", worker=stuck)
        celery_app.send_task(ENDLESS, queue=settings.JUDGE_QUEUE)
        wait_for(lambda: f"{ENDLESS}[" in stuck.output(), timeout=60, what="the job to start", worker=stuck)
        assert stop_seconds(stuck) <= STOP_SECONDS, stuck.output()[-2000:]
    finally:
        stuck.stop()


def test_the_reaper_runs_in_its_own_process_while_every_judge_is_busy(sample_catalog_committed, judge_and_reaper):
    from leaderboard.runs import scheduled_reap

    judge, reaper = judge_and_reaper
    judge.stop()  # no judge at all: the reaper must not need one
    assert scheduled_reap.delay().get(timeout=60) == {"requeued": [], "failed": [], "resent": [], "sent": []}
    assert "judging.reap" in reaper.output()
