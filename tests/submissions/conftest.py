"""Catalog rows and archives for the submission tests (the actors are in tests/conftest.py)."""

import pytest

from tasks_catalog.models import Task
from tests.submissions.zips import PAGE, make_zip

TASK_IDS = ("t1", "t2", "t3", "t4")
METADATA = {"model_name": "Gemma-Test 7B", "organisation": "Lab", "model_type": "open-source",
            "parameters_billions": "7", "thinking": False, "paper_url": "", "code_url": "",
            "description": "", "is_public": False}


@pytest.fixture
def tasks(db):
    return [Task.objects.create(task_id=t, resolution="1280x800") for t in TASK_IDS]


@pytest.fixture
def run_zip(tmp_path):
    """A whole-run zip for the given task ids; a marker makes each zip's content (and hash) unique."""
    counter = iter(range(10**6))

    def build(task_ids=("t1", "t2"), name=None):
        marker = next(counter)
        path = tmp_path / (name or f"run-{marker}.zip")
        return make_zip(path, {f"{t}/model/index.html": PAGE + f"<!-- {marker} -->".encode() for t in task_ids})

    return build


@pytest.fixture
def sent_jobs(monkeypatch):
    """The run ids of the judge jobs sent (to no broker): capture commit callbacks with execute=True."""
    sent = []
    monkeypatch.setattr("leaderboard.runs.judge_run.delay", sent.append)
    return sent
