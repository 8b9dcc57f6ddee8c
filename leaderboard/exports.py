"""Downloads: the leaderboard and a submission's per-task results as CSV, JSON and the official
metrics markdown. Every score is exported; scores are fractions in CSV/JSON (full precision) and
percentages with two decimals in the markdown, as the official evaluation code prints them.
"""
import csv
import io
from dataclasses import asdict, dataclass
from statistics import fmean

from judging.engine import official, scoring
from leaderboard import standings

LEADERBOARD_COLUMNS = [
    "rank", "model", "organisation", "model_type", "thinking", "parameters", "protocol", "backend",
    "from_paper", "lfs", "hfs", "ifs", "vfs", "final", "ci_low", "ci_high", "coverage", "finished",
    "submission_id", "verified",
]
TASK_COLUMNS = [
    "task_id", "status", "steps_reached", "steps_total", "ifs", "ocr", "dino", "lfs", "hfs", "vfs", "final",
    "failure_reason", "blocked_requests", "domain", "interaction_complexity",
]
MARKDOWN_COLUMNS = ["IFS", "OCR", "DINO", "LFS", "HFS", "VFS", "Final"]


@dataclass
class TaskRow:
    """One task of a submission as the results table and every export show it.

    OCR and DINO are the mean per-point OCR and image similarities the engine reported; a run that
    was not judged (failed, cancelled) scores 0 on every field, as the aggregate counts it.
    """
    task_id: str
    status: str
    steps_reached: int | None
    steps_total: int | None
    ifs: float
    ocr: float
    dino: float
    lfs: float
    hfs: float | None
    vfs: float
    final: float
    failure_reason: str
    blocked_requests: int | None
    domain: str
    interaction_complexity: str

    @classmethod
    def from_run(cls, run):
        # The scores average the first success_step + 1 points (the official cut), and so do these.
        points = official.cut((run.result or {}).get("points") or [], run.success_steps or 0)
        return cls(
            task_id=run.task.task_id, status=run.status, steps_reached=run.success_steps,
            steps_total=run.total_steps if run.total_steps is not None else run.task.step_count,
            ifs=run.ifs or 0.0, lfs=run.lfs or 0.0, hfs=run.hfs, vfs=run.vfs or 0.0, final=run.final or 0.0,
            ocr=fmean(p["ocr"] for p in points) if points else 0.0,
            dino=fmean(p["image"] for p in points) if points else 0.0,
            failure_reason=run.failure_reason or (run.stop_reason if run.stop_reason != "completed" else ""),
            blocked_requests=run.blocked_requests, domain=run.task.domain,
            interaction_complexity=run.task.interaction_complexity,
        )

    def as_dict(self):
        return asdict(self)


def task_rows(submission):
    return [TaskRow.from_run(run) for run in submission.runs.select_related("task").order_by("task__task_id")]


def tasks_csv(rows):
    return to_csv((r.as_dict() for r in rows), TASK_COLUMNS)


def submission_json(submission, rows):
    """Everything a reader needs to recompute the leaderboard row: metadata, aggregate, every task."""
    return {
        "id": submission.pk, "model": submission.model_name, "organisation": submission.organisation,
        "model_type": submission.model_type, "thinking": submission.thinking,
        "parameters_billions": float(submission.parameters_billions) if submission.parameters_billions else None,
        "status": submission.status, "protocol": submission.protocol, "backend": submission.backend,
        "finished": submission.finished_at.isoformat() if submission.finished_at else None,
        "scores": submission.scores(), "coverage": submission.coverage,
        "tasks_judged": submission.tasks_judged, "tasks_total": submission.tasks_total,
        "final_ci": standings.interval(submission),
        "tasks": [r.as_dict() for r in rows],
    }


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


def _pct(value):
    return "n/a" if value is None else f"{value * 100:.2f}"


def _mean_over(rows, field, total):
    values = [getattr(r, field) for r in rows]
    if any(v is None for v in values):
        return None
    return sum(values) / total if total else 0.0


def metrics_markdown(task_rows, total_tasks):
    """Columns task, IFS, OCR, DINO, LFS, HFS, VFS, Final and an avg row over the whole benchmark.

    The avg row takes IFS..Final from judging.engine.scoring.aggregate, the same numbers as the
    leaderboard; OCR and DINO are averaged by the same rule (a missing task counts 0).
    """
    rows = list(task_rows)
    overall = scoring.aggregate(rows, total_tasks)
    lines = ["| task | " + " | ".join(MARKDOWN_COLUMNS) + " |", "|" + "---|" * (len(MARKDOWN_COLUMNS) + 1)]
    for row in rows:
        values = [row.ifs, row.ocr, row.dino, row.lfs, row.hfs, row.vfs, row.final]
        lines.append(f"| {row.task_id} | " + " | ".join(_pct(v) for v in values) + " |")
    averages = [overall.ifs, _mean_over(rows, "ocr", total_tasks), _mean_over(rows, "dino", total_tasks),
                overall.lfs, overall.hfs, overall.vfs, overall.final]
    lines.append("| avg | " + " | ".join(_pct(v) for v in averages) + " |")
    return "\n".join(lines) + "\n"
