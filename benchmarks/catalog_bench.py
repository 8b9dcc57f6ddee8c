"""Catalog performance with the full benchmark's size: 113 tasks, about 1,001 actions.

Seeds a private var directory by importing a generated 113-task benchmark (the sample tasks'
files under new ids, with nine steps each), makes one task's video 50 MB, serves the site with
gunicorn (DEBUG off, as in production) and times over real HTTP:
  - the catalog page and a task page (target: median under 50 ms),
  - a 1 MB Range read from the middle of the 50 MB video (target: median under 20 ms).

Run: .venv/bin/python benchmarks/catalog_bench.py [--requests 40]
"""
import argparse
import http.client
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TASKS = 113
STEPS_PER_TASK = 9
VIDEO_MB = 50


def make_bench(root):
    """113 tasks in the official layout, reusing the sample tasks' files."""
    samples = REPO / "samples" / "bench"
    entries = [json.loads(line) for line in (samples / "data.jsonl").read_text().splitlines() if line.strip()]
    domains = ["E-commerce", "Travel", "Finance", "Food & Drink", "News", "Education", "Social", "Tools"]
    lines = []
    for number in range(1, TASKS + 1):
        base = entries[number % len(entries)]
        steps = [dict(base["action_sequence"][i % len(base["action_sequence"])]) for i in range(STEPS_PER_TASK)]
        for step in steps:
            step["visual_evaluation_flag"] = False
        steps[0]["visual_evaluation_flag"] = True
        entry = {**base, "id": str(number), "action_sequence": steps,
                 "source_website": f"site{number}.example",
                 "classification": {"domain": domains[number % len(domains)], "sub_domain": "Generated",
                                    "interaction_complexity": f"L{1 + number % 4}",
                                    "visual_complexity": f"V{1 + number % 4}"}}
        lines.append(json.dumps(entry))
        source, target = samples / "data" / base["id"], root / "data" / str(number)
        (target / "checkpoints").mkdir(parents=True)
        for name in ("video.mp4", "metadata.json"):
            os.link(source / name, target / name)
        for index in (0, 1):
            os.link(source / "checkpoints" / f"step_{index}.png", target / "checkpoints" / f"step_{index}.png")
        shutil.copytree(source / "assets", target / "assets", copy_function=os.link)
        shutil.copytree(source / "stitched_assets", target / "stitched_assets", copy_function=os.link)
    (root / "data.jsonl").write_text("\n".join(lines) + "\n")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def timed_get(port, path, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    start = time.perf_counter()
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    elapsed = (time.perf_counter() - start) * 1000
    connection.close()
    return response.status, len(body), elapsed


def measure(port, path, count, headers=None, expect=200):
    timed_get(port, path, headers)  # warm caches and the worker
    times = []
    for _ in range(count):
        status, size, elapsed = timed_get(port, path, headers)
        if status != expect:
            raise SystemExit(f"GET {path} answered {status}, expected {expect}")
        times.append(elapsed)
    return statistics.median(times), max(times), size


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=40)
    args = parser.parse_args()

    var = Path(tempfile.mkdtemp(prefix="catalog-bench-"))
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DEBUG", "MEDIA_ROOT", "STATIC_ROOT")}
    env.update(IWR_VAR_DIR=str(var), DEBUG="0", PYTHONUNBUFFERED="1")
    python = [sys.executable, "manage.py"]
    server = None
    try:
        subprocess.run(python + ["migrate", "-v0"], cwd=REPO, env=env, check=True)
        subprocess.run(python + ["collectstatic", "--noinput", "-v0"], cwd=REPO, env=env, check=True)
        make_bench(var / "bench")
        start = time.perf_counter()
        subprocess.run(python + ["import_bench", str(var / "bench"), "-v0"], cwd=REPO, env=env, check=True)
        import_seconds = time.perf_counter() - start

        video = var / "media" / "tasks" / "57" / "video.mp4"
        video.unlink()
        with open(video, "wb") as handle:  # Range timing depends on the file's size, not on its frames.
            for _ in range(VIDEO_MB):
                handle.write(os.urandom(1024 * 1024))
        size = video.stat().st_size

        port = free_port()
        server = subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "config.wsgi", "--bind",
                                   f"127.0.0.1:{port}", "--workers", "2"], cwd=REPO, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)

        middle = size // 2
        one_mb = {"Range": f"bytes={middle}-{middle + 1024 * 1024 - 1}"}
        rows = [
            ("catalog page /tasks/ (113 tasks)", *measure(port, "/tasks/", args.requests), 50),
            ("catalog page, filtered + sorted", *measure(port, "/tasks/?domain=Travel&sort=steps&q=site", args.requests), 50),
            ("task page /tasks/57/", *measure(port, "/tasks/57/", args.requests), 50),
            ("1 MB Range read, middle of 50 MB video", *measure(port, "/tasks/57/media/video.mp4", args.requests,
                                                                 one_mb, expect=206), 20),
        ]
        print(f"seeded {TASKS} tasks, {TASKS * STEPS_PER_TASK} actions; import_bench took {import_seconds:.1f} s")
        print(f"{args.requests} requests each over HTTP to gunicorn (2 workers, DEBUG off, SQLite)\n")
        print(f"{'measure':44} {'median ms':>10} {'max ms':>8} {'bytes':>9} {'target':>7}  verdict")
        for name, median, worst, body, target in rows:
            verdict = "ok" if median < target else "TOO SLOW"
            print(f"{name:44} {median:10.2f} {worst:8.2f} {body:9d} {'<' + str(target):>7}  {verdict}")
    finally:
        if server:
            os.killpg(server.pid, 15)
            server.wait(timeout=30)
        shutil.rmtree(var, ignore_errors=True)


if __name__ == "__main__":
    main()
