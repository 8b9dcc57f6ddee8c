"""A judge worker on "another machine": its own empty MEDIA_ROOT and IWR_VAR_DIR, no shared disk,
only PostgreSQL, Redis and the S3 server in common with the web side (this test process)."""
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse

import media_sync
from leaderboard import constants as states
from tests.conftest import SAMPLE_BENCH, Worker
from tests.storage.conftest import KEYS, REGION, keys
from tests.submissions.test_worker import finished, upload
from tests.waits import wait_for
from tests.submissions.zips import site_zip

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.production, pytest.mark.browser]


def files_outside_caches(var_dir):
    caches = (var_dir / "task-cache", var_dir / "judge-cache")
    return [p for p in var_dir.rglob("*") if p.is_file() and not any(p.is_relative_to(c) for c in caches)]


def test_a_worker_without_shared_disk_judges_through_object_storage(
        s3, s3_endpoint, celery_worker, worker_env, alice_api, client, tmp_path):  # noqa: F811
    call_command("import_bench", str(SAMPLE_BENCH), verbosity=0)
    worker_var = tmp_path / "worker-var"
    env = {**worker_env, **KEYS, "S3_BUCKET": s3.bucket, "S3_ENDPOINT_URL": s3_endpoint, "S3_REGION": REGION,
           "IWR_VAR_DIR": str(worker_var), "MEDIA_ROOT": str(worker_var / "media")}
    celery_worker.stop()  # only the worker without the shared folder may take these jobs
    remote = Worker(env, tmp_path / "remote-worker.log").start()
    try:
        first = upload(alice_api, site_zip(tmp_path / "first.zip", perfect=["sample-tabs"]))
        wait_for(lambda: finished(first), what="the first submission to finish", worker=remote)
        run = first.runs.get()
        assert run.status == states.DONE and run.ifs == 1.0, remote.output()[-3000:]
        stored = keys(s3, f"{run.out_dir}/")
        assert run.screenshots and all(shot in stored for shot in run.screenshots)
        assert files_outside_caches(worker_var) == []
        [version] = (worker_var / "task-cache" / "sample-tabs").iterdir()
        fetched_at = (version / media_sync.MANIFEST).stat().st_mtime_ns

        second = upload(alice_api, site_zip(tmp_path / "second.zip", perfect=["sample-tabs"], blank=["sample-modal"]))
        wait_for(lambda: finished(second), what="the second submission to finish", worker=remote)
    finally:
        remote.stop()
        celery_worker.start()
    again = second.runs.get(task__task_id="sample-tabs")
    assert again.status == states.DONE and again.ifs == 1.0
    # The same task version was judged from the cached copy, not downloaded again.
    assert list((worker_var / "task-cache" / "sample-tabs").iterdir()) == [version]
    assert (version / media_sync.MANIFEST).stat().st_mtime_ns == fetched_at
    assert files_outside_caches(worker_var) == []

    # The web side never had the result folder; its screenshot view reads it from storage.
    assert not (Path(settings.MEDIA_ROOT) / run.out_dir).exists()
    client.force_login(first.owner)
    shot = run.result["screenshots"][0]
    response = client.get(reverse("board:shot", args=[first.pk, "sample-tabs", shot]))
    assert response.status_code == 200
    body = s3.get_object(Bucket=s3.bucket, Key=f"{run.out_dir}/{shot}")["Body"].read()
    assert b"".join(response.streaming_content) == body
