"""The offline judge's measured validity: the validation suite judged, every ordering check reported.

    .venv/bin/python benchmarks/judge_validation.py [--part tune|holdout|all] [--reading before-action|after-action|both]
                                                    [--runs 3] [--jobs 2] [--tasks id ...] [--write] [--suite DIR]

Builds every task of benchmarks/validation/tasks (README there) with build_task in the reading(s)
asked for (cached under var/validation/<reading>/ by the hash of the task's sources and of the
recorder), makes the variants the suite does not write by hand (perfect = the reference site; nojs =
rebuild-a without its scripts; static = the first checkpoint shown as an image; blank = an empty
page), judges each with the offline back-end, and prints, per part of the split and reading, each
variant's IFS distribution and every check that fails:

    perfect    IFS = 1 and the highest Final of its task
    rebuild-*  IFS >= 0.75 and VFS below perfect's      (restyled too)
    wrong      IFS below both rebuilds'
    partial    0 < IFS < 1 and above nojs
    nojs       IFS <= 0.35                              static: IFS <= 0.35 and VFS >= 0.6 x perfect's
    blank      Final < 0.05 and image similarity <= 0.3 against every checkpoint that shows content
    runs       with --runs N: the same IFS each time and every score within 0.01

`--write` keeps the output in benchmarks/judge_validation.txt (shown on the About page). `--suite DIR`
judges another folder laid out the same way instead (benchmarks/validation/probes: tasks written to
find what the judge gets wrong, outside the measured split).
"""
import argparse
import hashlib
import json
import re
import shutil
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from judging.engine import official  # noqa: E402

SUITE = REPO / "benchmarks" / "validation"
BUILD = REPO / "var" / "validation"
OUTPUT = REPO / "benchmarks" / "judge_validation.txt"
VARIANTS = ("perfect", "rebuild-a", "rebuild-b", "restyled", "partial", "wrong", "nojs", "static", "blank")
REBUILDS = ("rebuild-a", "rebuild-b", "restyled")
# A checkpoint "shows content" unless it is one colour nearly everywhere.
FLAT_SHARE = 0.98


def use_suite(folder):
    """Judge the tasks of another folder, built apart from the suite's (a fork's workers inherit it)."""
    global SUITE, BUILD
    SUITE, BUILD = folder.resolve(), REPO / "var" / "validation-suites" / folder.resolve().name


def sources_hash(task_dir):
    digest = hashlib.sha256()
    for path in sorted(p for p in (task_dir / "site").rglob("*") if p.is_file()) + [task_dir / "actions.json"]:
        digest.update(str(path.relative_to(task_dir)).encode() + b"\0" + path.read_bytes())
    for recorder in ("tasks_catalog/authoring.py", "judging/engine/browser.py", "judging/engine/settle.py",
                     "judging/engine/fonts.conf"):
        digest.update((REPO / recorder).read_bytes())
    return digest.hexdigest()[:16]


def build(task_dir, reading):
    """The built task folder, recorded again only when its sources or the recorder changed."""
    from tasks_catalog.authoring import build_task

    root = BUILD / reading
    folder = root / "data" / task_dir.name
    stamp = folder / ".sources"
    key = sources_hash(task_dir)
    if not (stamp.is_file() and stamp.read_text() == key):
        build_task(task_dir / "site", task_dir / "actions.json", root, pause=0.1, progress=lambda _m: None,
                   reading=reading)
        stamp.write_text(key)
    return folder


def without_scripts(html):
    html = re.sub(r"<script\b.*?</script>", "", html, flags=re.S | re.I)
    return re.sub(r"""\son[a-z]+\s*=\s*("[^"]*"|'[^']*')""", "", html, flags=re.I)


def variant_site(task_dir, built, name, sites):
    """The folder of one submission, made for the variants the suite does not write by hand."""
    folder = sites / name
    if folder.exists():
        shutil.rmtree(folder)
    if name == "perfect":
        shutil.copytree(task_dir / "site", folder)
    elif name == "nojs":
        folder.mkdir(parents=True)
        html = (task_dir / "variants" / "rebuild-a" / "index.html").read_text(encoding="utf-8")
        (folder / "index.html").write_text(without_scripts(html), encoding="utf-8")
    elif name == "static":
        folder.mkdir(parents=True)
        shutil.copy(built / "checkpoints" / "step_0.png", folder / "first-screen.png")
        (folder / "index.html").write_text('<!doctype html><html><body style="margin:0">'
                                           '<img src="first-screen.png" alt="" style="display:block"></body></html>', encoding="utf-8")
    elif name == "blank":
        folder.mkdir(parents=True)
        (folder / "index.html").write_text("<!doctype html><html><head><title></title></head><body></body></html>",
                                           encoding="utf-8")
    else:
        shutil.copytree(task_dir / "variants" / name, folder)
    return folder


def shows_content(path):
    import cv2
    import numpy as np

    image = cv2.imread(str(path))
    colours, counts = np.unique(image.reshape(-1, 3), axis=0, return_counts=True)
    return counts.max() / counts.sum() < FLAT_SHARE


_judge = None


def _judge_one(job):
    """Worker: judge one submission on one built task (one Judge per process)."""
    global _judge
    from judging.engine import Judge, JudgeOptions

    if _judge is None:
        _judge = Judge(JudgeOptions(backend="offline")).__enter__()
    task_id, reading, variant, built, site, out = job
    _judge.forget()
    started = time.monotonic()
    try:
        result = _judge.run(built, site, out)
    except Exception as error:  # noqa: BLE001 - an engine bug is a failing check, not the end of the run
        return {"task": task_id, "reading": reading, "variant": variant, "ifs": 0.0, "lfs": 0.0, "vfs": 0.0,
                "final": 0.0, "success": 0, "total": 0, "stop": "engine-error", "blank_image": 0.0,
                "detail": f"{type(error).__name__}: {error}"[:160], "seconds": time.monotonic() - started,
                "inferred": None}
    entry = {"task": task_id, "reading": reading, "variant": variant, "ifs": result.ifs, "lfs": result.lfs,
             "vfs": result.vfs, "final": result.final, "success": result.success_step, "total": result.total_step,
             "stop": result.stop_reason, "detail": result.stop_detail[:160], "seconds": time.monotonic() - started,
             "inferred": next((s.assertion.detail.get("reading_inferred") for s in result.steps
                               if s.assertion and "reading_inferred" in s.assertion.detail), None)}
    if variant == "blank":
        from judging.engine.similarity import make_similarity

        similarity = make_similarity()
        blank = Path(out) / "screenshots" / "0.png"
        entry["blank_image"] = max([similarity.similarity(p, blank) for p in sorted((Path(built) / "checkpoints").glob("*.png"))
                                    if shows_content(p)] or [0.0]) if blank.is_file() else 0.0
    return entry


def checks(results):
    """(check name, task, holds, figures) for one task's variants in one reading and run."""
    r = {e["variant"]: e for e in results}
    task = results[0]["task"]
    out = []

    def check(name, holds, figures):
        out.append((name, task, bool(holds), figures))

    for e in results:
        if e["stop"] == "engine-error":
            check(f"{e['variant']} judged without an engine error", False, e["detail"])
    perfect = r["perfect"]
    check("perfect IFS = 1", perfect["ifs"] == 1.0, f"IFS {perfect['ifs']:.2f} ({perfect['detail']})")
    best = max(e["final"] for e in results)
    check("perfect has the highest Final", perfect["final"] >= best - 1e-9,
          f"perfect {perfect['final']:.3f}, best {best:.3f}")
    for name in REBUILDS:
        e = r[name]
        check(f"{name} IFS >= 0.75", e["ifs"] >= 0.75, f"IFS {e['ifs']:.2f} ({e['detail']})")
        check(f"{name} VFS < perfect", e["vfs"] < perfect["vfs"], f"{e['vfs']:.3f} vs {perfect['vfs']:.3f}")
    floor = min(r["rebuild-a"]["ifs"], r["rebuild-b"]["ifs"])
    check("wrong IFS < rebuilds", r["wrong"]["ifs"] < floor,
          f"wrong {r['wrong']['ifs']:.2f}, rebuilds {floor:.2f} ({r['wrong']['detail']})")
    p = r["partial"]
    check("partial 0 < IFS < 1", 0 < p["ifs"] < 1, f"IFS {p['ifs']:.2f} ({p['detail']})")
    check("partial IFS > nojs", p["ifs"] > r["nojs"]["ifs"], f"{p['ifs']:.2f} vs {r['nojs']['ifs']:.2f}")
    for name in ("nojs", "static"):
        check(f"{name} IFS <= 0.35", r[name]["ifs"] <= 0.35, f"IFS {r[name]['ifs']:.2f} ({r[name]['detail']})")
    check("static VFS >= 0.6 x perfect", r["static"]["vfs"] >= 0.6 * perfect["vfs"],
          f"{r['static']['vfs']:.3f} vs {perfect['vfs']:.3f}")
    check("blank Final < 0.05", r["blank"]["final"] < 0.05, f"Final {r['blank']['final']:.3f}")
    check("blank image <= 0.3", r["blank"]["blank_image"] <= 0.3, f"highest {r['blank']['blank_image']:.3f}")
    return out


def agreement(runs):
    """Checks that repeated judgments agree: (name, task, holds, figures) per task and variant."""
    out = []
    by_key = {}
    for run in runs:
        for e in run:
            by_key.setdefault((e["task"], e["reading"], e["variant"]), []).append(e)
    for (task, reading, variant), entries in sorted(by_key.items()):
        spread = max(max(e[f] for e in entries) - min(e[f] for e in entries) for f in ("lfs", "vfs", "final"))
        same = len({e["ifs"] for e in entries}) == 1
        out.append((f"runs agree ({variant})", task, same and spread <= 0.01,
                    f"IFS {sorted({e['ifs'] for e in entries})}, spread {spread:.4f}"))
    return out


def report(part, reading, results, extra_checks, lines):
    lines.append(f"== part {part}, checkpoints {reading}: {len({e['task'] for e in results})} tasks")
    lines.append(f"{'variant':<10} {'IFS min':>7} {'median':>7} {'max':>7} {'mean':>7} {'VFS mean':>8} {'Final mean':>10}")
    for variant in VARIANTS:
        rows = [e for e in results if e["variant"] == variant]
        if not rows:
            continue
        ifs = [e["ifs"] for e in rows]
        lines.append(f"{variant:<10} {min(ifs):7.2f} {statistics.median(ifs):7.2f} {max(ifs):7.2f} "
                     f"{statistics.fmean(ifs):7.2f} {statistics.fmean(e['vfs'] for e in rows):8.3f} "
                     f"{statistics.fmean(e['final'] for e in rows):10.3f}")
    inferred = [e for e in results if e["inferred"]]
    if inferred:
        right = sum(e["inferred"] == e["reading"] for e in inferred)
        lines.append(f"reading inferred from the task alone (the recording says it, and is used): right in "
                     f"{right} of {len(inferred)} judgments with an assertion")
    by_task = {}
    for e in results:
        by_task.setdefault(e["task"], []).append(e)
    found = [c for task in sorted(by_task) for c in checks(by_task[task])] + extra_checks
    failed = [c for c in found if not c[2]]
    lines.append(f"checks: {len(found) - len(failed)} of {len(found)} hold "
                 f"({100 * (len(found) - len(failed)) / max(1, len(found)):.1f} %)")
    for name, task, _holds, figures in failed:
        lines.append(f"  FAILS {task}: {name}: {figures}")
    return len(found), len(failed)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("tune", "holdout", "all"), default="all")
    parser.add_argument("--reading", choices=(*official.READINGS, "both"), default="both")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--tasks", nargs="*")
    parser.add_argument("--write", action="store_true", help=f"keep the output in {OUTPUT.relative_to(REPO)}")
    parser.add_argument("--suite", type=Path, default=SUITE,
                        help="another folder of tasks and split.json, such as benchmarks/validation/probes")
    args = parser.parse_args(argv)
    if not (args.suite / "split.json").is_file():
        parser.error(f"{args.suite} has no split.json: a suite is a folder of tasks/ and split.json")
    if args.suite.resolve() != SUITE.resolve():
        if args.write:
            parser.error("--write keeps the measured suite's output only")
        use_suite(args.suite)

    split = json.loads((SUITE / "split.json").read_text())
    parts = ("tune", "holdout") if args.part == "all" else (args.part,)
    readings = official.READINGS if args.reading == "both" else (args.reading,)
    started = time.monotonic()
    jobs, wanted = [], []
    work = BUILD / "judged"
    for part in parts:
        for task_id in split[part]:
            if args.tasks and task_id not in args.tasks:
                continue
            task_dir = SUITE / "tasks" / task_id
            missing = [name for name in ("actions.json", "site/index.html", *(f"variants/{v}/index.html" for v in VARIANTS
                                         if v not in ("perfect", "nojs", "static", "blank")))
                       if not (task_dir / name).is_file()]
            if missing:
                print(f"skipped {task_id}: no {', '.join(missing)}", file=sys.stderr)
                continue
            wanted += [(part, task_dir, reading) for reading in readings]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        builts = list(pool.map(build, [task_dir for _p, task_dir, _r in wanted], [reading for _p, _t, reading in wanted]))
    for (part, task_dir, reading), built in zip(wanted, builts):
        for variant in VARIANTS:
            site = variant_site(task_dir, built, variant, work / "sites" / reading / task_dir.name)
            jobs.append((part, (task_dir.name, reading, variant, str(built), str(site),
                                str(work / "out" / reading / task_dir.name / variant))))
    built_s = time.monotonic() - started
    runs = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for _ in range(args.runs):
            runs.append(list(pool.map(_judge_one, [job for _part, job in jobs])))
    judged_s = time.monotonic() - started - built_s
    part_of = {job[0]: part for part, job in jobs}

    lines = [f"judge_validation: {len(jobs)} judgments x {args.runs} run(s); built in {built_s:.0f} s, "
             f"judged in {judged_s:.0f} s ({judged_s / max(1, len(jobs) * args.runs):.2f} s each, {args.jobs} process(es))"]
    total = failed = 0
    for part in parts:
        for reading in readings:
            results = [e for e in runs[0] if part_of[e["task"]] == part and e["reading"] == reading]
            if not results:
                continue
            extra = agreement([[e for e in run if part_of[e["task"]] == part and e["reading"] == reading]
                               for run in runs]) if args.runs > 1 else []
            n, f = report(part, reading, results, extra, lines)
            total, failed = total + n, failed + f
    lines.append(f"== all: {total - failed} of {total} checks hold ({100 * (total - failed) / max(1, total):.1f} %)")
    text = "\n".join(lines)
    print(text)
    if args.write:
        OUTPUT.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
