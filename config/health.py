"""/healthz: is the database reachable, is the broker reachable."""
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

from config.celery import app as celery_app


def _database():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def _broker():
    with celery_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=2)


CHECKS = {"database": _database, "broker": _broker}


@never_cache
def healthz(request):
    report = {}
    for name, check in CHECKS.items():
        try:
            check()
        except Exception as exc:  # any failure means "down"; the message says why
            report[name] = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        else:
            report[name] = {"ok": True}
    healthy = all(item["ok"] for item in report.values())
    down = [name for name, item in report.items() if not item["ok"]]
    body = {"status": "ok" if healthy else "unavailable", "checks": report}
    if down:
        body["down"] = down
    return JsonResponse(body, status=200 if healthy else 503)
