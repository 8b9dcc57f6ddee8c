"""Image similarity: the default needs no weights; DINOv2 runs from a local folder."""
import numpy as np
import pytest

from judging.engine.similarity import StructureColourSimilarity, make_similarity

from .conftest import BENCH

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
    torch = pytest.importorskip("torch", reason="torch is optional (DINOv2 similarity only)")
    transformers = pytest.importorskip("transformers", reason="transformers is optional (DINOv2 similarity only)")
    torch.manual_seed(0)
    config = transformers.Dinov2Config(hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                                       intermediate_size=64, image_size=56, patch_size=14)
    transformers.Dinov2Model(config).save_pretrained(tmp_path)
    transformers.BitImageProcessor(size={"shortest_edge": 64}, crop_size={"height": 56, "width": 56},
                                   do_center_crop=True).save_pretrained(tmp_path)
    sim = make_similarity(str(tmp_path))
    assert sim.name == "dinov2" and "dinov2" in sim.version()
    assert sim.similarity(TABS / "step_0.png", TABS / "step_0.png") == pytest.approx(1.0, abs=1e-5)
    other = sim.similarity(TABS / "step_0.png", np.zeros((800, 1280, 3), np.uint8))
    assert 0.0 <= other < 1.0
