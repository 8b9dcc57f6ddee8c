"""The iwr-v1 formulas on hand-made numbers and on the paper's published rows."""
import csv
from pathlib import Path

import pytest

from judging.engine import scoring

# The repository's copy of ../shared/reference/paper_results.csv, which the leaderboard shows.
PAPER = Path(__file__).resolve().parents[2] / "leaderboard" / "data" / "paper_results.csv"


def test_task_scores_by_hand():
    # 3 of 4 steps; two points: (0.8+0.6)/2 = 0.7 and (0.4+0.2)/2 = 0.3 -> LFS 0.5; MLLM 60, 80 -> HFS 0.7
    s = scoring.task_scores(3, 4, [0.8, 0.4], [0.6, 0.2], [60, 80])
    assert s.ifs == pytest.approx(0.75)
    assert s.lfs == pytest.approx(0.5)
    assert s.hfs == pytest.approx(0.7)
    assert s.vfs == pytest.approx(0.6)
    assert s.final == pytest.approx(0.7 * 0.75 + 0.3 * 0.6)


def test_without_mllm_hfs_is_not_measured_and_vfs_is_lfs():
    s = scoring.task_scores(1, 2, [1.0], [0.5])
    assert s.hfs is None
    assert s.vfs == pytest.approx(0.75) == s.lfs
    assert s.final == pytest.approx(0.7 * 0.5 + 0.3 * 0.75)


def test_no_points_and_no_steps_score_zero():
    s = scoring.task_scores(0, 0, [], [])
    assert (s.ifs, s.lfs, s.vfs, s.final) == (0, 0, 0, 0)


def test_mismatched_point_lists_are_refused():
    with pytest.raises(ValueError):
        scoring.task_scores(1, 1, [0.5], [])


@pytest.mark.parametrize("a, b, expected", [
    ("Hello", "hello", 1.0), ("", "", 1.0), ("abc", "", 0.0), ("kitten", "sitting", 1 - 3 / 7),
])
def test_ocr_similarity_is_normalised_levenshtein_on_lower_case(a, b, expected):
    assert scoring.ocr_similarity(a, b) == pytest.approx(expected)


def test_aggregate_counts_missing_tasks_as_zero_and_reports_coverage():
    done = [scoring.task_scores(2, 2, [1.0], [1.0]), scoring.task_scores(0, 2, [0.5], [0.5])]
    agg = scoring.aggregate(done, total_tasks=4)
    assert agg.ifs == pytest.approx(1.0 / 4)
    assert agg.lfs == pytest.approx(1.5 / 4)
    assert agg.final == pytest.approx((1.0 + 0.3 * 0.5) / 4)
    assert agg.hfs is None and agg.judged == 2 and agg.coverage == pytest.approx(0.5)
    assert agg.to_dict()["coverage"] == pytest.approx(0.5)


def test_aggregate_gives_the_official_mean_over_judged_tasks_beside_ours():
    done = [scoring.task_scores(2, 2, [1.0], [1.0], [80]), scoring.task_scores(1, 2, [0.5], [0.3], [40])]
    agg = scoring.aggregate(done, total_tasks=5)
    for name in ("ifs", "lfs", "hfs", "vfs", "final"):
        judged_mean = (getattr(done[0], name) + getattr(done[1], name)) / 2
        assert agg.over_judged[name] == pytest.approx(judged_mean, abs=1e-12)
        assert getattr(agg, name) == pytest.approx(judged_mean * 2 / 5, abs=1e-12)
    assert agg.to_dict()["over_judged"] == agg.over_judged
    full = scoring.aggregate(done, total_tasks=2)
    assert full.over_judged == {name: getattr(full, name) for name in ("ifs", "lfs", "hfs", "vfs", "final")}
    assert scoring.aggregate([], 3).over_judged is None


def test_aggregate_reports_hfs_only_when_every_judged_task_measured_it():
    measured = scoring.task_scores(1, 1, [1.0], [1.0], [50])
    assert scoring.aggregate([measured, measured], 3).hfs == pytest.approx(1.0 / 3)
    assert scoring.aggregate([measured, scoring.task_scores(1, 1, [1.0], [1.0])], 2).hfs is None
    with pytest.raises(ValueError):
        scoring.aggregate([measured, measured], 1)


def _paper_rows():
    with PAPER.open(newline="") as f:
        return list(csv.DictReader(f))


def test_reproduces_every_published_row_from_its_components():
    rows = _paper_rows()
    assert len(rows) == 28
    for row in rows:
        lfs, hfs, ifs = (float(row[k]) / 100 for k in ("low_level_visual", "high_level_visual", "ifs"))
        vfs = scoring.vfs(lfs, hfs)
        assert vfs * 100 == pytest.approx(float(row["vfs"]), abs=0.02), row["model"]
        assert scoring.final(ifs, vfs) * 100 == pytest.approx(float(row["final"]), abs=0.02), row["model"]
