"""Image similarity: the default (content-ssim) compares pages where they show something and gives
an empty page nothing; DINOv2 runs from a local folder."""
import shutil

import cv2
import numpy as np
import pytest

from judging.engine import colours
from judging.engine.similarity import ContentSimilarity, make_similarity

from .conftest import BENCH, SITES, make_site
from .tiny_dino import make_tiny_dino

TABS = BENCH / "sample-tabs" / "checkpoints"
CHECKPOINTS = sorted(BENCH.glob("*/checkpoints/step_*.png"))


def page(colour, height=800, width=1280):
    return np.full((height, width, 3), colour, np.uint8)


def most_common_colour(image):
    packed = (image[..., 0].astype(np.int32) << 16 | image[..., 1].astype(np.int32) << 8 | image[..., 2]).ravel()
    colour = np.bincount(packed).argmax()
    return np.array([colour >> 16, colour >> 8 & 255, colour & 255], np.uint8)


@pytest.fixture(scope="module")
def sim():
    return ContentSimilarity()


def test_default_is_content_ssim_with_its_own_name_and_version(sim):
    assert make_similarity().name == sim.name == "content-ssim"
    assert sim.version().startswith("content-ssim v1 ")


@pytest.mark.parametrize("checkpoint", CHECKPOINTS, ids=lambda p: f"{p.parts[-3]}-{p.stem}")
def test_blank_page_scores_near_zero_against_content(sim, checkpoint):
    truth = cv2.imread(str(checkpoint))
    for colour in ((255, 255, 255), (0, 0, 0), (128, 128, 128), most_common_colour(truth)):
        assert sim.similarity(truth, page(colour)) < 0.2, colour


def test_page_against_itself_scores_one_whatever_form_it_comes_in(sim):
    png = TABS / "step_2.png"
    values = {sim.similarity(png, png), sim.similarity(png.read_bytes(), cv2.imread(str(png)))}
    assert values == {1.0}


def test_regions_empty_in_both_do_not_count(sim):
    """The same two pages with 800 more empty rows below each: no more alike, no less."""
    truth, other = cv2.imread(str(TABS / "step_0.png")), cv2.imread(str(TABS / "step_2.png"))

    def taller(image):
        return np.vstack([image, page(most_common_colour(image))])
    alike = sim.similarity(truth, other)
    assert alike < 0.95
    assert sim.similarity(taller(truth), taller(other)) == pytest.approx(alike, abs=0.01)


def test_two_pages_without_content_are_as_alike_as_their_colours(sim):
    assert sim.similarity(page(255), page(255)) == 1.0
    assert sim.similarity(page(255), page(0)) == 0.0


def test_missing_part_costs_more_than_a_slight_shift(sim):
    truth = cv2.imread(str(TABS / "step_0.png"))
    shifted = cv2.warpAffine(truth, np.float32([[1, 0, 4], [0, 1, 3]]), (1280, 800), borderMode=cv2.BORDER_REPLICATE)
    without_picture = truth.copy()
    without_picture[76:500, 100:620] = most_common_colour(truth)
    assert 1.0 > sim.similarity(truth, shifted) > sim.similarity(truth, without_picture) > 0.5


def test_light_on_dark_keeps_the_layout_but_not_the_colours(sim):
    truth = cv2.imread(str(TABS / "step_0.png"))
    inverted = sim.similarity(truth, 255 - truth)
    assert 0.4 < inverted < 0.9
    unrelated = max(sim.similarity(truth, cv2.imread(str(p))) for p in CHECKPOINTS if p.parts[-3] != "sample-tabs")
    assert inverted > unrelated


def test_pages_of_other_resolutions_compare_at_a_common_size(sim):
    truth = cv2.imread(str(TABS / "step_0.png"))
    assert sim.similarity(truth, cv2.resize(truth, (1920, 1080), interpolation=cv2.INTER_AREA)) > 0.9


def test_same_inputs_give_the_same_number(sim):
    pairs = [(TABS / "step_0.png", p) for p in CHECKPOINTS[:6]]
    assert [sim.similarity(a, b) for a, b in pairs] == [ContentSimilarity().similarity(a, b) for a, b in pairs]


@pytest.mark.browser
def test_screenshot_shown_as_image_matches_its_page(judge, tmp_path):
    site = make_site(tmp_path / "site", '<body style="margin:0"><img src="shot.png" style="display:block"></body>')
    shutil.copy(TABS / "step_0.png", site / "shot.png")
    result = judge.run(BENCH / "sample-tabs", site, tmp_path / "out")
    assert result.points[0].image > 0.99


@pytest.mark.browser
def test_page_in_other_fonts_ranks_above_the_page_with_a_part_missing(judge, tmp_path):
    html = (SITES / "sample-tabs" / "index.html").read_text(encoding="utf-8")
    fonts = '* { font-family: "Liberation Serif", serif !important; letter-spacing: 0.02em; }'
    variants = {"other fonts": fonts, "picture missing": ".photo { visibility: hidden; }",
                "other fonts, picture missing": fonts + " .photo { visibility: hidden; }"}
    image = {}
    for name, css in variants.items():
        site = make_site(tmp_path / name, html.replace("</head>", f"<style>{css}</style></head>"), SITES / "sample-tabs")
        image[name] = judge.run(BENCH / "sample-tabs", site, tmp_path / f"{name} out").points[0].image
    assert image["other fonts"] > 0.8
    assert image["other fonts"] > image["picture missing"] and image["other fonts"] > image["other fonts, picture missing"]


def test_dinov2_cls_cosine_from_a_local_tiny_model(tmp_path):
    make_tiny_dino(tmp_path)
    sim = make_similarity(str(tmp_path))
    assert sim.name == "dinov2" and "dinov2" in sim.version()
    assert sim.similarity(TABS / "step_0.png", TABS / "step_0.png") == pytest.approx(1.0, abs=1e-5)
    other = sim.similarity(TABS / "step_0.png", np.zeros((800, 1280, 3), np.uint8))
    assert 0.0 <= other < 1.0


def test_a_screenshot_is_decoded_once_for_all_that_read_it_and_none_can_change_it():
    page = np.full((40, 60, 3), 200, np.uint8)
    png = cv2.imencode(".png", page)[1].tobytes()
    first = colours.decode(png)
    assert colours.decode(bytes(bytearray(png))) is first    # the same screenshot, another bytes object
    assert (first == page).all()
    with pytest.raises(ValueError):
        first[0, 0] = 0
