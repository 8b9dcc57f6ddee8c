"""The submissions API: upload a zip with a token, follow its judging, read its results."""
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from leaderboard import services
from leaderboard.models import Submission, TaskRun
from leaderboard.services import METADATA_FIELDS
from tasks_catalog.models import Task


class TaskRunSerializer(serializers.ModelSerializer):
    task = serializers.CharField(source="task.task_id")

    class Meta:
        model = TaskRun
        fields = ("task", "status", "failure_reason", "failure_detail", "attempts", "protocol", "backend",
                  "ifs", "lfs", "hfs", "vfs", "final", "success_steps", "total_steps", "stop_reason",
                  "blocked_requests", "console_errors", "started_at", "finished_at")


class SubmissionSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.get_username", read_only=True)
    url = serializers.CharField(source="get_absolute_url", read_only=True)
    progress = serializers.SerializerMethodField()
    runs = TaskRunSerializer(many=True, read_only=True)

    class Meta:
        model = Submission
        fields = ("id", "url", "owner", *METADATA_FIELDS, "status", "layout", "upload_name", "upload_bytes",
                  "sha256", "created_at", "finished_at", "protocol", "backend", "ifs", "lfs", "hfs", "vfs", "final",
                  "tasks_judged", "tasks_total", "coverage", "progress", "runs")
        read_only_fields = fields

    def get_progress(self, obj) -> dict:
        return obj.progress()


class SubmissionUploadSerializer(serializers.ModelSerializer):
    archive = serializers.FileField(help_text="The zip: one task's site, or a whole run (<task_id>/<model_dir>/).")
    task = serializers.SlugRelatedField(slug_field="task_id", queryset=Task.objects.all(), required=False,
                                        allow_null=True, help_text="Set for a one-task zip; omit for a whole run.")

    class Meta:
        model = Submission
        fields = (*METADATA_FIELDS, "task", "archive")


class SubmissionList(generics.ListCreateAPIView):
    """Submissions you may see (public ones and your own); POST uploads a new one."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = [MultiPartParser, FormParser]
    serializer_class = SubmissionSerializer

    def get_queryset(self):
        return Submission.objects.visible_to(self.request.user).select_related("owner").prefetch_related("runs__task")

    @extend_schema(request=SubmissionUploadSerializer, responses={201: SubmissionSerializer})
    def post(self, request):
        upload = SubmissionUploadSerializer(data=request.data)
        upload.is_valid(raise_exception=True)
        data = dict(upload.validated_data)
        archive, task = data.pop("archive"), data.pop("task", None)
        try:
            submission = services.create_submission(request.user, data, archive.temporary_file_path(),
                                                    archive.name, task_id=task.task_id if task else None)
        except services.SubmissionRefused as refusal:
            earlier = services.visible_earlier(refusal, request.user)
            body = {"code": refusal.code, "detail": refusal.message}
            if earlier:
                body["earlier"] = request.build_absolute_uri(earlier.get_absolute_url())
            return Response(body, status=refusal.status)
        body = SubmissionSerializer(submission).data
        return Response(body, status=status.HTTP_201_CREATED,
                        headers={"Location": request.build_absolute_uri(submission.get_absolute_url())})


class SubmissionDetail(generics.RetrieveAPIView):
    serializer_class = SubmissionSerializer

    def get_queryset(self):
        return Submission.objects.visible_to(self.request.user).select_related("owner").prefetch_related("runs__task")
