"""Leaderboard, charts, per-task results, diff galleries, live previews and the read-only API."""
import json
from urllib.parse import urlencode

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core import signing
from django.core.paginator import Paginator
from django.http import FileResponse, Http404, HttpResponse, QueryDict
from django.template.loader import render_to_string
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.http import require_GET
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import api_view, renderer_classes
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

import media_sync
from judging.engine import assets
from leaderboard import charts, comparisons, exports, gallery, standings
from leaderboard import constants as states
from leaderboard.api_docs import LeaderboardPageSerializer
from leaderboard.board_serializers import CSVRenderer, TaskRowSerializer
from leaderboard.models import Submission, TaskRun
from leaderboard.ranking import (
    DEFAULT_SORT, PAPER_TASKS, SORT_COLUMNS, VERSION_CHOICES, Filters, chart_panels, parse_sort, sort_entries,
    sort_rows,
)
from tasks_catalog.models import Task

PREVIEW_CSP = ("sandbox allow-scripts allow-forms; default-src 'self' data: blob:; "
               "script-src 'self' 'unsafe-inline' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; "
               "img-src 'self' data: blob:; media-src 'self' data: blob:; font-src 'self' data:; "
               "connect-src 'none'; form-action 'none'; frame-src 'none'; worker-src 'none'; "
               "frame-ancestors 'self'; base-uri 'none'")
# Per-task table columns: (attribute, best first); scores and steps read best first, text A to Z.
TASK_SORT = {"task": ("task_id", False), "status": ("status", False), "steps": ("steps_reached", True),
             "ifs": ("ifs", True), "lfs": ("lfs", True), "hfs": ("hfs", True), "vfs": ("vfs", True),
             "final": ("final", True), "blocked": ("blocked_requests", False)}
GALLERY_PAGE = 24
# Rows per set-up on one leaderboard page: enough for a reader, cheap to render whatever the total.
BOARD_PAGE = 100


def _submission_for(request, pk):
    """The one access rule: public submissions, the owner's own, everything for staff."""
    return get_object_or_404(Submission.objects.visible_to(request.user), pk=pk)


def _run_for(request, pk, task_id):
    submission = _submission_for(request, pk)
    return get_object_or_404(TaskRun.objects.select_related("task", "submission"),
                             submission=submission, task__task_id=task_id)


def _sort_headers(query, columns, current, flipped):
    """Header links that sort by a column; clicking the sorted column again flips it."""
    query = query.copy()
    headers = {}
    for column in columns:
        query["sort"] = f"-{column}" if column == current and not flipped else column
        headers[column] = {"url": f"?{query.urlencode()}", "active": column == current,
                           "aria": ("ascending" if flipped else "descending") if column == current else "none"}
    return headers


def _board_tables(filters, column, flipped, page_number):
    """The filter form and ranked tables: the same for every reader, so rendered once per version."""
    groups = standings.standings(filters.version_choice)
    choices = [(g.key, g.label) for g in groups]
    shown = filters.apply(groups)
    pages = max([-(-len(g.entries) // BOARD_PAGE) for g in shown] or [1])
    page = Paginator(range(pages), 1).get_page(page_number)
    window = slice((page.number - 1) * BOARD_PAGE, page.number * BOARD_PAGE)
    for group in shown:
        group.entries = sort_entries(group.entries, column, flipped)[window]
    query = QueryDict(mutable=True)
    query.update(filters.as_query())
    if column != DEFAULT_SORT or flipped:
        query["sort"] = f"{'-' if flipped else ''}{column}"
    return render_to_string("leaderboard/board/_tables.html", {
        "groups": [g for g in shown if g.entries], "page": page, "page_query": query.urlencode(),
        "group_choices": choices, "filters": filters, "sort_param": query.get("sort", ""),
        "model_types": Submission.ModelType.choices, "headers": _sort_headers(query, SORT_COLUMNS, column, flipped),
        "version_choices": VERSION_CHOICES, "versions": filters.version_choice,
        "judged_groups": sum(1 for g in groups if not g.from_paper), "paper_tasks": PAPER_TASKS,
    })


@require_GET
def home(request):
    return render(request, "home.html", {"figures": standings.site_figures()})


@require_GET
def leaderboard(request):
    filters = Filters.from_query(request.GET)
    column, flipped = parse_sort(request.GET.get("sort"))
    page = request.GET.get("page") or "1"
    tables = standings.cached("tables", lambda: _board_tables(filters, column, flipped, page),
                              sorted(filters.as_query().items()), column, flipped, page[:6])
    return render(request, "leaderboard/board/leaderboard.html", {
        "tables": tables, "csv_url": "/api/leaderboard/?" + urlencode({"format": "csv"})})


def _chart_context():
    groups = standings.standings()
    judged = standings.largest_judged(groups)
    top = judged.entries[: standings.HEATMAP_MODELS] if judged else []
    difficulty = standings.task_difficulty(judged.entries) if judged else []
    panels = [{"panel": panel, "rows": panel.entries[:charts.FINAL_ROWS],
               "final_id": f"chart-final-{n}", "scatter_id": f"chart-scatter-{n}",
               "final": charts.render(charts.final_with_ci(panel.entries[:charts.FINAL_ROWS])),
               "scatter": charts.render(charts.ifs_against_vfs(panel.entries, panel.from_paper))}
              for n, panel in enumerate(chart_panels(groups), 1)]
    rates = comparisons.win_rates([e.submission_id for e in top]) if len(top) > 1 else None
    return {
        "panels": panels,
        "win_chart": charts.render(charts.win_rate_heatmap(top, rates)) if rates else "",
        "win_rows": list(zip(top, rates)) if rates else [], "win_models": top,
        "difficulty_chart": charts.render(charts.task_difficulty(difficulty)) if difficulty else "",
        "difficulty": difficulty, "unsolved": [t for t in difficulty if not t["solved"]],
        "judged_label": judged.label if judged else "",
    }


@require_GET
def leaderboard_charts(request):
    return render(request, "leaderboard/board/charts.html", standings.cached("charts", _chart_context))


BREAKDOWN_CHART_ROWS = 20


@require_GET
def breakdown(request):
    """Scores per domain, interaction level or visual level for every model of one judging set-up."""
    axis = request.GET.get("axis") if request.GET.get("axis") in comparisons.AXES else "domain"
    metric = request.GET.get("metric") if request.GET.get("metric") in comparisons.METRICS else "final"
    groups = [g for g in standings.standings() if not g.from_paper]
    group = next((g for g in groups if g.key == request.GET.get("group")), groups[0] if groups else None)
    page = Paginator(group.entries if group else [], BOARD_PAGE).get_page(request.GET.get("page"))

    def build():
        matrix = comparisons.by_category(list(page), axis, metric)
        return {"matrix": matrix, "chart": charts.render(charts.category_heatmap(matrix, BREAKDOWN_CHART_ROWS))}

    context = standings.cached("breakdown", build, axis, metric, group and group.key, page.number) if group else {}
    return render(request, "leaderboard/board/breakdown.html", {
        **context, "group": group, "groups": groups, "axis": axis, "metric": metric, "page": page,
        "axes": comparisons.AXES, "metrics": comparisons.METRICS, "chart_rows": BREAKDOWN_CHART_ROWS,
    })


def _finished_for(request, value):
    """A judged submission this user may see, from a query parameter; None when there is none."""
    try:
        pk = int(value or "")
    except ValueError:
        return None
    return Submission.objects.visible_to(request.user).filter(pk=pk, status=states.DONE).first()


def _pair(request):
    return _finished_for(request, request.GET.get("a")), _finished_for(request, request.GET.get("b"))


@require_GET
def compare(request):
    """Two judged submissions task by task: paired differences, wins, and the interval of the difference."""
    a, b = _pair(request)
    choices = [(e.submission_id, f"{e.model} #{e.submission_id}")
               for g in standings.standings() if not g.from_paper for e in g.entries]
    listed = {pk for pk, _ in choices}
    choices += [(s.pk, f"{s.model_name} #{s.pk}") for s in (a, b) if s is not None and s.pk not in listed]
    context = {"a": a, "b": b, "choices": choices}
    if a and b and a.pk != b.pk:
        def build():
            result = comparisons.head_to_head(a.pk, b.pk)
            return {"result": result, "chart": charts.render(charts.head_to_head(result.pairs, f"#{a.pk}", f"#{b.pk}"))}

        # The bootstrap and the figure cost tens of milliseconds: kept until either is judged again.
        context.update(standings.cached("compare", build, a.pk, b.pk, a.finished_at, b.finished_at))
    return render(request, "leaderboard/board/compare.html", context)


@require_GET
def compare_task(request, task_id):
    """One task, checkpoint by checkpoint: the ground truth beside what each of the two runs showed."""
    task = get_object_or_404(Task, task_id=task_id)
    a, b = _pair(request)
    if not (a and b):
        raise Http404("Choose two judged submissions")
    runs = {r.submission_id: r for r in TaskRun.objects.filter(task=task, submission__in=[a, b])}
    sides = [(s, runs.get(s.pk)) for s in (a, b)]
    rows = [{"checkpoint": c, "screens": [(s, run, gallery.screen_at(run.result or {}, c.index, task.step_count)
                                           if run else None) for s, run in sides]}
            for c in task.checkpoints.all()]
    return render(request, "leaderboard/board/compare_task.html",
                  {"task": task, "a": a, "b": b, "rows": rows, "sides": sides})


def task_table(request, submission):
    """The per-task rows in the order the query asks for, with their header links."""
    column, flipped = parse_sort(request.GET.get("sort"), TASK_SORT, "task")
    attribute, descending = TASK_SORT[column]
    return {"submission": submission, "finished": submission.is_finished,
            "rows": sort_rows(exports.task_rows(submission), attribute, descending ^ flipped),
            "headers": _sort_headers(request.GET, TASK_SORT, column, flipped)}


@require_GET
def submission_results(request, pk):
    submission = _submission_for(request, pk)
    return render(request, "leaderboard/board/results.html", {
        **task_table(request, submission), "interval": standings.interval(submission),
        "judged": submission.status == states.DONE, "paper_tasks": PAPER_TASKS,
    })


@require_GET
def results_rows(request, pk):
    """The table's body alone: what the results page fetches while judging goes on."""
    return render(request, "leaderboard/board/_task_rows.html", task_table(request, _submission_for(request, pk)))


def _download(content, content_type, filename):
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def results_csv(request, pk):
    submission = _submission_for(request, pk)
    return _download(exports.tasks_csv(exports.task_rows(submission)), "text/csv; charset=utf-8",
                     f"submission-{pk}-tasks.csv")


@require_GET
def results_json(request, pk):
    submission = _submission_for(request, pk)
    data = exports.submission_json(submission, exports.task_rows(submission))
    return _download(json.dumps(data, indent=2), "application/json", f"submission-{pk}.json")


@require_GET
def results_markdown(request, pk):
    submission = _submission_for(request, pk)
    return _download(exports.official_markdown(submission), "text/markdown; charset=utf-8",
                     exports.markdown_name(submission))


@require_GET
def results_official(request, pk):
    """The submission as the official evaluation leaves a model's results: result/ tree and report."""
    submission = _submission_for(request, pk)
    return FileResponse(exports.official_tree_file(submission), as_attachment=True,
                        filename=f"submission-{pk}-result.zip", content_type="application/zip")


@require_GET
def task_gallery_for_run(request, pk, task_id):
    run = _run_for(request, pk, task_id)
    result = run.result or {}
    return render(request, "leaderboard/board/gallery.html", {
        "run": run, "submission": run.submission, "task": run.task,
        "frames": gallery.frames(result, run.task.checkpoint_count),
        "ended_by": gallery.ended_by(result, run.task.step_count),
        "points": gallery.visual_points(result, run.task.checkpoint_count),
        "result": result, "steps": list(run.task.steps.all()),
        "blocked": sorted((result.get("blocked_requests") or {}).items()), "preview_url": preview_url(run, request.user),
    })


@require_GET
@cache_control(private=True, max_age=3600)
def run_screenshot(request, pk, task_id, path):
    return FileResponse(open(gallery.run_file(_run_for(request, pk, task_id), path), "rb"), content_type="image/png")


@require_GET
@cache_control(private=True, max_age=3600)
def run_heatmap(request, pk, task_id, point):
    return FileResponse(open(gallery.heatmap_file(_run_for(request, pk, task_id), point), "rb"),
                        content_type="image/png")


@require_GET
@cache_control(private=True, max_age=3600)
def run_boxed(request, pk, task_id, state):
    return FileResponse(open(gallery.boxed_file(_run_for(request, pk, task_id), state), "rb"),
                        content_type="image/png")


# The sandboxed site sends no cookie with its own requests (its origin is opaque), so a private
# submission's preview could not load its styles and images by the session. Its URLs carry instead
# a short-lived signed token, handed only to someone the access rule lets see the run.
PREVIEW_SIGNER = signing.TimestampSigner(salt="leaderboard.preview")
PREVIEW_TOKEN_SECONDS = 3600


def _preview_subject(pk, task_id):
    return f"{pk}/{task_id}"


# The site is shown this many folders below its token, so that a page climbing out of its folder
# into the official dataset layout (../../../data/data/<id>/assets/…, as generate.py writes) still
# asks for a path under the token, as the judge's site root keeps it inside the site.
PREVIEW_DEPTH = 8
PREVIEW_FOLDER = "_site"


def preview_url(run, viewer=None):
    """The tokened site for `viewer` (None: anonymous). The token names the viewer, so each use can
    check that they still may see the run: a submission made private again closes its links."""
    subject = _preview_subject(run.submission_id, run.task.task_id)
    viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else 0
    token = PREVIEW_SIGNER.sign(f"{subject}:{viewer_id}")[len(subject) + 1:]
    return reverse("board:preview-file", args=[run.submission_id, run.task.task_id, token,
                                               f"{PREVIEW_FOLDER}/" * PREVIEW_DEPTH])


def _preview_viewer(pk, task_id, token):
    """Who the token was handed to, or None when it is forged, for another run or expired."""
    try:
        signed = PREVIEW_SIGNER.unsign(f"{_preview_subject(pk, task_id)}:{token}", max_age=PREVIEW_TOKEN_SECONDS)
    except signing.BadSignature:
        return None
    viewer_id = signed.rsplit(":", 1)[1]
    if viewer_id == "0":
        return AnonymousUser()
    return get_user_model().objects.filter(pk=viewer_id, is_active=True).first()


def _site_path(path):
    """The path from the site root: the preview's folders stripped, those a page climbed out of already gone."""
    parts = path.split("/")
    depth = 0
    while depth < min(PREVIEW_DEPTH, len(parts)) and parts[depth] == PREVIEW_FOLDER:
        depth += 1
    return "/".join(parts[depth:])


@require_GET
def preview(request, pk, task_id):
    """Where links point: checks access by the session, then sends the browser to the tokened site."""
    return redirect(preview_url(_run_for(request, pk, task_id), request.user))


@require_GET
@xframe_options_sameorigin
def preview_file(request, pk, task_id, token, path=""):
    """The submitted site, sandboxed by CSP: no script of it can reach the application or its cookies.

    The "sandbox" directive gives the page an opaque origin even when opened directly (not only in
    our iframe), connect-src 'none' stops fetch/XHR, form-action 'none' form posts, frame-src 'none'
    framing the application, and the response never sets a cookie. The task's assets are found as
    the judge finds them (judging.engine.assets): by the placeholder or a path into the dataset.
    """
    viewer = _preview_viewer(pk, task_id, token)
    # Forged, for another run, expired, or its viewer may no longer see it: the same 404 as no access.
    if viewer is None or not Submission.objects.visible_to(viewer).filter(pk=pk).exists():
        raise Http404("No such preview")
    run = get_object_or_404(TaskRun.objects.select_related("task"), submission_id=pk, task__task_id=task_id)
    roots = {assets.SITE: media_sync.local_tree(media_sync.relative(run.site_dir())).resolve(),
             assets.ASSET: (media_sync.cached_task_dir(run.task) / "assets").resolve()}
    found = assets.locate(_site_path(path), lambda p: _file_in(roots[assets.SITE], p) is not None,
                          lambda p: _file_in(roots[assets.ASSET], p) is not None)
    target = found and _file_in(roots[found[0]], found[1])
    if not target:
        raise Http404("No such file in this site")
    response = FileResponse(open(target, "rb"))
    response["Content-Security-Policy"] = PREVIEW_CSP
    response["X-Content-Type-Options"] = "nosniff"
    response["Referrer-Policy"] = "no-referrer"
    response["Cache-Control"] = "private, no-store"
    return response


def _file_in(root, relative):
    """root/relative if it is a file inside root once links are resolved, else None."""
    target = (root / relative).resolve()
    return target if target.is_relative_to(root) and target.is_file() else None


@require_GET
def task_gallery(request, task_id):
    """One task at one checkpoint: the truth and every public submission's screenshot, best first."""
    task = get_object_or_404(Task, task_id=task_id)
    checkpoints = list(task.checkpoints.all())
    try:
        chosen = int(request.GET.get("checkpoint", 0))
    except ValueError:
        chosen = 0
    checkpoint = next((c for c in checkpoints if c.index == chosen), checkpoints[0] if checkpoints else None)
    runs = (TaskRun.objects.filter(task=task, status=states.DONE, submission__in=standings.ranked_submissions())
            .select_related("submission").order_by("-final", "submission_id"))
    page = Paginator(runs, GALLERY_PAGE).get_page(request.GET.get("page"))
    tiles = [{"run": run, "screen": gallery.screen_at(run.result or {}, checkpoint.index, task.step_count)}
             for run in page] if checkpoint else []
    return render(request, "leaderboard/board/task_gallery.html", {
        "task": task, "checkpoints": checkpoints, "checkpoint": checkpoint, "tiles": tiles, "page": page,
    })


# -- API ---------------------------------------------------------------------------------------

@extend_schema(
    summary="The leaderboard: every ranked row, grouped by judge protocol and back-end",
    description="Rows of different protocols or back-ends carry their own ranks and a `group` field; the "
                "paper's rows have backend `paper`. Filters as on the page; paginated with limit/offset "
                "(100 rows by default); `?format=csv` gives every row as CSV.",
    parameters=[OpenApiParameter("model_type", str), OpenApiParameter("thinking", str, enum=["yes", "no"]),
                OpenApiParameter("group", str, description="<protocol>/<backend>"),
                OpenApiParameter("q", str, description="search in model and organisation"),
                OpenApiParameter("versions", str, enum=list(VERSION_CHOICES),
                                 description="which of a model's versions its row shows (default best); all: "
                                             "every submission its own row"),
                OpenApiParameter("format", str, enum=["json", "csv"]),
                OpenApiParameter("limit", int), OpenApiParameter("offset", int)],
    responses=LeaderboardPageSerializer,
)
@api_view(["GET"])
@renderer_classes([JSONRenderer, CSVRenderer])
def api_leaderboard(request):
    filters = Filters.from_query(request.GET)
    if request.accepted_renderer.format == "csv":
        groups = filters.apply(standings.standings(filters.version_choice))
        return Response(exports.leaderboard_csv(groups), headers={
            "Content-Disposition": 'attachment; filename="iwr-bench-leaderboard.csv"'})
    paginator = LimitOffsetPagination()
    paginator.default_limit = BOARD_PAGE
    limit, offset = paginator.get_limit(request), paginator.get_offset(request)

    def page():
        rows = [{**e.as_dict(), "group": g.key, "group_label": g.label}
                for g in filters.apply(standings.standings(filters.version_choice)) for e in g.entries]
        return len(rows), rows[offset:offset + limit]

    # One page of rows, kept until the board changes: a request then costs one small query.
    count, rows = standings.cached("api", page, sorted(filters.as_query().items()), limit, offset)
    # The state paginate_queryset would leave, so DRF writes count, next and previous links.
    paginator.count, paginator.limit, paginator.offset, paginator.request = count, limit, offset, request
    return paginator.get_paginated_response(rows)


@extend_schema(summary="One submission's per-task results: every score, steps reached, failures",
               responses=TaskRowSerializer(many=True))
@api_view(["GET"])
def api_submission_tasks(request, pk):
    return Response([r.as_dict() for r in exports.task_rows(_submission_for(request, pk))])
