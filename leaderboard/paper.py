"""The 28 rows reported in the IWR-Bench paper (arXiv 2509.24709, main results table).

They are shown for comparison, never re-judged here: no interval, no coverage, no per-task data.
The file holds percentages as published; entries carry fractions like every other score.
"""
import csv
from functools import cache
from pathlib import Path

from leaderboard.ranking import PAPER_BACKEND, PAPER_TASKS, Entry

PAPER_CSV = Path(__file__).resolve().parent / "data" / "paper_results.csv"
PAPER_PROTOCOL = "iwr-v1"


@cache
def _rows():
    with PAPER_CSV.open(newline="", encoding="utf-8") as handle:
        return tuple(csv.DictReader(handle))


def paper_entries():
    """Fresh Entry objects each call: ranking sets attributes on them."""
    return [
        Entry(
            model=row["model"], model_type=row["group"], thinking=row["thinking"] == "true",
            protocol=PAPER_PROTOCOL, backend=PAPER_BACKEND,
            lfs=float(row["low_level_visual"]) / 100, hfs=float(row["high_level_visual"]) / 100,
            ifs=float(row["ifs"]) / 100, vfs=float(row["vfs"]) / 100, final=float(row["final"]) / 100,
            tasks_judged=PAPER_TASKS, tasks_total=PAPER_TASKS,
        )
        for row in _rows()
    ]
