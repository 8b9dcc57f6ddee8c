"""Leaderboard performance: page and API latency at 10 and 1,000 submissions x 113 task results,
with the head-to-head page of two of them, the charts, the breakdown by category and a
submission's per-task results beside, then 20 concurrent clients against gunicorn for 30 s.

    .venv/bin/python benchmarks/leaderboard_bench.py [--clients 20] [--seconds 30]

Runs in a throw-away var directory (its own SQLite database and static files); seeds submissions
the way the judge leaves them: runs with scores, the aggregate and the Final interval stored.
"""
import argparse
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VAR = Path(tempfile.mkdtemp(prefix="iwr-bench-"))
os.environ.update(IWR_VAR_DIR=str(VAR), DJANGO_SETTINGS_MODULE="config.settings", DEBUG="false",
                  LOG_LEVEL="WARNING")
sys.path.insert(0, str(REPO))

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

from judging.engine import scoring  # noqa: E402
from leaderboard import constants as states  # noqa: E402
from leaderboard.models import Submission, TaskRun  # noqa: E402
from leaderboard.ranking import bootstrap_ci  # noqa: E402
from leaderboard.standings import CI_KEY  # noqa: E402
from tasks_catalog.models import Task  # noqa: E402

TASKS = 113
URLS = ["/leaderboard/", "/api/leaderboard/"]


def pages():
    """(label, url): the board and its API, then pages that read one or two submissions' runs (the
    best and the tenth) or a page of rows' runs."""
    best, tenth = list(Submission.objects.order_by("-final").values_list("pk", flat=True)[:10])[::9]
    return [(url, url) for url in URLS] + [
        ("head-to-head", f"/leaderboard/compare/?a={best}&b={tenth}"), ("charts", "/leaderboard/charts/"),
        ("breakdown", "/leaderboard/breakdown/?axis=domain"), ("results", f"/submissions/{best}/results/")]


def seed_tasks():
    domains = ["Shopping", "Travel", "News", "Tools", "Games", "Education"]
    Task.objects.bulk_create(
        Task(task_id=str(i), resolution="1920x1080", domain=domains[i % 6],
             interaction_complexity=f"L{1 + i % 4}", step_count=2 + i % 9) for i in range(1, TASKS + 1))


def seed_submissions(count, owner, rng, start):
    tasks = list(Task.objects.all())
    now = timezone.now()
    for n in range(start, start + count):
        skill = rng.random()
        runs, results = [], []
        for task in tasks:
            success = min(task.step_count, int(rng.random() * skill * (task.step_count + 1)))
            quality = max(0.0, min(1.0, rng.gauss(skill, 0.15)))
            scores = scoring.task_scores(success, task.step_count, [quality], [quality])
            results.append(scores)
            runs.append(dict(task=task, status=states.DONE, protocol="iwr-v1", backend="offline",
                             success_steps=success, total_steps=task.step_count, blocked_requests=0,
                             **scores.to_dict()))
        agg = scoring.aggregate(results, TASKS)
        low, high = bootstrap_ci([r.final for r in results])
        submission = Submission.objects.create(
            owner=owner, model_name=f"Model-{n}", model_type=rng.choice(Submission.ModelType.values),
            thinking=n % 3 == 0, is_public=True, status=states.DONE, layout="run", upload_name="run.zip",
            upload_bytes=1, sha256=f"{n:064x}", storage=f"bench{n}", finished_at=now, protocol="iwr-v1",
            backend="offline", ifs=agg.ifs, lfs=agg.lfs, hfs=agg.hfs, vfs=agg.vfs, final=agg.final,
            tasks_judged=agg.judged, tasks_total=agg.total, coverage=agg.coverage,
            aggregate={**agg.to_dict(), CI_KEY: [low, high]})
        TaskRun.objects.bulk_create(TaskRun(submission=submission, **run) for run in runs)


def median_ms(client, url, repeat=30):
    client.get(url)  # warm caches once, as a running server would be
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(times)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def load_test(clients, seconds):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "-w", "2", "--threads", "4", "-b", f"127.0.0.1:{port}",
         "--log-level", "warning"], cwd=REPO, env=os.environ.copy(), start_new_session=True)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        latencies, errors, lock = [], [], threading.Lock()
        deadline = time.monotonic() + seconds

        def client(index):
            n = index
            while time.monotonic() < deadline:
                url = f"http://127.0.0.1:{port}{URLS[n % len(URLS)]}"
                n += 1
                start, reason = time.perf_counter(), None
                try:
                    with urllib.request.urlopen(url, timeout=30) as response:
                        response.read()
                        if response.status != 200:
                            reason = f"{url}: HTTP {response.status}"
                except Exception as exc:  # every failure counts, whatever its kind
                    reason = f"{url}: {exc!r}"
                elapsed = (time.perf_counter() - start) * 1000
                with lock:
                    latencies.append(elapsed)
                    if reason:
                        errors.append(reason)

        threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=30)
    latencies.sort()
    return {"requests": len(latencies), "errors": len(errors), "first_error": errors[:1],
            "p50_ms": latencies[len(latencies) // 2], "p95_ms": latencies[int(len(latencies) * 0.95)]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=30)
    args = parser.parse_args()
    try:
        call_command("migrate", verbosity=0)
        call_command("collectstatic", "--noinput", verbosity=0)
        owner = get_user_model().objects.create_user("bench")
        rng = random.Random(1)
        seed_tasks()
        client = Client()
        figures = {}
        seeded = 0
        for size in (10, 1000):
            start = time.perf_counter()
            seed_submissions(size - seeded, owner, rng, seeded)
            print(f"seeded {size - seeded} submissions x {TASKS} runs in {time.perf_counter() - start:.1f} s")
            seeded = size
            for label, url in pages():
                figures[(label, size)] = median_ms(client, url)
                print(f"{size:>5} submissions  {label:<20} median {figures[(label, size)]:7.1f} ms")
        for label, _ in pages():
            print(f"growth 10 -> 1000 {label:<20} x{figures[(label, 1000)] / figures[(label, 10)]:.2f}")
        result = load_test(args.clients, args.seconds)
        print(f"gunicorn, {args.clients} clients, {args.seconds} s: {result['requests']} requests, "
              f"{result['errors']} errors {result['first_error']}, p50 {result['p50_ms']:.1f} ms, "
              f"p95 {result['p95_ms']:.1f} ms")
    finally:
        shutil.rmtree(VAR, ignore_errors=True)


if __name__ == "__main__":
    main()
