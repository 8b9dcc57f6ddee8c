"""The submissions API: upload a zip with a token, check one for free, follow its judging, read its
results, and publish, unpublish, delete or moderate it."""
from django.conf import settings
from django.utils.decorators import method_decorator
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from config.ratelimit import ratelimit
from leaderboard import moderation, services
from leaderboard.api_docs import ErrorSerializer, PreflightReportSerializer
from leaderboard.api_errors import validated
from leaderboard.models import Submission, TaskRun
from leaderboard.services import METADATA_FIELDS
from leaderboard.units import in_percent
from tasks_catalog.models import Task


PERCENT = {"help_text": "In percent (0–100)."}


class PercentScores:
    """Scores are stored as fractions; the API answers in percent, as every page and export does
    (nested rows included: in_percent converts them with their parent)."""

    def to_representation(self, instance):
        return in_percent(super().to_representation(instance))


class TaskRunSerializer(serializers.ModelSerializer):
    task = serializers.CharField(source="task.task_id")

    class Meta:
        model = TaskRun
        fields = ("task", "status", "failure_reason", "failure_detail", "attempts", "protocol", "backend",
                  "ifs", "lfs", "hfs", "vfs", "final", "success_steps", "total_steps", "stop_reason",
                  "blocked_requests", "console_errors", "started_at", "finished_at")
        extra_kwargs = dict.fromkeys(TaskRun.SCORE_NAMES, PERCENT)


class SubmissionSerializer(PercentScores, serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.get_username", read_only=True)
    url = serializers.CharField(source="get_absolute_url", read_only=True)
    progress = serializers.SerializerMethodField()
    runs = TaskRunSerializer(many=True, read_only=True)

    class Meta:
        model = Submission
        fields = ("id", "url", "owner", *METADATA_FIELDS, "is_hidden", "is_verified", "status", "layout", "upload_name", "upload_bytes",
                  "sha256", "created_at", "finished_at", "protocol", "backend", "ifs", "lfs", "hfs", "vfs", "final",
                  "tasks_judged", "tasks_total", "coverage", "progress", "runs")
        read_only_fields = fields
        extra_kwargs = dict.fromkeys((*Submission.SCORE_NAMES, "coverage"), PERCENT)

    def get_progress(self, obj) -> dict:
        return obj.progress()


class PreflightSerializer(serializers.Serializer):
    """The zip and what it holds: all a pre-flight check needs, and the upload part of a submission."""
    archive = serializers.FileField(help_text="The zip: one task's site, or a whole run (`<task_id>/<model_dir>/index.html`).")
    task = serializers.SlugRelatedField(slug_field="task_id", queryset=Task.objects.all(), required=False,
                                        allow_null=True, help_text="Set for a one-task zip; omit for a whole run.")


class SubmissionUploadSerializer(PreflightSerializer, serializers.ModelSerializer):
    class Meta:
        model = Submission
        fields = (*METADATA_FIELDS, "task", "archive")


def _refused(refusal):
    return Response({"code": refusal.code, "detail": refusal.message}, status=refusal.status)


class SubmissionPagination(LimitOffsetPagination):
    """Each submission carries all its runs (up to the whole benchmark), so a page is bounded."""

    default_limit = 50
    max_limit = 100


@method_decorator(ratelimit("upload", settings.UPLOAD_RATE_LIMIT, 3600, as_json=True), name="post")
class SubmissionList(generics.ListCreateAPIView):
    """Submissions you may see (public ones and your own), at most 100 a page (`?limit=`, `?offset=`);
    POST uploads a new one."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = [MultiPartParser, FormParser]
    serializer_class = SubmissionSerializer
    pagination_class = SubmissionPagination

    def get_queryset(self):
        return Submission.objects.visible_to(self.request.user).select_related("owner").with_runs()

    @extend_schema(request=SubmissionUploadSerializer,
                   responses={201: SubmissionSerializer, 400: ErrorSerializer, 409: ErrorSerializer,
                              413: ErrorSerializer, 429: ErrorSerializer})
    def post(self, request):
        data = dict(validated(SubmissionUploadSerializer(data=request.data)))
        archive, task = data.pop("archive"), data.pop("task", None)
        try:
            submission = services.create_submission(request.user, data, archive.temporary_file_path(),
                                                    archive.name, task_id=task.task_id if task else None)
        except services.SubmissionRefused as refusal:
            response = _refused(refusal)
            earlier = services.visible_earlier(refusal, request.user)
            if earlier:
                response.data["earlier"] = request.build_absolute_uri(earlier.get_absolute_url())
            return response
        body = SubmissionSerializer(submission).data
        return Response(body, status=status.HTTP_201_CREATED,
                        headers={"Location": request.build_absolute_uri(submission.get_absolute_url())})


class SubmissionDetail(APIView):
    """One submission you may see; DELETE (the owner) removes it and its files."""

    @extend_schema(responses={200: SubmissionSerializer, 404: ErrorSerializer})
    def get(self, request, pk):
        return Response(SubmissionSerializer(Submission.objects.with_runs().get_visible(request.user, pk)).data)

    @extend_schema(responses={204: None, 403: ErrorSerializer, 404: ErrorSerializer})
    def delete(self, request, pk):
        try:
            moderation.perform(Submission.objects.get_visible(request.user, pk), "delete", request.user)
        except moderation.ActionRefused as refusal:
            return _refused(refusal)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SubmissionAction(APIView):
    """POST to publish, unpublish or delete (the owner), or hide, unhide, verify, unverify, cancel or
    re-judge (admins). Answers the submission as it is now; 403 when not yours to do, 409 when it
    does not apply (e.g. publishing a public submission)."""

    @extend_schema(request=None, responses={200: SubmissionSerializer, 204: None, 403: ErrorSerializer,
                                            404: ErrorSerializer, 409: ErrorSerializer},
                   parameters=[OpenApiParameter("action", str, OpenApiParameter.PATH, enum=list(moderation.ACTIONS))])
    def post(self, request, pk, action):
        submission = Submission.objects.with_runs().get_visible(request.user, pk)
        try:
            moderation.perform(submission, action, request.user)
        except moderation.ActionRefused as refusal:
            return _refused(refusal)
        if action == "delete":
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(SubmissionSerializer(Submission.objects.with_runs().get_visible(request.user, pk)).data)


@method_decorator(ratelimit("pre-flight", settings.UPLOAD_RATE_LIMIT, 3600, as_json=True), name="post")
class Preflight(APIView):
    """Check a zip as an upload would (quota, size, duplicate, safety, layout, task ids, index.html)
    and list the outside URLs the judge would block. Free: stores and queues nothing."""

    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(request=PreflightSerializer, responses={200: PreflightReportSerializer, 400: ErrorSerializer})
    def post(self, request):
        data = validated(PreflightSerializer(data=request.data))
        task = data.get("task")
        report = services.preflight(request.user, data["archive"].temporary_file_path(),
                                    task_id=task.task_id if task else None)
        return Response(report)
