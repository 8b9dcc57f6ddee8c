"""A job that never ends, for a test worker started with `--include tests.submissions.endless_job`."""
import time

from celery import shared_task

ENDLESS = "tests.endless"


@shared_task(name=ENDLESS)
def endless():
    while True:
        time.sleep(1)
