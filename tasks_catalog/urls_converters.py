from tasks_catalog.constants import TASK_ID_RE

# The URL form of a task id: TASK_ID_RE without its anchors.
TASK_ID_PATTERN = TASK_ID_RE.pattern.strip("^$")


class TaskIdConverter:
    regex = TASK_ID_PATTERN

    def to_python(self, value):
        return value

    def to_url(self, value):
        return str(value)
