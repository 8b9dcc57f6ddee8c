"""Submission workflows: create from an upload, claim and finish runs, reap, cancel, re-judge.

Every state change is a conditional UPDATE whose row count is checked, so two workers, a worker and
the reaper, or an admin and a worker can never both win the same transition. Judge jobs are sent
only after the transaction that queued their run commits.
"""
import logging
import os
import shutil
import uuid
import zipfile
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

import media_sync
from judging import constants as states
from judging.engine import scoring
from leaderboard import ranking, standings, uploads
from leaderboard.models import AuditEntry, JudgedWork, Submission, TaskRun
from tasks_catalog.models import Asset, Task

logger = logging.getLogger(__name__)

METADATA_FIELDS = ("model_name", "organisation", "model_type", "parameters_billions", "thinking",
                   "paper_url", "code_url", "description", "is_public")


class SubmissionRefused(Exception):
    """Why an upload was not accepted; nothing was stored. `code` is stable, `status` is the HTTP answer."""

    def __init__(self, code, message, status=400, earlier=None):
        super().__init__(message)
        self.code, self.status, self.earlier = code, status, earlier

    @property
    def message(self):
        return str(self)


# -- quotas ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Quota:
    used_today: int
    per_day: int
    used_total: int
    total: int
    next_slot: object  # when a daily slot frees up, if the daily quota is used up

    def refusal(self):
        if self.used_total >= self.total:
            return SubmissionRefused(
                "quota:total", f"You have used all {self.total} submissions allowed per account. "
                "Ask an administrator if you need more.", status=429)
        if self.used_today >= self.per_day:
            return SubmissionRefused(
                "quota:daily", f"You have made {self.used_today} submissions in the last 24 hours, the daily "
                f"limit is {self.per_day}. The next one is possible after {self.next_slot:%Y-%m-%d %H:%M} UTC.",
                status=429)
        return None


def quota_for(user, now=None):
    """The user's quota use, or None for staff, who have none.

    Judged work counts (a JudgedWork, written when a submission's first task is judged, kept when
    the submission is deleted), and so does a submission still being judged: refused uploads never
    exist, and a submission cancelled or failed before any task was judged frees its slot.
    """
    if user.is_staff:
        return None
    now = now or timezone.now()
    made = list(JudgedWork.objects.filter(owner=user).values_list("uploaded_at", flat=True))
    made += Submission.objects.filter(owner=user).holding_quota().values_list("created_at", flat=True)
    day = sorted(t for t in made if t > now - timedelta(days=1))
    per_day = settings.SUBMISSION_QUOTA_PER_DAY
    next_slot = day[len(day) - per_day] + timedelta(days=1) if len(day) >= per_day else None
    return Quota(used_today=len(day), per_day=per_day, used_total=len(made),
                 total=settings.SUBMISSION_QUOTA_TOTAL, next_slot=next_slot)


def check_quota(user, now=None):
    quota = quota_for(user, now)
    refusal = quota and quota.refusal()
    if refusal:
        raise refusal


# -- creating a submission ---------------------------------------------------------------------

def check_upload_size(size):
    if size > settings.SUBMISSION_MAX_UPLOAD_BYTES:
        raise SubmissionRefused(
            "upload:too-large", f"The upload is {size / 1024 / 1024:.1f} MB; the limit is "
            f"{settings.SUBMISSION_MAX_UPLOAD_BYTES / 1024 / 1024:.0f} MB.", status=413)


def find_duplicate(sha256):
    return Submission.objects.filter(sha256=sha256).exclude(status=states.CANCELLED).order_by("created_at").first()


def check_duplicate_content(upload_path, plan):
    """The digest of the sites the zip holds; refused when an earlier submission holds the same files."""
    try:
        digest = uploads.content_digest(upload_path, plan)
    except zipfile.BadZipFile as exc:
        raise SubmissionRefused("upload:corrupt", f"The zip is damaged ({exc}).") from None
    earlier = Submission.objects.filter(content_sha256=digest).exclude(status=states.CANCELLED) \
        .order_by("created_at").first()
    if earlier:
        raise SubmissionRefused("upload:duplicate", f"This zip holds the same files as submission #{earlier.pk} "
                                "(packed differently): it was already submitted.", status=409, earlier=earlier)
    return digest


def visible_earlier(refusal, user):
    """The earlier submission a duplicate refusal points to, if this user may see it."""
    earlier = refusal.earlier
    if earlier is None or not Submission.objects.visible_to(user).filter(pk=earlier.pk).exists():
        return None
    return earlier


@dataclass(frozen=True)
class Inspected:
    size: int
    sha256: str
    task_pks: dict  # task_id -> Task pk, the catalog when checked
    plan: uploads.Plan
    content_sha256: str


def inspect_upload(upload_path, task_id=None):
    """Every check of the zip itself (size, duplicate, safety, layout, task ids), writing nothing.

    `task_id` set means a one-task zip for that task; otherwise the zip holds a whole run.
    """
    size = os.path.getsize(upload_path)
    check_upload_size(size)
    digest = uploads.sha256_file(upload_path)
    earlier = find_duplicate(digest)
    if earlier:
        raise SubmissionRefused("upload:duplicate", f"This exact zip was already submitted: submission "
                                f"#{earlier.pk}.", status=409, earlier=earlier)
    tasks = dict(Task.objects.values_list("task_id", "pk"))
    try:
        plan = uploads.inspect_zip(upload_path, tasks, task_id=task_id)
    except uploads.UploadError as exc:
        raise SubmissionRefused(exc.code, exc.message) from None
    return Inspected(size=size, sha256=digest, task_pks=tasks, plan=plan,
                     content_sha256=check_duplicate_content(upload_path, plan))


def preflight(user, upload_path, task_id=None, now=None):
    """What an upload of this zip would meet, answered without storing or queuing anything: the
    refusal if any (quota included), and the outside URLs the judge would block, by file and line."""
    report = {"ok": True, "errors": [], "warnings": [], "layout": None, "tasks": [], "files": 0, "bytes": 0}
    quota = quota_for(user, now)
    refusal = quota and quota.refusal()
    refusals = [refusal] if refusal else []
    try:
        inspected = inspect_upload(upload_path, task_id)
    except SubmissionRefused as refusal:
        refusals.append(refusal)
        inspected = None
    report["errors"] = [{"code": r.code, "message": r.message} for r in refusals]
    report["ok"] = not refusals
    if inspected is not None:
        plan = inspected.plan
        report.update(layout=plan.layout, tasks=plan.task_ids, files=plan.file_count, bytes=plan.total_bytes)
        found, truncated = uploads.outside_urls(upload_path, plan)
        report["warnings"] = [
            {"code": "site:outside-url", "task": u.task_id, "file": u.file, "line": u.line, "url": u.url,
             "message": f"{u.file}:{u.line} loads {u.url}, which the judge blocks (sites are served only "
                        f"from their own files)"} for u in found]
        if truncated:
            report["warnings"].append({"code": "site:outside-url-more", "message":
                                       f"More outside URLs than the {len(found)} shown."})
        asset_names = {}
        for task_id, name in Asset.objects.filter(task__task_id__in=plan.task_ids, kind=Asset.Kind.ASSET) \
                .values_list("task__task_id", "name"):
            asset_names.setdefault(task_id, set()).add(name)
        missing, truncated = uploads.missing_files(upload_path, plan, asset_names)
        report["warnings"] += [
            {"code": "site:missing-file", "task": m.task_id, "file": m.file, "line": m.line, "url": m.reference,
             "message": f"{m.file}:{m.line} loads {m.reference}, which is neither a file of the site nor one of "
                        f"task {m.task_id}'s assets: the judge answers it with 404"} for m in missing]
        if truncated:
            report["warnings"].append({"code": "site:missing-file-more", "message":
                                       f"More missing files than the {len(missing)} shown."})
    return report


def create_submission(owner, metadata, upload_path, upload_name, task_id=None, now=None):
    """Check, unpack and queue an uploaded zip. Raises SubmissionRefused and then leaves nothing behind.

    `task_id` set means a one-task zip for that task; otherwise the zip holds a whole run.
    """
    check_quota(owner, now)
    inspected = inspect_upload(upload_path, task_id)
    size, digest, tasks, plan = inspected.size, inspected.sha256, inspected.task_pks, inspected.plan

    # Unpacked beside the final place and moved in only once the rows exist, so neither a refused
    # upload nor a failed transaction leaves a folder that a submission row would point to.
    storage = uuid.uuid4().hex
    incoming = Submission.storage_root() / "incoming" / storage
    try:
        uploads.unpack(upload_path, plan, incoming)
    except uploads.UploadError as exc:
        raise SubmissionRefused(exc.code, exc.message) from None

    final_dir = None
    committed = []
    try:
        with transaction.atomic():
            # Runs first among the commit callbacks: from then on the rows exist and own the files.
            transaction.on_commit(lambda: committed.append(True))
            # Serialises one user's concurrent uploads so two cannot both pass the quota.
            get_user_model().objects.select_for_update().filter(pk=owner.pk).first()
            check_quota(owner, now)
            submission = Submission.objects.create(
                owner=owner, layout=plan.layout, upload_name=upload_name[:255], upload_bytes=size,
                sha256=digest, content_sha256=inspected.content_sha256, storage=storage,
                **{k: v for k, v in metadata.items() if k in METADATA_FIELDS})
            now = now or timezone.now()
            TaskRun.objects.bulk_create(
                TaskRun(submission=submission, task_id=tasks[t], queued_at=now) for t in plan.task_ids)
            AuditEntry.log("submission.created", submission=submission, actor=owner, tasks=plan.task_ids,
                           files=plan.file_count, bytes=plan.total_bytes, ignored=plan.ignored[:50])
            final_dir = submission.sites_dir()
            final_dir.parent.mkdir(parents=True, exist_ok=True)
            os.rename(incoming, final_dir)
            for task_id in plan.task_ids:
                media_sync.publish_tree(final_dir / task_id, media_sync.relative(final_dir / task_id))
            dispatch(list(submission.runs.values_list("pk", flat=True)))
    except BaseException:
        if committed:
            raise
        shutil.rmtree(incoming, ignore_errors=True)
        if final_dir is not None:
            media_sync.remove_tree(media_sync.relative(final_dir.parent))
        raise
    return submission


def dispatch(run_ids):
    """Send one judge job per run once the current transaction commits."""
    run_ids = list(run_ids)
    transaction.on_commit(lambda: send_jobs(run_ids))


def send_jobs(run_ids):
    """Send the judge jobs now. A broker that cannot take one (down, full, its folder unwritable)
    loses nothing: the runs not sent stay queued and marked `unsent`, and the reaper sends them
    once it can. Returns whether every job was sent."""
    from judging.tasks import judge_run  # judging.tasks imports this module

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
        ).update(status=states.RUNNING, job_id=job_id, worker=worker[:200], attempts=F("attempts") + 1,
                 started_at=now, heartbeat_at=now)
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
                                 failure_detail=f"attempt {run.attempts}: {error}"[:2000])
    if released:
        AuditEntry.log("run.retry", run=run, attempt=run.attempts, error=str(error)[:500])
    return bool(released)


def fail_run(run, reason, detail, now=None, rows=None):
    """End the run as failed (judge-side). `rows` narrows which states may fail; default: this claim."""
    now = now or timezone.now()
    failed = (rows if rows is not None else _mine(run)).update(
        status=states.FAILED, failure_reason=reason, failure_detail=str(detail)[:2000], finished_at=now)
    if failed:
        AuditEntry.log("run.failed", run=run, reason=reason, detail=str(detail)[:500])
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


# -- the reaper, admins ------------------------------------------------------------------------

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


def cancel_submission(submission, actor=None, now=None):
    """Stop judging: active runs become cancelled, and a job still running will have its result dropped."""
    now = now or timezone.now()
    with transaction.atomic():
        runs = submission.runs.filter(status__in=states.ACTIVE_STATES).update(status=states.CANCELLED,
                                                                              finished_at=now)
        changed = Submission.objects.filter(pk=submission.pk).exclude(status=states.CANCELLED).update(
            status=states.CANCELLED, finished_at=now)
        if changed:
            AuditEntry.log("submission.cancelled", submission=submission, actor=actor, runs=runs)
    return bool(changed)


def rejudge_submission(submission, actor=None, reason="", now=None):
    """Judge every task of the submission again from scratch (e.g. under a new protocol version)."""
    now = now or timezone.now()
    with transaction.atomic():
        run_ids = list(submission.runs.values_list("pk", flat=True))
        blank = dict.fromkeys(Submission.SCORE_NAMES)
        submission.runs.update(
            status=states.QUEUED, unsent=False, attempts=0, job_id="", worker="", queued_at=now, started_at=None,
            heartbeat_at=None, finished_at=None, engine_seconds=None, failure_reason="", failure_detail="",
            success_steps=None, total_steps=None, stop_reason="", blocked_requests=None, console_errors=None,
            out_dir="", screenshots=[], result={}, protocol="", backend="", **blank)
        Submission.objects.filter(pk=submission.pk).update(
            status=states.QUEUED, finished_at=None, tasks_judged=None, tasks_total=None, coverage=None,
            aggregate={}, protocol="", backend="", **blank)
        AuditEntry.log("submission.rejudged", submission=submission, actor=actor, reason=reason, runs=len(run_ids))
        dispatch(run_ids)
    submission.refresh_from_db()
    return submission


def outdated_submissions(protocol=scoring.PROTOCOL):
    """Submissions with a judged run under another protocol than the engine's current one."""
    judged_elsewise = TaskRun.objects.filter(status=states.DONE).exclude(protocol=protocol)
    return Submission.objects.filter(pk__in=judged_elsewise.values("submission_id"))
