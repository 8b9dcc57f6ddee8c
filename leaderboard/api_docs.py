"""The API reference's extras: a ready curl line for every endpoint, written into the OpenAPI
schema as `x-codeSamples` (which the Redoc page shows beside each operation), and the shapes of
answers the views build as plain dicts."""
import re

from rest_framework import serializers

from leaderboard.board_serializers import LeaderboardEntrySerializer

HOST = "https://HOST"
# What a reader would put in a path parameter or a form field of the examples.
EXAMPLE_PATH = {"id": "42", "pk": "42", "task_id": "101"}
EXAMPLE_FORM = {"model_name": '"My-VLM 7B"', "model_type": "open-source", "archive": "@run.zip",
                "task": "101"}
PUBLIC_READS = ("/api/leaderboard/", "/api/tasks/", "/api/schema/")


def _curl(path, method, operation, components):
    url = HOST + re.sub(r"\{(\w+)\}", lambda m: EXAMPLE_PATH.get(m[1], m[1].upper()), path)
    parts = ["curl"]
    if method != "get":
        parts += ["-X", method.upper()]
    if not (method == "get" and path.startswith(PUBLIC_READS)):
        parts += ["-H", '"Authorization: Token $IWR_TOKEN"']
    form = (operation.get("requestBody") or {}).get("content", {}).get("multipart/form-data")
    if form:
        schema = form["schema"]
        if "$ref" in schema:
            schema = components[schema["$ref"].rsplit("/", 1)[1]]
        for name in schema.get("required", []):
            parts += ["-F", f"{name}={EXAMPLE_FORM.get(name, name.upper())}"]
    return " ".join(parts + [url])


def curl_samples(result, generator, request, public):
    """drf-spectacular post-processing hook: every operation gets its curl example."""
    components = result.get("components", {}).get("schemas", {})
    for path, methods in result.get("paths", {}).items():
        for method, operation in methods.items():
            operation["x-codeSamples"] = [{"lang": "Shell", "label": "curl",
                                           "source": _curl(path, method, operation, components)}]
    return result


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable for programs, e.g. upload:no-index, request:invalid, not-found.")
    detail = serializers.CharField(help_text="What went wrong and what to do, for a person.")
    choices = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), required=False,
                                    help_text="For an invalid field that takes one of a set of values: the valid ones.")
    earlier = serializers.URLField(required=False, help_text="A duplicate's earlier submission.")


class LeaderboardPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = LeaderboardEntrySerializer(many=True)


class PreflightProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    task = serializers.CharField(required=False)
    file = serializers.CharField(required=False, help_text="The site's file that loads it.")
    line = serializers.IntegerField(required=False)
    url = serializers.CharField(required=False)


class PreflightReportSerializer(serializers.Serializer):
    ok = serializers.BooleanField(help_text="An upload of this zip would be accepted.")
    errors = PreflightProblemSerializer(many=True, help_text="Why it would be refused.")
    warnings = PreflightProblemSerializer(many=True, help_text="Outside URLs and files the judge will not find.")
    layout = serializers.ChoiceField(choices=["task", "run"], allow_null=True)
    tasks = serializers.ListField(child=serializers.CharField())
    files = serializers.IntegerField()
    bytes = serializers.IntegerField()
