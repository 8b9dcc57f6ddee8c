"""Importing a benchmark in the official layout into the catalog, all or nothing.

Everything is checked before anything is written; files are prepared in a staging folder beside
MEDIA_ROOT/tasks/; rows are written in one transaction; task folders are swapped in last, and put
back if anything fails, so a failed import leaves the database and the media as they were.
"""
import json
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import transaction
from PIL import Image

import media_sync
from judging.engine import official
from tasks_catalog.bench import BenchError, read_bench
from tasks_catalog.constants import (KNOWN_CLASSIFICATION_KEYS, KNOWN_ENTRY_KEYS, KNOWN_RECORDING_KEYS,
                                     KNOWN_STEP_KEYS, POSTER_WIDTH)
from tasks_catalog.models import ActionStep, Asset, Checkpoint, Task
from tasks_catalog.prompt import generation_prompt

COPIED = ("video.mp4", "assets", "stitched_assets", "checkpoints", "metadata.json")


@dataclass
class ImportReport:
    created: list
    updated: list

    def __str__(self):
        return f"{len(self.created)} task(s) created, {len(self.updated)} updated"


def tasks_root():
    return Path(settings.MEDIA_ROOT) / "tasks"


def split_known(mapping, known):
    return {k: v for k, v in mapping.items() if k in known}, {k: v for k, v in mapping.items() if k not in known}


def task_fields(source):
    """Column values for a Task, and `extra`: every part of the entry those columns do not hold."""
    entry = source.entry
    _, extra = split_known(entry, KNOWN_ENTRY_KEYS)
    classification, rest = split_known(entry.get("classification") or {}, KNOWN_CLASSIFICATION_KEYS)
    extra.pop("classification", None)
    if rest:
        extra["classification"] = rest
    _, recording = split_known(entry.get("recording_details") or {}, KNOWN_RECORDING_KEYS)
    extra.pop("recording_details", None)
    if recording:
        extra["recording_details"] = recording
    steps = source.steps
    return {
        "resolution": source.resolution,
        **{field: str(classification.get(field) or "") for field in KNOWN_CLASSIFICATION_KEYS},
        "source_website": str(entry.get("source_website") or ""),
        "extra": extra,
        "step_count": len(steps),
        "assertion_count": sum(1 for step in steps if (step.get("logical_assertion") or "").strip()),
        "checkpoint_count": source.flagged_count + 1,
        "checkpoint_reading": checkpoint_reading(source.folder),
        "video_duration": source.video.get("duration"),
        "video_size": (source.folder / "video.mp4").stat().st_size,
    }


def image_size(path):
    try:
        with Image.open(path) as image:
            return image.size
    except (OSError, ValueError):
        return None, None


def make_poster(video, poster):
    result = subprocess.run(
        ["ffmpeg", "-loglevel", "error", "-y", "-i", str(video), "-frames:v", "1",
         "-vf", f"scale={POSTER_WIDTH}:-2", "-q:v", "4", str(poster)],
        capture_output=True, text=True, timeout=60,
    )
    if result.returncode != 0:
        raise BenchError(f"{video}: no poster frame could be taken ({result.stderr.strip()[-300:]})")


def make_inputs_zip(folder, task_id, resolution, prompt):
    """What a model is given for this task: video, assets, contact sheets, resolution, prompt."""
    with zipfile.ZipFile(folder / "inputs.zip", "w") as archive:
        archive.write(folder / "video.mp4", f"{task_id}/video.mp4", compress_type=zipfile.ZIP_STORED)
        for sub in ("assets", "stitched_assets"):
            for path in sorted((folder / sub).rglob("*")):
                if path.is_file():
                    archive.write(path, f"{task_id}/{path.relative_to(folder)}", compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr(f"{task_id}/prompt.txt", prompt, compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr(f"{task_id}/inputs.json", json.dumps({"id": task_id, "resolution": resolution}, indent=2),
                         compress_type=zipfile.ZIP_DEFLATED)


def list_files(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []


def stage(source, target):
    """Copy one task's files into `target` and add what the site derives from them."""
    target.mkdir(parents=True)
    for name in COPIED:
        path = source.folder / name
        if path.is_dir():
            shutil.copytree(path, target / name)
        elif path.is_file():
            shutil.copy2(path, target / name)
    for sub in ("assets", "stitched_assets"):
        (target / sub).mkdir(exist_ok=True)
    # The judge reads its viewport from task.json, so a resolution found only in metadata.json is
    # written into the entry; everything else stays as given.
    entry = {**source.entry, "recording_details": {**source.entry.get("recording_details", {}),
                                                    "resolution": source.resolution}}
    (target / "task.json").write_text(json.dumps(entry, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    make_poster(target / "video.mp4", target / "poster.jpg")
    assets = list_files(target / "assets")
    make_inputs_zip(target, source.task_id, source.resolution, generation_prompt(source.resolution, assets))


def checkpoint_reading(folder):
    """The reading metadata.json records (build_task writes it), else the official one."""
    try:
        reading = json.loads((folder / "metadata.json").read_text(encoding="utf-8"))["checkpoints"]["reading"]
    except (OSError, ValueError, TypeError, KeyError):
        return official.OFFICIAL_READING
    return reading if reading in official.READINGS else official.OFFICIAL_READING


def step_times(folder):
    """{step number: seconds into the video}, from metadata.json when build_task wrote it."""
    try:
        marks = json.loads((folder / "metadata.json").read_text(encoding="utf-8")).get("steps") or []
        return {int(mark["step"]): float(mark["at"]) for mark in marks}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}


def write_rows(source, folder):
    """Create or update the Task and replace its steps, checkpoints and assets. Returns (task, created)."""
    task, created = Task.objects.update_or_create(task_id=source.task_id, defaults=task_fields(source))
    task.checkpoints.all().delete()
    task.steps.all().delete()
    task.assets.all().delete()
    steps = []
    times = step_times(folder)
    flags = [raw.get("visual_evaluation_flag") is True for raw in source.steps]
    checkpoint_of = {number: j for j, number in enumerate(official.flagged_steps(flags), 1)}
    for index, raw in enumerate(source.steps, 1):
        _step_fields, extra = split_known(raw, KNOWN_STEP_KEYS)
        steps.append(ActionStep(
            task=task, index=index, type=raw["type"], description=raw["parameters"]["description"],
            parameters=raw["parameters"], logical_assertion=(raw.get("logical_assertion") or "").strip(),
            visual_evaluation_flag=flags[index - 1], checkpoint_index=checkpoint_of.get(index), extra=extra,
            video_time=times.get(index),
        ))
    ActionStep.objects.bulk_create(steps)
    by_checkpoint = {step.checkpoint_index: step for step in task.steps.exclude(checkpoint_index=None)}
    checkpoints = []
    for index, state in enumerate(official.checkpoint_states(flags, task.checkpoint_reading)):
        width, height = image_size(folder / "checkpoints" / f"step_{index}.png")
        checkpoints.append(Checkpoint(task=task, index=index, step=by_checkpoint.get(index), state=state,
                                      width=width or 0, height=height or 0))
    Checkpoint.objects.bulk_create(checkpoints)
    assets = []
    for kind, sub in Asset.FOLDERS.items():
        for name in list_files(folder / sub):
            width, height = image_size(folder / sub / name)
            assets.append(Asset(task=task, kind=kind, name=name, size=(folder / sub / name).stat().st_size,
                                width=width, height=height))
    Asset.objects.bulk_create(assets)
    Task.objects.filter(pk=task.pk).update(asset_count=sum(1 for a in assets if a.kind == Asset.Kind.ASSET))
    return task, created


def swap_in(staged, final, backups):
    if final.exists():
        backup = final.with_name(f".replaced-{final.name}")
        shutil.rmtree(backup, ignore_errors=True)
        final.rename(backup)
        backups.append((backup, final))
    else:
        backups.append((None, final))
    staged.rename(final)


def restore(backups):
    for backup, final in reversed(backups):
        shutil.rmtree(final, ignore_errors=True)
        if backup:
            backup.rename(final)


def import_bench(root, progress=lambda message: None):
    """Import the benchmark at `root` (a folder with data.jsonl, or the file). Raises BenchError."""
    sources = read_bench(root, progress=lambda i, n, s: progress(f"checked {i}/{n}: task {s.task_id}"))
    root_dir = tasks_root()
    root_dir.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".import-", dir=root_dir))
    backups, report = [], ImportReport(created=[], updated=[])
    try:
        for position, source in enumerate(sources, 1):
            stage(source, staging / source.task_id)
            progress(f"prepared {position}/{len(sources)}: task {source.task_id}")
        try:
            with transaction.atomic():
                for source in sources:
                    final = root_dir / source.task_id
                    task, created = write_rows(source, staging / source.task_id)
                    (report.created if created else report.updated).append(task.task_id)
                    swap_in(staging / source.task_id, final, backups)
        except BaseException:
            restore(backups)
            raise
        for backup, _ in backups:
            if backup:
                shutil.rmtree(backup, ignore_errors=True)
        # After the rows commit: a failure here leaves storage behind the catalog until the
        # import is run again, never rows pointing at files of another version.
        for source in sources:
            media_sync.publish_tree(root_dir / source.task_id, media_sync.relative(root_dir / source.task_id))
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    progress(str(report))
    return report
