"""The difference heatmap is coloured exactly where pixels differ; the chosen element is boxed."""
import os

import numpy as np
from PIL import Image

from leaderboard.diffs import BOX_COLOUR, changed_fraction, difference_heatmap, draw_box, ensure_heatmap


def picture(size=(40, 30), colour=(250, 250, 250)):
    return Image.new("RGB", size, colour)


def test_heatmap_is_opaque_exactly_where_pixels_differ():
    truth = picture()
    generated = truth.copy()
    generated.putpixel((3, 4), (249, 250, 250))           # the smallest possible difference
    generated.paste((0, 0, 0), (10, 10, 20, 15))
    alpha = np.asarray(difference_heatmap(truth, generated).getchannel("A"))
    expected = np.zeros((30, 40), dtype=bool)
    expected[4, 3] = True
    expected[10:15, 10:20] = True
    assert ((alpha > 0) == expected).all()
    assert changed_fraction(difference_heatmap(truth, generated)) == expected.mean()


def test_identical_images_give_an_empty_heatmap():
    heat = difference_heatmap(picture(), picture())
    assert heat.getbbox() is None and changed_fraction(heat) == 0.0


def test_area_covered_by_only_one_image_counts_as_different():
    alpha = np.asarray(difference_heatmap(picture((40, 30)), picture((30, 30))).getchannel("A"))
    assert alpha.shape == (30, 40)
    assert (alpha[:, 30:] == 255).all() and (alpha[:, :30] == 0).all()


def test_box_outlines_the_element_and_leaves_the_inside(tmp_path):
    marked = draw_box(picture((100, 80)), {"x": 20, "y": 30, "width": 40, "height": 20})
    assert marked.getpixel((20, 40)) == BOX_COLOUR and marked.getpixel((59, 40)) == BOX_COLOUR
    assert marked.getpixel((40, 40)) == (250, 250, 250) and marked.getpixel((5, 5)) == (250, 250, 250)


def test_heatmap_file_is_written_once_and_redone_when_a_source_changes(tmp_path):
    truth, generated = tmp_path / "truth.png", tmp_path / "gen.png"
    picture().save(truth)
    picture(colour=(0, 0, 0)).save(generated)
    out = ensure_heatmap(truth, generated, tmp_path / "diff" / "0.png")
    first = out.stat().st_mtime_ns
    assert ensure_heatmap(truth, generated, out).stat().st_mtime_ns == first
    with Image.open(out) as heat:
        assert changed_fraction(heat) == 1.0
    picture().save(generated)  # the page is judged again and now matches its checkpoint
    later = first + 10**9      # a newer file, however coarse the file system's clock
    os.utime(generated, ns=(later, later))
    ensure_heatmap(truth, generated, out)
    with Image.open(out) as heat:
        assert changed_fraction(heat) == 0.0
