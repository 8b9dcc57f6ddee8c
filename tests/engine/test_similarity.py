"""Image similarity: the default needs no weights; DINOv2 runs from a local folder."""
import numpy as np
import pytest

from judging.engine.similarity import StructureColourSimilarity, make_similarity

from .conftest import BENCH
from .tiny_dino import make_tiny_dino

TABS = BENCH / "sample-tabs" / "checkpoints"


def test_default_similarity_orders_identical_related_and_blank_pages():
    sim = StructureColourSimilarity()
    blank = np.full((800, 1280, 3), 255, np.uint8)
    same = sim.similarity(TABS / "step_0.png", TABS / "step_0.png")
    related = sim.similarity(TABS / "step_0.png", TABS / "step_2.png")
    unrelated = sim.similarity(TABS / "step_0.png", blank)
    assert same == pytest.approx(1.0)
    assert 1.0 > related > unrelated >= 0.0


def test_dinov2_cls_cosine_from_a_local_tiny_model(tmp_path):
    make_tiny_dino(tmp_path)
    sim = make_similarity(str(tmp_path))
    assert sim.name == "dinov2" and "dinov2" in sim.version()
    assert sim.similarity(TABS / "step_0.png", TABS / "step_0.png") == pytest.approx(1.0, abs=1e-5)
    other = sim.similarity(TABS / "step_0.png", np.zeros((800, 1280, 3), np.uint8))
    assert 0.0 <= other < 1.0
