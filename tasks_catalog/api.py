"""Read API: /api/tasks/ and /api/tasks/<id>/, filtered like the catalog page."""
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers, viewsets

from tasks_catalog.forms import CatalogFilters
from tasks_catalog.models import ActionStep, Asset, Checkpoint, Task
from tasks_catalog.urls_converters import TASK_ID_PATTERN


@extend_schema_field(OpenApiTypes.URI)
class AbsoluteURL(serializers.ReadOnlyField):
    """A site path read from the object, given back as a full URL."""

    def to_representation(self, value):
        request = self.context.get("request")
        return request.build_absolute_uri(value) if request else value


class StepSerializer(serializers.ModelSerializer):
    class Meta:
        model = ActionStep
        fields = ["index", "type", "description", "parameters", "logical_assertion", "visual_evaluation_flag",
                  "checkpoint_index", "video_time", "extra"]


class CheckpointSerializer(serializers.ModelSerializer):
    step = serializers.IntegerField(source="step.index", allow_null=True, default=None, read_only=True)
    url = AbsoluteURL()

    class Meta:
        model = Checkpoint
        fields = ["index", "step", "width", "height", "url"]


class AssetSerializer(serializers.ModelSerializer):
    url = AbsoluteURL()

    class Meta:
        model = Asset
        fields = ["kind", "name", "size", "width", "height", "url"]


class TaskSerializer(serializers.ModelSerializer):
    id = serializers.CharField(source="task_id", read_only=True)
    url = AbsoluteURL(source="api_url")
    page = AbsoluteURL(source="get_absolute_url")
    video = AbsoluteURL(source="video_url")
    poster = AbsoluteURL(source="poster_url")

    class Meta:
        model = Task
        fields = ["id", "url", "page", "resolution", "domain", "sub_domain", "interaction_complexity",
                  "visual_complexity", "source_website", "step_count", "assertion_count", "checkpoint_count",
                  "asset_count", "video_duration", "video", "poster", "updated_at"]


class TaskDetailSerializer(TaskSerializer):
    inputs = AbsoluteURL(source="inputs_url")
    steps = StepSerializer(many=True, read_only=True)
    checkpoints = CheckpointSerializer(many=True, read_only=True)
    assets = AssetSerializer(many=True, read_only=True)

    class Meta(TaskSerializer.Meta):
        fields = TaskSerializer.Meta.fields + ["extra", "inputs", "steps", "checkpoints", "assets"]


class TaskViewSet(viewsets.ReadOnlyModelViewSet):
    """Benchmark tasks. The list takes the catalog's parameters: q, domain, interaction, visual, sort."""
    lookup_field = "task_id"
    lookup_value_regex = TASK_ID_PATTERN

    def get_queryset(self):
        if self.action == "retrieve":
            return Task.objects.prefetch_related("steps", "checkpoints__step", "assets")
        return CatalogFilters(self.request.query_params or None).apply(Task.objects.all())

    def get_serializer_class(self):
        return TaskDetailSerializer if self.action == "retrieve" else TaskSerializer
