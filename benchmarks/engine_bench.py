"""Judge speed on the sample tasks against the floor: a bare Playwright script that loads the
page, performs the same actions on known selectors and takes the same screenshots, with no
grounding and no scoring. Both run in one process, one browser each, alternating per task (the
floor on a thread of its own: Playwright's sync API and the judge's event loop cannot share one).

    .venv/bin/python benchmarks/engine_bench.py [--rounds 3]

Prints per task: floor, replay (engine up to the last screenshot) and whole offline judgment
(OCR and scoring included, ground-truth OCR cached), their medians and the replay/floor ratio.
Besides the six samples it judges `cart-9`, a nine-step task on the sample-cart site (the
issue's target is for nine steps), recorded once into benchmarks/tasks/ by
`manage.py build_task samples/sites/sample-cart benchmarks/tasks/cart-9.json benchmarks/tasks`.
The judge runs on a copy of each site with one extra red pixel in a corner: the reference sites
render pixel for pixel like their checkpoints, whose texts the OCR cache already holds, so
without it the figures would show no OCR at all, unlike any generated site's. Each round gets a
fresh Judge, and the judge forgets the texts it keeps in memory before each task: the same
screenshots judged the round before, or lines of the same site judged the task before (cart-9
after sample-cart), would otherwise be read from memory, which a worker meeting a generated site
for the first time cannot do (the ground-truth texts stay cached on disk, as on a worker).
"""
import argparse
import json
import shutil
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
EXTRA = REPO / "benchmarks" / "tasks"   # task id -> the sample site it runs on
EXTRA_SITES = {"cart-9": "sample-cart"}


def tasks():
    """[(task id, data.jsonl entry, task dir, site dir, actions.json with the selectors)]"""
    found = []
    for root in (BENCH, EXTRA):
        for line in (root / "data.jsonl").read_text().splitlines():
            if line.strip():
                entry = json.loads(line)
                task_id = str(entry["id"])
                site = SITES / EXTRA_SITES.get(task_id, task_id)
                actions = site / "actions.json" if root == BENCH else EXTRA / f"{task_id}.json"
                found.append((task_id, entry, root / "data" / task_id, site, actions))
    return found


# Static, no text, not clickable: the grounding, the assertions and the floor's actions are unchanged.
PIXEL = ('<div style="position:fixed;right:0;bottom:0;width:1px;height:1px;background:#f00;'
         'pointer-events:none"></div></body>')


def marked_copy(site, folder):
    """The site with one more pixel, so its screenshots are never byte-identical to a checkpoint."""
    shutil.copytree(site, folder)
    html = (folder / "index.html").read_text(encoding="utf-8")
    (folder / "index.html").write_text(html.replace("</body>", PIXEL, 1), encoding="utf-8")
    return folder


def floor_run(browser, entry, task_dir, site, actions_json, out):
    """Load, act on the authoring selectors, screenshot after each action; nothing else."""
    actions = json.loads(actions_json.read_text())["action_sequence"]
    viewport = Viewport.parse(entry["recording_details"]["resolution"])
    sandbox = Sandbox(site, task_dir / "assets")
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
        else:  # iwr-v1: the window, half a viewport down
            page.evaluate("() => window.scrollBy(0, window.innerHeight / 2)")
        page.wait_for_load_state("networkidle")
        page.screenshot(path=out / f"{k}.png")
    context.close()
    return time.monotonic() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    found = tasks()
    floor, replay, whole = {}, {}, {}
    floor_thread = ThreadPoolExecutor(max_workers=1)
    playwright = floor_thread.submit(lambda: sync_playwright().start()).result()
    bare = floor_thread.submit(launch, playwright).result()
    with tempfile.TemporaryDirectory() as tmp:
        options = JudgeOptions(cache_dir=Path(tmp) / "cache")
        marked = {task_id: marked_copy(site, Path(tmp) / "sites" / task_id) for task_id, _e, _t, site, _a in found}
        with Judge(options) as judge:
            for task_id, _entry, task_dir, site, _actions in found:  # warm the ground-truth OCR cache on disk
                judge.run(task_dir, marked[task_id], Path(tmp) / "warm" / task_id)
        for r in range(args.rounds):
            with Judge(options) as judge:
                for task_id, entry, task_dir, site, actions_json in found:
                    out = Path(tmp) / f"floor-{r}-{task_id}"
                    out.mkdir()
                    floor.setdefault(task_id, []).append(
                        floor_thread.submit(floor_run, bare, entry, task_dir, site, actions_json, out).result())
                    judge.forget()
                    started = time.monotonic()
                    result = judge.run(task_dir, marked[task_id], Path(tmp) / f"judge-{r}-{task_id}")
                    assert result.ifs == 1.0, f"{task_id}: the marked reference site must pass every step"
                    whole.setdefault(task_id, []).append(time.monotonic() - started)
                    replay.setdefault(task_id, []).append(result.timings_ms["replay"] / 1000)
    floor_thread.submit(bare.close).result()
    floor_thread.submit(playwright.stop).result()
    floor_thread.shutdown()
    median = statistics.median
    print(f"{'task':18} {'steps':>5} {'floor s':>8} {'replay s':>9} {'whole s':>8} {'replay/floor':>13}")
    for task_id, entry, *_ in found:
        print(f"{task_id:18} {len(entry['action_sequence']):5d} {median(floor[task_id]):8.2f} "
              f"{median(replay[task_id]):9.2f} {median(whole[task_id]):8.2f} "
              f"{median(replay[task_id]) / median(floor[task_id]):13.2f}")
    samples = [task_id for task_id, *_ in found if task_id not in EXTRA_SITES]
    all_floor = median([median(floor[t]) for t in samples])
    all_replay = median([median(replay[t]) for t in samples])
    all_whole = median([median(whole[t]) for t in samples])
    print(f"median per sample task: floor {all_floor:.2f} s, replay {all_replay:.2f} s, whole offline judgment "
          f"{all_whole:.2f} s; replay/floor {all_replay / all_floor:.2f}x")


if __name__ == "__main__":
    main()
