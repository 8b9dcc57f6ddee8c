"""Celery tasks: the only bridge between the database and the judge engine."""
import os
import socket

from celery import shared_task
from django.conf import settings
from django.db import DatabaseError, connection

import media_sync
from judging import constants as states
from judging import runner
from judging.engine.task import TaskError
from leaderboard import services


@shared_task(name="judging.ping")
def ping(token):
    """Answer from a worker with where it runs and which database it sees: proves a round trip."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return {"token": token, "host": socket.gethostname(), "database": connection.vendor,
            "database_name": str(connection.settings_dict["NAME"])}


@shared_task(name="judging.judge_run", bind=True, acks_late=True, max_retries=None,
             autoretry_for=(DatabaseError,), retry_backoff=settings.JUDGE_RETRY_BACKOFF_SECONDS,
             soft_time_limit=settings.JUDGE_TASK_TIME_LIMIT, time_limit=settings.JUDGE_TASK_TIME_LIMIT + 60)
def judge_run(self, run_id):
    """Judge one TaskRun. Safe to deliver twice: only the job that claims the run judges it."""
    run = services.claim_run(run_id, job_id=self.request.id, worker=f"{self.request.hostname}:{os.getpid()}")
    if run is None:
        return "not claimed"
    try:
        with media_sync.judging_folders(run) as (task_dir, site_dir, out_dir):
            result, seconds = runner.judge(task_dir, site_dir, out_dir, beat=lambda: services.beat(run))
            media_sync.publish_tree(out_dir, media_sync.relative(run.claim_dir()))
    except TaskError as exc:
        services.fail_run(run, states.FAILURE_TASK_UNUSABLE, exc)
        return states.FAILED
    except Exception as exc:
        # The engine turns everything a site does into a result, so an exception here is ours
        # (browser, disk, database): retry with back-off, then give up with the reason.
        if not services.may_retry(run):
            services.fail_run(run, states.FAILURE_ERROR, f"{type(exc).__name__}: {exc}")
            return states.FAILED
        if services.release_for_retry(run, exc):
            raise self.retry(exc=exc, countdown=services.retry_delay(run.attempts)) from exc
        return "claim lost"
    services.store_result(run, result, seconds)
    return states.DONE


@shared_task(name="judging.reap")
def reap():
    """The beat-scheduled reaper: runs whose heartbeat stopped are queued again or failed."""
    return services.reap()
