"""A page that fills a 256 MB ArrayBuffer on every timer (outside V8's heap cap) is stopped by the
judge's own memory limit: its task ends as site:memory within seconds, the worker process and its
browser stay under the planned 2 GB, and the same worker process judges the next task."""
import os
import threading
import zipfile

import pytest

from leaderboard import constants as states
from tests.submissions.test_worker import finished, upload
from tests.waits import wait_for
from tests.submissions.zips import SAMPLE_SITES

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

HOG = b"""<!doctype html><title>hungry</title><h1>Hungry</h1>
<script>
  const kept = [];
  setInterval(() => { const block = new Uint8Array(256 * 1024 * 1024); block.fill(1); kept.push(block); }, 0);
</script>"""
PLANNED_MB = 2048


def _tree(pid):
    """pid and every process below it."""
    found = [pid]
    try:
        for thread in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{thread}/children") as children:
                for child in children.read().split():
                    found += _tree(int(child))
    except OSError:  # it ended meanwhile
        pass
    return found


def _pss_mb(pid):
    """Proportional set size: shared pages split between their users, so a sum over processes adds up."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class PeakMemory:
    """The most memory a process tree held, sampled every 20 ms."""

    def __init__(self, pid):
        self.pid, self.peak_mb, self.stop = pid, 0.0, threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self):
        while not self.stop.wait(0.02):
            self.peak_mb = max(self.peak_mb, sum(_pss_mb(p) for p in _tree(self.pid)))

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()


def hog_then_reference(path):
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("sample-accordion/m/index.html", HOG)  # judged first: task ids in order
        site = SAMPLE_SITES / "sample-tabs"
        for file in site.rglob("*"):
            if file.is_file() and file.name != "actions.json":
                archive.write(file, f"sample-tabs/m/{file.relative_to(site).as_posix()}")
    return path


def test_a_page_eating_memory_ends_as_site_memory_and_the_worker_judges_on(sample_catalog_committed, celery_worker, alice_api,
                                                                           tmp_path):
    with PeakMemory(celery_worker.proc.pid) as memory:
        submission = upload(alice_api, hog_then_reference(tmp_path / "run.zip"))
        wait_for(lambda: finished(submission), what="both tasks to be judged", worker=celery_worker)
    hog = submission.runs.get(task__task_id="sample-accordion")
    good = submission.runs.get(task__task_id="sample-tabs")
    assert hog.status == states.DONE and hog.stop_reason == "site:memory" and hog.attempts == 1, hog.result
    assert "limit is 512 MB" in hog.result["stop_detail"]
    assert good.status == states.DONE and good.final == pytest.approx(1.0, abs=0.01)
    assert good.worker == hog.worker  # the same worker process went on
    print(f"worker tree peak: {memory.peak_mb:.0f} MB PSS; hog judged in {hog.engine_seconds:.1f} s")
    assert memory.peak_mb < PLANNED_MB
