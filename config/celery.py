import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("iwr")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# The judge's tasks live beside the run lifecycle they drive, not in a tasks module.
app.autodiscover_tasks(["leaderboard"], related_name="runs")
