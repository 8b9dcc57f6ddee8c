"""A benchmark task as a folder in the official layout, read into what the replay needs."""
import json
from dataclasses import dataclass, field
from pathlib import Path

from .browser import Viewport
from .official import ACTION_TYPES, READINGS, checkpoint_of, visual_flags



class TaskError(ValueError):
    """The task folder is unusable: the fault of the benchmark data, not of the judged site."""


@dataclass(frozen=True)
class Step:
    number: int                 # 1-based position in the action sequence
    type: str
    parameters: dict
    assertion: str | None
    checkpoint: int | None      # j of checkpoints/step_<j>.png when the step is visually evaluated

    @property
    def flagged(self):
        return self.checkpoint is not None

    @property
    def description(self):
        return str(self.parameters.get("description") or "")


@dataclass(frozen=True)
class Task:
    id: str
    dir: Path
    viewport: Viewport
    steps: tuple
    entry: dict = field(repr=False)
    recorded_reading: str | None = None   # which state the checkpoints show, when the recording says

    @property
    def flags(self):
        return [step.flagged for step in self.steps]

    @property
    def checkpoint_count(self):
        return 1 + sum(self.flags)

    @property
    def assets_dir(self):
        return self.dir / "assets"

    def checkpoint_path(self, j):
        return self.dir / "checkpoints" / f"step_{j}.png"


def _read_entry(task_dir):
    own = task_dir / "task.json"
    if own.is_file():
        return json.loads(own.read_text(encoding="utf-8"))
    # Raw official layout: data/data/<id>/ beside data/data.jsonl.
    jsonl = task_dir.parent.parent / f"{task_dir.parent.name}.jsonl"
    if not jsonl.is_file():
        raise TaskError(f"{task_dir} has no task.json and there is no {jsonl}")
    for line in jsonl.read_text(encoding="utf-8").splitlines():
        if line.strip():
            entry = json.loads(line)
            if str(entry.get("id")) == task_dir.name:
                return entry
    raise TaskError(f"no entry with id {task_dir.name!r} in {jsonl}")


def _metadata(task_dir):
    try:
        data = json.loads((task_dir / "metadata.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _resolution(entry, metadata):
    text = (entry.get("recording_details") or {}).get("resolution") or \
        (metadata.get("recording_details") or {}).get("resolution")
    return Viewport.parse(text) if text else Viewport()


def _recorded_reading(metadata):
    """build_task writes which state its checkpoints show; the published dataset says nothing."""
    reading = (metadata.get("checkpoints") or {}).get("reading") if isinstance(metadata.get("checkpoints"), dict) else None
    return reading if reading in READINGS else None


def load_task(task_dir):
    task_dir = Path(task_dir).resolve()
    if not task_dir.is_dir():
        raise TaskError(f"task folder {task_dir} does not exist")
    entry = _read_entry(task_dir)
    sequence = entry.get("action_sequence") or []
    checkpoints = checkpoint_of(visual_flags(sequence))
    steps = []
    for number, raw in enumerate(sequence, 1):
        kind = raw.get("type")
        if kind not in ACTION_TYPES:
            raise TaskError(f"step {number}: unknown action type {kind!r}")
        steps.append(Step(number, kind, dict(raw.get("parameters") or {}),
                          (raw.get("logical_assertion") or "").strip() or None, checkpoints.get(number)))
    metadata = _metadata(task_dir)
    task = Task(id=str(entry.get("id", task_dir.name)), dir=task_dir, viewport=_resolution(entry, metadata),
                steps=tuple(steps), entry=entry, recorded_reading=_recorded_reading(metadata))
    missing = [j for j in range(len(checkpoints) + 1) if not task.checkpoint_path(j).is_file()]
    if missing:
        raise TaskError(f"task {task.id}: missing checkpoints {missing}")
    return task
