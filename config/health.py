"""/healthz: is the database reachable, can the broker take a message.

The answer is public, so a check that fails says so with a stable reason; the exception, whose text
can name hosts, paths or a connection string's credentials, goes to the log.
"""
import logging
import os
import uuid
from pathlib import Path

from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

from config.celery import app as celery_app

logger = logging.getLogger(__name__)


def _database():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def _broker():
    """Reachable is not enough: the filesystem broker is always "connected", and a Redis out of
    memory or read-only answers but refuses writes. So a message's worth is written where jobs go."""
    options = celery_app.conf.broker_transport_options or {}
    if celery_app.conf.broker_url.startswith("filesystem"):
        # Not named *.msg: no worker reads it as a job.
        probe = Path(options["data_folder_out"]) / f".healthz-{uuid.uuid4().hex}"
        probe.write_bytes(b"{}")
        os.unlink(probe)
        return
    with celery_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=2)
        client = getattr(conn.default_channel, "client", None)
        if client is not None and hasattr(client, "set"):  # Redis
            client.set(f"healthz:{uuid.uuid4().hex}", b"1", ex=5)


CHECKS = {"database": _database, "broker": _broker}


@never_cache
def healthz(request):
    report = {}
    for name, check in CHECKS.items():
        try:
            check()
        except Exception:  # any failure means "down"
            logger.exception("healthz: the %s check failed", name)
            report[name] = {"ok": False, "reason": f"{name}:unavailable"}
        else:
            report[name] = {"ok": True}
    healthy = all(item["ok"] for item in report.values())
    down = [name for name, item in report.items() if not item["ok"]]
    body = {"status": "ok" if healthy else "unavailable", "checks": report}
    if down:
        body["down"] = down
    return JsonResponse(body, status=200 if healthy else 503)
