"""What a small drawing nothing names shows, told from its pixels as a person tells it at a glance:
a plus (two bars crossing at their middles), a minus (one flat bar), a cross (two diagonals: close)
or a tick (a short stroke down, a long one up to the right). SVG strokes, CSS bars and a font's
glyph look alike on the screen, whatever draws them.

The drawing is the ink on the element's face: the pixels far from the colour most of the box has,
in the middle of the box (its border and the page around a round button are the frame)."""
import numpy as np

SHAPES = ("plus", "minus", "close", "check")
INK_DISTANCE = 60      # per channel (0-255): a pixel this far from the face's colour is ink
FRAME = 0.18           # share of the box on each side left out (the inscribed square of a circle)
MIN_SIDE = 5           # px of ink extent: anything smaller is a dot, not a drawing
FLAT = 0.35            # a bar no taller than this share of its width is flat
SQUARE = 0.35          # a plus, a cross or a tick spans about as high as wide
CORNER = 0.25          # share of the ink's extent that is a corner
EMPTY, INKED, SPANS = 0.08, 0.15, 0.9


def ink(image, box):
    """The boolean mask of the drawing's pixels in the middle of `box`, or None when too little of it
    is in the screenshot."""
    height, width = image.shape[:2]
    x0, y0 = box["x"] + FRAME * box["width"], box["y"] + FRAME * box["height"]
    x1, y1 = box["x"] + (1 - FRAME) * box["width"], box["y"] + (1 - FRAME) * box["height"]
    x0, y0, x1, y1 = max(0, int(round(x0))), max(0, int(round(y0))), min(width, int(round(x1))), min(height, int(round(y1)))
    if x1 - x0 < MIN_SIDE or y1 - y0 < MIN_SIDE:
        return None
    crop = image[y0:y1, x0:x1].reshape(-1, 3).astype(np.int16)
    keys = (crop // 16) @ np.array([256, 16, 1])
    values, counts = np.unique(keys, return_counts=True)
    face = crop[keys == values[counts.argmax()]].mean(axis=0)
    return (np.abs(crop - face).max(axis=1) > INK_DISTANCE).reshape(y1 - y0, x1 - x0)


def shape_of(image, box):
    """"plus", "minus", "close", "check" or None (no drawing, or another one)."""
    mask = ink(image, box)
    if mask is None or not mask.any():
        return None
    ys, xs = np.nonzero(mask)
    drawn = mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    h, w = drawn.shape
    if w < MIN_SIDE:
        return None
    if h <= FLAT * w:
        return "minus" if drawn.mean() >= 0.5 else None
    if h < MIN_SIDE or abs(w - h) > SQUARE * max(w, h):
        return None
    middle_row = drawn[int(h * 0.35):int(np.ceil(h * 0.65)), :].any(axis=0).mean()
    middle_column = drawn[:, int(w * 0.35):int(np.ceil(w * 0.65))].any(axis=1).mean()
    q = max(1, int(round(CORNER * min(w, h))))
    top_left, top_right = drawn[:q, :q].mean(), drawn[:q, -q:].mean()
    bottom_left, bottom_right = drawn[-q:, :q].mean(), drawn[-q:, -q:].mean()
    corners = (top_left, top_right, bottom_left, bottom_right)
    if middle_row >= SPANS and middle_column >= SPANS and max(corners) <= EMPTY:
        return "plus"
    edges = (drawn[0, w // 2], drawn[-1, w // 2], drawn[h // 2, 0], drawn[h // 2, -1])
    if min(corners) >= INKED and not any(edges):
        return "close"
    lowest = np.nonzero(drawn[-1])[0]
    if top_right >= INKED and top_left <= EMPTY and bottom_right <= EMPTY and lowest.mean() < w / 2:
        return "check"
    return None
