"""Where elements are, for the order, position and relation words of a description.

Stated as a person would count and point:
- Two boxes share a row when they overlap vertically by at least half the lower one's height, and a
  column when they overlap horizontally by at least half the narrower one's width.
- Elements are siblings when they look alike (neither is twice the other's width or height, or they
  are left-aligned lines of one height: the titles of a list) and share a row or a column; siblings
  of siblings form one group: a row, a column or a grid.
- Reading order: rows top to bottom, each left to right.
- "to the right of X": on X's row, right of X, nearest first ("left of" likewise); "under X": in X's
  column, below X, nearest first ("above" likewise); when nothing is in X's row (column), the nearest
  on that side anywhere; "next to X": the one that shares the most containers with X, then one beside
  it (same row or column), then the nearest.
"""
import math

LINE_ALIGN = 2      # px: lines starting this close are left-aligned
LINE_HEIGHTS = 1.2  # lines of one list are of a height, within a fifth


def _overlap(a0, a1, b0, b1):
    return max(0.0, min(a1, b1) - max(a0, b0))


def right(b):
    return b["x"] + b["width"]


def bottom(b):
    return b["y"] + b["height"]


def centre(b):
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


def span(boxes):
    """The smallest box around all the boxes."""
    x0, y0 = min(b["x"] for b in boxes), min(b["y"] for b in boxes)
    return {"x": x0, "y": y0, "width": max(right(b) for b in boxes) - x0, "height": max(bottom(b) for b in boxes) - y0}


def holds(b, x, y):
    return b["x"] <= x <= right(b) and b["y"] <= y <= bottom(b)


def encloses(outer, inner):
    """Whether the inner box sits within the outer one: its centre inside it, and smaller."""
    x, y = centre(inner)
    return outer["x"] <= x <= right(outer) and outer["y"] <= y <= bottom(outer) \
        and outer["width"] * outer["height"] > inner["width"] * inner["height"]


def same_row(a, b):
    return _overlap(a["y"], bottom(a), b["y"], bottom(b)) >= 0.5 * min(a["height"], b["height"])


def same_column(a, b):
    return _overlap(a["x"], right(a), b["x"], right(b)) >= 0.5 * min(a["width"], b["width"])


def alike(a, b):
    """Neither is twice the other's width or height; or they are lines of a list, left-aligned and of
    one height, however long each one's text."""
    low, high = sorted((a["height"], b["height"]))
    if abs(a["x"] - b["x"]) <= LINE_ALIGN and high <= LINE_HEIGHTS * low:
        return True
    return high <= 2 * low and max(a["width"], b["width"]) <= 2 * min(a["width"], b["width"])


def gap(a, b):
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(0.0, b["x"] - right(a), a["x"] - right(b))
    dy = max(0.0, b["y"] - bottom(a), a["y"] - bottom(b))
    return math.hypot(dx, dy)


def _bands(items, box, across, along, together):
    """Items grouped in bands that `together` says are one, ordered by their centres on the `across`
    axis, each band ordered on `along`."""
    bands = []
    for item in sorted(items, key=lambda i: (centre(box(i))[across], box(i)[along])):
        if bands and together(box(bands[-1][0]), box(item)):
            bands[-1].append(item)
        else:
            bands.append([item])
    return [sorted(band, key=lambda i: box(i)[along]) for band in bands]


def rows(items, box):
    """Items in reading order, as rows: [[left to right], ...] from top to bottom."""
    return _bands(items, box, 1, "x", same_row)


def columns(items, box):
    """Items as columns: [[top to bottom], ...] from left to right."""
    return _bands(items, box, 0, "y", same_column)


def reading_order(items, box):
    return [item for row in rows(items, box) for item in row]


def groups(items, box):
    """Sibling groups (rows, columns or grids of alike elements), each in reading order, the groups in
    the reading order of their first members."""
    parent = list(range(len(items)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    boxes = [box(item) for item in items]
    # Only boxes that overlap on an axis can share a row (column): sweep along each axis.
    for start, end, shares in (("y", bottom, same_row), ("x", right, same_column)):
        order = sorted(range(len(items)), key=lambda i: boxes[i][start])
        for n, i in enumerate(order):
            for j in order[n + 1:]:
                if boxes[j][start] >= end(boxes[i]):
                    break
                if find(i) != find(j) and alike(boxes[i], boxes[j]) and shares(boxes[i], boxes[j]):
                    parent[find(i)] = find(j)
    found = {}
    for i, item in enumerate(items):
        found.setdefault(find(i), []).append(item)
    ordered = [reading_order(members, box) for members in found.values()]
    first = reading_order([g[0] for g in ordered], box)
    return sorted(ordered, key=lambda g: first.index(g[0]))


def extreme(items, box, positions, frame=None):
    """The item furthest toward the named positions ("bottom", "right", "middle"...): a vertical word
    picks the row, a horizontal word the item in it; "middle" the one nearest the centre of `frame`,
    by default of them all."""
    chosen = items
    if "top" in positions or "bottom" in positions:
        bands = rows(chosen, box)
        chosen = bands[0] if "top" in positions else bands[-1]
    if "left" in positions or "right" in positions:
        sign = 1 if "left" in positions else -1
        chosen = [min(reading_order(chosen, box), key=lambda i: sign * centre(box(i))[0])]  # ties: the first read
    if "middle" in positions and len(chosen) > 1:
        mid = centre(frame or span([box(i) for i in chosen]))
        chosen = [min(chosen, key=lambda i: math.dist(centre(box(i)), mid))]
    return reading_order(chosen, box)[0]


# -- relations: (holds, order) of a box toward an anchor's box; lower order = nearer -------------
DIRECTIONS = ("right", "left", "below", "above")


def toward(direction, b, anchor):
    """How `b` stands `direction` ("right", "left", "below", "above") of `anchor`: None when it is not
    on that side, else (0 if in the anchor's row or column, else 1; the gap between them)."""
    bx, by = centre(b)
    if direction == "right":
        side, inline = bx > right(anchor), same_row(b, anchor)
    elif direction == "left":
        side, inline = bx < anchor["x"], same_row(b, anchor)
    elif direction == "below":
        side, inline = by > bottom(anchor), same_column(b, anchor)
    else:
        side, inline = by < anchor["y"], same_column(b, anchor)
    if not side:
        return None
    return (0 if inline else 1, gap(b, anchor))


def after(b, anchor):
    """Whether `b` comes after `anchor` in reading order, and how far: None, or (rows apart, gap)."""
    bx, by = centre(b)
    if same_row(b, anchor):
        return (0, gap(b, anchor)) if bx > centre(anchor)[0] else None
    return (1, gap(b, anchor)) if by > centre(anchor)[1] else None


def before(b, anchor):
    bx, by = centre(b)
    if same_row(b, anchor):
        return (0, gap(b, anchor)) if bx < centre(anchor)[0] else None
    return (1, gap(b, anchor)) if by < centre(anchor)[1] else None


def beside(b, anchor):
    """(0 if in the anchor's row or column else 1, gap)."""
    return (0 if same_row(b, anchor) or same_column(b, anchor) else 1, gap(b, anchor))
