"""Shapes of the leaderboard API for the OpenAPI schema, and its CSV renderer.

The views build plain dicts (from stored columns, for speed); these serializers document them.
"""
from rest_framework import serializers
from rest_framework.renderers import BaseRenderer


class CSVRenderer(BaseRenderer):
    """Passes through CSV text the view built with leaderboard.exports."""
    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data.encode(self.charset) if isinstance(data, str) else b""


def _score(help_text):
    return serializers.FloatField(allow_null=True, help_text=f"{help_text}, in percent (0–100).")


class LeaderboardEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="Rank (upper bound) within the group: 1 + models better beyond doubt.")
    model = serializers.CharField()
    organisation = serializers.CharField()
    model_type = serializers.CharField()
    thinking = serializers.BooleanField()
    parameters = serializers.CharField()
    protocol = serializers.CharField()
    backend = serializers.CharField(help_text="llm, offline, or paper for rows reported in the paper.")
    group = serializers.CharField(help_text="protocol/backend: rows are ranked only within their group.")
    group_label = serializers.CharField()
    from_paper = serializers.BooleanField()
    verified = serializers.BooleanField(help_text="An administrator checked the submission.")
    lfs = _score("Low-level visual score")
    hfs = _score("High-level visual score (null: no MLLM judged)")
    ifs = _score("Interaction fidelity score")
    vfs = _score("Visual fidelity score")
    final = _score("Final score")
    ci_low = _score("95 % bootstrap interval of Final, lower end")
    ci_high = _score("95 % bootstrap interval of Final, upper end")
    coverage = _score("Share of the benchmark's tasks judged")
    final_over_judged = _score("Final averaged over the judged tasks only, as the official evaluation averages "
                               "(null for the paper's rows)")
    tasks_judged = serializers.IntegerField(allow_null=True, help_text="Tasks with a judged result.")
    tasks_total = serializers.IntegerField(allow_null=True, help_text="The benchmark's size when judged (the paper's: "
                                           "113); compare rows only at the same size.")
    finished = serializers.DateTimeField(allow_null=True)
    submission_id = serializers.IntegerField(allow_null=True)


class TaskRowSerializer(serializers.Serializer):
    task_id = serializers.CharField()
    status = serializers.CharField()
    steps_reached = serializers.IntegerField(allow_null=True)
    steps_total = serializers.IntegerField(allow_null=True)
    ifs = _score("IFS")
    ocr = _score("Mean OCR text similarity over the visual points")
    image = _score("Mean image similarity over the visual points")
    image_similarity = serializers.CharField(help_text="The image similarity that scored them: dinov2 (the "
                                             "paper's DINOv2 CLS cosine) or the default, content-ssim.")
    lfs = _score("LFS")
    hfs = _score("HFS")
    vfs = _score("VFS")
    final = _score("Final")
    visual_points = serializers.IntegerField(help_text="Screens compared and counted: the first success_step + 1 "
                                             "visual points.")
    checkpoints = serializers.IntegerField(help_text="The task's checkpoints (what a run reaching every step compares).")
    failure_reason = serializers.CharField()
    ended_by = serializers.CharField(help_text="The step that ended the replay and the rule that stopped it there.")
    blocked_requests = serializers.IntegerField(allow_null=True)
    domain = serializers.CharField()
    interaction_complexity = serializers.CharField()
