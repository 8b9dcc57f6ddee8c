"""Image similarity between a screenshot and its checkpoint, in [0, 1].

Default, `ssim-hist`: needs no downloaded weights. Half structural similarity (SSIM of the
luminance at 1/4 scale: layout, text blocks, edges) and half colour-histogram intersection
(palette and large coloured areas, which SSIM on grey ignores). Like DINOv2's CLS cosine, a page
against itself is 1, a faithful rebuild with other fonts keeps most of the score, and a blank or
unrelated page falls low. With a local DINOv2 folder configured, `dinov2` gives the paper's
metric: cosine of the CLS embeddings.
"""
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import cv2
import numpy as np

COMPARE_WIDTH = 480
HIST_BINS = 8


def _load(image):
    if isinstance(image, (bytes, bytearray)):
        return cv2.imdecode(np.frombuffer(image, np.uint8), cv2.IMREAD_COLOR)
    if isinstance(image, (str, Path)):
        return cv2.imread(str(image), cv2.IMREAD_COLOR)
    return image


def _ssim(a, b):
    a, b = a.astype(np.float32), b.astype(np.float32)
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    blur = lambda x: cv2.GaussianBlur(x, (7, 7), 1.5)  # noqa: E731
    mu_a, mu_b = blur(a), blur(b)
    var_a = blur(a * a) - mu_a ** 2
    var_b = blur(b * b) - mu_b ** 2
    cov = blur(a * b) - mu_a * mu_b
    ssim = ((2 * mu_a * mu_b + c1) * (2 * cov + c2)) / ((mu_a ** 2 + mu_b ** 2 + c1) * (var_a + var_b + c2))
    return float(ssim.mean())


def _histogram(image):
    hist = cv2.calcHist([image], [0, 1, 2], None, [HIST_BINS] * 3, [0, 256] * 3).ravel()
    return hist / hist.sum()


class StructureColourSimilarity:
    name = "ssim-hist"

    def version(self):
        return f"ssim-hist v1 (opencv {cv2.__version__}, {COMPARE_WIDTH}px)"

    def prepare(self, image):
        """Reduce an image once to what the comparison reads, so a checkpoint is reduced once."""
        image = _load(image)
        height = max(1, round(image.shape[0] * COMPARE_WIDTH / image.shape[1]))
        small = cv2.resize(image, (COMPARE_WIDTH, height), interpolation=cv2.INTER_AREA)
        return cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), _histogram(small)

    def compare(self, prepared_a, prepared_b):
        (grey_a, hist_a), (grey_b, hist_b) = prepared_a, prepared_b
        if grey_a.shape != grey_b.shape:
            # Pages of other heights (a checkpoint of another resolution) compare on a common size.
            grey_b = cv2.resize(grey_b, (grey_a.shape[1], grey_a.shape[0]), interpolation=cv2.INTER_AREA)
        structure = max(0.0, _ssim(grey_a, grey_b))
        colour = float(np.minimum(hist_a, hist_b).sum())
        return min(1.0, 0.5 * structure + 0.5 * colour)

    def similarity(self, image_a, image_b):
        return self.compare(self.prepare(image_a), self.prepare(image_b))


class DinoSimilarity:
    """Cosine of DINOv2 CLS embeddings from a local folder (no hub access: local_files_only)."""

    name = "dinov2"

    def __init__(self, model_path):
        import torch
        from transformers import AutoImageProcessor, AutoModel

        self._torch = torch
        self._path = Path(model_path)
        self._processor = AutoImageProcessor.from_pretrained(self._path, local_files_only=True)
        self._model = AutoModel.from_pretrained(self._path, local_files_only=True).eval()
        torch.set_num_threads(1)  # the browser needs the other core; numbers do not depend on it

    def version(self):
        try:
            transformers = version("transformers")
        except PackageNotFoundError:
            transformers = "?"
        return f"dinov2 {self._path.name} (transformers {transformers}, torch {self._torch.__version__})"

    def prepare(self, image):
        from PIL import Image

        rgb = cv2.cvtColor(_load(image), cv2.COLOR_BGR2RGB)
        inputs = self._processor(images=Image.fromarray(rgb), return_tensors="pt")
        with self._torch.no_grad():
            cls = self._model(**inputs).last_hidden_state[0, 0].float().numpy()
        return cls

    def compare(self, a, b):
        cosine = float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b) or 1.0))
        return max(0.0, min(1.0, cosine))

    def similarity(self, image_a, image_b):
        return self.compare(self.prepare(image_a), self.prepare(image_b))


def make_similarity(dino_path=None):
    return DinoSimilarity(dino_path) if dino_path else StructureColourSimilarity()


DEFAULT = StructureColourSimilarity.name


def display_name(name):
    """How pages name a similarity: DINOv2 as the paper writes it, the others by their own name."""
    return "DINOv2" if name == DinoSimilarity.name else name


def column_label(names):
    """The heading of an image-similarity column over results of these similarities: DINO (the
    official tables' heading) only when DINOv2 scored them all, else the names of those used."""
    names = sorted(set(names)) or [DEFAULT]
    return "/".join("DINO" if name == DinoSimilarity.name else name.upper() for name in names)
