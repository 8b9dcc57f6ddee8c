# The sample benchmark, imported and committed so the worker sees it: the same fixture the submission tests use.
from tests.submissions.conftest import bench  # noqa: F401
