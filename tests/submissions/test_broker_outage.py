"""A broker that cannot take a job at upload time loses nothing: the submission is kept whole, its
runs wait marked unsent, /healthz says the broker is down, and the reaper sends the jobs once the
broker is back, after which a real worker judges each task once. Embedded: the queue folder cannot
be written. Production: the Redis server is stopped (one of our own, not the shared one)."""
import subprocess
import time
from pathlib import Path

import pytest

from config.celery import app as celery_app
from leaderboard import constants as states
from leaderboard import runs
from leaderboard.models import AuditEntry, Submission, TaskRun
from tests.conftest import Worker
from tests.submissions.test_worker import finished
from tests.waits import free_port, wait_for
from tests.submissions.zips import site_zip

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def post(api, path):
    with open(path, "rb") as archive:
        return api.post("/api/submissions/", {"model_name": "Reference", "model_type": "proprietary",
                                              "archive": archive}, format="multipart")


def upload_during_outage(api, client, path):
    response = post(api, path)
    assert response.status_code == 201, response.content
    submission = Submission.objects.get(pk=response.json()["id"])
    run = submission.runs.get()
    # Whole: the rows, the files and the log are there; only the job is missing, and known to be.
    assert run.status == states.QUEUED and run.unsent
    assert (submission.sites_dir() / "sample-tabs" / "index.html").is_file()
    assert AuditEntry.objects.filter(action="submission.created", submission=submission).exists()
    health = client.get("/healthz")
    assert health.status_code == 503 and health.json()["down"] == ["broker"]
    # A retry finds the kept submission instead of a half-deleted one.
    again = post(api, path)
    assert again.status_code == 409 and again.json()["code"] == "upload:duplicate"
    return submission, run


def judged_once_after_the_reaper_sends(submission, run, worker):
    assert runs.reap()["sent"] == [run.pk]
    wait_for(lambda: finished(submission), what="the delayed job to be judged", worker=worker)
    run.refresh_from_db()
    assert run.status == states.DONE and run.attempts == 1 and not run.unsent
    assert TaskRun.objects.filter(submission=submission).count() == 1
    assert AuditEntry.objects.filter(run=run, action="run.done").count() == 1


def test_upload_while_the_queue_folder_cannot_be_written_is_kept_and_judged_later(
        sample_catalog_committed, celery_worker, alice_api, client, tmp_path):
    assert celery_app.conf.broker_url.startswith("filesystem")
    celery_worker.stop()  # it reads the same folder; it comes back with the broker
    queue = Path(celery_app.conf.broker_transport_options["data_folder_out"])
    away = queue.with_name("queue-away")
    queue.rename(away)
    queue.write_text("a file where the broker's folder should be: nothing can be written into it")
    try:
        submission, run = upload_during_outage(alice_api, client, site_zip(tmp_path / "run.zip",
                                                                           perfect=["sample-tabs"]))
    finally:
        queue.unlink()
        away.rename(queue)
    assert client.get("/healthz").status_code == 200
    celery_worker.start()
    judged_once_after_the_reaper_sends(submission, run, celery_worker)


class RedisServer:
    """A Redis of this test's own, so stopping it cannot disturb anyone else's."""

    def __init__(self, tmp_path):
        self.port, self.dir = free_port(), tmp_path
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                                      "--save", "", "--appendonly", "no", "--dir", str(self.dir)],
                                     stdout=subprocess.DEVNULL)
        wait_for(lambda: subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True,
                                        text=True).stdout.strip() == "PONG", timeout=20, what="redis to start")

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=20)


@pytest.fixture
def own_redis(tmp_path, settings):
    """The web side's broker and cache on our own Redis (the cache shares the broker's server in
    production, so an outage takes both)."""
    redis = RedisServer(tmp_path)
    redis.start()
    urls = ("broker_url", "broker_write_url", "broker_read_url")
    old = {name: celery_app.conf[name] for name in urls}
    celery_app.conf.update(dict.fromkeys(urls, redis.url))
    celery_app._after_fork()  # drops the cached producer pools, which still point at the old broker
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": redis.url}}
    yield redis
    celery_app.conf.update(old)
    celery_app._after_fork()
    if redis.proc.poll() is None:
        redis.stop()


@pytest.mark.production
def test_upload_while_redis_is_stopped_is_kept_and_judged_later(sample_catalog_committed, worker_env, own_redis, alice_api, client,
                                                              tmp_path):
    own_redis.stop()
    started = time.monotonic()
    submission, run = upload_during_outage(alice_api, client, site_zip(tmp_path / "run.zip", perfect=["sample-tabs"]))
    print(f"upload, health check and retry during the outage: {time.monotonic() - started:.1f}s")
    own_redis.start()
    worker = Worker({**worker_env, "CELERY_BROKER_URL": own_redis.url, "CELERY_RESULT_BACKEND": own_redis.url},
                    tmp_path / "worker.log").start()
    try:
        judged_once_after_the_reaper_sends(submission, run, worker)
    finally:
        worker.stop()
