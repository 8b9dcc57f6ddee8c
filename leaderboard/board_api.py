"""The read-only API of the board: the leaderboard and a submission's per-task results."""
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import api_view, renderer_classes
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from leaderboard import exports, standings
from leaderboard.api_docs import LeaderboardPageSerializer
from leaderboard.board_pages import BOARD_PAGE
from leaderboard.board_serializers import CSVRenderer, TaskRowSerializer
from leaderboard.models import Submission
from leaderboard.ranking import VERSION_CHOICES, Filters


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
    return Response([r.as_dict() for r in exports.task_rows(Submission.objects.get_visible(request.user, pk))])
