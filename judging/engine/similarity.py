"""Image similarity between a screenshot and its checkpoint, in [0, 1].

Default, `content-ssim`: needs no downloaded weights, and gives nothing for an empty page. A page
is compared where it has content, never where both pages are empty:

- structure (half): SSIM's structure term (local contrast and correlation) on the luminance, at
  four scales from 240 px wide (words, lines) down to 30 px wide (blocks of text, pictures, the
  layout), so that another font or spacing keeps most of it. Each region counts by how much
  detail (edges, text, pictures) the richer of the two pages has there: regions flat in both do
  not count, and a region that only one page fills counts in full and scores near 0. Light on
  dark matches dark on light: the layout is the same, the colours are the colour half's concern.
- colour (half): the colours of each page's content, not of its background (the page's most
  common colour, within a shade), as histograms in which a colour also counts a little towards
  its neighbours; their overlap over the larger of the two contents. A page with no content has
  no colours to share.

So a blank page in any colour scores near 0 against a checkpoint that shows something, a page
against itself 1. When neither page has content, they are as similar as their background colours.
benchmarks/similarity_calibration.py measures it on kinds of pages (benchmarks/similarity_calibration.txt).
With a local DINOv2 folder configured, `dinov2` gives the paper's metric: cosine of the CLS embeddings.
"""
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

from . import colours

COMPARE_WIDTH = 240            # the finest scale compared; each next one is half as wide
SCALES = 4                     # 240, 120, 60 and 30 px wide
WINDOW_SIGMA = 1.5             # SSIM's Gaussian window, in pixels of each scale
STABILITY = (0.03 * 255) ** 2  # SSIM's constant for the contrast and structure term
FLAT = 1.0                     # a local variance under one grey level squared is rounding, not detail
SHADE = 8                      # levels (of 255) per channel from the background colour that make a pixel content
COLOUR_BINS = 8                # per channel


def _load(image):
    if isinstance(image, (bytes, bytearray)):
        return colours.decode(bytes(image))
    if isinstance(image, (str, Path)):
        return cv2.imread(str(image), cv2.IMREAD_COLOR)
    return image


def _reduce(image, width):
    """The image at `width` px wide by area averaging, through a whole factor first (OpenCV's
    fast path: 1280 -> 256 -> 240 costs a third of 1280 -> 240)."""
    height = max(1, round(image.shape[0] * width / image.shape[1]))
    factor = image.shape[1] // width
    if factor > 1:
        image = cv2.resize(image, (image.shape[1] // factor, max(1, image.shape[0] // factor)), interpolation=cv2.INTER_AREA)
    return cv2.resize(image, (width, height), interpolation=cv2.INTER_AREA)


def _blur(x):
    return cv2.GaussianBlur(x, (0, 0), WINDOW_SIGMA)


def _level(grey):
    """One scale: the luminance with its local mean and variance."""
    mean = _blur(grey)
    variance = _blur(grey * grey) - mean * mean
    variance[variance < FLAT] = 0
    return grey, mean, variance


def _background(pixels):
    """The page's most common colour (BGR), from the fullest cell of 8 levels per channel."""
    cells = pixels >> 3
    index = (cells[:, 0].astype(np.int32) << 10) | (cells[:, 1].astype(np.int32) << 5) | cells[:, 2]
    fullest = np.bincount(index, minlength=1 << 15).argmax()
    return pixels[index == fullest].mean(axis=0)


def _soften(histogram):
    """A colour also counts a quarter towards each neighbouring bin, per channel: two shades of
    one colour either side of a bin edge are alike. The total stays the same."""
    for axis in range(3):
        h = np.moveaxis(histogram, axis, 0)
        soft = 0.5 * h
        soft[1:] += 0.25 * h[:-1]
        soft[:-1] += 0.25 * h[1:]
        soft[0] += 0.25 * h[0]
        soft[-1] += 0.25 * h[-1]
        histogram = np.moveaxis(soft, 0, axis)
    return histogram


def _histogram(pixels, weights=None):
    """Colour histogram of BGR pixels, each counted by its weight, as fractions of the whole page."""
    bins = (pixels // (256 // COLOUR_BINS)).astype(np.intp)
    index = (bins[:, 0] * COLOUR_BINS + bins[:, 1]) * COLOUR_BINS + bins[:, 2]
    counts = np.bincount(index, weights=weights, minlength=COLOUR_BINS ** 3)
    return _soften(counts.reshape((COLOUR_BINS,) * 3) / len(pixels))


class Prepared(NamedTuple):
    levels: list          # per scale, finest first: (luminance, local mean, local variance)
    content: np.ndarray   # colour histogram of the content (not the background), fractions of the page
    page: np.ndarray      # colour histogram of the whole page, for pages without content


def _structure(levels_a, levels_b):
    """Mean over the scales of SSIM's contrast-structure term, each place weighted by the detail
    of the richer page there; None when neither page has any detail."""
    values = []
    for (grey_a, mean_a, var_a), level_b in zip(levels_a, levels_b):
        if level_b[0].shape != grey_a.shape:
            # A page of another shape (a checkpoint of another resolution) compares at this one's.
            level_b = _level(cv2.resize(level_b[0], grey_a.shape[::-1], interpolation=cv2.INTER_AREA))
        grey_b, mean_b, var_b = level_b
        covariance = np.abs(_blur(grey_a * grey_b) - mean_a * mean_b)  # light on dark matches dark on light
        agreement = np.minimum(1, (2 * covariance + STABILITY) / (var_a + var_b + STABILITY))  # above 1 by rounding only
        # Detail as SSIM's information-content weighting measures it; the richer page decides, so
        # a region only one page fills counts as much as one both fill.
        weight = np.maximum(np.log1p(var_a / STABILITY), np.log1p(var_b / STABILITY))
        total = float(weight.sum())
        if total > 0:
            values.append(float((weight * agreement).sum()) / total)
    return sum(values) / len(values) if values else None


class ContentSimilarity:
    name = "content-ssim"

    def version(self):
        return f"content-ssim v1 (opencv {cv2.__version__}, {COMPARE_WIDTH}px, {SCALES} scales)"

    def prepare(self, image):
        """Reduce an image once to what the comparison reads, so a checkpoint is reduced once."""
        small = _reduce(_load(image), COMPARE_WIDTH)
        grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32)
        levels = [_level(grey)]
        for _ in range(SCALES - 1):
            grey = cv2.resize(grey, (max(1, grey.shape[1] // 2), max(1, grey.shape[0] // 2)), interpolation=cv2.INTER_AREA)
            levels.append(_level(grey))
        pixels = small.reshape(-1, 3)
        # Content from SHADE levels (of 255) away from the background colour on any channel, in
        # part from half that: a colour near the limit must not turn a whole panel over.
        distance = np.abs(pixels.astype(np.int16) - _background(pixels)).max(axis=1)
        content = np.clip((distance - SHADE / 2) / (SHADE / 2), 0, 1)
        return Prepared(levels, _histogram(pixels, content), _histogram(pixels))

    def compare(self, prepared_a, prepared_b):
        structure = _structure(prepared_a.levels, prepared_b.levels)
        larger = max(float(prepared_a.content.sum()), float(prepared_b.content.sum()))
        if larger > 0:
            colour = float(np.minimum(prepared_a.content, prepared_b.content).sum()) / larger
        else:
            colour = float(np.minimum(prepared_a.page, prepared_b.page).sum())
        if structure is None:
            return min(1.0, colour)
        return max(0.0, min(1.0, 0.5 * structure + 0.5 * colour))

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
    return DinoSimilarity(dino_path) if dino_path else ContentSimilarity()


DEFAULT = ContentSimilarity.name


def display_name(name):
    """How pages name a similarity: DINOv2 as the paper writes it, the others by their own name."""
    return "DINOv2" if name == DinoSimilarity.name else name


def column_label(names):
    """The heading of an image-similarity column over results of these similarities: DINO (the
    official tables' heading) only when DINOv2 scored them all, else the names of those used."""
    names = sorted(set(names)) or [DEFAULT]
    return "/".join("DINO" if name == DinoSimilarity.name else name.upper() for name in names)
