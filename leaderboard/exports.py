"""Downloads: the leaderboard and a submission's per-task results as CSV and JSON, and the
submission as the official evaluation leaves a model's results: its result/ tree (eval.json and the
screenshots of the visual points per task) with the report reports/<model dir>_metrics.md.
Scores are percentages everywhere: to four decimals in CSV/JSON (enough to recompute an aggregate),
with two in the markdown, as the official evaluation code prints them.
"""
import csv
import io
import json
import tempfile
import zipfile
from dataclasses import asdict, dataclass
from pathlib import PurePosixPath

import media_sync
from judging.engine import official, report
from leaderboard import constants as states
from leaderboard import gallery, standings
from leaderboard.units import in_percent

LEADERBOARD_COLUMNS = [
    "rank", "model", "organisation", "model_type", "thinking", "parameters", "protocol", "backend",
    "from_paper", "final", "ci_low", "ci_high", "tasks_judged", "tasks_total", "ifs", "vfs", "lfs", "hfs", "coverage",
    "final_over_judged", "finished", "submission_id", "verified",
]
TASK_COLUMNS = [
    "task_id", "status", "steps_reached", "steps_total", "ifs", "ocr", "image", "image_similarity", "lfs", "hfs",
    "vfs", "final", "visual_points", "checkpoints", "failure_reason", "ended_by", "blocked_requests", "domain",
    "interaction_complexity",
]
EVAL_FILE, SCREENSHOTS, EVALPOINTS = "eval.json", "screenshots", "evalpoints"


@dataclass
class TaskRow:
    """One task of a submission as the results table and every export show it.

    OCR and image are the mean per-point OCR and image similarities the engine reported, over the
    points the official aggregation keeps (judging.engine.report.point_mean); `image_similarity`
    names the similarity that scored them (dinov2, content-ssim). A run that was not judged (failed,
    cancelled) scores 0 on every field, as the aggregate counts it.
    """
    task_id: str
    status: str
    steps_reached: int | None
    steps_total: int | None
    ifs: float
    ocr: float
    image: float
    image_similarity: str
    lfs: float
    hfs: float | None
    vfs: float
    final: float
    visual_points: int          # screens compared and counted (the first success_step + 1 visual points)
    checkpoints: int            # the task's checkpoints: what a run reaching every step compares
    failure_reason: str
    ended_by: str               # the step that ended the replay and the rule that stopped it
    blocked_requests: int | None
    domain: str
    interaction_complexity: str

    @classmethod
    def from_run(cls, run):
        result = run.result or {}
        points, success = result.get("points") or [], run.success_steps or 0
        compared, checkpoints = gallery.visual_points(result, run.task.checkpoint_count)
        return cls(
            task_id=run.task.task_id, status=run.status, steps_reached=run.success_steps,
            steps_total=run.total_steps if run.total_steps is not None else run.task.step_count,
            ifs=run.ifs or 0.0, lfs=run.lfs or 0.0, hfs=run.hfs, vfs=run.vfs or 0.0, final=run.final or 0.0,
            ocr=report.point_mean([p["ocr"] for p in points], success),
            image=report.point_mean([p["image"] for p in points], success),
            image_similarity=(result.get("backends") or {}).get("image_similarity", ""),
            visual_points=compared, checkpoints=checkpoints,
            failure_reason=run.failure_reason or (run.stop_reason if run.stop_reason != "completed" else ""),
            ended_by=run.ended_by(),
            blocked_requests=run.blocked_requests, domain=run.task.domain,
            interaction_complexity=run.task.interaction_complexity,
        )

    @property
    def waiting(self):
        """Not judged yet: queued or being judged."""
        return self.status in states.ACTIVE_STATES

    @property
    def judged(self):
        return self.status == states.DONE

    @property
    def status_label(self):
        return states.STATE_LABELS[self.status]

    def as_dict(self):
        """The row as exports and the API give it: scores in percent."""
        return in_percent(asdict(self))


def task_rows(submission):
    return [TaskRow.from_run(run) for run in submission.runs.select_related("task").order_by("task__task_id")]


def tasks_csv(rows):
    return to_csv((r.as_dict() for r in rows), TASK_COLUMNS)


def submission_json(submission, rows):
    """Everything a reader needs to recompute the leaderboard row: metadata, aggregate, every task."""
    return in_percent({
        "id": submission.pk, "model": submission.model_name, "organisation": submission.organisation,
        "model_type": submission.model_type, "thinking": submission.thinking,
        "parameters_billions": float(submission.parameters_billions) if submission.parameters_billions else None,
        "status": submission.status, "protocol": submission.protocol, "backend": submission.backend,
        "finished": submission.finished_at.isoformat() if submission.finished_at else None,
        "scores": submission.scores(), "coverage": submission.coverage,
        "tasks_judged": submission.tasks_judged, "tasks_total": submission.tasks_total,
        "final_ci": standings.interval(submission),
    }) | {"tasks": [r.as_dict() for r in rows]}


def _csv_value(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.6f}"
    return value


def to_csv(rows, columns):
    """rows: dicts; a leading "=", "+", "-" or "@" in text is quoted so spreadsheets do not run it."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    for row in rows:
        values = [_csv_value(row.get(c)) for c in columns]
        writer.writerow([f"'{v}" if isinstance(v, str) and v[:1] in ("=", "+", "-", "@") and not _is_number(v)
                         else v for v in values])
    return out.getvalue()


def _is_number(text):
    try:
        float(text)
    except ValueError:
        return False
    return True


def leaderboard_csv(groups):
    return to_csv((e.as_dict() for g in groups for e in g.entries), LEADERBOARD_COLUMNS)


def _judged_runs(submission):
    return submission.runs.filter(status=states.DONE).exclude(out_dir="").select_related("task") \
        .order_by("task__task_id")


def _evaluation(run):
    """The run's eval.json as the engine wrote it, or None when its result folder has none."""
    path = media_sync.local_tree(run.out_dir) / EVAL_FILE
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def _similarities(runs):
    return sorted({(r.result.get("backends") or {}).get("image_similarity", "") for r in runs} - {""})


def official_markdown(submission, evaluations=None):
    """reports/<model dir>_metrics.md of the submission: one row per judged task, from its eval.json."""
    if evaluations is None:
        evaluations = [(run, _evaluation(run)) for run in _judged_runs(submission)]
    evaluations = [(run, data) for run, data in evaluations if data is not None]
    rows = [report.row(run.task.task_id, data, hfs_measured=run.hfs is not None) for run, data in evaluations]
    return report.metrics_markdown(submission.model_name, rows, _similarities(run for run, _ in evaluations))


def markdown_name(submission):
    return f"{official.model_dir(submission.model_name)}_metrics.md"


def official_tree(submission, out):
    """Write the submission's official result/ tree as a zip into the binary file `out`:
    <id>/<model dir>/eval.json and <id>/<model dir>/evalpoints/<k>.png (every state k) for every judged
    task, and reports/<model dir>_metrics.md. eval.json names its screenshots relative to the model
    folder (evalpoints/<k>.png), where the engine's folder keeps them as screenshots/<k>.png."""
    folder = official.model_dir(submission.model_name)
    evaluations = []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for run in _judged_runs(submission):
            data = _evaluation(run)
            if data is None:
                continue
            results = media_sync.local_tree(run.out_dir)
            base = f"{run.task.task_id}/{folder}"
            # Every state's screenshot: the visual points and the two states each assertion was judged on.
            for shot in sorted((results / SCREENSHOTS).glob("*.png")):
                archive.write(shot, f"{base}/{EVALPOINTS}/{shot.name}", zipfile.ZIP_STORED)
            data = {**data, "screenshot_paths_to_eval": [f"{EVALPOINTS}/{PurePosixPath(p).name}"
                                                         for p in data["screenshot_paths_to_eval"]]}
            archive.writestr(f"{base}/{EVAL_FILE}", json.dumps(data, indent=2, ensure_ascii=False))
            evaluations.append((run, data))
        archive.writestr(f"reports/{markdown_name(submission)}", official_markdown(submission, evaluations))
    return out


def official_tree_file(submission):
    """The zip of official_tree in a temporary file, rewound, for a download response."""
    out = tempfile.TemporaryFile()
    official_tree(submission, out)
    out.seek(0)
    return out
