"""The public board's pages: home, the leaderboard, its charts, the breakdown, head to head, and
one task across every public submission."""
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import Http404, QueryDict
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from leaderboard import constants as states
from leaderboard import charts, comparisons, gallery, standings
from leaderboard.models import Submission, TaskRun
from leaderboard.ranking import (
    DEFAULT_SORT, PAPER_TASKS, SORT_COLUMNS, VERSION_CHOICES, Filters, chart_panels, parse_sort, sort_entries,
    sort_headers,
)
from tasks_catalog.models import Task

GALLERY_PAGE = 24
# Rows per set-up on one leaderboard page: enough for a reader, cheap to render whatever the total.
BOARD_PAGE = 100
BREAKDOWN_CHART_ROWS = 20


def _board_tables(filters, column, flipped, page_number):
    """The filter form and ranked tables: the same for every reader."""
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
    return {
        "groups": [g for g in shown if g.entries], "page": page, "page_query": query.urlencode(),
        "group_choices": choices, "filters": filters, "sort_param": query.get("sort", ""),
        "model_types": Submission.ModelType.choices, "headers": sort_headers(query, SORT_COLUMNS, column, flipped),
        "version_choices": VERSION_CHOICES, "versions": filters.version_choice,
        "judged_groups": sum(1 for g in groups if not g.from_paper), "paper_tasks": PAPER_TASKS,
    }


@require_GET
def home(request):
    return render(request, "home.html", {"figures": standings.site_figures()})


@require_GET
def leaderboard(request):
    filters = Filters.from_query(request.GET)
    column, flipped = parse_sort(request.GET.get("sort"))
    page = request.GET.get("page") or "1"
    return render(request, "leaderboard/board/leaderboard.html", {
        # The template caches the tables per board version and query ({% cache %}): the function is
        # called only when they are not in the cache.
        "tables": lambda: _board_tables(filters, column, flipped, page),
        "tables_key": (sorted(filters.as_query().items()), column, flipped, page[:6]),
        "board_version": standings.version(),
        "csv_url": reverse("board:api-leaderboard") + "?" + urlencode({"format": "csv"})})


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
