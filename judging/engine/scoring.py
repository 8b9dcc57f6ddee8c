"""The formulas of protocol iwr-v1 (DESIGN.md, "Scoring"): the one place that computes them.

Task level: IFS = successful steps / total steps; LFS = mean over visual points of
(OCR similarity + image similarity) / 2; HFS = mean MLLM score / 100, or None when no MLLM judged
the points; VFS = 0.5·LFS + 0.5·HFS (= LFS when HFS is None); Final = 0.7·IFS + 0.3·VFS.
Run level: the mean of each field over every task of the benchmark, a missing task counting 0;
beside it, the official evaluation's mean over the judged tasks alone (it skips a missing page).
"""
from dataclasses import asdict, dataclass
from statistics import fmean

PROTOCOL = "iwr-v1"
IFS_WEIGHT, VFS_WEIGHT = 0.7, 0.3
LFS_WEIGHT, HFS_WEIGHT = 0.5, 0.5


@dataclass(frozen=True)
class Scores:
    ifs: float
    lfs: float
    hfs: float | None
    vfs: float
    final: float

    def to_dict(self):
        return asdict(self)


def ocr_similarity(text_a, text_b):
    """1 − Levenshtein / max length on lower-cased text; two empty texts are identical."""
    from rapidfuzz.distance import Levenshtein

    a, b = (text_a or "").lower(), (text_b or "").lower()
    if not a and not b:
        return 1.0
    if not a or not b:
        return 0.0
    return 1.0 - Levenshtein.distance(a, b) / max(len(a), len(b))


def vfs(lfs, hfs):
    return lfs if hfs is None else LFS_WEIGHT * lfs + HFS_WEIGHT * hfs


def final(ifs, vfs_value):
    return IFS_WEIGHT * ifs + VFS_WEIGHT * vfs_value


def task_scores(success_step, total_step, ocr_scores, image_scores, mllm_scores=None):
    """Scores of one task from the per-point metrics (mllm_scores on the 0-100 scale, or None)."""
    if len(ocr_scores) != len(image_scores):
        raise ValueError("every visual point needs both an OCR and an image score")
    ifs = success_step / total_step if total_step else 0.0
    lfs = fmean((o + i) / 2 for o, i in zip(ocr_scores, image_scores)) if ocr_scores else 0.0
    hfs = None
    if mllm_scores is not None:
        hfs = fmean(m / 100 for m in mllm_scores) if mllm_scores else 0.0
    v = vfs(lfs, hfs)
    return Scores(ifs=ifs, lfs=lfs, hfs=hfs, vfs=v, final=final(ifs, v))


@dataclass(frozen=True)
class Aggregate:
    ifs: float
    lfs: float
    hfs: float | None
    vfs: float
    final: float
    judged: int
    total: int
    # The official evaluation's row: each field's mean over the judged tasks alone (it skips tasks
    # without a page); None when no task was judged. Equal to the fields above at full coverage.
    over_judged: dict | None = None

    @property
    def coverage(self):
        return self.judged / self.total if self.total else 0.0

    def to_dict(self):
        return {**asdict(self), "coverage": self.coverage}


def aggregate(task_results, total_tasks):
    """Mean of each field over `total_tasks` tasks; tasks absent from `task_results` score 0.

    `task_results` is an iterable of Scores (or anything with the same attributes). HFS is
    reported only when every judged task measured it: a mean mixing measured and unmeasured
    HFS would rank an LLM-judged run against an offline one without saying so.
    """
    results = list(task_results)
    if total_tasks < len(results):
        raise ValueError(f"{len(results)} results for a benchmark of {total_tasks} tasks")
    if not total_tasks:
        return Aggregate(0.0, 0.0, None, 0.0, 0.0, 0, 0)

    measured = results and all(r.hfs is not None for r in results)

    def means(count):
        sums = {name: sum(getattr(r, name) for r in results) for name in ("ifs", "lfs", "vfs", "final")}
        sums["hfs"] = sum(r.hfs for r in results) if measured else None
        return {name: None if value is None else value / count for name, value in sums.items()}

    overall = means(total_tasks)
    return Aggregate(**overall, judged=len(results), total=total_tasks,
                     over_judged=means(len(results)) if results else None)
