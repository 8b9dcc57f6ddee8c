"""How the default image similarity scores kinds of pages against the sample tasks' checkpoints
(judging/engine/similarity.py; README "Image similarity").

    .venv/bin/python benchmarks/similarity_calibration.py [--shots DIR]

Every page is judged in Chromium at the task's 1280x800 with the offline back-end, and each
screenshot is compared with the checkpoint the judge pairs it with (its visual points); a page
that cannot perform the actions gives its first screen, compared with every checkpoint (blank
pages) or with step_0 (the picture of it). The offline assertions run with threshold 0, so which
states exist does not depend on the similarity being measured. The kinds of page:

- itself: each checkpoint against itself
- reference: the sample site the task was recorded from (samples/sites)
- picture of the first screen: a page showing step_0.png as an <img> filling the viewport
- other fonts and spacing: the reference in a serif typeface with wider letters and lines
- rebuild: the rebuilt site in other markup, wording, fonts and layout (tests/engine/sites/*-rewrite)
- section missing: the reference with about a third of what it shows hidden (its place left
  empty), on the screens where that part shows; "other fonts, section missing" the same on the
  page in other fonts, which must score below that page checkpoint by checkpoint
- restyled dark/light: the reference with its colours inverted (pictures kept), same layout
- unrelated: the checkpoints of the other sample tasks
- blank white / blank in the background colour: one colour, the second the checkpoint's most
  common one

Prints min, median and max per kind; whether the kinds rank as they should (medians, and the
share of pairs of values in the wrong order) and a blank page stays at most 0.3 against every
checkpoint; the lowest values of the kinds that should score high and the highest of those that
should score low; then the time prepare() and compare() take. Its last output is kept in
benchmarks/similarity_calibration.txt. `--shots DIR` keeps the screenshots in DIR and reuses them.
"""
import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from judging.engine import Judge, JudgeOptions  # noqa: E402
from judging.engine.similarity import make_similarity  # noqa: E402
from judging.engine.task import load_task  # noqa: E402

BENCH = REPO / "samples" / "bench" / "data"
SITES = REPO / "samples" / "sites"
REWRITES = REPO / "tests" / "engine" / "sites"
# Another typeface, wider letters and lines: what a rebuild in other fonts changes, and nothing else.
OTHER_FONTS = ('* { font-family: "Liberation Serif", serif !important; letter-spacing: 0.02em; } '
               'p, li, td, th { line-height: 1.75 !important; }')
# Colours inverted, hues kept; pictures inverted back, so only the page's own colours turn.
RESTYLE = "html { filter: invert(1) hue-rotate(180deg); } img { filter: invert(1) hue-rotate(180deg); }"
# About a third of what each reference shows, hidden with its place kept.
MISSING = {
    "sample-accordion": ("the last three questions", "#faq > :nth-child(n+5)"),
    "sample-cart": ("the products' pictures", "#grid img"),
    "sample-modal": ("the tour's picture", "main > img"),
    "sample-scroll": ("the headline, two of the three steps, two of the reviews",
                      ".hero .text, .step:nth-child(n+2), #reviews > :nth-child(n+2)"),
    "sample-search": ("the second and third results", "#results > :nth-child(n+2)"),
    "sample-tabs": ("the product picture", ".photo"),
}
KINDS = ["itself", "reference", "picture of the first screen", "other fonts and spacing", "rebuild",
         "section missing", "other fonts, section missing", "restyled dark/light", "unrelated", "blank white",
         "blank in the background colour"]
SHOULD_RANK = [("other fonts and spacing", "section missing"), ("rebuild", "section missing"),
               ("section missing", "unrelated"), ("rebuild", "unrelated"), ("restyled dark/light", "unrelated"),
               ("unrelated", "blank white"), ("unrelated", "blank in the background colour")]
BLANK_AT_MOST = 0.3


def rewrite_of(task_id):
    return REWRITES / ("tabs-rewrite" if task_id == "sample-tabs" else f"{task_id}-rewrite")


def with_style(html, css):
    return html.replace("</head>", f"<style>{css}</style></head>", 1)


def background_colour(png):
    """The checkpoint's most common colour, as CSS."""
    image = cv2.imread(str(png)).astype(np.int32)
    colour = np.bincount((image[..., 0] << 16 | image[..., 1] << 8 | image[..., 2]).ravel()).argmax()
    return f"rgb({colour & 255},{colour >> 8 & 255},{colour >> 16})"


def slug(kind):
    return kind.replace(", ", "-").replace(" ", "-").replace("/", "-")


def made_sites(task_dir, folder):
    """{kind: site folder} of the pages made from the task's reference site."""
    reference = (SITES / task_dir.name / "index.html").read_text(encoding="utf-8")
    missing = f"{MISSING[task_dir.name][1]} {{ visibility: hidden; }}"
    pages = {
        "other fonts and spacing": with_style(reference, OTHER_FONTS),
        "section missing": with_style(reference, missing),
        "other fonts, section missing": with_style(reference, OTHER_FONTS + missing),
        "restyled dark/light": with_style(reference, RESTYLE),
        # A block, exactly the viewport's size: an inline picture overflows by its baseline gap and
        # brings both scrollbars, which the checkpoint may not show.
        "picture of the first screen": '<!doctype html><body style="margin:0"><img src="shot.png" style="display:block"></body>',
        "blank white": '<!doctype html><body style="background:#fff"></body>',
        "blank in the background colour":
            f'<!doctype html><body style="background:{background_colour(task_dir / "checkpoints" / "step_0.png")}"></body>',
    }
    sites = {}
    for kind, html in pages.items():
        site = folder / slug(kind)
        site.mkdir(parents=True, exist_ok=True)
        (site / "index.html").write_text(html, encoding="utf-8")
        sites[kind] = site
    (sites["picture of the first screen"] / "shot.png").write_bytes((task_dir / "checkpoints" / "step_0.png").read_bytes())
    return sites


def judged_points(judge, task_dir, site, out):
    """[(checkpoint j, screenshot)] of the judge's visual points, judging the site unless `out` holds its result."""
    if not (out / "result.json").is_file():
        judge.run(task_dir, site, out)
    points = json.loads((out / "result.json").read_text())["points"]
    return [(p["checkpoint"], out / p["screenshot"]) for p in points]


def shoot(shots):
    """[(kind, point, what, checkpoint png, screenshot png)]; what `shots` holds is not judged again."""
    pairs = []
    with Judge(JudgeOptions(cache_dir=shots / "cache", assertion_threshold=0.0)) as judge:
        for task_dir in sorted(p for p in BENCH.iterdir() if p.is_dir()):
            task = load_task(task_dir)
            checkpoints = sorted(task_dir.glob("checkpoints/step_*.png"))
            sites = {"reference": SITES / task.id, "rebuild": rewrite_of(task.id),
                     **made_sites(task_dir, shots / task.id / "sites")}
            shown = {}   # state screenshot of the page in other fonts -> the same with the section hidden
            for kind, site in sites.items():
                points = judged_points(judge, task_dir, site, shots / task.id / slug(kind))
                if kind.startswith("blank"):
                    points = [(j, points[0][1]) for j in range(len(checkpoints))]
                elif kind == "picture of the first screen":
                    points = points[:1]
                for j, screenshot in points:
                    truth = task.checkpoint_path(j)
                    if kind == "section missing" and same_pixels(truth, screenshot):
                        continue  # the hidden section is not on this screen
                    if kind == "other fonts, section missing" and same_pixels(shown[j], screenshot):
                        continue
                    if kind == "other fonts and spacing":
                        shown[j] = screenshot
                    pairs.append((kind, f"{task.id} {truth.stem}", f"{kind}, state {screenshot.stem}", truth, screenshot))
            for truth in checkpoints:
                pairs.append(("itself", f"{task.id} {truth.stem}", "itself", truth, truth))
                pairs += [("unrelated", f"{task.id} {truth.stem}", f"{other.parts[-3]} {other.stem}", truth, other)
                          for other in sorted(BENCH.glob("*/checkpoints/step_*.png")) if other.parts[-3] != task.id]
    return pairs


def same_pixels(a, b):
    return np.array_equal(cv2.imread(str(a)), cv2.imread(str(b)))


def score(similarity, pairs):
    """[(kind, point, what, similarity)], each image prepared once."""
    prepared = {}

    def ready(path):
        if path not in prepared:
            prepared[path] = similarity.prepare(path)
        return prepared[path]
    return [(kind, point, what, similarity.compare(ready(truth), ready(page))) for kind, point, what, truth, page in pairs]


def report(similarity, scored):
    print(f"{similarity.version()}\n")
    by_kind = {kind: sorted(value for k, _point, _what, value in scored if k == kind) for kind in KINDS}
    print(f"{'kind of page':32} {'n':>4} {'min':>6} {'median':>6} {'max':>6}")
    for kind in KINDS:
        values = by_kind[kind]
        print(f"{kind:32} {len(values):4} {values[0]:6.3f} {statistics.median(values):6.3f} {values[-1]:6.3f}")
    print()
    for high, low in SHOULD_RANK:
        a, b = statistics.median(by_kind[high]), statistics.median(by_kind[low])
        wrong = sum(x <= y for x in by_kind[high] for y in by_kind[low]) / (len(by_kind[high]) * len(by_kind[low]))
        print(f"{high} above {low}: {'yes' if a > b else 'NO'} (medians {a:.3f} and {b:.3f}; pairs of values in the wrong order: {wrong:.0%})")
    whole = {point: value for kind, point, _what, value in scored if kind == "other fonts and spacing"}
    cut = [(point, value) for kind, point, _what, value in scored if kind == "other fonts, section missing"]
    below = [point for point, value in cut if value < whole[point]]
    print(f"other fonts, section missing below other fonts and spacing, checkpoint by checkpoint: {len(below)} of {len(cut)}"
          f" (mean drop {statistics.mean(whole[p] - v for p, v in cut):.3f})")
    blank = max(by_kind["blank white"] + by_kind["blank in the background colour"])
    print(f"A blank page scores at most {BLANK_AT_MOST} against every checkpoint: {'yes' if blank <= BLANK_AT_MOST else 'NO'} "
          f"(highest {blank:.3f})")
    print("\nLowest of the kinds that should score high, highest of those that should score low:")
    for kind, pick in (("reference", min), ("picture of the first screen", min), ("other fonts and spacing", min),
                       ("rebuild", min), ("section missing", max), ("restyled dark/light", max), ("unrelated", max),
                       ("blank white", max), ("blank in the background colour", max)):
        point, what, value = pick(((p, w, v) for k, p, w, v in scored if k == kind), key=lambda row: row[2])
        print(f"  {kind:32} {value:.3f}  {point} vs {what}")


def timing(similarity, rounds=100):
    """Median and fastest of `rounds` calls on one sample screenshot at both sizes; the machine is
    shared, so the fastest is what the code costs and the median what it cost here."""
    print(f"\nTime per call in ms, median / fastest of {rounds} (PNG decoding by OpenCV, before prepare, apart):")
    shot = cv2.imread(str(BENCH / "sample-tabs" / "checkpoints" / "step_0.png"))
    for width, height in ((1280, 800), (1920, 1080)):
        image = cv2.resize(shot, (width, height), interpolation=cv2.INTER_LINEAR)
        png = np.frombuffer(cv2.imencode(".png", image)[1].tobytes(), np.uint8)
        a, b = similarity.prepare(image), similarity.prepare(cv2.flip(image, 1))
        calls = {"prepare": lambda: similarity.prepare(image), "compare": lambda: similarity.compare(a, b),
                 "decoding the PNG": lambda: cv2.imdecode(png, cv2.IMREAD_COLOR)}
        laps = {name: [] for name in calls}
        for _ in range(rounds):
            for name, call in calls.items():
                start = time.perf_counter()
                call()
                laps[name].append((time.perf_counter() - start) * 1000)
        print(f"  {width}x{height}: " + ", ".join(f"{name} {statistics.median(ms):.1f} / {min(ms):.1f}"
                                                 for name, ms in laps.items()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shots", type=Path, help="keep the screenshots here and reuse them")
    args = parser.parse_args()
    similarity = make_similarity()
    with tempfile.TemporaryDirectory() as tmp:
        shots = args.shots or Path(tmp)
        shots.mkdir(parents=True, exist_ok=True)
        pairs = shoot(shots)
        report(similarity, score(similarity, pairs))
    timing(similarity)


if __name__ == "__main__":
    main()
