"""Where the task's recording points: for each Click and Type step, the spot the cursor rests on
in video.mp4 and the look of the page around it as the click met it: the last frame before the
cursor reached the point (a panel still sliding in when the step began has arrived by then).

A person rebuilding or replaying a site finds "the fourth star" by looking at the recording: the
cursor goes to it. The offline grounding does the same when the words leave doubt (pages whose
markup and wording look nothing like the original): it finds the recorded look again in the
replayed page's screenshot (`Cue.spots`). It needs the step times that build_task writes into
metadata.json (`steps[].at`, seconds into the video at which each step starts); without them, or
without a video, there are no cues and grounding goes by the words alone.

The cursor is found by its shape, the arrow every desktop draws: a white body with a dark outline,
its tip at the point.
"""
import json
import math
import subprocess
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw

# The arrow's outline with its tip at (0, 0), as desktops and build_task draw it.
ARROW = [(0, 0), (0, 20), (5, 15), (9, 24), (12, 22), (8, 14), (14, 14)]
ARROW_MARGIN = 2
# Mean squared grey difference over the arrow above which no cursor is in the frame.
ARROW_MAX_ERROR = 2500.0
# A frame this long before a step starts shows the page as the step meets it.
BEFORE = 0.05
# The page around the point, as wide and as high: the look of the element and of what sits next to it.
PATCH = (192, 112)
# A patch this even (grey levels) shows nothing to find again.
MIN_DETAIL = 6.0
# A drawing this large at most is compared alone with what the cursor pointed at (an icon, a swatch).
GLYPH = 64
# Pixels the replayed drawing may sit off the recorded point's centre, each way.
GLYPH_SLACK = 4
# The replay's screenshot shows the recorded look where it correlates this well (1 = the same pixels).
SAME_LOOK = 0.9
# Where nothing shows the same look, the recorded place still counts when it looks this much like it.
PLACE_LOOK = 0.8
# Spots this close to the best are as good a match: alike elements (cards, stars) look the same.
ALIKE = 0.02
# Two spots are apart by this much at least (in halved pixels): alike controls can sit closer than
# the patch is wide (a row of arrows over a board's columns).
APART = 6
MAX_SPOTS = 64
# Looks are compared at half size: a match is as sure, and found several times sooner.
SCALE = 0.5
# And softened (a Gaussian of this sigma, in halved pixels): a rebuild draws the same icon a few pixels
# off or with other strokes, which thin lines compared sharp would not show as alike. A step that quotes
# a label compares sharp: the words are its look, and softened one word looks like another.
SOFTEN = 1.0
DECODE_TIMEOUT = 60
# Ranges of frames one ffmpeg select expression names at most: its parser gives up on a sum of about a
# hundred terms (and then no frame at all is decoded).
SELECT_TERMS = 40


@dataclass(frozen=True)
class Spot:
    x: float
    y: float
    likeness: float


@dataclass(frozen=True)
class Cue:
    """What the recording shows of one step: the point the cursor rests on, the page around it."""
    point: tuple
    patch: np.ndarray          # BGR, the page before the step around the point, the cursor painted out
    anchor: tuple              # where the point is in the patch
    painted: np.ndarray | None = field(default=None, compare=False)    # the mask of what was painted out

    def spots(self, image, soft=True):
        """Where the replayed page (its viewport's BGR pixels) shows the recorded look: the best match
        and every other as good, best first, each as the point it puts the cursor on."""
        if image is None:
            return []
        image, patch = _small(image, soft), _small(self.patch, soft)
        height, width = patch.shape[:2]
        if image.shape[0] < height or image.shape[1] < width:
            return []
        scores = cv2.matchTemplate(image, patch, cv2.TM_CCOEFF_NORMED)
        scores = np.nan_to_num(scores, nan=-1.0, posinf=-1.0, neginf=-1.0)
        best, found = float(scores.max()), []
        while True:
            _, value, _, (left, top) = cv2.minMaxLoc(scores)
            if value < max(SAME_LOOK, best - ALIKE):
                return found or self._in_place(scores)
            found.append(Spot(left / SCALE + self.anchor[0], top / SCALE + self.anchor[1], round(value, 4)))
            if len(found) == MAX_SPOTS:
                return found
            scores[max(0, top - APART):top + APART + 1, max(0, left - APART):left + APART + 1] = -1.0

    def resemblance(self, image, box):
        """How much the drawing in `box` of the replayed page (BGR) looks like what the cursor pointed at
        in the recording, whatever the colours: a dark theme draws the same flag light on dark, and the
        correlation is then as strong but negative. None for what is no small drawing or is plain."""
        x, y = int(round(box["x"])), int(round(box["y"]))
        w, h = int(round(box["width"])), int(round(box["height"]))
        if not (2 <= w <= GLYPH and 2 <= h <= GLYPH) or x < 0 or y < 0 or x + w > image.shape[1] or y + h > image.shape[0]:
            return None    # not wholly in the screenshot (below the fold of a long page)
        drawn = cv2.cvtColor(np.ascontiguousarray(image[y:y + h, x:x + w]), cv2.COLOR_BGR2GRAY)
        if drawn.shape != (h, w) or drawn.std() < MIN_DETAIL:
            return None
        recorded = cv2.cvtColor(self.patch, cv2.COLOR_BGR2GRAY)
        left, top = self.anchor[0] - w // 2 - GLYPH_SLACK, self.anchor[1] - h // 2 - GLYPH_SLACK
        around = recorded[max(0, top):top + h + 2 * GLYPH_SLACK, max(0, left):left + w + 2 * GLYPH_SLACK]
        if around.shape[0] < h or around.shape[1] < w:
            return None
        scores = np.nan_to_num(cv2.matchTemplate(around, drawn, cv2.TM_CCOEFF_NORMED))
        return round(float(np.abs(scores).max()), 4)

    def _in_place(self, scores):
        """[the recorded point] when the page there looks like the recording there though not the same
        picture (a rebuild with another spacing or font, laid out as recorded); else []."""
        left = int(round((self.point[0] - self.anchor[0]) * SCALE))
        top = int(round((self.point[1] - self.anchor[1]) * SCALE))
        if not (0 <= top < scores.shape[0] and 0 <= left < scores.shape[1]) or scores[top, left] < PLACE_LOOK:
            return []
        return [Spot(float(self.point[0]), float(self.point[1]), round(float(scores[top, left]), 4))]


def _small(image, soft=True):
    small = cv2.resize(image, None, fx=SCALE, fy=SCALE, interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(small, (0, 0), SOFTEN) if soft else small


@lru_cache(maxsize=1)
def _arrow():
    size = (20 + 2 * ARROW_MARGIN, 28 + 2 * ARROW_MARGIN)
    shape = [(x + ARROW_MARGIN, y + ARROW_MARGIN) for x, y in ARROW]
    template, mask = Image.new("L", size, 128), Image.new("L", size, 0)
    ImageDraw.Draw(template).polygon(shape, fill=255, outline=0)
    ImageDraw.Draw(mask).polygon(shape, fill=255, outline=255)
    return np.array(template), np.array(mask)


def find_cursor(frame):
    """(x, y) of the arrow's tip in a BGR frame, or None when no arrow is drawn in it."""
    template, mask = _arrow()
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    errors = cv2.matchTemplate(grey, template, cv2.TM_SQDIFF, mask=mask)
    error, _, (left, top), _ = cv2.minMaxLoc(errors)
    if error / np.count_nonzero(mask) > ARROW_MAX_ERROR:
        return None
    return left + ARROW_MARGIN, top + ARROW_MARGIN


def _runs(numbers):
    """[first, last] of each stretch of consecutive numbers, in order."""
    runs = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return runs


def _frames(video, numbers, size):
    """(number, frame) for the frames numbered so (0-based), in order, as BGR arrays of `size` (the
    viewport): decoded one at a time, so that a long stretch of the video is never held whole."""
    runs = _runs(numbers)
    for start in range(0, len(runs), SELECT_TERMS):
        chunk = runs[start:start + SELECT_TERMS]
        last = None
        for last, frame in _decode(video, chunk, size):
            yield last, frame
        if last != chunk[-1][1]:
            return


def _decode(video, runs, size):
    select = "+".join(f"between(n\\,{first}\\,{last})" for first, last in runs)
    width, height = size
    frame_bytes = width * height * 3
    command = ["ffmpeg", "-loglevel", "error", "-nostdin", "-i", str(video),
               "-vf", f"select='{select}',scale={width}:{height}", "-fps_mode", "passthrough",
               "-f", "rawvideo", "-pix_fmt", "bgr24", "-"]
    try:
        decoder = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    except OSError:
        return
    timer = threading.Timer(DECODE_TIMEOUT, decoder.kill)
    timer.start()
    try:
        for first, last in runs:
            for number in range(first, last + 1):
                raw = decoder.stdout.read(frame_bytes)
                if len(raw) < frame_bytes:
                    return
                yield number, np.frombuffer(raw, np.uint8).reshape(height, width, 3)
    finally:
        timer.cancel()
        decoder.kill()
        decoder.wait()


def _cursor_on(frame, point):
    """Whether the arrow's tip is drawn at `point` (within a pixel or two) in the frame."""
    x, y = int(round(point[0])), int(round(point[1]))
    left, top = max(0, x - 2 * ARROW_MARGIN), max(0, y - 2 * ARROW_MARGIN)
    tip = find_cursor(np.ascontiguousarray(frame[top:y + 32, left:x + 24]))
    return tip is not None and abs(tip[0] + left - x) <= ARROW_MARGIN and abs(tip[1] + top - y) <= ARROW_MARGIN


def cue_at(frame, point, covered=None):
    """The page around `point` in `frame`, where the cursor covered it (its tip at `covered`) painted out."""
    height, width = frame.shape[:2]
    x, y = int(round(point[0])), int(round(point[1]))
    # On even pixels, so that halving the frame and the patch keeps them aligned.
    left = min(max(0, x - PATCH[0] // 2), max(0, width - PATCH[0])) // 2 * 2
    top = min(max(0, y - PATCH[1] // 2), max(0, height - PATCH[1])) // 2 * 2
    patch = np.ascontiguousarray(frame[top:top + PATCH[1], left:left + PATCH[0]])
    if cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).std() < MIN_DETAIL:
        return None
    cursor = None
    if covered is not None:
        # Painted over from around it: a correlation with that part masked out is unstable in OpenCV.
        cursor = np.zeros(patch.shape[:2], np.uint8)
        cx, cy = int(covered[0]) - left, int(covered[1]) - top
        cursor[max(0, cy - 18):max(0, cy + 30), max(0, cx - 18):max(0, cx + 22)] = 255
        if cursor.any():
            patch = cv2.inpaint(patch, cursor, 3, cv2.INPAINT_TELEA)
        else:
            cursor = None
    return Cue(point=(x, y), patch=patch, anchor=(x - left, y - top), painted=cursor)


def _step_times(task_dir):
    try:
        metadata = json.loads((task_dir / "metadata.json").read_text(encoding="utf-8"))
        fps = float(metadata["video"]["fps"])
        duration = float(metadata["video"]["duration"])
        starts = {int(s["step"]): float(s["at"]) for s in metadata["steps"]}
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return fps, duration, starts


def read_cues(task):
    """{step number: Cue} for the task's Click and Type steps the recording shows."""
    return _cached(task.dir / "video.mp4", tuple((s.number, s.type) for s in task.steps),
                   (task.viewport.width, task.viewport.height), *_stamp(task.dir))


def _stamp(task_dir):
    try:
        return tuple((p.stat().st_mtime_ns, p.stat().st_size) for p in (task_dir / "video.mp4", task_dir / "metadata.json"))
    except OSError:
        return ()


_lock = threading.Lock()


@lru_cache(maxsize=32)
def _cached(video, steps, size, *_stamp):
    with _lock:
        return _read(Path(video), steps, size)


def _read(video, steps, size):
    times = _step_times(video.parent)
    if times is None or not video.is_file():
        return {}
    fps, duration, starts = times
    moments = sorted(starts.values()) + [duration]
    spans = {}
    for number, kind in steps:
        if kind in ("Click", "Type") and number in starts:
            start = starts[number]
            end = next((m for m in moments if m > start), duration)
            # From the page as the step meets it to the cursor where the step left it (at rest).
            spans[number] = (int(max(0.0, start - BEFORE) * fps), max(0, int((end - BEFORE) * fps)))
    points = {}
    for rest, frame in _frames(video, [rest for _, rest in spans.values()], size):
        for number, (_, at_rest) in spans.items():
            if at_rest == rest:
                points[number] = find_cursor(frame)
    spans = {number: span for number, span in spans.items() if points.get(number) is not None}
    # The page as the step met it, and as the click met it: the last frame before the cursor reached
    # the point.
    began, met, arrived = {}, {}, set()
    for n, frame in _frames(video, [n for first, rest in spans.values() for n in range(first, rest)], size):
        for number, (first, rest) in spans.items():
            if n == first:
                began[number] = frame
            if first <= n < rest and number not in arrived:
                if n > first and _cursor_on(frame, points[number]):
                    arrived.add(number)
                else:
                    met[number] = frame
    cues = {}
    for number, frame in met.items():
        cue = _settled(*(cue_at(f, points[number], find_cursor(f)) for f in (began[number], frame)))
        if cue is not None:
            cues[number] = cue
    return cues


def _settled(began, met):
    """The look of the place before the pointer came near it (a control lit by the hovering pointer
    is not how the replayed page shows it), unless the page was still changing there when the step
    began (a panel sliding in): then as the click met it."""
    if began is None or met is None:
        return met or began
    # Compared where neither had the cursor painted out: a smudge where the arrow was is no change. Those
    # places are left out, not blacked out in both: a dark block two plain patches share would make them
    # look alike whatever else they show (a sheet that slid in under a cursor almost at rest).
    seen = np.ones(began.patch.shape[:2], bool)
    for painted in (began.painted, met.painted):
        if painted is not None:
            seen &= painted == 0
    return began if _correlation(began.patch[seen], met.patch[seen]) >= SAME_LOOK else met


def _correlation(a, b):
    """The normalised correlation of two sets of BGR pixels, as cv2.TM_CCOEFF_NORMED gives it."""
    x, y = a.astype(np.float64) - a.mean(axis=0), b.astype(np.float64) - b.mean(axis=0)
    norm = math.sqrt(float((x * x).sum()) * float((y * y).sum()))
    return float((x * y).sum()) / norm if norm else float(np.array_equal(a, b))
