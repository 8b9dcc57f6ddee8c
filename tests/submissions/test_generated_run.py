"""A run as the official generate.py leaves it: pages whose asset URLs are relative paths into the
dataset (../../../data/data/<id>/assets/…), in the official result/ layout. The judge, the
pre-flight check and the live preview find the task's assets exactly as with the placeholder."""
import os
import zipfile

import numpy as np
import pytest
from django.conf import settings
from PIL import Image

from judging.engine import official
from leaderboard import constants as states
from leaderboard.models import Submission
from leaderboard.preview import preview_url
from tests.conftest import SAMPLE_BENCH, logged_in_page
from tests.submissions.zips import SAMPLE_SITES
from tests.waits import wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
TASK = "sample-tabs"
MODEL = "Acme/Rebuild-VL 7B"


def generated_page(task_id):
    """The reference page with the placeholder replaced as generate.py does: by the path from the
    page's output folder, result/<id>/<model dir>/, to data/data/<id>/assets."""
    relative = os.path.relpath(f"data/data/{task_id}/assets", f"result/{task_id}/{official.model_dir(MODEL)}")
    html = (SAMPLE_SITES / task_id / "index.html").read_text(encoding="utf-8")
    assert official.ASSETS_PLACEHOLDER in html
    return html.replace(official.ASSETS_PLACEHOLDER, relative + "/")


@pytest.fixture
def generated_zip(tmp_path):
    page = generated_page(TASK)
    assert "../../../data/data/sample-tabs/assets/asset001.png" in page
    path = tmp_path / "result.zip"
    with zipfile.ZipFile(path, "w") as archive:  # the page alone: its images are the task's assets
        archive.writestr(f"{TASK}/{official.model_dir(MODEL)}/index.html", page)
    return path


@pytest.fixture
def api(alice_api):
    return alice_api.user, alice_api


def screenshot_difference(run, state, checkpoint):
    """Mean absolute difference per channel between a judged state and a checkpoint (0-255)."""
    shot = Image.open(settings.MEDIA_ROOT / run.screenshots[state]).convert("RGB")
    truth = Image.open(SAMPLE_BENCH / "data" / TASK / "checkpoints" / f"step_{checkpoint}.png").convert("RGB")
    return float(np.abs(np.asarray(shot, dtype=float) - np.asarray(truth, dtype=float)).mean())


def test_a_page_as_generate_py_writes_it_gets_the_tasks_assets(sample_catalog_committed, celery_worker, api, generated_zip,
                                                               live_server):
    alice, client = api
    with open(generated_zip, "rb") as archive:
        report = client.post("/api/submissions/preflight/", {"archive": archive}).json()
    assert (report["ok"], report["layout"], report["tasks"], report["warnings"]) == (True, "run", [TASK], [])

    with open(generated_zip, "rb") as archive:
        response = client.post("/api/submissions/", {"model_name": MODEL, "model_type": "open-source",
                                                     "archive": archive}, format="multipart")
    assert response.status_code == 201, response.content
    submission = Submission.objects.get(pk=response.json()["id"])
    wait_for(lambda: submission.runs.filter(status__in=states.FINAL_STATES).exists(), what="the judging",
             worker=celery_worker)
    run = submission.runs.get()
    assert run.status == states.DONE and run.success_steps == run.total_steps
    assert run.result["blocked_requests"] == {}
    # The page is the reference site: with its two images loaded, state 0 is its checkpoint to the
    # pixel (without them, the photo and the logo are empty boxes: a mean difference above 3).
    assert screenshot_difference(run, 0, 0) < 0.5
    assert run.result["points"][0]["image"] > 0.999

    # The live preview loads the same images, through the same rule.
    url = live_server.url + preview_url(run, alice)
    with logged_in_page(alice, live_server.url) as page:
        statuses = {}
        page.on("response", lambda r: statuses.__setitem__(r.url, r.status))
        page.goto(url)
        page.wait_for_load_state("load")
        images = page.evaluate("[...document.images].map(i => [i.getAttribute('src'), i.naturalWidth])")
    assert len(images) == 2 and all(src.startswith("../../../data/data/") and width > 0 for src, width in images)
    assert [u for u, status in statuses.items() if status != 200] == []
