"""Submissions, their per-task judge runs with results, and the audit log of state changes.

Scores are fractions in [0, 1]. A run's scores come from the engine; a submission's aggregate is
computed once by judging.engine.scoring when its last run ends, and stored, so pages, the API and
the leaderboard read columns instead of recomputing.
"""
from pathlib import Path

from django.conf import settings
from django.db import models
from django.db.models import Count, Exists, OuterRef, Q
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.shortcuts import get_object_or_404
from django.urls import reverse

import media_sync
from leaderboard import constants as states
from leaderboard import gallery


class SubmissionQuerySet(models.QuerySet):
    def public(self):
        """Published by the owner and not hidden by an admin: what the leaderboard and visitors see."""
        return self.filter(is_public=True, is_hidden=False)

    def owned_by(self, user):
        return self.filter(owner=user) if user.is_authenticated else self.none()

    def visible_to(self, user):
        """Public submissions, plus the user's own; staff see everything."""
        if user.is_authenticated and user.is_staff:
            return self
        if user.is_authenticated:
            return self.filter(Q(is_public=True, is_hidden=False) | Q(owner=user))
        return self.public()

    def get_visible(self, user, pk):
        """The one lookup of a submission for a reader: one `user` may not see is a 404, the same as
        a missing one, so that its existence does not leak."""
        return get_object_or_404(self.visible_to(user).select_related("owner"), pk=pk)

    def with_runs(self):
        """With every run and its task, as the API shows a submission."""
        return self.prefetch_related("runs__task")

    def finished(self):
        return self.filter(status=states.DONE)

    def holding_quota(self):
        """Submissions being judged that no JudgedWork charges yet: they hold a slot until they end,
        so queuing many at once cannot dodge the limit."""
        charged = JudgedWork.objects.filter(submission=OuterRef("pk"))
        return self.filter(status__in=states.ACTIVE_STATES).exclude(Exists(charged))

    def with_run_counts(self):
        return self.annotate(
            runs_total=Count("runs"),
            runs_finished=Count("runs", filter=Q(runs__status__in=states.FINAL_STATES)),
        )


class TaskRunQuerySet(models.QuerySet):
    def get_visible(self, user, submission_id, task_id):
        """One task's run of a submission `user` may see (SubmissionQuerySet.visible_to), else a 404."""
        return get_object_or_404(self.select_related("task", "submission"), task__task_id=task_id,
                                 submission_id=submission_id, submission__in=Submission.objects.visible_to(user))


class ScoreFields(models.Model):
    """IWR-Bench's five scores; HFS is None when no MLLM judged (the offline back-end)."""

    protocol = models.CharField(max_length=32, blank=True, help_text="Judge protocol, e.g. iwr-v1.")
    backend = models.CharField(max_length=32, blank=True, help_text="llm or offline.")
    ifs = models.FloatField(null=True, blank=True)
    lfs = models.FloatField(null=True, blank=True)
    hfs = models.FloatField(null=True, blank=True)
    vfs = models.FloatField(null=True, blank=True)
    final = models.FloatField(null=True, blank=True)

    class Meta:
        abstract = True

    SCORE_NAMES = ("ifs", "lfs", "hfs", "vfs", "final")

    def scores(self):
        return {name: getattr(self, name) for name in self.SCORE_NAMES}


class Submission(ScoreFields):
    class ModelType(models.TextChoices):
        PROPRIETARY = "proprietary", "Proprietary"
        OPEN_SOURCE = "open-source", "Open-source"
        VIDEO = "video-specialized", "Video-specialized"

    class Layout(models.TextChoices):
        TASK = "task", "One task"
        RUN = "run", "Whole run"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="submissions")
    model_name = models.CharField(max_length=200)
    organisation = models.CharField(max_length=200, blank=True)
    model_type = models.CharField(max_length=20, choices=ModelType.choices)
    parameters_billions = models.DecimalField(
        max_digits=9, decimal_places=2, null=True, blank=True,
        help_text="Parameter count in billions; blank when not disclosed.")
    thinking = models.BooleanField(default=False, help_text="Thinking / reasoning mode was on.")
    paper_url = models.URLField(blank=True)
    code_url = models.URLField(blank=True)
    description = models.TextField(blank=True)
    is_public = models.BooleanField(default=False, help_text="Published by its owner: shown on the leaderboard and "
                                    "to everyone, unless an admin hid it.")
    is_hidden = models.BooleanField(default=False, help_text="Hidden by an admin: off the leaderboard and public "
                                    "pages even when published; the owner still sees it.")
    is_verified = models.BooleanField(default=False, help_text="Checked by an admin; the leaderboard shows a badge.")
    # Publishing, hiding and verifying change what the cached leaderboard shows without touching
    # the columns its cache key reads, so they stamp this instead (see standings.version).
    listing_changed_at = models.DateTimeField(null=True, blank=True, editable=False)

    status = models.CharField(max_length=12, choices=states.STATE_CHOICES, default=states.QUEUED, db_index=True)
    layout = models.CharField(max_length=8, choices=Layout.choices)
    upload_name = models.CharField(max_length=255)
    upload_bytes = models.PositiveBigIntegerField()
    sha256 = models.CharField(max_length=64, db_index=True)
    content_sha256 = models.CharField(max_length=64, blank=True, db_index=True,
                                      help_text="Digest of the unpacked sites (paths and contents), whatever the zip's bytes.")
    storage = models.CharField(max_length=64, unique=True, editable=False,
                               help_text="Folder under MEDIA_ROOT/submissions/ holding the sites and results.")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    # The aggregate over the whole benchmark, written once when the last run ends.
    tasks_judged = models.PositiveIntegerField(null=True, blank=True)
    tasks_total = models.PositiveIntegerField(null=True, blank=True,
                                              help_text="Catalog size when the aggregate was computed.")
    coverage = models.FloatField(null=True, blank=True, help_text="tasks_judged / tasks_total.")
    aggregate = models.JSONField(default=dict, blank=True)

    objects = SubmissionQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"#{self.pk} {self.model_name}"

    def get_absolute_url(self):
        return reverse("leaderboard:submission", args=[self.pk])

    @property
    def is_finished(self):
        return self.status in states.FINAL_STATES

    @staticmethod
    def storage_root():
        return Path(settings.MEDIA_ROOT) / "submissions"

    def storage_dir(self):
        return self.storage_root() / self.storage

    def sites_dir(self):
        return self.storage_dir() / "sites"

    def progress(self):
        """What the live page and the API show while judging: counts, the current task, failures."""
        # Lists prefetch runs with their tasks (one query for a whole page); a single page asks.
        prefetched = "runs" in getattr(self, "_prefetched_objects_cache", {})
        runs = sorted(self.runs.all() if prefetched else self.runs.select_related("task"), key=lambda r: r.task.task_id)
        by_status = {state: [r for r in runs if r.status == state] for state, _ in states.STATE_CHOICES}
        running = sorted(by_status[states.RUNNING], key=lambda r: r.started_at)
        return {
            "status": self.status,
            "finished": self.is_finished,
            "total": len(runs),
            "judged": len(by_status[states.DONE]) + len(by_status[states.FAILED]),
            "counts": {state: len(items) for state, items in by_status.items()},
            "current_tasks": [r.task.task_id for r in running],
            "failures": [{"task": r.task.task_id, "reason": r.failure_reason, "detail": r.failure_detail}
                         for r in by_status[states.FAILED]],
            "aggregate": self.aggregate_dict(),
        }

    def aggregate_dict(self):
        if self.status != states.DONE:
            return None
        return {**self.scores(), "tasks_judged": self.tasks_judged, "tasks_total": self.tasks_total,
                "coverage": self.coverage, "over_judged": self.aggregate.get("over_judged")}

    def partial_scores(self):
        """The official evaluation's averaging (over the judged tasks alone) when some tasks were not
        judged, to show beside the scores over the whole benchmark; None at full coverage."""
        if self.status != states.DONE or self.coverage is None or self.coverage >= 1:
            return None
        return self.aggregate.get("over_judged")


@receiver(post_delete, sender=Submission)
def _delete_submission_files(sender, instance, **kwargs):
    if instance.storage:
        media_sync.remove_tree(media_sync.relative(instance.storage_dir()))


class TaskRun(ScoreFields):
    """One task of one submission: its judging state and, once judged, its result."""

    submission = models.ForeignKey(Submission, on_delete=models.CASCADE, related_name="runs")
    task = models.ForeignKey("tasks_catalog.Task", on_delete=models.PROTECT, related_name="runs")
    status = models.CharField(max_length=12, choices=states.STATE_CHOICES, default=states.QUEUED, db_index=True)
    failure_reason = models.CharField(max_length=40, blank=True, help_text="A stable id, e.g. judge:stalled.")
    failure_detail = models.TextField(blank=True)

    # Claiming: a job owns the run while status is running and job_id/attempts are its own.
    attempts = models.PositiveSmallIntegerField(default=0)
    job_id = models.CharField(max_length=64, blank=True)
    worker = models.CharField(max_length=states.WORKER_CHARS, blank=True)
    queued_at = models.DateTimeField(null=True, blank=True)
    unsent = models.BooleanField(default=False, help_text="Queued, but the broker took no job for it; the "
                                 "reaper sends one.")
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    engine_seconds = models.FloatField(null=True, blank=True, help_text="Time spent inside the judge engine.")

    # The result, in columns for the leaderboard and in full as the engine reported it.
    success_steps = models.PositiveIntegerField(null=True, blank=True)
    total_steps = models.PositiveIntegerField(null=True, blank=True)
    stop_reason = models.CharField(max_length=60, blank=True)
    blocked_requests = models.PositiveIntegerField(null=True, blank=True)
    console_errors = models.PositiveIntegerField(null=True, blank=True)
    out_dir = models.CharField(max_length=300, blank=True, help_text="Result folder, relative to MEDIA_ROOT.")
    screenshots = models.JSONField(default=list, blank=True, help_text="Paths relative to MEDIA_ROOT.")
    result = models.JSONField(default=dict, blank=True, help_text="The engine's TaskResult.to_dict().")

    objects = TaskRunQuerySet.as_manager()

    class Meta:
        ordering = ["submission", "task__task_id"]
        constraints = [models.UniqueConstraint(fields=["submission", "task"], name="one_run_per_task")]
        indexes = [models.Index(fields=["status", "heartbeat_at"], name="run_status_heartbeat")]

    def __str__(self):
        return f"{self.submission} · task {self.task.task_id}"

    @property
    def is_finished(self):
        return self.status in states.FINAL_STATES

    def ended_by(self):
        """What ended the judging of this task: the step and the rule, or why the judge failed."""
        return gallery.ended_by(self.result, self.task.step_count) if self.result else self.failure_detail[:300]

    def site_dir(self):
        return self.submission.sites_dir() / self.task.task_id

    def results_dir(self):
        return self.submission.storage_dir() / "results" / self.task.task_id

    def claim_dir(self):
        """Where this claim writes: a fresh folder per claim, so a stale job never mixes files in."""
        return self.results_dir() / f"{self.attempts}-{self.job_id[:12]}"


class JudgedWork(models.Model):
    """A submission's charge on its owner's quota, written when its first task is judged. It outlives
    the submission: deleting judged work does not give back the judging it cost."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    submission = models.OneToOneField(Submission, null=True, blank=True, on_delete=models.SET_NULL,
                                      related_name="judged_work")
    submission_number = models.PositiveBigIntegerField(unique=True, help_text="The submission's id, kept after "
                                                       "it is deleted.")
    uploaded_at = models.DateTimeField(db_index=True, help_text="When the submission was made: the quota's clock.")
    judged_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "judged work"

    def __str__(self):
        return f"submission #{self.submission_number} of {self.owner_id}"

    @classmethod
    def charge(cls, submission):
        cls.objects.get_or_create(submission_number=submission.pk, defaults={
            "owner_id": submission.owner_id, "submission": submission, "uploaded_at": submission.created_at})


class AuditEntry(models.Model):
    """Who changed what and when: submissions created, published, hidden, verified, deleted; runs
    claimed, finished, cancelled, re-judged."""

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+", help_text="Empty for the system (workers, the reaper).")
    action = models.CharField(max_length=40, db_index=True)
    # The log outlives what it describes: a deleted submission's entries keep its number.
    submission = models.ForeignKey(Submission, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="audit_entries")
    submission_number = models.PositiveBigIntegerField(null=True, blank=True, db_index=True,
                                                       help_text="The submission's id, kept after it is deleted.")
    run = models.ForeignKey(TaskRun, null=True, blank=True, on_delete=models.SET_NULL, related_name="audit_entries")
    detail = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self):
        return f"{self.created_at:%Y-%m-%d %H:%M:%S} {self.action}"

    @classmethod
    def log(cls, action, submission=None, run=None, actor=None, **detail):
        if run is not None and submission is None:
            submission = run.submission
        return cls.objects.create(action=action, submission=submission, run=run,
                                  submission_number=submission.pk if submission is not None else None,
                                  actor=actor if actor is not None and actor.is_authenticated else None,
                                  detail=detail)
