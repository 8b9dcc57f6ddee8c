"""Comparisons between submissions: a head-to-head over the benchmark's tasks, pairwise win rates
over the top models, and scores per category of a task taxonomy axis.

Tasks are paired: each model's Final on the same task, a task without a judged result counting 0 as
in the aggregate. The interval of the mean difference is a paired bootstrap: tasks are resampled
with replacement and both models keep their own score on each drawn task, which is the percentile
bootstrap of the per-task differences (ranking.bootstrap_ci, same seed and resamples).
"""
from dataclasses import dataclass

from judging.engine import scoring
from leaderboard import constants as states
from leaderboard.models import TaskRun
from leaderboard.ranking import bootstrap_ci
from tasks_catalog.models import Task

# Below this a difference in Final is a tie: the same score written by two float sums.
TIE = 1e-9
AXES = {"domain": "Domain", "interaction_complexity": "Interaction level", "visual_complexity": "Visual level"}
METRICS = {"final": "Final", "ifs": "IFS", "vfs": "VFS"}


def finals(submission_ids):
    """{submission id: {task_id: Final}} of the judged runs of these submissions."""
    out = {pk: {} for pk in submission_ids}
    for pk, task_id, final in (TaskRun.objects.filter(submission_id__in=submission_ids, status=states.DONE)
                               .values_list("submission_id", "task__task_id", "final")):
        out[pk][task_id] = final or 0.0
    return out


@dataclass
class TaskPair:
    task_id: str
    a: float | None         # None: no judged result (it counts 0)
    b: float | None

    @property
    def difference(self):
        return (self.a or 0.0) - (self.b or 0.0)

    @property
    def winner(self):
        if abs(self.difference) <= TIE:
            return ""
        return "a" if self.difference > 0 else "b"


@dataclass
class HeadToHead:
    pairs: list             # TaskPair per catalog task, largest difference in A's favour first
    interval: tuple         # 95 % paired bootstrap interval of the mean difference in Final

    @property
    def mean_difference(self):
        return sum(p.difference for p in self.pairs) / len(self.pairs) if self.pairs else 0.0

    @property
    def wins_a(self):
        return sum(p.winner == "a" for p in self.pairs)

    @property
    def wins_b(self):
        return sum(p.winner == "b" for p in self.pairs)

    @property
    def ties(self):
        return len(self.pairs) - self.wins_a - self.wins_b

    @property
    def settled(self):
        """The interval excludes 0: one model is better beyond doubt over these tasks."""
        low, high = self.interval
        return low > 0 or high < 0


def head_to_head(a_id, b_id, task_ids=None):
    task_ids = task_ids if task_ids is not None else list(Task.objects.values_list("task_id", flat=True))
    scores = finals([a_id, b_id])
    pairs = [TaskPair(t, scores[a_id].get(t), scores[b_id].get(t)) for t in task_ids]
    pairs.sort(key=lambda p: (-p.difference, p.task_id))
    return HeadToHead(pairs, bootstrap_ci([p.difference for p in pairs]))


def win_rates(submission_ids, task_ids=None):
    """rates[i][j]: the share of tasks on which submission i beats submission j, ties counting half;
    None on the diagonal."""
    task_ids = task_ids if task_ids is not None else list(Task.objects.values_list("task_id", flat=True))
    scores = finals(submission_ids)
    rows = [[scores[pk].get(t, 0.0) for t in task_ids] for pk in submission_ids]
    rates = []
    for i, mine in enumerate(rows):
        rates.append([None if i == j else
                      sum(1.0 if x - y > TIE else 0.5 if abs(x - y) <= TIE else 0.0 for x, y in zip(mine, theirs))
                      / (len(task_ids) or 1)
                      for j, theirs in enumerate(rows)])
    return rates


def by_category(entries, axis, metric):
    """{"columns": [category…], "headers": [(category, tasks)…], "rows": [{"entry", "overall", "values": [score…]}]}:
    each entry's
    `metric` averaged over the tasks of each category of `axis` by scoring.aggregate, tasks without a
    judged result counting 0."""
    field = f"task__{axis}"
    categories = Task.objects.facet_values(axis)
    sizes = {c: Task.objects.filter(**{axis: c}).count() for c in categories}
    runs = {}
    for run in (TaskRun.objects.filter(submission_id__in=[e.submission_id for e in entries], status=states.DONE)
                .exclude(**{field: ""}).values("submission_id", field, *TaskRun.SCORE_NAMES)):
        scores = scoring.Scores(**{name: run[name] or 0.0 for name in ("ifs", "lfs", "vfs", "final")},
                                hfs=run["hfs"])
        runs.setdefault((run["submission_id"], run[field]), []).append(scores)
    rows = [{"entry": e, "overall": getattr(e, metric),
             "values": [getattr(scoring.aggregate(runs.get((e.submission_id, c), []), sizes[c]), metric)
                        for c in categories]} for e in entries]
    return {"columns": categories, "headers": [(c, sizes[c]) for c in categories], "rows": rows,
            "axis": AXES[axis], "metric": METRICS[metric]}
