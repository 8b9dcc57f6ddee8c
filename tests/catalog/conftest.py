"""Fixtures for the catalog: copies of the bundled sample benchmark, imported or not."""
import json
import shutil
from pathlib import Path

import pytest

from tasks_catalog.importer import import_bench
from tests.leaderboard.conftest import board, tasks  # noqa: F401  (judged submissions, for the task pages)

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "samples" / "bench"


class Bench:
    """A writable copy of a benchmark in the official layout."""

    def __init__(self, root):
        self.root = root
        self.jsonl = root / "data.jsonl"

    def entries(self):
        return [json.loads(line) for line in self.jsonl.read_text().splitlines() if line.strip()]

    def write(self, entries):
        self.jsonl.write_text("".join(json.dumps(e) + "\n" for e in entries))

    def edit(self, task_id, change):
        entries = self.entries()
        for entry in entries:
            if str(entry["id"]) == task_id:
                change(entry)
        self.write(entries)

    def folder(self, task_id):
        return self.root / "data" / task_id


def copy_samples(folder):
    shutil.copytree(SAMPLES, folder / "bench")
    return Bench(folder / "bench")


@pytest.fixture
def samples_copy(tmp_path):
    return copy_samples(tmp_path)


@pytest.fixture(scope="module")
def sample_catalog(django_db_setup, django_db_blocker, tmp_path_factory):
    """The whole sample benchmark imported once for a module of read-only tests."""
    from tasks_catalog.models import Task
    with django_db_blocker.unblock():
        import_bench(copy_samples(tmp_path_factory.mktemp("samples")).root)
    yield
    with django_db_blocker.unblock():
        Task.objects.all().delete()


@pytest.fixture
def small_bench(samples_copy):
    """Two sample tasks only, for tests that import many times."""
    keep = {"sample-tabs", "sample-search"}
    samples_copy.write([e for e in samples_copy.entries() if e["id"] in keep])
    return samples_copy


@pytest.fixture
def imported(db, small_bench):
    import_bench(small_bench.root)
    return small_bench
