"""Judge throughput with 1, 2 and 4 worker processes, and the memory of one worker over 100 tasks.

    .venv/bin/python benchmarks/throughput_bench.py [--jobs 24] [--processes 1 2 4] [--memory-tasks 100] [--suite]

What runs: the engine's `Judge` in N OS processes, each holding it as a Celery worker process does
(judging/runner.py): one Chromium per process, started once and reused, a fresh browser context
per task, offline back-end, ground-truth OCR cached on disk. The processes take jobs (the six
sample tasks judged against their reference sites, or with --suite the validation suite's
rebuilds, round robin) from one shared queue, one at a time, like `celery worker -Q judge --concurrency N` with prefetch 1. Celery, the broker and the
database are left out: per task they add a few queries and one message, nothing next to a judgment.

Memory: one process judges `--memory-tasks` tasks in a row; after each, the RSS and PSS of the
process and all its descendants (Playwright's driver, Chromium's browser, GPU, utility and
renderer processes) are summed from /proc. RSS counts pages shared between Chromium's processes
once per process; PSS splits them, so its sum is the real footprint, but it also splits pages
with unrelated Chromiums on the machine and moves when they come and go: growth is read on RSS.
Both are printed at a few task counts, by part (this Python process, Playwright's driver,
Chromium), with the least-squares slope over tasks 10..N and the mean of each half.
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

from judging.engine import Judge, JudgeOptions, official  # noqa: E402

BENCH = REPO / "samples" / "bench"
SITES = REPO / "samples" / "sites"
TASKS = sorted(p.name for p in (BENCH / "data").iterdir())
MB = 1024 * 1024


def sample_jobs():
    """(task folder, site folder, must pass): the sample tasks against their reference sites."""
    return [(BENCH / "data" / task_id, SITES / task_id, True) for task_id in TASKS]


def suite_jobs():
    """The validation suite's hand-written rebuilds (generated pages, not reference sites), on the
    tasks built in the official reading; they may fail a step, as a model's page may."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    import judge_validation

    jobs = []
    for task_dir in sorted((judge_validation.SUITE / "tasks").iterdir()):
        built = judge_validation.build(task_dir, official.OFFICIAL_READING)
        jobs.extend((built, task_dir / "variants" / name, False) for name in judge_validation.REBUILDS)
    return jobs


def options(cache_dir):
    return JudgeOptions(backend="offline", cache_dir=cache_dir)


def judge_once(judge, job, out_root, n):
    task_dir, site_dir, must_pass = job
    result = judge.run(task_dir, site_dir, out_root / f"{n}-{task_dir.name}-{site_dir.name}")
    if must_pass and result.success_step != result.total_step:  # a reference site must pass: else the run is broken
        raise RuntimeError(f"{task_dir.name}: {result.stop_reason} {result.stop_detail}")


def worker(work, cache_dir, out_root, jobs, ready, start, done):
    """One 'worker process': open the Judge, judge one task to warm up, then take jobs until none is left."""
    with Judge(options(cache_dir)) as judge:
        judge_once(judge, work[os.getpid() % len(work)], out_root, "warm")
        ready.release()
        start.wait()
        while True:
            n = jobs.get()
            if n is None:
                break
            judge_once(judge, work[n % len(work)], out_root, n)
            done.put(time.monotonic())


def throughput(work, processes, job_count, cache_dir, out_root):
    ctx = multiprocessing.get_context("spawn")
    jobs, done, ready, start = ctx.Queue(), ctx.Queue(), ctx.Semaphore(0), ctx.Event()
    for n in range(job_count):
        jobs.put(n)
    for _ in range(processes):
        jobs.put(None)
    procs = [ctx.Process(target=worker, args=(work, cache_dir, out_root / f"p{processes}", jobs, ready, start, done))
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


def _name(pid):
    with open(f"/proc/{pid}/comm") as comm:
        name = comm.read().strip()
    return "python" if name.startswith("python") else "driver" if name.startswith("node") else "chromium"


def tree_memory(root):
    """{part: (RSS, PSS)} in bytes of `root` and every process below it, by part: this Python
    process, Playwright's driver, Chromium's processes; and "all", their sum."""
    parents, pids, parts = _children(), [root], {}
    while pids:
        pid = pids.pop()
        pids.extend(parents.get(pid, []))
        try:
            part = _name(pid)
            with open(f"/proc/{pid}/smaps_rollup") as rollup:
                sizes = {key: int(value.split()[0]) * 1024 for key, value in
                         (line.split(":", 1) for line in rollup) if key in ("Rss", "Pss")}
        except OSError:  # the process ended while we looked
            continue
        for name in (part, "all"):
            rss, pss = parts.get(name, (0, 0))
            parts[name] = (rss + sizes["Rss"], pss + sizes["Pss"])
    return parts


def slope(points):
    """Least-squares slope of [(x, y)]."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x in xs)


def memory_run(work, tasks, cache_dir, out_root):
    samples = {}
    with Judge(options(cache_dir)) as judge:
        for n in range(1, tasks + 1):
            judge_once(judge, work[n % len(work)], out_root, n)
            samples[n] = tree_memory(os.getpid())
    return samples


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=24, help="tasks judged per throughput measurement")
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--memory-tasks", type=int, default=100)
    parser.add_argument("--suite", action="store_true",
                        help="judge the validation suite's rebuilds instead of the sample tasks' reference sites")
    args = parser.parse_args()
    work = suite_jobs() if args.suite else sample_jobs()
    print(f"{os.cpu_count()} CPUs, " + (f"{len(work)} rebuilds of the validation suite's tasks" if args.suite else
          f"{len(work)} sample tasks judged against their reference sites") + " (offline back-end)")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        cache_dir = tmp / "cache"
        # A long-running worker has every ground-truth OCR text cached; fill the cache before timing.
        with Judge(options(cache_dir)) as judge:
            for job in {job[0]: job for job in work}.values():  # one judgment per task reads its checkpoints
                judge_once(judge, job, tmp / "fill", 0)

        print(f"\nthroughput, {args.jobs} tasks per run")
        print(f"{'processes':>9} | {'tasks/min':>9} | {'vs 1':>5}")
        base = None
        for processes in args.processes:
            rate = throughput(work, processes, args.jobs, cache_dir, tmp / "throughput")
            base = base or rate
            print(f"{processes:>9} | {rate:>9.1f} | {rate / base:>4.2f}x", flush=True)

        samples = memory_run(work, args.memory_tasks, cache_dir, tmp / "memory")
    last = args.memory_tasks
    shown = sorted({n for n in (1, 10, 25, 50, 75, 100, 150, 200, last) if n in samples})
    parts = ("python", "driver", "chromium")
    print(f"\nmemory of one worker process with its Chromium, after task n of {last} (MB)")
    print(f"{'task':>5} | {'RSS sum':>7} | {'PSS sum':>7} | " + " | ".join(f"{p + ' RSS':>12}" for p in parts))
    for n in shown:
        memory = samples[n]
        print(f"{n:>5} | {memory['all'][0] / MB:>7.0f} | {memory['all'][1] / MB:>7.0f} | "
              + " | ".join(f"{memory.get(p, (0, 0))[0] / MB:>12.0f}" for p in parts))
    steady = [n for n in samples if n >= 10]
    if len(steady) > 1:
        print(f"least-squares slope over tasks 10..{last}, MB per 100 tasks:")
        for part in ("all",) + parts:
            rss = slope([(n, samples[n].get(part, (0, 0))[0] / MB) for n in steady]) * 100
            pss = slope([(n, samples[n].get(part, (0, 0))[1] / MB) for n in steady]) * 100
            print(f"  {part:>8}: RSS {rss:+7.1f}, PSS {pss:+7.1f}")
        half = len(steady) // 2
        early, late = steady[:half], steady[half:]
        mean = lambda ns: statistics.fmean(samples[n]["all"][0] / MB for n in ns)  # noqa: E731
        print(f"mean RSS sum, tasks {early[0]}..{early[-1]}: {mean(early):.0f} MB; "
              f"tasks {late[0]}..{late[-1]}: {mean(late):.0f} MB")

if __name__ == "__main__":
    main()
