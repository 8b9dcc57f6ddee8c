"""Submissions benchmark: upload memory, and end-to-end judging throughput with 2 worker processes.

    .venv/bin/python benchmarks/submissions_bench.py [--upload-mb 200] [--tasks 12] [--workers 2]

Runs in a fresh embedded site under a temporary folder (SQLite, the filesystem broker):
1. a gunicorn web process receives a whole-run zip of --upload-mb through the token API; the
   figure is how much that process's peak resident memory (VmHWM) grew;
2. a --tasks-task run of the sample reference sites (the 6 sample tasks, copied under new ids as
   needed) is judged by one `celery worker --concurrency N`; the figures are tasks per minute and the
   share of wall time spent outside the engine (queueing, database, file I/O):
   1 - sum(engine seconds) / (N x wall time from upload to the aggregate).
"""
import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PY = str(REPO / ".venv" / "bin" / "python")
SAMPLES = REPO / "samples"
MB = 1024 * 1024


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def build_bench(dest, count):
    """A benchmark of `count` tasks in the official layout: the samples, then copies with new ids."""
    entries = [json.loads(line) for line in (SAMPLES / "bench" / "data.jsonl").read_text().splitlines() if line]
    (dest / "data").mkdir(parents=True)
    tasks, lines = {}, []
    for i in range(count):
        entry = dict(entries[i % len(entries)])
        source = entry["id"]
        entry["id"] = source if i < len(entries) else f"{source}-{i // len(entries) + 1}"
        shutil.copytree(SAMPLES / "bench" / "data" / source, dest / "data" / entry["id"])
        lines.append(json.dumps(entry))
        tasks[entry["id"]] = source
    (dest / "data.jsonl").write_text("\n".join(lines) + "\n")
    return tasks


def run_zip(path, tasks, padding_bytes=0):
    """Reference sites for every task; `padding_bytes` of incompressible files make a big upload."""
    with zipfile.ZipFile(path, "w") as archive:
        for task_id, source in tasks.items():
            site = SAMPLES / "sites" / source
            for file in site.rglob("*"):
                if file.is_file() and file.name != "actions.json":
                    archive.write(file, f"{task_id}/bench-model/{file.relative_to(site).as_posix()}")
        chunk, written, part = 50 * MB, 0, 0
        first = next(iter(tasks))
        while written < padding_bytes:
            size = min(chunk, padding_bytes - written)
            with archive.open(f"{first}/bench-model/padding/{part}.bin", "w", force_zip64=True) as out:
                for _ in range(size // MB):
                    out.write(os.urandom(MB))
            written, part = written + size, part + 1
    return path


def upload(port, token, path, model_name):
    started = time.monotonic()
    out = subprocess.run(
        ["curl", "-sS", "-H", f"Authorization: Token {token}", "-F", f"model_name={model_name}",
         "-F", "model_type=open-source", "-F", f"archive=@{path}", f"http://127.0.0.1:{port}/api/submissions/"],
        check=True, capture_output=True, text=True)
    body = json.loads(out.stdout)
    if "id" not in body:
        raise SystemExit(f"upload refused: {body}")
    return body["id"], time.monotonic() - started


def memory_kb(pid, field):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"no {field} for {pid}")


def gunicorn_worker_pid(master):
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    if len(children) != 1:
        raise RuntimeError(f"expected one gunicorn worker, found {children}")
    return int(children[0])


def wait_http(url, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"{url} did not answer")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upload-mb", type=int, default=200)
    parser.add_argument("--tasks", type=int, default=12)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--keep", action="store_true", help="keep the temporary site folder")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="iwr-subbench-"))
    env = {**os.environ, "IWR_VAR_DIR": str(tmp / "var"), "MEDIA_ROOT": str(tmp / "var" / "media"),
           "FILE_UPLOAD_TEMP_DIR": str(tmp), "SUBMISSION_MAX_UPLOAD_BYTES": str((args.upload_mb + 50) * MB),
           "SUBMISSION_MAX_UNPACKED_BYTES": str((args.upload_mb + 50) * MB), "DJANGO_SETTINGS_MODULE": "config.settings"}
    for name in ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"):
        env.pop(name, None)
    os.environ.update(env)
    sys.path.insert(0, str(REPO))
    processes = []
    try:
        subprocess.run([PY, "manage.py", "migrate", "-v0"], cwd=REPO, env=env, check=True)
        tasks = build_bench(tmp / "bench", args.tasks)
        subprocess.run([PY, "manage.py", "import_bench", str(tmp / "bench"), "-v0"], cwd=REPO, env=env, check=True)

        import django
        django.setup()
        from django.contrib.auth import get_user_model
        from rest_framework.authtoken.models import Token

        from leaderboard import services
        from leaderboard.models import Submission

        user = get_user_model().objects.create_user("bench", password="bench-password-1")
        token = Token.objects.create(user=user).key

        # 1. Upload memory.
        port = free_port()
        web = subprocess.Popen([str(REPO / ".venv" / "bin" / "gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{port}",
                                "--workers", "1", "--timeout", "600"], cwd=REPO, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        processes.append(web)
        wait_http(f"http://127.0.0.1:{port}/healthz")
        first = next(iter(tasks))
        small = run_zip(tmp / "warm.zip", {first: tasks[first]})
        warm_id, _ = upload(port, token, small, "warm-up")  # loads every module the upload path needs
        pid = gunicorn_worker_pid(web.pid)
        big = run_zip(tmp / "big.zip", {first: tasks[first]}, padding_bytes=args.upload_mb * MB)
        before_rss, before_peak = memory_kb(pid, "VmRSS"), memory_kb(pid, "VmHWM")
        big_id, seconds = upload(port, token, big, "big upload")
        after_peak = memory_kb(pid, "VmHWM")
        size_mb = big.stat().st_size / MB
        for sid in (warm_id, big_id):  # not part of the judging figures below
            services.cancel_submission(Submission.objects.get(pk=sid))

        # 2. End-to-end judging.
        worker = subprocess.Popen([PY, "-m", "celery", "-A", "config", "worker", "-Q", "judge", "--concurrency",
                                   str(args.workers), "--loglevel", "WARNING", "--without-gossip", "--without-mingle"],
                                  cwd=REPO, env=env, stdout=open(tmp / "worker.log", "wb"), stderr=subprocess.STDOUT,
                                  start_new_session=True)
        processes.append(worker)
        time.sleep(5)  # the worker's start-up is not part of judging a submission
        run = run_zip(tmp / "run.zip", tasks)
        started = time.monotonic()
        sid, _ = upload(port, token, run, "bench run")
        submission = Submission.objects.get(pk=sid)
        while not submission.is_finished:
            if time.monotonic() - started > 60 * 60:
                raise SystemExit(f"judging did not finish; see {tmp / 'worker.log'}")
            time.sleep(0.5)
            submission.refresh_from_db()
        wall = time.monotonic() - started
        runs = list(submission.runs.all())
        engine = sum(r.engine_seconds or 0 for r in runs)
        in_jobs = sum((r.finished_at - r.started_at).total_seconds() for r in runs if r.finished_at)

        print(f"upload: {size_mb:.0f} MB zip in {seconds:.1f} s; web worker RSS {before_rss / 1024:.0f} MB before, "
              f"peak {before_peak / 1024:.0f} -> {after_peak / 1024:.0f} MB: "
              f"+{(after_peak - before_peak) / 1024:.1f} MB")
        print(f"judging: {len(runs)} tasks, {args.workers} worker processes, status {submission.status}, "
              f"final {submission.final:.3f}, coverage {submission.coverage:.2f}")
        print(f"  wall {wall:.1f} s = {len(runs) / wall * 60:.1f} tasks/min; engine {engine:.1f} s; "
              f"inside jobs {in_jobs:.1f} s")
        print(f"  outside the engine: {100 * (1 - engine / (args.workers * wall)):.1f} % of worker wall time "
              f"(of which inside jobs but outside the engine: {100 * (in_jobs - engine) / (args.workers * wall):.1f} %)")
    finally:
        for proc in processes:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
