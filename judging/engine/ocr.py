"""Text read off a screenshot with RapidOCR (ONNX models shipped inside the package: no download).

Every text is cached in memory by the hash of the image's bytes (the same page state, a repeated
screenshot or a re-judged site costs nothing); checkpoint texts are also cached on disk, so the
ground truth is read once per machine.
Images are read at most OCR_WIDTH pixels wide: detection costs grow with the pixels, and at 960 px
the text of a 1280-1920 px page is still read (checked on the samples; 800 and 640 px lose words
glued together). Text lines are recognised one at a time (rec batch 1): a batch is padded to its
widest line, so batches of 6 spent about 30% more CPU on the samples for the same words.
One onnxruntime thread: the browser needs the other core, and on a busy machine more threads
slow OCR down instead of speeding it up.
"""
import hashlib
import json
import threading
from collections import OrderedDict
from importlib.metadata import version
from pathlib import Path

import cv2
import numpy as np

OCR_WIDTH = 960
# Bump when anything that changes the text read changes: cached texts of another version are ignored.
READER_REVISION = 3
# Texts kept in memory (a few hundred bytes each): a worker's recent checkpoints and screenshots.
MEMORY_ENTRIES = 2048


def _line_order(results):
    """Reading order, the same on every run: rows of boxes top to bottom, then left to right."""
    boxes = []
    for box, text, _score in results or []:
        ys = [p[1] for p in box]
        xs = [p[0] for p in box]
        boxes.append((min(ys), max(ys), min(xs), text.strip()))
    boxes.sort()
    rows, texts = [], []
    for top, bottom, left, text in boxes:
        if rows and top < rows[-1][1] - (rows[-1][1] - rows[-1][0]) / 2:
            rows[-1][2].append((left, text))
            rows[-1][1] = max(rows[-1][1], bottom)
        else:
            rows.append([top, bottom, [(left, text)]])
    for _top, _bottom, row in rows:
        texts.extend(t for _left, t in sorted(row) if t)
    return " ".join(texts)


class Reader:
    """One RapidOCR engine per process; onnxruntime sessions are safe to call from one thread at a time."""

    def __init__(self, cache_dir):
        from rapidocr_onnxruntime import RapidOCR

        self._engine = RapidOCR(det_limit_side_len=OCR_WIDTH, det_limit_type="max", use_cls=False,
                                rec_batch_num=1, intra_op_num_threads=1, inter_op_num_threads=1, print_verbose=False)
        self._lock = threading.Lock()
        self._memory_lock = threading.Lock()
        self._cache_dir = Path(cache_dir) / "ocr"
        self._memory = OrderedDict()   # key -> text, least recently used first

    @staticmethod
    def version():
        return f"rapidocr-onnxruntime {version('rapidocr-onnxruntime')} (PP-OCRv4, {OCR_WIDTH}px, r{READER_REVISION})"

    def read(self, data):
        """Text of an image given as PNG bytes, from memory or OCR."""
        key = self._key(data)
        text = self._remembered(key)
        if text is None:
            text = self._ocr(data)
            self._remember(key, text)
        return text

    def _ocr(self, data):
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
        if image.shape[1] > OCR_WIDTH:
            scale = OCR_WIDTH / image.shape[1]
            image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        with self._lock:
            results, _elapsed = self._engine(image)
        return _line_order(results)

    def read_cached(self, path):
        """Text of a ground-truth file, from memory, then disk, then OCR."""
        data = Path(path).read_bytes()
        key = self._key(data)
        text = self._remembered(key)
        if text is not None:
            return text
        cached = self._cache_dir / f"{key}.json"
        try:
            text = json.loads(cached.read_text(encoding="utf-8"))["text"]
        except (OSError, ValueError, KeyError):
            text = self._ocr(data)
            self._cache_dir.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(f".{threading.get_ident()}.tmp")
            partial.write_text(json.dumps({"text": text}), encoding="utf-8")
            partial.replace(cached)  # atomic: concurrent workers never read half a file
        self._remember(key, text)
        return text

    @staticmethod
    def _key(data):
        return f"{hashlib.sha256(data).hexdigest()}-r{READER_REVISION}"

    def _remembered(self, key):
        # Called from the OCR thread and the event loop's helpers: the lock keeps the LRU order sane.
        with self._memory_lock:
            text = self._memory.get(key)
            if text is not None:
                self._memory.move_to_end(key)
            return text

    def _remember(self, key, text):
        with self._memory_lock:
            self._memory[key] = text
            self._memory.move_to_end(key)
            while len(self._memory) > MEMORY_ENTRIES:
                self._memory.popitem(last=False)
