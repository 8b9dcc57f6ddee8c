"""/healthz reports database and broker reachability."""
import json
import logging

import pytest

from config import health
from config.celery import app as celery_app


@pytest.mark.django_db
def test_healthz_is_200_when_database_and_broker_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"]["database"]["ok"] and body["checks"]["broker"]["ok"]


@pytest.mark.django_db
def test_healthz_is_503_naming_the_broker_when_it_is_down(client, monkeypatch):
    monkeypatch.setattr(celery_app.conf, "broker_url", "redis://127.0.0.1:1/0")
    response = client.get("/healthz")
    assert response.status_code == 503
    body = json.loads(response.content)
    assert body["down"] == ["broker"]
    assert body["checks"]["database"]["ok"] is True


@pytest.mark.django_db
def test_healthz_hides_exception_text(client, monkeypatch, caplog):
    def leaky():
        raise RuntimeError("could not connect to db.internal:5432 as iwr:hunter2")

    monkeypatch.setitem(health.CHECKS, "database", leaky)
    with caplog.at_level(logging.ERROR, logger="config.health"):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["database"] == {"ok": False, "reason": "database:unavailable"}
    assert b"hunter2" not in response.content and b"RuntimeError" not in response.content
    assert "hunter2" in caplog.text
