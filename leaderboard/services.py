"""Submission workflows: check an upload against the quotas, create it, cancel it, re-judge it.

A run's life once queued (claim, heartbeat, result, retry, reaper) is in leaderboard/runs.py,
beside the Celery tasks that drive it; its rules hold here too: every state change is a
conditional UPDATE whose row count is checked, and jobs are sent only after the commit.
"""
import os
import shutil
import uuid
import zipfile
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

import media_sync
from config.refusals import Refused
from judging.engine import scoring
from leaderboard import constants as states
from leaderboard import uploads
from leaderboard.models import AuditEntry, JudgedWork, Submission, TaskRun
from leaderboard.runs import dispatch
from tasks_catalog.models import Asset, Task

METADATA_FIELDS = ("model_name", "organisation", "model_type", "parameters_billions", "thinking",
                   "paper_url", "code_url", "description", "is_public")


class SubmissionRefused(Refused):
    """Why an upload was not accepted; nothing was stored. `earlier`: the submission it duplicates."""

    def __init__(self, code, message, status=400, earlier=None):
        super().__init__(code, message, status)
        self.earlier = earlier


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


# -- admins ----------------------------------------------------------------------------------

def cancel_submission(submission, actor=None, now=None):
    """Stop judging: active runs become cancelled, and a job still running will have its result dropped.

    Only a submission still being judged can be cancelled, whatever the caller last read of it: one
    whose judging ended (judged and ranked, failed, cancelled) is left as it is, and False returned.
    """
    now = now or timezone.now()
    with transaction.atomic():
        if not Submission.objects.filter(pk=submission.pk, status__in=states.ACTIVE_STATES).update(
                status=states.CANCELLED, finished_at=now):
            return False
        runs = submission.runs.filter(status__in=states.ACTIVE_STATES).update(status=states.CANCELLED,
                                                                              finished_at=now)
        AuditEntry.log("submission.cancelled", submission=submission, actor=actor, runs=runs)
    return True


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
