"""The worker's round-trip check. The judge's own tasks live beside the run lifecycle they drive,
in leaderboard/runs.py."""
import socket

from celery import shared_task
from django.db import connection


@shared_task(name="judging.ping")
def ping(token):
    """Answer from a worker with where it runs and which database it sees: proves a round trip."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return {"token": token, "host": socket.gethostname(), "database": connection.vendor,
            "database_name": str(connection.settings_dict["NAME"])}
