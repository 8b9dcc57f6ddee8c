"""Authoring: turn a reference site and an action list into one task in the official layout.

The actions file is a data.jsonl entry written by hand, whose steps may carry an authoring-only
`selector` telling the recorder which element to use; the published entry never contains it, since
the judge must ground each step from its description alone. The recorder drives Chromium
through the steps, films them with the CDP screencast (Playwright's own recorder needs a browser
download), encodes H.264 with ffmpeg, and takes the checkpoints the judge compares against.
"""
import asyncio
import base64
import io
import fcntl
import json
import math
import mimetypes
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

from PIL import Image, ImageDraw, ImageFont

from judging.engine import assets, official
from judging.engine.browser import Viewport, context_options, launch
from judging.engine.settle import SHORT_ANIMATION_MS, SHORT_ANIMATIONS_END
from tasks_catalog.bench import BenchError, check_entry

AUTHORING_STEP_KEYS = ("selector",)
ORIGIN = "http://reference.invalid"
FPS = 10
PAUSE = 0.9          # seconds the video holds each state so a viewer can read it
MOVE_TIME = 0.45     # seconds the drawn cursor takes to reach its target
TYPE_DELAY_MS = 70
SHEET_COLUMNS, SHEET_ROWS, CELL = 4, 3, (280, 230)
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp"}
# Resolves to how far window.scrollY moved.
SCROLL_JS = """(share) => new Promise((done) => {
  const from = window.scrollY;
  window.scrollBy(0, window.innerHeight * share);
  requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY - from)));
})"""


def load_spec(path):
    path = Path(path)
    try:
        spec = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BenchError(f"{path}: no such file") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BenchError(f"{path}: not JSON ({exc})") from None
    check_entry(spec, str(path))
    if "resolution" not in spec.get("recording_details", {}):
        raise BenchError(f"{path}: set recording_details.resolution, the size the task is recorded at")
    for number, step in enumerate(spec["action_sequence"], 1):
        if step["type"] in ("Click", "Type") and not step.get("selector"):
            raise BenchError(f"{path}: step {number} ({step['type']}) needs a `selector` for the recorder")
        direction = step["parameters"].get("direction", "down")
        if step["type"] == "Scroll" and direction != "down":
            raise BenchError(f"{path}: step {number} scrolls {direction!r}, but an iwr-v1 Scroll always moves the "
                             "window half a viewport down: record the task so that it only scrolls down")
    return spec


def public_entry(spec):
    """The data.jsonl entry: the spec without authoring-only keys."""
    entry = dict(spec)
    entry["action_sequence"] = [{k: v for k, v in step.items() if k not in AUTHORING_STEP_KEYS}
                                for step in spec["action_sequence"]]
    return entry


@dataclass
class Film:
    """What the recorder saw: screencast frames and where the (drawn) cursor was."""
    frames: list = field(default_factory=list)     # (seconds, jpeg bytes)
    cursor: list = field(default_factory=list)     # (seconds, x, y, pressed)
    marks: list = field(default_factory=list)      # (seconds, step number) for metadata.json

    def clock(self):
        return time.time()


def site_router(site_dir):
    """Serve the reference site from its folder; the asset placeholder maps to its assets/."""
    site_dir = Path(site_dir).resolve()

    async def route(route):
        url = urlsplit(route.request.url)
        if f"{url.scheme}://{url.netloc}" != ORIGIN:
            await route.abort("blockedbyclient")
            return
        target = assets.file_for(unquote(url.path), site_dir, site_dir / assets.ASSETS_FOLDER)
        if target is None:
            await route.fulfill(status=404, body="not found")
            return
        content_type = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        await route.fulfill(status=200, body=target.read_bytes(), content_type=content_type)

    return route


async def settle(page, pause):
    await page.evaluate(SHORT_ANIMATIONS_END, SHORT_ANIMATION_MS)
    await page.evaluate("() => document.fonts.ready.then(() => new Promise(r => "
                        "requestAnimationFrame(() => requestAnimationFrame(r))))")
    await asyncio.sleep(pause)


async def point_at(page, film, selector, where):
    locator = page.locator(selector)
    count = await locator.count()
    if count != 1:
        raise BenchError(f"{where}: selector {selector!r} matches {count} elements, not 1")
    await locator.scroll_into_view_if_needed()
    box = await locator.bounding_box()
    if not box:
        raise BenchError(f"{where}: {selector!r} is not visible")
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    _, last_x, last_y, _ = film.cursor[-1]
    film.cursor.append((film.clock(), last_x, last_y, False))
    await page.mouse.move(x, y, steps=6)
    await asyncio.sleep(MOVE_TIME)
    film.cursor.append((film.clock(), x, y, False))
    return x, y


async def perform(page, film, step, viewport, where):
    params = step["parameters"]
    kind = step["type"]
    if kind in ("Click", "Type"):
        x, y = await point_at(page, film, step["selector"], where)
        film.cursor.append((film.clock(), x, y, True))
        await page.mouse.click(x, y)
        film.cursor.append((film.clock() + 0.25, x, y, False))
        if kind == "Type":
            await page.keyboard.type(params["text"], delay=TYPE_DELAY_MS)
    elif kind == "Press":
        await page.keyboard.press(params["key"])
    elif kind == "Scroll":
        # As the judge scrolls (iwr-v1): the window, half a viewport down, whatever the step says.
        moved = await page.evaluate(SCROLL_JS, official.SCROLL_SHARE)
        if abs(moved) <= official.SCROLL_MIN_MOVE:
            raise BenchError(f"{where}: the window moved {moved:g} px when scrolled half a viewport down; "
                             f"the judge counts a Scroll done only past {official.SCROLL_MIN_MOVE} px, so the "
                             "reference site itself would fail this step (is the page long enough, or does "
                             "an inner panel scroll instead of the window?)")


async def record(site_dir, spec, out, viewport, pause, progress, reading):
    """Drive the site through the spec's steps; write checkpoints into `out`; return the Film.

    Checkpoint j is taken of the state that `reading` says it shows (official.checkpoint_states)."""
    from playwright.async_api import async_playwright

    film = Film()
    acks = []
    (out / "checkpoints").mkdir(parents=True)
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        try:
            context = await browser.new_context(**context_options(viewport))
            await context.route("**/*", site_router(site_dir))
            page = await context.new_page()
            page.on("dialog", lambda dialog: asyncio.ensure_future(dialog.dismiss()))
            cdp = await context.new_cdp_session(page)

            def on_frame(params):
                film.frames.append((params["metadata"]["timestamp"], params["data"]))
                acks.append(asyncio.ensure_future(
                    cdp.send("Page.screencastFrameAck", {"sessionId": params["sessionId"]})))

            cdp.on("Page.screencastFrame", on_frame)
            await page.goto(f"{ORIGIN}/index.html", wait_until="load")
            await cdp.send("Page.startScreencast", {"format": "jpeg", "quality": 90,
                                                    "maxWidth": viewport.width, "maxHeight": viewport.height})
            film.cursor.append((film.clock(), viewport.width * 0.6, viewport.height * 0.6, False))
            await settle(page, pause)
            shown = official.checkpoint_states(official.visual_flags(spec["action_sequence"]), reading)

            async def shoot(state):
                for j in (j for j, s in enumerate(shown) if s == state):
                    await page.screenshot(path=out / "checkpoints" / f"step_{j}.png")

            await shoot(0)
            for number, step in enumerate(spec["action_sequence"], 1):
                where = f"step {number} ({step['parameters']['description']!r})"
                film.marks.append((film.clock(), number))
                await perform(page, film, step, viewport, where)
                await settle(page, pause)
                await shoot(number)
                progress(f"  step {number}/{len(spec['action_sequence'])}: {step['type']} done")
            await asyncio.sleep(pause / 2)
            film.marks.append((film.clock(), None))
            await cdp.send("Page.stopScreencast")
            return film, browser.version
        finally:
            await browser.close()
            # An acknowledgement still in flight when the browser closes fails; that is expected, not news.
            await asyncio.gather(*acks, return_exceptions=True)


def cursor_at(track, moment):
    """Where the drawn cursor is at `moment`: linear between recorded points."""
    before = track[0]
    for point in track:
        if point[0] > moment:
            t0, x0, y0, _ = before
            t1, x1, y1, _ = point
            share = 0 if t1 == t0 else (moment - t0) / (t1 - t0)
            return x0 + (x1 - x0) * share, y0 + (y1 - y0) * share, before[3]
        before = point
    return before[1], before[2], before[3]


def draw_cursor(image, x, y, pressed):
    draw = ImageDraw.Draw(image)
    if pressed:
        draw.ellipse((x - 16, y - 16, x + 16, y + 16), outline=(230, 57, 70), width=4)
    arrow = [(x, y), (x, y + 20), (x + 5, y + 15), (x + 9, y + 24), (x + 12, y + 22), (x + 8, y + 14), (x + 14, y + 14)]
    draw.polygon(arrow, fill=(255, 255, 255), outline=(0, 0, 0))


def encode_video(film, viewport, start, end, path):
    """Constant-rate H.264 from change-driven screencast frames, each shown until the next."""
    if not film.frames:
        raise BenchError("the screencast delivered no frames; is the page blank?")
    count = max(1, math.ceil((end - start) * FPS))
    size = (viewport.width - viewport.width % 2, viewport.height - viewport.height % 2)
    ffmpeg = subprocess.Popen(
        ["ffmpeg", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{size[0]}x{size[1]}",
         "-r", str(FPS), "-i", "-", "-c:v", "libx264", "-preset", "veryfast", "-crf", "30", "-pix_fmt", "yuv420p",
         "-movflags", "+faststart", str(path)],
        stdin=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    frames = sorted(film.frames)
    decoded, current = {}, 0
    try:
        for tick in range(count):
            moment = start + tick / FPS
            while current + 1 < len(frames) and frames[current + 1][0] <= moment:
                current += 1
            if current not in decoded:
                decoded.clear()
                image = Image.open(io.BytesIO(base64.b64decode(frames[current][1]))).convert("RGB")
                decoded[current] = image if image.size == size else image.resize(size)
            image = decoded[current].copy()
            draw_cursor(image, *cursor_at(film.cursor, moment))
            ffmpeg.stdin.write(image.tobytes())
        ffmpeg.stdin.close()
    except BrokenPipeError:
        pass
    if ffmpeg.wait() != 0:
        raise BenchError(f"ffmpeg could not encode {path}: {ffmpeg.stderr.read().decode(errors='replace')}")
    return count / FPS


def stitch_assets(assets_dir, out_dir):
    """Contact sheets of the task's images, labelled with file names, as models are shown them."""
    images = sorted(p for p in assets_dir.rglob("*") if p.suffix.lower() in IMAGE_SUFFIXES) if assets_dir.is_dir() else []
    out_dir.mkdir(parents=True, exist_ok=True)
    per_sheet = SHEET_COLUMNS * SHEET_ROWS
    font = ImageFont.load_default(size=14)
    sheets = []
    for sheet_number, first in enumerate(range(0, len(images), per_sheet), 1):
        batch = images[first:first + per_sheet]
        rows = math.ceil(len(batch) / SHEET_COLUMNS)
        sheet = Image.new("RGB", (SHEET_COLUMNS * CELL[0], rows * CELL[1]), "white")
        draw = ImageDraw.Draw(sheet)
        for position, path in enumerate(batch):
            left, top = (position % SHEET_COLUMNS) * CELL[0], (position // SHEET_COLUMNS) * CELL[1]
            with Image.open(path) as image:
                thumb = image.convert("RGBA")
                thumb.thumbnail((CELL[0] - 20, CELL[1] - 40))
                backdrop = Image.new("RGBA", thumb.size, (236, 239, 244, 255))
                backdrop.alpha_composite(thumb)
                sheet.paste(backdrop.convert("RGB"), (left + (CELL[0] - thumb.width) // 2, top + 8))
            draw.rectangle((left, top, left + CELL[0] - 1, top + CELL[1] - 1), outline=(210, 214, 222))
            draw.text((left + 10, top + CELL[1] - 26), str(path.relative_to(assets_dir)), fill=(20, 24, 32), font=font)
        name = f"stitched_image_{sheet_number}.png"
        sheet.save(out_dir / name, optimize=True)
        sheets.append(name)
    return sheets


def upsert_jsonl(path, entry):
    """Write `entry` into data.jsonl, replacing the line with the same id, else appending. Builds of
    several tasks into one folder at once each keep their line: the file is read and written under a lock."""
    with open(path, "a+", encoding="utf-8") as file:
        fcntl.flock(file, fcntl.LOCK_EX)
        file.seek(0)
        lines = file.read().splitlines()
        text = json.dumps(entry, ensure_ascii=False)
        for position, line in enumerate(lines):
            if line.strip() and str(json.loads(line).get("id")) == str(entry["id"]):
                lines[position] = text
                break
        else:
            lines.append(text)
        file.seek(0)
        file.truncate()
        file.write("\n".join(lines) + "\n")


def build_task(site_dir, actions_path, out_dir, pause=PAUSE, progress=print, reading=official.OFFICIAL_READING):
    """Record one task into OUT_DIR/data/<id>/ and its entry into OUT_DIR/data.jsonl.

    `reading` says which state checkpoint j shows: the one in which the j-th flagged action is
    performed (the official pairing: a reference site then scores a perfect visual score), or the
    one after it (the dataset's own description of its checkpoints)."""
    if reading not in official.READINGS:
        raise BenchError(f"unknown checkpoint reading {reading!r}: one of {', '.join(official.READINGS)}")
    site_dir, out_dir = Path(site_dir), Path(out_dir)
    if not (site_dir / "index.html").is_file():
        raise BenchError(f"{site_dir / 'index.html'}: the reference site needs an index.html")
    spec = load_spec(actions_path)
    entry = public_entry(spec)
    viewport = Viewport.parse(spec["recording_details"]["resolution"])
    task_id = str(spec["id"])
    final = out_dir / "data" / task_id
    staging = out_dir / "data" / f".building-{task_id}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        if (site_dir / "assets").is_dir():
            shutil.copytree(site_dir / "assets", staging / "assets")
        else:
            (staging / "assets").mkdir()
        progress(f"recording task {task_id} at {viewport} from {site_dir}")
        film, browser_version = asyncio.run(record(site_dir, spec, staging, viewport, pause, progress, reading))
        start, end = film.cursor[0][0], film.marks[-1][0]
        duration = encode_video(film, viewport, start, end, staging / "video.mp4")
        sheets = stitch_assets(staging / "assets", staging / "stitched_assets")
        metadata = {
            "recording_details": {**spec.get("recording_details", {}), "resolution": str(viewport)},
            "video": {"fps": FPS, "duration": round(duration, 2), "codec": "h264"},
            "steps": [{"step": number, "at": round(moment - start, 2)} for moment, number in film.marks if number],
            "stitched_assets": sheets,
            "checkpoints": {"reading": reading, "states": official.checkpoint_states(
                official.visual_flags(spec["action_sequence"]), reading)},
            "authoring": {"tool": "manage.py build_task", "browser": f"Chromium {browser_version}"},
        }
        (staging / "metadata.json").write_text(json.dumps(metadata, indent=2) + "\n", encoding="utf-8")
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(final, ignore_errors=True)
    staging.rename(final)
    upsert_jsonl(out_dir / "data.jsonl", entry)
    progress(f"task {task_id}: {final} ({duration:.1f} s video, {len(sheets)} contact sheet(s))")
    return entry
