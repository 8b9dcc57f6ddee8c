"""A submission's evidence: its per-task results and their downloads, each run's gallery, and the
screenshots, difference heatmaps and boxed states behind them."""
import json

from django.http import FileResponse, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from judging.engine.result import COMPLETED, TaskResult
from leaderboard import constants as states
from leaderboard import exports, gallery, standings
from leaderboard.models import Submission, TaskRun
from leaderboard.preview import preview_url
from leaderboard.ranking import PAPER_TASKS, parse_sort, sort_headers, sort_rows

# Per-task table columns: (attribute, best first); scores and steps read best first, text A to Z.
TASK_SORT = {"task": ("task_id", False), "status": ("status", False), "steps": ("steps_reached", True),
             "ifs": ("ifs", True), "lfs": ("lfs", True), "hfs": ("hfs", True), "vfs": ("vfs", True),
             "final": ("final", True), "blocked": ("blocked_requests", False)}


def task_table(request, submission):
    """The per-task rows in the order the query asks for, with their header links."""
    column, flipped = parse_sort(request.GET.get("sort"), TASK_SORT, "task")
    attribute, descending = TASK_SORT[column]
    return {"submission": submission, "finished": submission.is_finished,
            "rows": sort_rows(exports.task_rows(submission), attribute, descending ^ flipped),
            "headers": sort_headers(request.GET, TASK_SORT, column, flipped)}


@require_GET
def submission_results(request, pk):
    submission = Submission.objects.get_visible(request.user, pk)
    return render(request, "leaderboard/board/results.html", {
        **task_table(request, submission), "interval": standings.interval(submission),
        "judged": submission.status == states.DONE, "paper_tasks": PAPER_TASKS,
    })


@require_GET
def results_rows(request, pk):
    """The table's body alone: what the results page fetches while judging goes on."""
    return render(request, "leaderboard/board/_task_rows.html",
                  task_table(request, Submission.objects.get_visible(request.user, pk)))


def _download(content, content_type, filename):
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def results_csv(request, pk):
    submission = Submission.objects.get_visible(request.user, pk)
    return _download(exports.tasks_csv(exports.task_rows(submission)), "text/csv; charset=utf-8",
                     f"submission-{pk}-tasks.csv")


@require_GET
def results_json(request, pk):
    submission = Submission.objects.get_visible(request.user, pk)
    data = exports.submission_json(submission, exports.task_rows(submission))
    return _download(json.dumps(data, indent=2), "application/json", f"submission-{pk}.json")


@require_GET
def results_markdown(request, pk):
    submission = Submission.objects.get_visible(request.user, pk)
    return _download(exports.official_markdown(submission), "text/markdown; charset=utf-8",
                     exports.markdown_name(submission))


@require_GET
def results_official(request, pk):
    """The submission as the official evaluation leaves a model's results: result/ tree and report."""
    submission = Submission.objects.get_visible(request.user, pk)
    return FileResponse(exports.official_tree_file(submission), as_attachment=True,
                        filename=f"submission-{pk}-result.zip", content_type="application/zip")


@require_GET
def task_gallery_for_run(request, pk, task_id):
    run = TaskRun.objects.get_visible(request.user, pk, task_id)
    stored = run.result or {}
    result = TaskResult.from_dict(stored)
    return render(request, "leaderboard/board/gallery.html", {
        "run": run, "submission": run.submission, "task": run.task,
        "frames": gallery.frames(stored, run.task.checkpoint_count),
        "ended_by": gallery.ended_by(stored, run.task.step_count),
        "points": gallery.visual_points(stored, run.task.checkpoint_count),
        "result": result, "stopped_early": bool(result.stop_reason) and result.stop_reason != COMPLETED,
        "steps": list(run.task.steps.all()),
        "blocked": sorted(result.blocked_requests.items()), "preview_url": preview_url(run, request.user),
    })


@require_GET
@cache_control(private=True, max_age=3600)
def run_screenshot(request, pk, task_id, path):
    run = TaskRun.objects.get_visible(request.user, pk, task_id)
    return FileResponse(open(gallery.run_file(run, path), "rb"), content_type="image/png")


@require_GET
@cache_control(private=True, max_age=3600)
def run_heatmap(request, pk, task_id, point):
    run = TaskRun.objects.get_visible(request.user, pk, task_id)
    return FileResponse(open(gallery.heatmap_file(run, point), "rb"), content_type="image/png")


@require_GET
@cache_control(private=True, max_age=3600)
def run_boxed(request, pk, task_id, state):
    run = TaskRun.objects.get_visible(request.user, pk, task_id)
    return FileResponse(open(gallery.boxed_file(run, state), "rb"), content_type="image/png")
