"""The official evaluation's report of one model, `reports/<model dir>_metrics.md`, from eval.json.

A task's row is what the official aggregation computes from its eval.json: IFS = success_step /
total_step; OCR, DINO and HFS are the means of all_ocr_scores, all_dino_scores and
all_mllm_scores, each cut to its first success_step + 1 entries (an empty list: 0); then LFS,
VFS and Final by the formulas of scoring.py. The avg row is the mean over the rows of the file:
the tasks judged, as the official code averages the tasks it found pages for. A run judged
without an LLM measured no HFS: its HFS reads n/a and its VFS is its LFS, as on the board.
"""
from dataclasses import dataclass
from statistics import fmean

from . import official, scoring
from .similarity import column_label

FIELDS = ("ifs", "ocr", "image", "lfs", "hfs", "vfs", "final")


@dataclass(frozen=True)
class Row:
    task_id: str
    ifs: float
    ocr: float
    image: float
    lfs: float
    hfs: float | None
    vfs: float
    final: float


def point_mean(values, success_step):
    """A per-point list's mean as the official aggregation takes it: over its cut, 0 when empty."""
    kept = official.cut(values, success_step)
    return fmean(kept) if kept else 0.0


def row(task_id, evaluation, hfs_measured=True):
    """The row of one task from its eval.json (a dict with the official keys)."""
    success, total = evaluation["success_step"], evaluation["total_step"]
    ocr = official.cut(evaluation["all_ocr_scores"], success)
    image = official.cut(evaluation["all_dino_scores"], success)
    mllm = [m * 100 for m in official.cut(evaluation["all_mllm_scores"], success)] if hfs_measured else None
    scores = scoring.task_scores(success, total, ocr, image, mllm)
    return Row(task_id=str(task_id), ifs=scores.ifs, ocr=point_mean(ocr, success), image=point_mean(image, success),
               lfs=scores.lfs, hfs=scores.hfs, vfs=scores.vfs, final=scores.final)


def average(rows):
    """The avg row: each field's mean over the rows, by scoring.aggregate (HFS only when every row measured it)."""
    rows = list(rows)
    means = scoring.aggregate(rows, len(rows)).over_judged or dict.fromkeys(("ifs", "lfs", "vfs", "final"), 0.0)
    return Row(task_id="avg", ifs=means["ifs"], lfs=means["lfs"], hfs=means.get("hfs"), vfs=means["vfs"],
               final=means["final"], ocr=fmean(r.ocr for r in rows) if rows else 0.0,
               image=fmean(r.image for r in rows) if rows else 0.0)


def _pct(value):
    return "n/a" if value is None else f"{value * 100:.2f}"


def metrics_markdown(model_name, rows, similarities=("dinov2",)):
    """The official metrics.md: a title, then one row per task and the avg row, values in % with
    two decimals. The image-similarity column is headed for the similarities that scored the rows
    (DINO only for DINOv2)."""
    rows = list(rows)
    columns = ["IFS", "OCR", column_label(similarities), "LFS", "HFS", "VFS", "Final"]
    lines = [f"# model: {model_name.replace('/', '__')} result", "",
             "| task | " + " | ".join(f"{c}(%)" for c in columns) + " |",
             "|---|" + "---:|" * len(columns)]
    for r in rows + [average(rows)]:
        lines.append(f"| {r.task_id} | " + " | ".join(_pct(getattr(r, name)) for name in FIELDS) + " |")
    return "\n".join(lines) + "\n"
