"""Judge throughput with 1, 2 and 4 worker processes, and the memory of one worker over 100 tasks.

    .venv/bin/python benchmarks/throughput_bench.py [--jobs 24] [--processes 1 2 4] [--memory-tasks 100]

What runs: the engine's `Judge` in N OS processes, each holding it as a Celery worker process does
(judging/runner.py): one Chromium per process, started once and reused, a fresh browser context
per task, offline back-end, ground-truth OCR cached on disk. The processes take jobs (the six
sample tasks judged against their reference sites, round robin) from one shared queue, one at a
time, like `celery worker -Q judge --concurrency N` with prefetch 1. Celery, the broker and the
database are left out: per task they add a few queries and one message, nothing next to a judgment.

Memory: one process judges `--memory-tasks` tasks in a row; after each, the RSS and PSS of the
process and all its descendants (Playwright's driver, Chromium's browser, GPU, utility and
renderer processes) are summed from /proc. RSS counts pages shared between Chromium's processes
once per process; PSS splits them, so its sum is the real footprint, but it also splits pages
with unrelated Chromiums on the machine and moves when they come and go: growth is read on RSS.
Both are printed at tasks 10, 50 and 100, with the least-squares slope over tasks 10..N.
"""
import argparse
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from judging.engine import Judge, JudgeOptions  # noqa: E402

BENCH = REPO / "samples" / "bench"
SITES = REPO / "samples" / "sites"
TASKS = sorted(p.name for p in (BENCH / "data").iterdir())
MB = 1024 * 1024


def options(cache_dir):
    return JudgeOptions(backend="offline", cache_dir=cache_dir)


def judge_once(judge, task_id, out_root, n):
    result = judge.run(BENCH / "data" / task_id, SITES / task_id, out_root / f"{n}-{task_id}")
    if result.success_step != result.total_step:  # a reference site must pass: anything else is a broken run
        raise RuntimeError(f"{task_id}: {result.stop_reason} {result.stop_detail}")


def worker(cache_dir, out_root, jobs, ready, start, done):
    """One 'worker process': open the Judge, judge one task to warm up, then take jobs until none is left."""
    with Judge(options(cache_dir)) as judge:
        judge_once(judge, TASKS[os.getpid() % len(TASKS)], out_root, "warm")
        ready.release()
        start.wait()
        while True:
            n = jobs.get()
            if n is None:
                break
            judge_once(judge, TASKS[n % len(TASKS)], out_root, n)
            done.put(time.monotonic())


def throughput(processes, job_count, cache_dir, out_root):
    ctx = multiprocessing.get_context("spawn")
    jobs, done, ready, start = ctx.Queue(), ctx.Queue(), ctx.Semaphore(0), ctx.Event()
    for n in range(job_count):
        jobs.put(n)
    for _ in range(processes):
        jobs.put(None)
    procs = [ctx.Process(target=worker, args=(cache_dir, out_root / f"p{processes}", jobs, ready, start, done))
             for _ in range(processes)]
    for proc in procs:
        proc.start()
    for _ in procs:
        ready.acquire()
    began = time.monotonic()
    start.set()
    last = max(done.get(timeout=600) for _ in range(job_count))
    for proc in procs:
        proc.join()
        if proc.exitcode:
            raise RuntimeError(f"a worker process exited with {proc.exitcode}")
    return job_count / (last - began) * 60


def _children():
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parents.setdefault(int(stat.read().rsplit(")", 1)[1].split()[1]), []).append(int(entry))
            except OSError:  # the process ended while we looked
                pass
    return parents


def tree_memory(root):
    """(RSS, PSS) in bytes of `root` and every process below it."""
    parents, pids, rss, pss = _children(), [root], 0, 0
    while pids:
        pid = pids.pop()
        pids.extend(parents.get(pid, []))
        try:
            with open(f"/proc/{pid}/smaps_rollup") as rollup:
                for line in rollup:
                    key, value = line.split(":", 1)
                    if key in ("Rss", "Pss"):
                        kib = int(value.split()[0]) * 1024
                        rss, pss = (rss + kib, pss) if key == "Rss" else (rss, pss + kib)
        except OSError:
            pass
    return rss, pss


def slope(points):
    """Least-squares slope of [(x, y)]."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x in xs)


def memory_run(tasks, cache_dir, out_root):
    samples = {}
    with Judge(options(cache_dir)) as judge:
        for n in range(1, tasks + 1):
            judge_once(judge, TASKS[n % len(TASKS)], out_root, n)
            samples[n] = tree_memory(os.getpid())
    return samples


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=24, help="tasks judged per throughput measurement")
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--memory-tasks", type=int, default=100)
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, {len(TASKS)} sample tasks judged against their reference sites (offline back-end)")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        cache_dir = tmp / "cache"
        # A long-running worker has every ground-truth OCR text cached; fill the cache before timing.
        with Judge(options(cache_dir)) as judge:
            for task_id in TASKS:
                judge_once(judge, task_id, tmp / "fill", 0)

        print(f"\nthroughput, {args.jobs} tasks per run")
        print(f"{'processes':>9} | {'tasks/min':>9} | {'vs 1':>5}")
        base = None
        for processes in args.processes:
            rate = throughput(processes, args.jobs, cache_dir, tmp / "throughput")
            base = base or rate
            print(f"{processes:>9} | {rate:>9.1f} | {rate / base:>4.2f}x", flush=True)

        samples = memory_run(args.memory_tasks, cache_dir, tmp / "memory")
    last = args.memory_tasks
    shown = sorted({n for n in (1, 10, 50, last) if n in samples})
    print(f"\nmemory of one worker process with its Chromium, after task n of {last}")
    print(f"{'task':>5} | {'RSS sum MB':>10} | {'PSS MB':>7}")
    for n in shown:
        rss, pss = samples[n]
        print(f"{n:>5} | {rss / MB:>10.0f} | {pss / MB:>7.0f}")
    steady = [(n, v) for n, v in samples.items() if n >= 10]
    if len(steady) > 1:
        rss_slope = slope([(n, rss / MB) for n, (rss, _) in steady]) * 100
        pss_slope = slope([(n, pss / MB) for n, (_, pss) in steady]) * 100
        print(f"slope over tasks 10..{last}: RSS {rss_slope:+.1f} MB, PSS {pss_slope:+.1f} MB per 100 tasks")


if __name__ == "__main__":
    main()
