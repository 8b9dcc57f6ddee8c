"""Text read off a screenshot with RapidOCR (ONNX models shipped inside the package: no download).

Every text is cached in memory by the hash of the image's bytes (the same page state, a repeated
screenshot or a re-judged site costs nothing); checkpoint texts are also cached on disk, so the
ground truth is read once per machine.

Text is found on the image scaled to DET_WIDTH pixels, RapidOCR's own default (detection costs
grow with the pixels; at 736 px boxes hold a word or a few, and the samples read as at 960 px but
with the spaces between words kept; 640 px lost words), and recognised from the full-size image
(crops of an image scaled to 960 px glued words together: "Your cart" read as "Yourcart").
Detection at that scale misses small text (a 12 px error message, a "23 of 23 squares filled"
under a grid, red on a dark page), which is what assertions often name. So the reader takes a
second look: where the screenshot has ink (strong local contrast) in the shape of a line of small
text that no box found, the detector runs again on that patch at full size (`_missed`). The patches
are small, so this costs a few tens of milliseconds, and it is a function of the image alone: a
page pixel for pixel like its checkpoint reads the same.
Recognition is most of the cost, and most words of a page state are pixel for pixel the words of
the state before it, so each crop's text is cached by the hash of its pixels: the same crop alone
always reads the same, so this changes no result. Crops are recognised one at a time (rec batch
1): in a batch each is padded to the widest, and a crop's text would depend on its neighbours.
Each model runs on one onnxruntime thread per call. Detection has a lock, so that two screenshots are
in different stages at once (a judge gives OCR two threads); recognition has none: once the replay
ends, both threads recognise the last screenshots' crops (an onnxruntime session may be run from
several threads, and the recogniser keeps nothing between calls).
"""
import hashlib
import json
import threading
from collections import OrderedDict
from functools import partial
from importlib.metadata import version
from pathlib import Path

import cv2
import numpy as np

from . import colours

DET_WIDTH = 736
# Recognition pads each crop to at least this width at its 48 px height (the package pads to 320
# px, for its training's sake). Most crops are words a few letters long: at 320 px each cost
# twice what it does at 144, for the same words on the samples save two ("All"/"AlI", "Batter"/"Battery").
REC_MIN_WIDTH = 144
# The second look (`_missed`): ink is a local contrast (3x3 morphological gradient of the grey
# image) of at least INK_CONTRAST; ink outside every box, its strokes joined across letter and word
# gaps, is a line of small text when it is SMALL_LINE px tall (lowercase of 8 px type up to 24 px
# type) and more than half as wide again as it is tall (an icon is about square). Each such line is
# looked at again with LINE_MARGIN px around it.
INK_CONTRAST = 40
SMALL_LINE = (6, 30)
LINE_MARGIN = 8
# Larger screenshots are scaled down to this before anything (RapidOCR's own limit).
MAX_SIDE = 2000
# Bump when anything that changes the text read changes: cached texts of another version are ignored.
READER_REVISION = 5
# Texts kept in memory (a few hundred bytes each): a worker's recent checkpoints and screenshots.
MEMORY_ENTRIES = 2048
# Line texts kept in memory (tens of bytes each): the lines of a few hundred page states.
LINE_ENTRIES = 20000


class _Memory:
    """A thread-safe least-recently-used map: the OCR threads and the event loop's helpers share it."""

    def __init__(self, size):
        self._size, self._items, self._lock = size, OrderedDict(), threading.Lock()

    def get(self, key):
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def clear(self):
        with self._lock:
            self._items.clear()

    def put(self, key, value):
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._size():
                self._items.popitem(last=False)


def _line_order(lines, scale=1.0):
    """The lines in reading order, the same on every run: rows of boxes top to bottom, then left to
    right; each (text, (left, top, right, bottom)) in the screenshot's pixels."""
    boxes = []
    for box, text in lines:
        ys = [p[1] / scale for p in box]
        xs = [p[0] / scale for p in box]
        boxes.append((min(ys), max(ys), min(xs), max(xs), text.strip()))
    boxes.sort()
    rows, ordered = [], []
    for top, bottom, left, right, text in boxes:
        if rows and top < rows[-1][1] - (rows[-1][1] - rows[-1][0]) / 2:
            rows[-1][2].append((left, top, right, bottom, text))
            rows[-1][1] = max(rows[-1][1], bottom)
        else:
            rows.append([top, bottom, [(left, top, right, bottom, text)]])
    for _top, _bottom, row in rows:
        ordered.extend((t, (round(x0), round(y0), round(x1), round(y1))) for x0, y0, x1, y1, t in sorted(row) if t)
    return tuple(ordered)


def _bounds(box):
    xs, ys = box[:, 0], box[:, 1]
    return int(xs.min()), int(ys.min()), int(np.ceil(xs.max())), int(np.ceil(ys.max()))


def _inside(point, boxes):
    return any(x0 <= point[0] <= x1 and y0 <= point[1] <= y1 for x0, y0, x1, y1 in map(_bounds, boxes))


def _missed(image, boxes):
    """(left, top, patch) of each line of small text the detector's boxes leave out (see SMALL_LINE)."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    ink = (cv2.morphologyEx(grey, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8)) >= INK_CONTRAST).astype(np.uint8)
    for x0, y0, x1, y1 in map(_bounds, boxes):
        ink[max(0, y0 - 2):y1 + 3, max(0, x0 - 2):x1 + 3] = 0
    lines = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (9, 3)))
    count, _labels, stats, _centres = cv2.connectedComponentsWithStats(lines)
    height, width = grey.shape
    for x, y, w, h, _area in stats[1:count]:
        if SMALL_LINE[0] <= h <= SMALL_LINE[1] and w > 1.5 * h:
            left, top = max(0, x - LINE_MARGIN), max(0, y - LINE_MARGIN)
            yield left, top, image[top:min(height, y + h + LINE_MARGIN), left:min(width, x + w + LINE_MARGIN)]


def _session(model_path):
    """The package's session for a model, with onnxruntime's memory arena, which the package turns off:
    without it each call allocates its buffers anew, and detection takes an eighth longer (same figures)."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.log_severity_level = 4
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    return onnxruntime.InferenceSession(model_path, sess_options=options, providers=["CPUExecutionProvider"])


def text_of(lines):
    return " ".join(text for text, _box in lines)


class Reader:
    """One RapidOCR engine per process, shared by the judge's OCR threads (see above)."""

    def __init__(self, cache_dir):
        from rapidocr_onnxruntime import RapidOCR
        from rapidocr_onnxruntime.ch_ppocr_det.utils import DetPreProcess
        from rapidocr_onnxruntime.main import DEFAULT_CFG_PATH
        from rapidocr_onnxruntime.utils import read_yaml, update_model_path

        self._engine = RapidOCR(use_cls=False, rec_batch_num=1, intra_op_num_threads=1, inter_op_num_threads=1,
                                print_verbose=False)
        detector = self._engine.text_det
        # The package picks the detection size from the image's size; ours is fixed (see above). It
        # normalises every pixel in float64, a tenth of detection's time; a channel holds one of 256
        # values, so a table of their normalised values gives the same figures at once.
        preprocess = DetPreProcess(DET_WIDTH, "max", detector.mean, detector.std)
        table = preprocess.normalize(np.arange(256, dtype=np.uint8).reshape(256, 1, 1).repeat(3, axis=2))
        preprocess.normalize = partial(cv2.LUT, lut=table.astype(np.float32))
        detector.get_preprocess = lambda _longest: preprocess
        self._engine.text_rec.rec_image_shape = [3, 48, REC_MIN_WIDTH]
        models = update_model_path(read_yaml(DEFAULT_CFG_PATH))
        detector.infer.session = _session(models["Det"]["model_path"])
        self._engine.text_rec.session.session = _session(models["Rec"]["model_path"])
        self._det_lock = threading.Lock()
        self._cache_dir = Path(cache_dir) / "ocr"
        self._texts = _Memory(lambda: MEMORY_ENTRIES)   # image hash -> text
        self._lines = _Memory(lambda: LINE_ENTRIES)     # line crop hash -> (text, confidence)

    def warm_up(self):
        """Run both models once: onnxruntime's first call costs several times a normal one."""
        page = np.full((64, 256, 3), 255, np.uint8)
        cv2.putText(page, "warm up", (8, 40), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (0, 0, 0), 2)
        self._ocr(cv2.imencode(".png", page)[1].tobytes())
        self._lines.clear()

    def forget(self):
        """Drop the texts kept in memory (the disk cache of checkpoint texts stays)."""
        self._texts.clear()
        self._lines.clear()

    @staticmethod
    def version():
        return (f"rapidocr-onnxruntime {version('rapidocr-onnxruntime')} "
                f"(PP-OCRv4, detection at {DET_WIDTH}px, crops from {REC_MIN_WIDTH}px, r{READER_REVISION})")

    def read(self, data):
        """Text of an image given as PNG bytes, from memory or OCR."""
        return text_of(self.read_lines(data))

    def read_lines(self, data):
        """The lines of an image given as PNG bytes, each with its box (`_line_order`), from memory or OCR."""
        key = self._key(data)
        lines = self._texts.get(key)
        if lines is None:
            lines = self._ocr(data)
            self._texts.put(key, lines)
        return lines

    def read_cached(self, path):
        """Text of a ground-truth file, from memory, then disk, then OCR."""
        data = Path(path).read_bytes()
        key = self._key(data)
        lines = self._texts.get(key)
        if lines is not None:
            return text_of(lines)
        text = self._texts.get(key + "-text")     # read from disk, where only the text is kept
        if text is not None:
            return text
        cached = self._cache_dir / f"{key}.json"
        try:
            text = json.loads(cached.read_text(encoding="utf-8"))["text"]
        except (OSError, ValueError, KeyError):
            lines = self._ocr(data)
            self._texts.put(key, lines)
            text = text_of(lines)
            self._cache_dir.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(f".{threading.get_ident()}.tmp")
            partial.write_text(json.dumps({"text": text}), encoding="utf-8")
            partial.replace(cached)  # atomic: concurrent workers never read half a file
            return text
        self._texts.put(key + "-text", text)
        return text

    def _ocr(self, data):
        engine = self._engine
        image = colours.decode(data)
        scale = 1.0
        if max(image.shape[:2]) > MAX_SIDE:
            scale = MAX_SIDE / max(image.shape[:2])
            image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        image, record = engine.maybe_add_letterbox(image, {})
        top = record["padding_1"]["top"]
        with self._det_lock:
            found, _elapsed = engine.text_det(image)
            boxes = list(found) if found is not None else []
            for left, top_, patch in _missed(image, boxes):
                near, _elapsed = engine.text_det(patch)
                # A box the first look found already, seen again at the patch's edge, is not read twice.
                boxes += [box + np.float32((left, top_)) for box in (near if near is not None else ())
                          if not _inside(box.mean(axis=0) + (left, top_), boxes)]
        if not boxes:
            return ()
        boxes = engine.sorted_boxes(np.array(boxes, dtype=np.float32))
        lines = []
        for box, crop in zip(boxes, engine.get_crop_img_list(image, boxes)):
            text, confidence = self._recognise(crop)
            if confidence >= engine.text_score:
                lines.append(([(x, y - top) for x, y in box], text))
        return _line_order(lines, scale)

    def _recognise(self, crop):
        key = hashlib.blake2b(crop.tobytes(), digest_size=16, person=str(crop.shape).encode()[:16]).hexdigest()
        known = self._lines.get(key)
        if known is None:
            (known,), _elapsed = self._engine.text_rec([crop])
            known = (known[0], float(known[1]))
            self._lines.put(key, known)
        return known

    @staticmethod
    def _key(data):
        return f"{hashlib.sha256(data).hexdigest()}-r{READER_REVISION}"
