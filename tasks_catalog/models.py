"""The benchmark: tasks, their action steps, ground-truth checkpoints and assets.

Files live in the official per-task layout under MEDIA_ROOT/tasks/<task_id>/ (video.mp4, assets/,
stitched_assets/, checkpoints/step_<j>.png, metadata.json) plus task.json, the full data.jsonl
entry, which the judge engine reads. Rows mirror what the catalog pages and the API need.
"""
from pathlib import Path

from django.conf import settings
from django.db import models
from django.db.models import Count, Max, Q
from django.urls import reverse

from judging.engine import official


class TaskQuerySet(models.QuerySet):
    def search(self, text):
        text = (text or "").strip()
        if not text:
            return self
        return self.filter(
            Q(task_id__icontains=text) | Q(source_website__icontains=text) | Q(domain__icontains=text)
            | Q(sub_domain__icontains=text) | Q(steps__description__icontains=text)
        ).distinct()

    def catalog_version(self):
        """(number of tasks, a token that changes whenever any task is imported, updated or removed)."""
        state = self.aggregate(count=Count("id"), latest=Max("updated_at"), top=Max("id"))
        latest = state["latest"].isoformat() if state["latest"] else "empty"
        return state["count"], f"{state['count']}-{state['top']}-{latest}"

    def facet_values(self, field):
        """The distinct non-empty values of one taxonomy field, for the catalog's filter menus."""
        return list(self.exclude(**{field: ""}).order_by(field).values_list(field, flat=True).distinct())


class Task(models.Model):
    task_id = models.CharField(max_length=64, unique=True, help_text="The data.jsonl `id`, as a string.")
    resolution = models.CharField(max_length=16, help_text="WIDTHxHEIGHT; the judge's viewport.")
    domain = models.CharField(max_length=100, blank=True, db_index=True)
    sub_domain = models.CharField(max_length=100, blank=True)
    interaction_complexity = models.CharField(max_length=20, blank=True, db_index=True)
    visual_complexity = models.CharField(max_length=20, blank=True, db_index=True)
    source_website = models.CharField(max_length=300, blank=True)
    extra = models.JSONField(default=dict, blank=True,
                             help_text="Every field of the data.jsonl entry that has no column here.")

    step_count = models.PositiveIntegerField(default=0)
    assertion_count = models.PositiveIntegerField(default=0)
    checkpoint_count = models.PositiveIntegerField(default=0)
    checkpoint_reading = models.CharField(
        max_length=16, choices=[(r, r) for r in official.READINGS], default=official.OFFICIAL_READING,
        help_text="Which state checkpoint j shows: the one the j-th flagged step is performed in (the official "
                  "pairing), or the one after it. From metadata.json when the recording says; else the official one.")
    asset_count = models.PositiveIntegerField(default=0)
    video_duration = models.FloatField(null=True, blank=True, help_text="Seconds, as ffprobe reports it.")
    video_size = models.PositiveBigIntegerField(default=0)

    imported_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = TaskQuerySet.as_manager()

    class Meta:
        ordering = ["task_id"]

    def __str__(self):
        return f"Task {self.task_id}"

    def get_absolute_url(self):
        return reverse("tasks_catalog:task", args=[self.task_id])

    def directory(self):
        return Path(settings.MEDIA_ROOT) / "tasks" / self.task_id

    def media_url(self, relative):
        return reverse("tasks_catalog:media", args=[self.task_id, relative])

    @property
    def api_url(self):
        return reverse("tasks_catalog:api-task-detail", args=[self.task_id])

    @property
    def inputs_url(self):
        return reverse("tasks_catalog:inputs", args=[self.task_id])

    @property
    def video_url(self):
        return self.media_url("video.mp4")

    @property
    def poster_url(self):
        return self.media_url("poster.jpg")

    @property
    def width_height(self):
        width, height = self.resolution.split("x")
        return int(width), int(height)

    def to_entry(self):
        """A data.jsonl entry equivalent to the imported one: same fields, the id as a string and
        every step's assertion and flag written out. task.json keeps the entry exactly as given."""
        entry = {"id": self.task_id, **self.extra}
        recording = dict(entry.get("recording_details") or {})
        recording["resolution"] = self.resolution
        entry["recording_details"] = recording
        classification = dict(entry.get("classification") or {})
        for field in ("domain", "sub_domain", "interaction_complexity", "visual_complexity"):
            if getattr(self, field):
                classification[field] = getattr(self, field)
        if classification:
            entry["classification"] = classification
        if self.source_website:
            entry["source_website"] = self.source_website
        entry["action_sequence"] = [step.to_entry() for step in self.steps.all()]
        return entry


class ActionStep(models.Model):
    Type = models.TextChoices("Type", [(t, t) for t in official.ACTION_TYPES])

    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="steps")
    index = models.PositiveIntegerField(help_text="1-based position in the action sequence.")
    type = models.CharField(max_length=10, choices=Type.choices)
    description = models.TextField()
    parameters = models.JSONField(default=dict, blank=True,
                                  help_text="The step's parameters as given (description, text, key, …).")
    logical_assertion = models.TextField(blank=True)
    visual_evaluation_flag = models.BooleanField(default=False)
    checkpoint_index = models.PositiveIntegerField(
        null=True, blank=True, help_text="j of checkpoints/step_<j>.png when the step is flagged.")
    extra = models.JSONField(default=dict, blank=True, help_text="Unknown fields of the step, kept as given.")
    video_time = models.FloatField(null=True, blank=True,
                                   help_text="Seconds into video.mp4 where the step starts, when metadata.json says.")

    class Meta:
        ordering = ["task", "index"]
        constraints = [models.UniqueConstraint(fields=["task", "index"], name="unique_step_index")]

    def __str__(self):
        return f"{self.task.task_id} step {self.index}: {self.type}"

    def to_entry(self):
        step = {"type": self.type, "parameters": self.parameters, **self.extra,
                "visual_evaluation_flag": self.visual_evaluation_flag}
        if self.logical_assertion:
            step["logical_assertion"] = self.logical_assertion
        return step


class Checkpoint(models.Model):
    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="checkpoints")
    index = models.PositiveIntegerField(help_text="0 is the initial page; j is the j-th flagged step.")
    step = models.OneToOneField(ActionStep, null=True, blank=True, on_delete=models.CASCADE,
                                related_name="checkpoint")
    state = models.PositiveIntegerField(default=0, help_text="The page after this many steps is what it shows.")
    width = models.PositiveIntegerField(default=0)
    height = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["task", "index"]
        constraints = [models.UniqueConstraint(fields=["task", "index"], name="unique_checkpoint_index")]

    def __str__(self):
        return f"{self.task.task_id} checkpoint {self.index}"

    @property
    def relative_path(self):
        return f"checkpoints/step_{self.index}.png"

    @property
    def caption(self):
        """What the checkpoint shows, in the words of the replay the judge performs."""
        if self.step is None:
            return "the page as loaded"
        if self.state < self.step.index:
            before = "the page as loaded" if self.state == 0 else f"the page after step {self.state}"
            return f"{before}, in which step {self.step.index} is performed: {self.step.description}"
        return f"the page after step {self.step.index}: {self.step.description}"

    @property
    def url(self):
        return self.task.media_url(self.relative_path)


class Asset(models.Model):
    class Kind(models.TextChoices):
        ASSET = "asset", "Asset"
        STITCHED = "stitched", "Stitched contact sheet"

    FOLDERS = {"asset": "assets", "stitched": "stitched_assets"}

    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="assets")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.ASSET)
    name = models.CharField(max_length=255, help_text="Path inside assets/ or stitched_assets/.")
    size = models.PositiveBigIntegerField(default=0)
    width = models.PositiveIntegerField(null=True, blank=True)
    height = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["task", "kind", "name"]
        constraints = [models.UniqueConstraint(fields=["task", "kind", "name"], name="unique_asset_name")]

    def __str__(self):
        return f"{self.task.task_id} {self.relative_path}"

    @property
    def relative_path(self):
        return f"{self.FOLDERS[self.kind]}/{self.name}"

    @property
    def url(self):
        return self.task.media_url(self.relative_path)
