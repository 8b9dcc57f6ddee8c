"""How close to its checkpoint each judged state is, for the offline assertions' threshold
(judging/engine/options.py DEFAULT_ASSERTION_THRESHOLD, README "Offline assertions, calibrated").

    .venv/bin/python benchmarks/assertion_calibration.py

Judges every sample task with the offline back-end on its reference site (samples/sites), its
rebuilt site (tests/engine/sites/*-rewrite), a blank page and a static image of the initial
checkpoint; also on the rebuilt site without its scripts and with one behaviour wrong (the
variants the engine tests judge). Prints per task and site, for every step with a checkpoint,
the assertion's `after` closeness and verdict, with IFS and LFS. A blank page or a static image
cannot perform the first action, so no assertion is judged on them: their row gives, in
brackets, how close the page as it stands is to each checkpoint, the closeness an action that
changed nothing would leave (they have no text: half the image similarity). Then the summary:
the closeness of correct states against that of blank, static, wrong and unchanged states.
Its last output is kept in benchmarks/assertion_calibration.txt.
"""
import re
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from judging.engine import Judge, JudgeOptions  # noqa: E402
from judging.engine import official  # noqa: E402
from judging.engine.assertions import Seen, closeness  # noqa: E402
from judging.engine.options import DEFAULT_ASSERTION_THRESHOLD  # noqa: E402
from judging.engine.similarity import make_similarity  # noqa: E402
from judging.engine.task import load_task  # noqa: E402

BENCH = REPO / "samples" / "bench" / "data"
SITES = REPO / "samples" / "sites"
REWRITES = REPO / "tests" / "engine" / "sites"
# One behaviour of the rebuilt site changed: (what goes wrong, the step whose checkpoint state it
# misses, script text, replacement). The steps before it are right and pass.
WRONG = {
    "sample-tabs": [("every tab opens the price", 1, "o.dataset.p).classList.toggle('on', o === t)",
                     "o.dataset.p).classList.toggle('on', o.dataset.p === 'c')")],
    "sample-modal": [("header count unchanged", 4, "document.getElementById('bookingStatus').textContent = "
                      "count + (count === 1 ? ' tour booked' : ' tours booked');", "")],
    "sample-search": [("sort puts the dearest first", 3, "a.price - b.price", "b.price - a.price"),
                      ("row opens another product", 4, "() => showDetail(p)",
                       "() => showDetail(products[results.indexOf(p)])")],
    "sample-accordion": [("opens the next answer", 1, "setOpen(item, !item.classList.contains('open'))",
                          "setOpen(item.nextElementSibling, !item.nextElementSibling.classList.contains('open'))")],
    "sample-cart": [("adds the next product", 4, "cart.push(it);", "cart.push(items[items.indexOf(it) + 1]);")],
}


def rewrite_of(task_id):
    return REWRITES / ("tabs-rewrite" if task_id == "sample-tabs" else f"{task_id}-rewrite")


def write_site(folder, html):
    folder.mkdir(parents=True)
    (folder / "index.html").write_text(html, encoding="utf-8")
    return folder


def sites(task_dir, scratch):
    """[(kind, label, site folder, wrong step or None)] for one task; kind groups the rows in the summary."""
    rewrite = (rewrite_of(task_dir.name) / "index.html").read_text(encoding="utf-8")
    static = write_site(scratch / "static", '<body style="margin:0"><img src="shot.png"></body>')
    shutil.copy(task_dir / "checkpoints" / "step_0.png", static / "shot.png")
    found = [("reference", "reference", SITES / task_dir.name, None),
             ("rewrite", "rewrite", rewrite_of(task_dir.name), None),
             ("no-scripts", "rewrite without scripts",
              write_site(scratch / "no-scripts", re.sub(r"<script\b.*?</script>", "", rewrite, flags=re.S | re.I)), None),
             ("blank", "blank page", write_site(scratch / "blank", "<!doctype html><title>x</title>"), None),
             ("static", "static image of step_0", static, None)]
    for n, (what, step, old, new) in enumerate(WRONG.get(task_dir.name, [])):
        assert old in rewrite, (task_dir.name, old)
        found.append(("wrong", f"wrong: {what}", write_site(scratch / f"wrong-{n}", rewrite.replace(old, new)), step))
    return found


def main():
    similarity = make_similarity()
    threshold = DEFAULT_ASSERTION_THRESHOLD
    values = {}   # summary group -> [(closeness, verdict or None, where)]

    def note(group, value, verdict, where):
        values.setdefault(group, []).append((value, verdict, where))

    with tempfile.TemporaryDirectory() as tmp, Judge(JudgeOptions(cache_dir=Path(tmp) / "cache")) as judge:
        for task_dir in sorted(p for p in BENCH.iterdir() if p.is_dir()):
            task = load_task(task_dir)
            # The steps whose assertion is judged against a checkpoint: those whose state one shows.
            shown = official.checkpoint_states(task.flags)
            flagged = [s for s in task.steps if s.assertion and s.number in shown]
            print(f"\n{task.id:38} {'IFS':>4} {'LFS':>6}  " + "".join(f"step {s.number:<9}" for s in flagged).rstrip())
            truth_text = {}
            for kind, label, site, wrong_step in sites(task_dir, Path(tmp) / task.id):
                out = Path(tmp) / task.id / f"out-{label}"
                result = judge.run(task_dir, site, out)
                if kind == "reference":
                    truth_text = {p.checkpoint: p.checkpoint_text for p in result.points}
                cells = []
                for step in flagged:
                    trace = next((t for t in result.steps if t.number == step.number and t.assertion), None)
                    if trace is not None and "checkpoint" in trace.assertion.detail:
                        detail, verdict = trace.assertion.detail, trace.assertion.result == official.YES
                        # A state showing its checkpoint's picture is judged so without a closeness: 1.
                        after, before = detail.get("after", 1.0), detail.get("before")
                        cells.append(f"{after:.3f} {'pass' if verdict else 'FAIL'}   ")
                        where = f"{task.id} step {step.number} {label}"
                        if kind in ("reference", "rewrite"):
                            note(kind, after, verdict, where)
                            if before is not None:
                                note("before", before, None, where)
                        elif step.number == wrong_step or (kind == "no-scripts" and not verdict):
                            # The state a wrong behaviour or a missing script left instead of the checkpoint's.
                            note(kind, after, verdict, where)
                    elif kind in ("blank", "static"):
                        j = shown.index(step.number)
                        page = Seen(b"", similarity.prepare(out / "screenshots" / "0.png"), result.points[0].ocr_text)
                        value = closeness(similarity, similarity.prepare(task.checkpoint_path(j)), truth_text[j], page)
                        cells.append(f"({value:.3f})      ")
                        note(kind, value, None, f"{task.id} step {step.number} {label}")
                    else:
                        cells.append(f"{'-':14}")
                print(f"  {label:36} {result.ifs:4.2f} {result.lfs:6.3f}  " + "".join(cells).rstrip())
    summary(values, threshold)


def span(rows):
    low, high = min(rows, key=lambda r: r[0]), max(rows, key=lambda r: r[0])
    return f"{low[0]:.3f}-{high[0]:.3f} (n={len(rows)}; lowest: {low[2]})"


def summary(values, threshold):
    def highest(group):
        row = max(values.get(group, []), key=lambda r: r[0], default=None)
        return f"{row[0]:.3f} ({row[2]})" if row else "-"

    print(f"\nOffline assertion closeness against the checkpoint (threshold {threshold}):")
    print(f"  correct states, reference sites:    {span(values['reference'])}")
    print(f"  correct states, rebuilt sites:      {span(values['rewrite'])}")
    print(f"  blank pages, highest:               {highest('blank')}")
    print(f"  static images of step_0, highest:   {highest('static')}")
    print(f"  wrong behaviour, highest:           {highest('wrong')}")
    print(f"  rebuilt sites without scripts:      {highest('no-scripts')}")
    print(f"  the state before each action:       {highest('before')}")
    correct = values["reference"] + values["rewrite"]
    failed = [where for _v, verdict, where in correct if not verdict]
    print(f"Correct states judged false: {', '.join(failed) or 'none'}.")
    lowest_correct = min(v for v, *_ in correct)
    empty = max(v for group in ("blank", "static") for v, *_ in values[group])
    separated = lowest_correct >= threshold > empty
    print(f"{threshold} separates every correct state ({lowest_correct:.3f} and up) from blank pages and static images "
          f"(up to {empty:.3f}): {'yes' if separated else 'NO'}.")
    missed = [row for group in ("wrong", "no-scripts") for row in values.get(group, [])]
    passed = [where for _v, verdict, where in missed if verdict]
    before = values["before"]
    print(f"States that miss the checkpoint (wrong behaviour, no scripts) at or above {threshold}: "
          f"{sum(v >= threshold for v, *_ in missed)} of {len(missed)}; the states before each action: "
          f"{sum(v >= threshold for v, *_ in before)} of {len(before)}. Closeness alone does not reject them; the "
          f"direction and number rules do. Judged true: {', '.join(passed) or 'none'}.")


if __name__ == "__main__":
    main()
