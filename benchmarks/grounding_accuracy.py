"""The offline grounding's accuracy on the validation suite's reference sites, step by step.

    .venv/bin/python benchmarks/grounding_accuracy.py [--part tune|holdout|all] [--variants perfect restyled]
                                                      [--tasks id ...] [--misses]

Each task's site (and `restyled`, which keeps the site's markup) is driven through its steps by the
authoring `selector`s, as build_task records it, so every step starts from the reference state; before
each Click or Type the offline grounding reads the description and picks an element. It is right when
a click at the centre of its pick lands on the element the selector names (or on a label of that
field), and a Type picks that field. Prints, per part and variant, how many steps were grounded right,
and with --misses (for the tuned part only: the held-out part is measured, never read) what was picked
instead. No OCR, no assertions, no scoring: a quick measure of one half of the judge.
"""
import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

import judge_validation  # noqa: E402
from judging.engine import Judge, JudgeOptions, actions, browser, grounding, official, recording  # noqa: E402
from judging.engine.task import load_task  # noqa: E402
from judging.engine.replay import INSTRUMENT_JS  # noqa: E402

SUITE = REPO / "benchmarks" / "validation"
SETTLE_MS = 300

# Where a click at the pick's centre lands, and whether that is the element the step means.
LANDS_ON = """([index, selector, typing]) => {
  const picked = window.__iwrJudge.candidates[index], meant = document.querySelector(selector);
  if (!picked || !meant) return false;
  if (typing) return picked === meant || (picked.control || null) === meant;
  const box = picked.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (!hit) return false;
  const label = hit.closest("label");
  return meant.contains(hit) || (label !== null && label.control === meant) || (meant.control || null) === hit;
}"""


async def ground_task(judge, task_dir, site_dir, cues):
    """[(step number, description, right?, what was picked)] for the Click and Type steps of one site."""
    spec = json.loads((task_dir / "actions.json").read_text(encoding="utf-8"))
    width, height = (int(v) for v in spec["recording_details"]["resolution"].split("x"))
    context = await judge._browser.new_context(**browser.context_options(browser.Viewport(width, height)))
    await context.add_init_script(INSTRUMENT_JS)
    out = []
    try:
        page = await context.new_page()
        await page.goto((site_dir / "index.html").as_uri())
        await page.wait_for_timeout(SETTLE_MS)
        for number, step in enumerate(spec["action_sequence"], 1):
            kind, params = step["type"], step.get("parameters", {})
            if kind in ("Click", "Type"):
                candidates = await actions.collect(page, judge.options.max_candidates)
                screenshot = await page.screenshot(type="png")
                description = grounding.Description(params.get("description", ""), params.get("text") or "")
                chosen, detail = grounding.choose(kind, description, candidates, (width, height), screenshot=screenshot,
                                                  cue=cues.get(number))
                right = chosen is not None and await page.evaluate(LANDS_ON, [chosen["index"], step["selector"],
                                                                              kind == "Type"])
                picked = (f"{chosen['tag']} {grounding.label_text(chosen)[:40]!r} at "
                          f"({round(chosen['box']['x'])},{round(chosen['box']['y'])})" if chosen else str(detail)[:160])
                out.append((number, params.get("description", ""), bool(right), picked))
                locator = page.locator(step["selector"])
                await locator.click()
                if kind == "Type":
                    await page.keyboard.type(str(params.get("text", "")))
            elif kind == "Press":
                await page.keyboard.press(params["key"])
            elif kind == "Scroll":
                await page.evaluate("(share) => window.scrollBy(0, window.innerHeight * share)", official.SCROLL_SHARE)
            await page.wait_for_timeout(SETTLE_MS)
    finally:
        await context.close()
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("tune", "holdout", "all"), default="all")
    parser.add_argument("--variants", nargs="+", default=["perfect", "restyled"], choices=("perfect", "restyled"))
    parser.add_argument("--tasks", nargs="*")
    parser.add_argument("--misses", action="store_true", help="list the misses of the tuned part")
    parser.add_argument("--words-only", action="store_true",
                        help="without the recording's cues (the task's video, as judge_validation builds it)")
    args = parser.parse_args(argv)

    split = json.loads((SUITE / "split.json").read_text())
    parts = ("tune", "holdout") if args.part == "all" else (args.part,)
    started = time.monotonic()
    lines, total, right_total = [], 0, 0
    with Judge(JudgeOptions(backend="offline")) as judge:
        for part in parts:
            for variant in args.variants:
                right = steps = 0
                misses = []
                for task_id in split[part]:
                    if args.tasks and task_id not in args.tasks:
                        continue
                    task_dir = SUITE / "tasks" / task_id
                    site = task_dir / "site" if variant == "perfect" else task_dir / "variants" / variant
                    cues = {} if args.words_only else recording.read_cues(
                        load_task(judge_validation.build(task_dir, official.OFFICIAL_READING)))
                    try:
                        found = judge._loop.run_until_complete(ground_task(judge, task_dir, site, cues))
                    except Exception as error:  # noqa: BLE001 - a variant whose markup the selectors miss
                        lines.append(f"  {part} {variant} {task_id}: not driven ({type(error).__name__}: {str(error)[:100]})")
                        continue
                    steps += len(found)
                    right += sum(ok for _n, _d, ok, _p in found)
                    misses += [(task_id, n, d, p) for n, d, ok, p in found if not ok]
                total, right_total = total + steps, right_total + right
                lines.append(f"== part {part}, {variant}: {right} of {steps} Click/Type steps grounded right "
                             f"({100 * right / max(1, steps):.1f} %)")
                if args.misses and part == "tune":
                    lines += [f"  MISS {t} step {n}: {d!r} -> {p}" for t, n, d, p in misses]
    lines.append(f"== all: {right_total} of {total} ({100 * right_total / max(1, total):.1f} %) in "
                 f"{time.monotonic() - started:.0f} s")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
