"""A tiny DINOv2 with random weights, saved as a local folder the judge loads like a real one."""
import pytest


def make_tiny_dino(folder):
    torch = pytest.importorskip("torch", reason="torch is optional (DINOv2 similarity only)")
    transformers = pytest.importorskip("transformers", reason="transformers is optional (DINOv2 similarity only)")
    torch.manual_seed(0)
    config = transformers.Dinov2Config(hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                                       intermediate_size=64, image_size=56, patch_size=14)
    transformers.Dinov2Model(config).save_pretrained(folder)
    transformers.BitImageProcessor(size={"shortest_edge": 64}, crop_size={"height": 56, "width": 56},
                                   do_center_crop=True).save_pretrained(folder)
    return folder
