"""What the leaderboard reads from the database: entries, intervals, and the charts' data.

Everything here reads stored columns: the aggregate and its bootstrap interval are written once,
when a submission finishes (leaderboard.runs.finish_submission_if_complete).
"""
import hashlib

from django.core.cache import cache
from django.db.models import Count, F, Max, Q, Sum

from leaderboard import constants as states
from leaderboard.models import Submission, TaskRun
from leaderboard.paper import paper_entries
from leaderboard.ranking import DEFAULT_VERSIONS, Entry, bootstrap_ci, one_row_per_model, rank_groups
from tasks_catalog.models import ActionStep, Task

CI_KEY = "final_ci"
# Models in the charts page's pairwise win-rate heatmap: a readable grid.
HEATMAP_MODELS = 12
ENTRY_FIELDS = ("pk", "model_name", "organisation", "model_type", "thinking", "parameters_billions", "protocol",
                "backend", "lfs", "hfs", "ifs", "vfs", "final", "coverage", "finished_at", "aggregate", "is_verified",
                "tasks_judged", "tasks_total", "owner_id")


def ranked_submissions():
    return Submission.objects.public().finished()


def final_interval(submission_id, total_tasks):
    """95 % bootstrap interval of Final over the benchmark's tasks, unjudged tasks counting 0."""
    finals = list(TaskRun.objects.filter(submission_id=submission_id, status=states.DONE)
                  .values_list("final", flat=True))
    finals = [value or 0.0 for value in finals]
    return bootstrap_ci(finals + [0.0] * max(total_tasks - len(finals), 0))


def interval(submission):
    """The interval stored with the aggregate when the submission finished; None while judging."""
    return submission.aggregate.get(CI_KEY) if submission.status == states.DONE else None


def _entry(row):
    interval = row["aggregate"][CI_KEY]
    params = row["parameters_billions"]
    return Entry(
        model=row["model_name"], organisation=row["organisation"], model_type=row["model_type"],
        thinking=row["thinking"], parameters=f"{params.normalize():f}B" if params is not None else "",
        protocol=row["protocol"], backend=row["backend"], lfs=row["lfs"] or 0.0, hfs=row["hfs"],
        ifs=row["ifs"] or 0.0, vfs=row["vfs"] or 0.0, final=row["final"] or 0.0,
        ci_low=interval[0], ci_high=interval[1], coverage=row["coverage"], finished=row["finished_at"],
        submission_id=row["pk"], verified=row["is_verified"],
        over_judged=row["aggregate"].get("over_judged"), tasks_judged=row["tasks_judged"],
        tasks_total=row["tasks_total"], owner_id=row["owner_id"],
    )


def judged_entries():
    return [_entry(row) for row in ranked_submissions().values(*ENTRY_FIELDS)]


def standings(versions=DEFAULT_VERSIONS):
    """Every ranked group: judged submissions by protocol and back-end, then the paper's rows; a
    model's versions in one row (ranking.one_row_per_model), the best or latest as `versions` says.

    Cached until a ranked submission changes, so a request costs one small query, not N rows.
    """
    return cached("standings", lambda: rank_groups(one_row_per_model(judged_entries(), versions) + paper_entries()),
                  versions)


def version():
    """Changes whenever a ranked submission appears, leaves, or is judged again, and whenever one is
    published, hidden or verified (listing_changed_at, over all submissions: one hidden has left the
    ranked set). The cache key; one query."""
    ranked = Q(pk__in=ranked_submissions().values("pk"))
    stats = Submission.objects.aggregate(n=Count("pk", filter=ranked), last=Max("finished_at", filter=ranked),
                                         top=Max("pk", filter=ranked), listed=Max("listing_changed_at"))
    return "-".join(str(stats[k].timestamp() if hasattr(stats[k], "timestamp") else stats[k])
                    for k in ("n", "top", "last", "listed"))


def cached(name, build, *parts):
    # Parts come from the query string: hashed, so any value makes a short, safe key.
    key = f"board:{name}:{version()}:{hashlib.sha1(repr(parts).encode()).hexdigest()}"
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, 3600)
    return value


def task_difficulty(entries):
    """Per task: mean Final over the given entries (a task a submission lacks counts 0) and how many
    submissions completed every step; hardest first."""
    ids = [e.submission_id for e in entries]
    per_task = {row["task__task_id"]: row for row in (
        TaskRun.objects.filter(submission_id__in=ids, status=states.DONE)
        .values("task__task_id")
        .annotate(total=Sum("final"), solved=Count("pk", filter=Q(total_steps__gt=0,
                                                                   success_steps=F("total_steps")))))}
    count = len(ids) or 1
    tasks = [{"task_id": task_id, "mean_final": (per_task.get(task_id, {}).get("total") or 0.0) / count,
              "solved": per_task.get(task_id, {}).get("solved", 0),
              "solve_rate": per_task.get(task_id, {}).get("solved", 0) / count, "submissions": len(ids)}
             for task_id in Task.objects.values_list("task_id", flat=True)]
    tasks.sort(key=lambda t: (t["mean_final"], t["task_id"]))
    return tasks


def largest_judged(groups):
    """The judged group most rows belong to (rank_groups puts it first), or None."""
    return next((g for g in groups if not g.from_paper), None)


def task_stats():
    """{task_id: task_difficulty's row} over the largest judged set-up's public submissions, for the
    catalog; empty while none is public. Cached until the board changes."""
    def build():
        judged = largest_judged(standings())
        return {t["task_id"]: t for t in task_difficulty(judged.entries)} if judged else {}
    return cached("task-stats", build)


TASK_BOARD_ROWS = 10


def task_board(task, limit=TASK_BOARD_ROWS):
    """The best public results on one task, by Final, each with its judging set-up."""
    runs = (TaskRun.objects.filter(task=task, status=states.DONE, submission__in=ranked_submissions())
            .select_related("submission").order_by("-final", "submission_id"))
    return list(runs[:limit])


def site_figures():
    """The home page's figures, counted from the database: the catalog, and the board's rows."""
    def build():
        catalog = Task.objects.aggregate(tasks=Count("pk"), assertions=Sum("assertion_count"),
                                         websites=Count("source_website", distinct=True, filter=~Q(source_website="")))
        rows = [e for g in standings() for e in g.entries]
        return {**catalog, "assertions": catalog["assertions"] or 0,
                "actions": ActionStep.objects.count(), "submissions": ranked_submissions().count(),
                "models": len({e.model.casefold() for e in rows}), "judged_models": sum(not e.from_paper for e in rows)}
    return cached("figures", build, Task.objects.catalog_version())
