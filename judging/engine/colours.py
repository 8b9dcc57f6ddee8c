"""Colour words, and how much of an element's own pixels in the screenshot are of a colour.

"The green plus icon", "the orange swatch": a colour word matches an element whose own visible pixels
are mostly of that colour. Its own pixels are those inside its box that differ from the backdrop, the
colours just around the box (the page or card it sits on). Grey, black and white pixels (text, borders,
shadows) count only for the words grey, black and white: a white button showing a green plus is green.
"""
from functools import lru_cache

import cv2
import numpy as np

# Basic colour names of a pixel, as a person would name it. A pixel is coloured when its strongest
# channel exceeds its weakest by more than 15 % of the scale, or, for a dark colour (a dark green
# button), by half the strongest, unless it is nearly black; its hue (degrees) then names it. A dark
# grey tinted towards a hue (the slate #2a3140 of dark themes) is the grey a person sees.
CHROMA_MIN = 0.15 * 255
WHITE_LIGHTNESS = 0.85   # lighter than this and of no hue is white
DARK_SATURATION, NEAR_BLACK = 0.5, 0.2 * 255
HUES = ((15, "red"), (40, "orange"), (70, "yellow"), (165, "green"), (195, "teal"), (255, "blue"),
        (290, "purple"), (345, "pink"), (360, "red"))
HUE_EDGE = 5             # degrees of hue within which a pixel takes the neighbouring name as well
NAMES = ("red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "brown", "black", "white", "grey")
ACHROMATIC = {"black", "white", "grey"}
# The words a description may use, and the names they accept.
WORDS = {
    "red": {"red"}, "crimson": {"red"}, "scarlet": {"red"}, "maroon": {"red", "brown"},
    "orange": {"orange"}, "amber": {"orange", "yellow"}, "gold": {"orange", "yellow"}, "golden": {"orange", "yellow"},
    "yellow": {"yellow"}, "green": {"green"}, "lime": {"green", "yellow"}, "olive": {"green", "yellow", "brown"},
    "emerald": {"green"}, "mint": {"green", "teal"}, "teal": {"teal"}, "cyan": {"teal", "blue"},
    "turquoise": {"teal"}, "aqua": {"teal"}, "blue": {"blue"}, "navy": {"blue"}, "indigo": {"blue", "purple"},
    "purple": {"purple"}, "violet": {"purple"}, "lavender": {"purple"}, "lilac": {"purple"},
    "magenta": {"pink", "purple"}, "fuchsia": {"pink", "purple"}, "pink": {"pink"}, "rose": {"pink", "red"},
    "brown": {"brown"}, "tan": {"brown", "orange"}, "black": {"black"}, "white": {"white"},
    "grey": {"grey"}, "gray": {"grey"}, "silver": {"grey"}, "dark": set(), "light": set(),
}
# Words for how light an element is, whatever its hue: "the dark submit button".
SHADES = {"dark": (0.0, 0.35), "light": (0.75, 1.0)}
BACKDROP_RING = 3        # px around the box whose colours are the backdrop
BACKDROP_SHARE = 0.1     # a colour is part of the backdrop when it covers this much of the ring
BACKDROP_DISTANCE = 8    # a pixel this close (per channel, 0-255) to a backdrop colour is backdrop
MIN_COLOURED = 0.05      # an element shows colour at all when this share of its own pixels is coloured
MAX_PIXELS = 20000       # larger boxes are sampled on a grid


@lru_cache(maxsize=8)
def decode(png):
    """The screenshot as an array of BGR pixels, read-only: one step's screenshot is read by the
    similarity, the OCR, the grounding and the assertions, and decoded once for them all."""
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    if image is not None:
        image.flags.writeable = False
    return image


def difference(a, b):
    """Per pixel of two images of one size, the largest of its channels' differences. (numpy's max over
    the channel axis takes twenty times as long on a screenshot, and a step compares several pairs.)"""
    blue, green, red = cv2.split(cv2.absdiff(a, b))
    return cv2.max(cv2.max(blue, green), red)


def names_of(pixels, turn=0.0):
    """The colour name index (into NAMES) of each pixel of an (n, 3) BGR array; `turn`: with the hue
    turned by that many degrees."""
    bgr = pixels.astype(np.int16)
    high, low = bgr.max(axis=1), bgr.min(axis=1)
    chroma = high - low
    lightness = (high + low) / 2 / 255
    hue = cv2.cvtColor(pixels.reshape(-1, 1, 3).astype(np.uint8), cv2.COLOR_BGR2HSV_FULL)[:, 0, 0].astype(float) * 360 / 256
    hue = (hue + turn) % 360
    out = np.full(len(pixels), NAMES.index("grey"))
    out[lightness < 0.25] = NAMES.index("black")
    out[lightness > WHITE_LIGHTNESS] = NAMES.index("white")
    coloured = (chroma > CHROMA_MIN) | ((high > NEAR_BLACK) & (chroma > DARK_SATURATION * high))
    band = np.searchsorted([limit for limit, _ in HUES], hue, side="right")
    band = np.minimum(band, len(HUES) - 1)
    hue_names = np.array([NAMES.index(name) for _, name in HUES])[band]
    # Dark orange and yellow are brown; pale red is pink.
    value = high / 255
    hue_names = np.where((hue >= 10) & (hue < 50) & (value < 0.65), NAMES.index("brown"), hue_names)
    hue_names = np.where((hue_names == NAMES.index("red")) & (lightness > 0.7), NAMES.index("pink"), hue_names)
    out[coloured] = hue_names[coloured]
    return out


def _backdrop(image, x0, y0, x1, y1):
    """The colours of the ring of pixels around the box (those covering a tenth of it or more)."""
    height, width = image.shape[:2]
    rx0, ry0 = max(0, x0 - BACKDROP_RING), max(0, y0 - BACKDROP_RING)
    rx1, ry1 = min(width, x1 + BACKDROP_RING), min(height, y1 + BACKDROP_RING)
    outer = image[ry0:ry1, rx0:rx1].reshape(-1, 3)
    mask = np.ones((ry1 - ry0, rx1 - rx0), bool)
    mask[y0 - ry0:y1 - ry0, x0 - rx0:x1 - rx0] = False
    ring = outer[mask.ravel()]
    if len(ring) == 0:
        return np.zeros((0, 3))
    quantised = (ring // 16).astype(np.int32)
    keys = quantised[:, 0] * 256 + quantised[:, 1] * 16 + quantised[:, 2]
    values, counts = np.unique(keys, return_counts=True)
    common = values[counts >= BACKDROP_SHARE * len(ring)]
    return np.array([ring[keys == key].mean(axis=0) for key in common])


def _own(image, box):
    """(the element's own pixels: those of the part of `box` in the screenshot that differ from the
    backdrop, an empty array when none of it is in view or all of it is backdrop; the backdrop's colours)."""
    height, width = image.shape[:2]
    x0, y0 = max(0, int(box["x"])), max(0, int(box["y"]))
    x1, y1 = min(width, int(np.ceil(box["x"] + box["width"]))), min(height, int(np.ceil(box["y"] + box["height"])))
    if x1 <= x0 or y1 <= y0:
        return np.zeros((0, 3), np.uint8), np.zeros((0, 3))
    step = max(1, int(np.ceil(np.sqrt((x1 - x0) * (y1 - y0) / MAX_PIXELS))))
    inside = image[y0:y1:step, x0:x1:step].reshape(-1, 3)
    backdrop = _backdrop(image, x0, y0, x1, y1)
    if len(backdrop):
        distance = np.abs(inside[:, None, :].astype(np.int16) - backdrop[None, :, :]).max(axis=2).min(axis=1)
        inside = inside[distance > BACKDROP_DISTANCE]
    return inside, backdrop


def _lightness(pixels):
    pixels = pixels.astype(np.int16)
    return (pixels.max(axis=1) + pixels.min(axis=1)) / 2 / 255


def _shares(inside, backdrop, turn=0.0):
    """(share of each colour name among the element's own pixels on that backdrop, share of them that
    is coloured), the hues turned by `turn` degrees; ({}, 0) when it has no own pixels in view."""
    if len(inside) == 0:
        return {}, 0.0
    names = names_of(inside, turn)
    if len(backdrop):
        # A pale fill on a whiter ground is the light grey a person sees (a chip of #eef1f6 on a white
        # panel), not white; a dark fill on a blacker ground is dark grey (#2a3140 on a #11151c page).
        lightness, ground = _lightness(inside), _lightness(backdrop)
        names[(names == NAMES.index("white")) & (lightness < ground.max())] = NAMES.index("grey")
        names[(names == NAMES.index("black")) & (lightness > ground.min())] = NAMES.index("grey")
    counts = np.bincount(names, minlength=len(NAMES))
    coloured = counts[[NAMES.index(n) for n in NAMES if n not in ACHROMATIC]].sum()
    return {name: counts[i] / len(inside) for i, name in enumerate(NAMES) if counts[i]}, coloured / len(inside)


def share(image, box, word):
    """How much of the element is of the colour `word` names: among its coloured pixels for a colour,
    among all its own pixels for grey, black or white. 0 when it shows (almost) no colour at all."""
    if word in SHADES:
        inside = _own(image, box)[0]
        if len(inside) == 0:
            return 0.0
        lightness = _lightness(inside)
        low, high = SHADES[word]
        return float(((lightness >= low) & (lightness <= high)).mean())
    accepted = WORDS[word]
    own = _own(image, box)
    found, coloured = _shares(*own)
    if not found:
        return 0.0
    if accepted & ACHROMATIC:
        return sum(found.get(name, 0.0) for name in accepted)
    if coloured < MIN_COLOURED:
        return 0.0
    # A hue on the edge between two names is called by either (#f5b942 is the yellow of a switch to
    # one person, orange to another).
    return max(sum(_shares(*own, turn)[0].get(name, 0.0) for name in accepted)
               for turn in (-HUE_EDGE, 0.0, HUE_EDGE)) / coloured
