"""Text read off a screenshot with RapidOCR (ONNX models shipped inside the package: no download).

Checkpoint texts are cached on disk by file hash, so the ground truth is read once per machine.
Images are read at most OCR_WIDTH pixels wide: detection and recognition costs grow with the
pixels, and at 960 px the text of a 1280-1920 px page is still read (checked on the samples).
One onnxruntime thread: the browser needs the other core, and on a busy machine more threads
slow OCR down instead of speeding it up.
"""
import hashlib
import json
import threading
from importlib.metadata import version
from pathlib import Path

import cv2
import numpy as np

OCR_WIDTH = 960
# Bump when anything that changes the text read changes: cached texts of another version are ignored.
READER_REVISION = 2


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
                                intra_op_num_threads=1, inter_op_num_threads=1, print_verbose=False)
        self._lock = threading.Lock()
        self._cache_dir = Path(cache_dir) / "ocr"
        self._memory = {}

    @staticmethod
    def version():
        return f"rapidocr-onnxruntime {version('rapidocr-onnxruntime')} (PP-OCRv4, {OCR_WIDTH}px, r{READER_REVISION})"

    def read(self, image):
        """Text of an image given as a path, PNG bytes or a BGR array."""
        if isinstance(image, (bytes, bytearray)):
            image = cv2.imdecode(np.frombuffer(image, np.uint8), cv2.IMREAD_COLOR)
        elif isinstance(image, (str, Path)):
            image = cv2.imread(str(image), cv2.IMREAD_COLOR)
        if image.shape[1] > OCR_WIDTH:
            scale = OCR_WIDTH / image.shape[1]
            image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        with self._lock:
            results, _elapsed = self._engine(image)
        return _line_order(results)

    def read_cached(self, path):
        """Text of a ground-truth file, from memory, then disk, then OCR."""
        data = Path(path).read_bytes()
        key = f"{hashlib.sha256(data).hexdigest()}-r{READER_REVISION}"
        if key in self._memory:
            return self._memory[key]
        cached = self._cache_dir / f"{key}.json"
        try:
            text = json.loads(cached.read_text(encoding="utf-8"))["text"]
        except (OSError, ValueError, KeyError):
            text = self.read(data)
            self._cache_dir.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(f".{threading.get_ident()}.tmp")
            partial.write_text(json.dumps({"text": text}), encoding="utf-8")
            partial.replace(cached)  # atomic: concurrent workers never read half a file
        self._memory[key] = text
        return text
