"""Pictures for the diff gallery: where a generated screenshot differs from the ground truth,
and which element an action chose.

The heatmap is transparent wherever the two images agree exactly and opaque wherever any
channel differs, so a reader (and a test) can trust that colour means difference. Images of
different sizes are compared on a canvas the size of both: area only one of them covers differs.
"""
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

# Even a one-level difference must be visible, so the opacity starts well above zero.
MIN_ALPHA = 110
BOX_COLOUR = (36, 86, 214)
BOX_WIDTH = 4


def _canvas(image, size):
    """RGB pixels on a size canvas plus a mask of where the image really has pixels."""
    rgb = np.zeros((size[1], size[0], 3), dtype=np.int16)
    present = np.zeros((size[1], size[0]), dtype=bool)
    pixels = np.asarray(image.convert("RGB"), dtype=np.int16)
    rgb[: pixels.shape[0], : pixels.shape[1]] = pixels
    present[: pixels.shape[0], : pixels.shape[1]] = True
    return rgb, present


def difference_heatmap(truth, generated):
    """An RGBA image: clear where pixels are equal, yellow (slight) to red (total) where not."""
    size = (max(truth.width, generated.width), max(truth.height, generated.height))
    a, a_present = _canvas(truth, size)
    b, b_present = _canvas(generated, size)
    strength = np.abs(a - b).max(axis=2).astype(np.int32)
    strength[a_present != b_present] = 255
    differs = strength > 0
    heat = np.zeros((size[1], size[0], 4), dtype=np.uint8)
    heat[..., 0] = 255
    heat[..., 1] = 255 - strength
    heat[..., 3] = np.where(differs, MIN_ALPHA + strength * (255 - MIN_ALPHA) // 255, 0)
    return Image.fromarray(heat, "RGBA")


def changed_fraction(heatmap):
    alpha = np.asarray(heatmap.getchannel("A"))
    return float((alpha > 0).mean()) if alpha.size else 0.0


def draw_box(image, box, label=""):
    """A copy of the screenshot with the chosen element's box outlined (box: x, y, width, height)."""
    marked = image.convert("RGB")
    x, y = float(box["x"]), float(box["y"])
    right, bottom = x + float(box["width"]), y + float(box["height"])
    draw = ImageDraw.Draw(marked)
    draw.rectangle([x, y, right, bottom], outline=BOX_COLOUR, width=BOX_WIDTH)
    if label:
        text_y = y - 18 if y >= 18 else bottom + 2
        draw.rectangle([x, text_y, x + 7 * len(label) + 8, text_y + 16], fill=BOX_COLOUR)
        draw.text((x + 4, text_y + 2), label, fill=(255, 255, 255))
    return marked


def _fresh(out_path, *sources):
    out = Path(out_path)
    return out.exists() and all(out.stat().st_mtime >= Path(s).stat().st_mtime for s in sources)


def ensure_heatmap(truth_path, generated_path, out_path):
    """Write the heatmap once (again only when a source is newer); returns its path."""
    out = Path(out_path)
    if not _fresh(out, truth_path, generated_path):
        with Image.open(truth_path) as truth, Image.open(generated_path) as generated:
            heat = difference_heatmap(truth, generated)
        out.parent.mkdir(parents=True, exist_ok=True)
        heat.save(out, optimize=True)
    return out


def ensure_boxed(screenshot_path, box, out_path, label=""):
    out = Path(out_path)
    if not _fresh(out, screenshot_path):
        with Image.open(screenshot_path) as shot:
            marked = draw_box(shot, box, label)
        out.parent.mkdir(parents=True, exist_ok=True)
        marked.save(out, optimize=True)
    return out
