"""Judge speed on the sample tasks against the floor: a bare Playwright script that loads the
page, performs the same actions on known selectors and takes the same screenshots, with no
grounding and no scoring. Both run in one process, one browser each, alternating per task (the
floor on a thread of its own: Playwright's sync API and the judge's event loop cannot share one).

    .venv/bin/python benchmarks/engine_bench.py [--rounds 3]

Prints per task: floor, replay (engine up to the last screenshot) and whole offline judgment
(OCR and scoring included, ground-truth OCR cached), their medians and the replay/floor ratio.
"""
import argparse
import json
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from judging.engine import Judge, JudgeOptions  # noqa: E402
from judging.engine.browser import Viewport, context_options, launch  # noqa: E402
from judging.engine.isolation import ORIGIN, Sandbox  # noqa: E402

BENCH = REPO / "samples" / "bench"
SITES = REPO / "samples" / "sites"


def floor_run(browser, task_id, entry, out):
    """Load, act on the authoring selectors, screenshot after each action; nothing else."""
    actions = json.loads((SITES / task_id / "actions.json").read_text())["action_sequence"]
    viewport = Viewport.parse(entry["recording_details"]["resolution"])
    sandbox = Sandbox(SITES / task_id, BENCH / "data" / task_id / "assets")
    started = time.monotonic()
    context = browser.new_context(**context_options(viewport))
    context.route("**/*", lambda route: route.fulfill(path=sandbox.resolve(route.request.url))
                  if sandbox.resolve(route.request.url) else route.abort())
    page = context.new_page()
    page.goto(f"{ORIGIN}/index.html")
    page.screenshot(path=out / "0.png")
    for k, step in enumerate(actions, 1):
        params = step["parameters"]
        if step["type"] == "Click":
            page.click(step["selector"])
        elif step["type"] == "Type":
            page.fill(step["selector"], params["text"])
        elif step["type"] == "Press":
            page.keyboard.press(params["key"])
        else:
            sign = -1 if params.get("direction") == "up" else 1
            page.mouse.wheel(0, sign * params.get("scroll_page", 0.5) * viewport.height)
        page.wait_for_load_state("networkidle")
        page.screenshot(path=out / f"{k}.png")
    context.close()
    return time.monotonic() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    entries = {str(e["id"]): e for e in map(json.loads, (BENCH / "data.jsonl").read_text().splitlines()) if e}
    floor, replay, whole = {}, {}, {}
    floor_thread = ThreadPoolExecutor(max_workers=1)
    playwright = floor_thread.submit(lambda: sync_playwright().start()).result()
    bare = floor_thread.submit(launch, playwright).result()
    with tempfile.TemporaryDirectory() as tmp, Judge(JudgeOptions(cache_dir=Path(tmp) / "cache")) as judge:
        for task_id in entries:  # warm the ground-truth OCR cache, as a worker's is after one task
            judge.run(BENCH / "data" / task_id, SITES / task_id, Path(tmp) / "warm" / task_id)
        for r in range(args.rounds):
            for task_id, entry in entries.items():
                out = Path(tmp) / f"floor-{r}-{task_id}"
                out.mkdir()
                floor.setdefault(task_id, []).append(floor_thread.submit(floor_run, bare, task_id, entry, out).result())
                started = time.monotonic()
                result = judge.run(BENCH / "data" / task_id, SITES / task_id, Path(tmp) / f"judge-{r}-{task_id}")
                whole.setdefault(task_id, []).append(time.monotonic() - started)
                replay.setdefault(task_id, []).append(result.timings_ms["replay"] / 1000)
    floor_thread.submit(bare.close).result()
    floor_thread.submit(playwright.stop).result()
    floor_thread.shutdown()
    median = statistics.median
    print(f"{'task':18} {'steps':>5} {'floor s':>8} {'replay s':>9} {'whole s':>8} {'replay/floor':>13}")
    for task_id, entry in entries.items():
        print(f"{task_id:18} {len(entry['action_sequence']):5d} {median(floor[task_id]):8.2f} "
              f"{median(replay[task_id]):9.2f} {median(whole[task_id]):8.2f} "
              f"{median(replay[task_id]) / median(floor[task_id]):13.2f}")
    all_floor = median([median(v) for v in floor.values()])
    all_replay = median([median(v) for v in replay.values()])
    all_whole = median([median(v) for v in whole.values()])
    print(f"median per task: floor {all_floor:.2f} s, replay {all_replay:.2f} s, whole offline judgment "
          f"{all_whole:.2f} s; replay/floor {all_replay / all_floor:.2f}x")


if __name__ == "__main__":
    main()
