"""Actors and catalog rows for the submission tests: alice submits, charlie is another user, admin is staff."""
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tasks_catalog.models import Task
from tests.submissions.zips import PAGE, make_zip

SAMPLE_BENCH = Path(__file__).resolve().parents[2] / "samples" / "bench"
TASK_IDS = ("t1", "t2", "t3", "t4")
METADATA = {"model_name": "Gemma-Test 7B", "organisation": "Lab", "model_type": "open-source",
            "parameters_billions": "7", "thinking": False, "paper_url": "", "code_url": "",
            "description": "", "is_public": False}


@pytest.fixture
def tasks(db):
    return [Task.objects.create(task_id=t, resolution="1280x800") for t in TASK_IDS]


@pytest.fixture
def alice(db):
    return get_user_model().objects.create_user("alice", "alice@example.org", "pw-alice-123")


@pytest.fixture
def alice_api(alice):
    """An API client signed in as alice with her token."""
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    api.user = alice
    return api


@pytest.fixture
def charlie(db):
    return get_user_model().objects.create_user("charlie", "charlie@example.org", "pw-charlie-123")


@pytest.fixture
def admin_user(db):
    return get_user_model().objects.create_user("admin", "admin@example.org", "pw-admin-123", is_staff=True,
                                                is_superuser=True)


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
def bench(transactional_db):
    """The sample benchmark (6 tasks), imported as a real catalog; committed, so a worker sees it."""
    call_command("import_bench", str(SAMPLE_BENCH), verbosity=0)


@pytest.fixture
def sent_jobs(monkeypatch):
    """The run ids of the judge jobs sent (to no broker): capture commit callbacks with execute=True."""
    sent = []
    monkeypatch.setattr("judging.tasks.judge_run.delay", sent.append)
    return sent
