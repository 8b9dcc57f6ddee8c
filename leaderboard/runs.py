"""A judge run's life, and the Celery tasks that drive it.

A job claims its run, beats while the engine works, then stores the result, gives the run back for
a retry, or fails it; the submission is finished once no run of it is active. The reaper re-queues
(or fails) runs whose heartbeat stopped and sends the jobs the broker missed. Every state change is
a conditional UPDATE whose row count is checked, so two workers, a worker and the reaper, or an
admin and a worker can never both win the same transition. Jobs are sent only after the
transaction that queued their run commits.

The tasks are thin wrappers beside the functions they call, so nothing here imports back from the
modules that queue runs. Their registered names (`judging.*`) are older than this module and stay,
so jobs already queued, the routes and the beat schedule still find them.
"""
import logging
import os
from datetime import timedelta
from pathlib import Path

from celery import shared_task
from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import F, Q
from django.utils import timezone

import media_sync
from judging import runner
from judging.engine import scoring
from judging.engine.task import TaskError
from leaderboard import constants as states
from leaderboard import ranking, standings
from leaderboard.models import AuditEntry, JudgedWork, Submission, TaskRun
from tasks_catalog.models import Task

logger = logging.getLogger(__name__)


# -- sending jobs ------------------------------------------------------------------------------

def dispatch(run_ids):
    """Send one judge job per run once the current transaction commits."""
    run_ids = list(run_ids)
    transaction.on_commit(lambda: send_jobs(run_ids))


def send_jobs(run_ids):
    """Send the judge jobs now. A broker that cannot take one (down, full, its folder unwritable)
    loses nothing: the runs not sent stay queued and marked `unsent`, and the reaper sends them
    once it can. Returns whether every job was sent."""
    for n, run_id in enumerate(run_ids):
        try:
            judge_run.delay(run_id)
        except Exception:  # kombu raises OperationalError, ChannelError or OSError, by transport
            logger.warning("the broker took no judge job; runs %s wait for the reaper", run_ids[n:], exc_info=True)
            TaskRun.objects.filter(pk__in=run_ids[n:], status=states.QUEUED).update(unsent=True)
            return False
    return True


# -- a judge job's life ------------------------------------------------------------------------

def claim_run(run_id, job_id, worker, now=None):
    """Take a run for this job, or return None when it is not this job's to take.

    A queued run is free. A running run is taken over only by a redelivery of the very job that
    claimed it: the broker gives a job back only after its worker died, so that earlier execution
    is gone. Any other job (a duplicate message) leaves it alone.
    """
    now = now or timezone.now()
    # One transaction: nobody sees the run running without its claim in the log, even if the
    # worker dies right after.
    with transaction.atomic():
        claimed = TaskRun.objects.filter(
            Q(status=states.QUEUED) | Q(status=states.RUNNING, job_id=job_id), pk=run_id,
        ).update(status=states.RUNNING, job_id=job_id, worker=worker[:states.WORKER_CHARS],
                 attempts=F("attempts") + 1, started_at=now, heartbeat_at=now)
        if not claimed:
            return None
        run = TaskRun.objects.select_related("task", "submission").get(pk=run_id)
        Submission.objects.filter(pk=run.submission_id, status=states.QUEUED).update(status=states.RUNNING)
        AuditEntry.log("run.claimed", run=run, job=job_id, worker=worker, attempt=run.attempts)
    return run


def _mine(run):
    """The rows this claim still owns: an admin's cancel, the reaper or a newer claim voids it."""
    return TaskRun.objects.filter(pk=run.pk, status=states.RUNNING, job_id=run.job_id, attempts=run.attempts)


def beat(run, now=None):
    """Record that the job is alive; False once the claim is lost (then its result will be dropped)."""
    return bool(_mine(run).update(heartbeat_at=now or timezone.now()))


def store_result(run, result, engine_seconds, now=None):
    """Save an engine TaskResult for this claim. A claim that lost the run stores nothing."""
    now = now or timezone.now()
    data = result.to_dict()
    media = Path(settings.MEDIA_ROOT)
    out_dir = run.claim_dir()
    stored = _mine(run).update(
        status=states.DONE, finished_at=now, heartbeat_at=now, engine_seconds=engine_seconds,
        protocol=result.protocol, backend=_backend_name(result),
        ifs=result.ifs, lfs=result.lfs, hfs=result.hfs, vfs=result.vfs, final=result.final,
        success_steps=result.success_step, total_steps=result.total_step,
        stop_reason=str(getattr(result, "stop_reason", "") or ""),
        blocked_requests=_count(getattr(result, "blocked_requests", None)),
        console_errors=_count(getattr(result, "console_errors", None)),
        out_dir=str(out_dir.relative_to(media)),
        screenshots=[str((out_dir / path).relative_to(media)) for path in (result.screenshots or [])],
        result=data, failure_reason="", failure_detail="",
    )
    if not stored:
        media_sync.remove_tree(media_sync.relative(out_dir))
        return False
    results = media_sync.relative(run.results_dir())
    for other in media_sync.subfolders(results):
        if other != out_dir.name:  # folders of earlier claims of this run
            media_sync.remove_tree(f"{results}/{other}")
    JudgedWork.charge(run.submission)
    AuditEntry.log("run.done", run=run, final=result.final, attempt=run.attempts)
    finish_submission_if_complete(run.submission_id, now)
    return True


def _backend_name(result):
    return ranking.backend_name(result.backends["grounding"], result.backends.get("image_similarity"))


def _count(value):
    """A count from what the engine reports: a number, a list of events, or {url: times}."""
    if value is None or isinstance(value, int):
        return value
    return sum(value.values()) if isinstance(value, dict) else len(value)


def release_for_retry(run, error, now=None):
    """Give the run back to the queue after an infrastructure error; the caller sends the retry."""
    released = _mine(run).update(status=states.QUEUED, queued_at=now or timezone.now(),
                                 failure_detail=f"attempt {run.attempts}: {error}"[:states.FAILURE_DETAIL_CHARS])
    if released:
        AuditEntry.log("run.retry", run=run, attempt=run.attempts, error=str(error)[:states.AUDIT_DETAIL_CHARS])
    return bool(released)


def fail_run(run, reason, detail, now=None, rows=None):
    """End the run as failed (judge-side). `rows` narrows which states may fail; default: this claim."""
    now = now or timezone.now()
    failed = (rows if rows is not None else _mine(run)).update(
        status=states.FAILED, failure_reason=reason, failure_detail=str(detail)[:states.FAILURE_DETAIL_CHARS],
        finished_at=now)
    if failed:
        AuditEntry.log("run.failed", run=run, reason=reason, detail=str(detail)[:states.AUDIT_DETAIL_CHARS])
        finish_submission_if_complete(run.submission_id, now)
    return bool(failed)


def retry_delay(attempt):
    """Exponential back-off for infrastructure errors: base, 2·base, 4·base …"""
    return settings.JUDGE_RETRY_BACKOFF_SECONDS * 2 ** max(attempt - 1, 0)


def may_retry(run):
    return run.attempts < settings.JUDGE_MAX_ATTEMPTS


def finish_submission_if_complete(submission_id, now=None):
    """Store the aggregate once no run is active. Tasks without a judged result count 0 (scoring)."""
    if TaskRun.objects.filter(submission_id=submission_id, status__in=states.ACTIVE_STATES).exists():
        return False
    done = list(TaskRun.objects.filter(submission_id=submission_id, status=states.DONE))
    total = max(Task.objects.count(), len(done))
    agg = scoring.aggregate(done, total)
    protocols = sorted({r.protocol for r in done if r.protocol})
    backends = sorted({r.backend for r in done if r.backend})
    # The bootstrap interval is stored with the aggregate so no leaderboard request computes it.
    interval = list(standings.final_interval(submission_id, total))
    finished = Submission.objects.filter(pk=submission_id, status__in=states.ACTIVE_STATES).update(
        status=states.DONE, finished_at=now or timezone.now(), ifs=agg.ifs, lfs=agg.lfs, hfs=agg.hfs,
        vfs=agg.vfs, final=agg.final, tasks_judged=agg.judged, tasks_total=agg.total, coverage=agg.coverage,
        protocol=",".join(protocols), backend=",".join(backends),
        aggregate={**agg.to_dict(), "protocols": protocols, "backends": backends, standings.CI_KEY: interval},
    )
    if finished:
        AuditEntry.log("submission.finished", submission=Submission(pk=submission_id), final=agg.final,
                       coverage=agg.coverage)
    return bool(finished)


# -- the reaper ------------------------------------------------------------------------------

def reap(now=None, stale_seconds=None, resend_seconds=None):
    """Re-queue (or, after too many attempts, fail) runs whose heartbeat stopped; resend lost jobs."""
    now = now or timezone.now()
    stale_seconds = settings.JUDGE_STALE_SECONDS if stale_seconds is None else stale_seconds
    resend_seconds = settings.JUDGE_RESEND_QUEUED_SECONDS if resend_seconds is None else resend_seconds
    report = {"requeued": [], "failed": [], "resent": [], "sent": []}
    # Jobs the broker could not take when they were queued go first: nothing else brings them.
    for run_id in TaskRun.objects.filter(status=states.QUEUED, unsent=True).values_list("pk", flat=True):
        if TaskRun.objects.filter(pk=run_id, unsent=True).update(unsent=False) and send_jobs([run_id]):
            report["sent"].append(run_id)
    stale = TaskRun.objects.filter(status=states.RUNNING, heartbeat_at__lt=now - timedelta(seconds=stale_seconds))
    for run in stale.select_related("submission"):
        rows = TaskRun.objects.filter(pk=run.pk, status=states.RUNNING, job_id=run.job_id,
                                      heartbeat_at=run.heartbeat_at)
        if not may_retry(run):
            if fail_run(run, states.FAILURE_STALLED,
                        f"no heartbeat from {run.worker} since {run.heartbeat_at:%H:%M:%S} "
                        f"after {run.attempts} attempts", now=now, rows=rows):
                report["failed"].append(run.pk)
            continue
        with transaction.atomic():
            if rows.update(status=states.QUEUED, job_id="", queued_at=now,
                           failure_detail=f"attempt {run.attempts}: no heartbeat from {run.worker}"):
                AuditEntry.log("run.requeued", run=run, worker=run.worker, attempt=run.attempts)
                dispatch([run.pk])
                report["requeued"].append(run.pk)
    lost = TaskRun.objects.filter(status=states.QUEUED, queued_at__lt=now - timedelta(seconds=resend_seconds))
    for run_id, queued_at in lost.values_list("pk", "queued_at"):
        with transaction.atomic():
            if TaskRun.objects.filter(pk=run_id, status=states.QUEUED, queued_at=queued_at).update(queued_at=now):
                dispatch([run_id])
                report["resent"].append(run_id)
    return report


# -- the Celery tasks --------------------------------------------------------------------------

@shared_task(name="judging.judge_run", bind=True, acks_late=True, max_retries=None,
             autoretry_for=(DatabaseError,), retry_backoff=settings.JUDGE_RETRY_BACKOFF_SECONDS,
             soft_time_limit=settings.JUDGE_TASK_TIME_LIMIT, time_limit=settings.JUDGE_TASK_TIME_LIMIT + 60)
def judge_run(self, run_id):
    """Judge one TaskRun. Safe to deliver twice: only the job that claims the run judges it."""
    run = claim_run(run_id, job_id=self.request.id, worker=f"{self.request.hostname}:{os.getpid()}")
    if run is None:
        return "not claimed"
    try:
        with media_sync.judging_folders(run) as (task_dir, site_dir, out_dir):
            result, seconds = runner.judge(task_dir, site_dir, out_dir, beat=lambda: beat(run))
            media_sync.publish_tree(out_dir, media_sync.relative(run.claim_dir()))
    except TaskError as exc:
        fail_run(run, states.FAILURE_TASK_UNUSABLE, exc)
        return states.FAILED
    except Exception as exc:
        # The engine turns everything a site does into a result, so an exception here is ours
        # (browser, disk, database): retry with back-off, then give up with the reason.
        if not may_retry(run):
            fail_run(run, states.FAILURE_ERROR, f"{type(exc).__name__}: {exc}")
            return states.FAILED
        if release_for_retry(run, exc):
            raise self.retry(exc=exc, countdown=retry_delay(run.attempts)) from exc
        return "claim lost"
    store_result(run, result, seconds)
    return states.DONE


@shared_task(name="judging.reap")
def scheduled_reap():
    """The beat-scheduled reaper: runs whose heartbeat stopped are queued again or failed."""
    return reap()
