import json

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

import media_sync
from leaderboard import standings
from tasks_catalog.forms import CatalogFilters
from tasks_catalog.media import file_response, public_path
from tasks_catalog.models import Task


@require_safe
def catalog(request):
    form = CatalogFilters(request.GET or None)
    total, version = Task.objects.catalog_version()
    return render(request, "tasks_catalog/catalog.html", {
        "form": form, "tasks": form.apply(Task.objects.all()), "total": total, "version": version,
        "stats": standings.task_stats(), "board_version": standings.version(),
    })


@require_safe
def task_detail(request, task_id):
    task = get_object_or_404(Task, task_id=task_id)
    assets = list(task.assets.all())
    return render(request, "tasks_catalog/task.html", {
        "task": task,
        "steps": task.steps.all(),
        "checkpoints": task.checkpoints.select_related("step"),
        "assets": [a for a in assets if a.kind == a.Kind.ASSET],
        "sheets": [a for a in assets if a.kind == a.Kind.STITCHED],
        "extra_json": json.dumps(task.extra, indent=2, ensure_ascii=False),
        "board": standings.task_board(task), "stats": standings.task_stats().get(task.task_id),
    })


@require_safe
def task_media(request, task_id, relative):
    task = get_object_or_404(Task, task_id=task_id)
    return file_response(request, public_path(media_sync.cached_task_dir(task), relative))


@require_safe
def task_inputs(request, task_id):
    task = get_object_or_404(Task, task_id=task_id)
    return file_response(request, public_path(media_sync.cached_task_dir(task), "inputs.zip"),
                         download_name=f"iwr-{task.task_id}-inputs.zip")
