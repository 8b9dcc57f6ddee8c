"""A job sent to queue `judge` reaches a real worker process and its answer comes back."""
import uuid

import pytest
from django.db import connection

from judging.tasks import ping


def _round_trip():
    token = uuid.uuid4().hex
    answer = ping.delay(token).get(timeout=90)
    assert answer["token"] == token
    # The worker sees the very database the tests use, not a copy of its own.
    assert answer["database"] == connection.vendor
    assert answer["database_name"] == str(connection.settings_dict["NAME"])
    return answer


def test_job_round_trips_in_embedded_mode(celery_worker, settings):
    assert settings.CELERY_BROKER_URL.startswith("filesystem")
    answer = _round_trip()
    assert answer["database"] == "sqlite"


@pytest.mark.production
def test_job_round_trips_in_production_mode(celery_worker, settings):
    assert settings.CELERY_BROKER_URL.startswith("redis")
    answer = _round_trip()
    assert answer["database"] == "postgresql"
