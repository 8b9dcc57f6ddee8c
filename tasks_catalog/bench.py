"""Reading and checking the official IWR-Bench layout; no database here.

A benchmark root holds `data.jsonl` (one task per line) and `data/<id>/` per task with video.mp4,
assets/, stitched_assets/, checkpoints/step_<j>.png and an optional metadata.json. Every problem is
a BenchError whose message names the file (and line) at fault.
"""
import json
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from judging.engine import official
from judging.engine.browser import Viewport
from judging.engine.official import ACTION_TYPES
from tasks_catalog.constants import TASK_ID_RE

FFPROBE = "ffprobe"


class BenchError(Exception):
    """A problem with the benchmark's files that the person importing or authoring must fix."""


@dataclass
class TaskSource:
    """One checked data.jsonl entry and where its files are."""
    entry: dict
    line: int
    folder: Path
    task_id: str = field(init=False)
    resolution: str = field(init=False)
    video: dict = field(default_factory=dict)

    def __post_init__(self):
        self.task_id = str(self.entry["id"])

    @property
    def steps(self):
        return self.entry["action_sequence"]

    @property
    def flagged_count(self):
        return sum(official.visual_flags(self.steps))


def check_entry(entry, where):
    """Raise BenchError (prefixed with `where`) unless `entry` is a usable data.jsonl task."""
    if not isinstance(entry, dict):
        raise BenchError(f"{where}: a task must be a JSON object, not {type(entry).__name__}")
    if "id" not in entry:
        raise BenchError(f"{where}: the task has no `id`")
    task_id = entry["id"]
    if isinstance(task_id, bool) or not isinstance(task_id, (str, int)) or not TASK_ID_RE.match(str(task_id)):
        raise BenchError(f"{where}: `id` {task_id!r} is not a task id (letters, digits, . _ -; at most 64)")
    if "action_sequence" not in entry:
        raise BenchError(f"{where}: task {task_id} has no `action_sequence`")
    steps = entry["action_sequence"]
    if not isinstance(steps, list) or not steps:
        raise BenchError(f"{where}: task {task_id}: `action_sequence` must be a non-empty list")
    for number, step in enumerate(steps, 1):
        check_step(step, f"{where}: task {task_id} step {number}")
    recording = entry.get("recording_details", {})
    if not isinstance(recording, dict):
        raise BenchError(f"{where}: task {task_id}: `recording_details` must be an object")
    if "resolution" in recording:
        check_resolution(recording["resolution"], f"{where}: task {task_id}")
    if not isinstance(entry.get("classification", {}), dict):
        raise BenchError(f"{where}: task {task_id}: `classification` must be an object")


def check_step(step, where):
    if not isinstance(step, dict):
        raise BenchError(f"{where}: a step must be a JSON object")
    kind = step.get("type")
    if kind not in ACTION_TYPES:
        raise BenchError(f"{where}: unknown action type {kind!r} (expected one of {', '.join(ACTION_TYPES)})")
    params = step.get("parameters")
    if not isinstance(params, dict):
        raise BenchError(f"{where}: `parameters` must be an object")
    if not isinstance(params.get("description"), str) or not params["description"].strip():
        raise BenchError(f"{where}: `parameters.description` is missing")
    if kind == "Type" and not isinstance(params.get("text"), str):
        raise BenchError(f"{where}: a Type step needs `parameters.text`")
    if kind == "Press" and not (isinstance(params.get("key"), str) and params["key"]):
        raise BenchError(f"{where}: a Press step needs `parameters.key`")
    if not isinstance(step.get("logical_assertion") or "", str):
        raise BenchError(f"{where}: `logical_assertion` must be text")
    if not isinstance(step.get("visual_evaluation_flag", False), bool):
        raise BenchError(f"{where}: `visual_evaluation_flag` must be true or false")


def check_resolution(text, where):
    try:
        return str(Viewport.parse(text))
    except ValueError as exc:
        raise BenchError(f"{where}: {exc}") from None


def read_jsonl(path):
    """Yield (line number, entry) for every non-blank line; a line that is not JSON stops it."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise BenchError(f"{path}: no such file") from None
    except UnicodeDecodeError as exc:
        raise BenchError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as exc:
            raise BenchError(f"{path}:{number}: not a JSON line ({exc.msg} at column {exc.colno})") from None


def probe_video(path):
    """ffprobe facts about a video file, or BenchError when it is missing or not a video."""
    if not path.is_file():
        raise BenchError(f"{path}: video missing")
    result = subprocess.run(
        [FFPROBE, "-v", "error", "-select_streams", "v:0", "-show_entries",
         "stream=codec_name,width,height:format=duration", "-of", "json", str(path)],
        capture_output=True, text=True, timeout=60,
    )
    info = json.loads(result.stdout or "{}") if result.returncode == 0 else {}
    streams = info.get("streams") or []
    if not streams or not streams[0].get("width"):
        reason = (result.stderr.strip().splitlines() or ["no video stream"])[-1]
        raise BenchError(f"{path}: not a video ({reason})")
    duration = info.get("format", {}).get("duration")
    return {"codec": streams[0].get("codec_name", ""), "width": streams[0]["width"],
            "height": streams[0]["height"], "duration": float(duration) if duration else None}


def read_metadata(folder):
    path = folder / "metadata.json"
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BenchError(f"{path}: not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise BenchError(f"{path}: must hold a JSON object")
    return data


def read_bench(root, progress=None):
    """Check a whole benchmark root and return its TaskSources; touches nothing.

    `root` is the folder with data.jsonl, or the data.jsonl file itself.
    """
    root = Path(root)
    jsonl = root if root.is_file() else root / "data.jsonl"
    base = jsonl.parent / "data"
    entries = list(read_jsonl(jsonl))
    if not entries:
        raise BenchError(f"{jsonl}: holds no tasks")
    seen, sources = {}, []
    for position, (number, entry) in enumerate(entries, 1):
        where = f"{jsonl}:{number}"
        check_entry(entry, where)
        task_id = str(entry["id"])
        if task_id in seen:
            raise BenchError(f"{where}: task id {task_id} repeats line {seen[task_id]}")
        seen[task_id] = number
        source = TaskSource(entry=entry, line=number, folder=base / task_id)
        check_files(source, where)
        sources.append(source)
        if progress:
            progress(position, len(entries), source)
    return sources


def check_files(source, where):
    folder = source.folder
    if not folder.is_dir():
        raise BenchError(f"{where}: task folder {folder} missing")
    recording = source.entry.get("recording_details", {})
    resolution = recording.get("resolution") or read_metadata(folder).get("recording_details", {}).get("resolution")
    if not resolution:
        raise BenchError(f"{where}: task {source.task_id} has no recording_details.resolution "
                         f"(neither in data.jsonl nor in {folder / 'metadata.json'})")
    source.resolution = check_resolution(resolution, where)
    source.video = probe_video(folder / "video.mp4")
    for index in range(source.flagged_count + 1):
        path = folder / "checkpoints" / f"step_{index}.png"
        if not path.is_file():
            raise BenchError(f"{path}: checkpoint missing (task {source.task_id} has "
                             f"{source.flagged_count} flagged steps, so step_0..step_{source.flagged_count})")
