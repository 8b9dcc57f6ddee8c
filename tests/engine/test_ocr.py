"""The OCR reader: texts cached by image content, in memory for every image and on disk for checkpoints."""
from pathlib import Path

import pytest

from judging.engine import ocr

from .conftest import BENCH

CHECKPOINT = BENCH / "sample-tabs" / "checkpoints" / "step_0.png"
OTHER = BENCH / "sample-tabs" / "checkpoints" / "step_2.png"
IMAGES = Path(__file__).parent / "images"


@pytest.fixture
def counted(tmp_path, monkeypatch):
    """A reader that counts the times it really runs OCR."""
    reader = ocr.Reader(tmp_path)
    calls = []
    real = reader._ocr
    monkeypatch.setattr(reader, "_ocr", lambda data: calls.append(len(data)) or real(data))
    return reader, calls


def test_same_image_is_read_once_and_gives_the_same_text(counted):
    reader, calls = counted
    png = CHECKPOINT.read_bytes()
    first = reader.read(png)
    assert first.strip()
    assert reader.read(bytes(png)) == first
    assert len(calls) == 1


def test_a_screenshot_identical_to_a_checkpoint_costs_nothing(counted):
    reader, calls = counted
    truth = reader.read_cached(CHECKPOINT)
    assert reader.read(CHECKPOINT.read_bytes()) == truth
    assert len(calls) == 1


def test_checkpoint_texts_survive_the_process_on_disk(tmp_path):
    text = ocr.Reader(tmp_path).read_cached(CHECKPOINT)
    fresh = ocr.Reader(tmp_path)
    fresh._ocr = lambda data: pytest.fail("read again instead of from the disk cache")
    assert fresh.read_cached(CHECKPOINT) == text


def test_memory_keeps_the_most_recent_texts_only(counted, monkeypatch):
    reader, calls = counted
    monkeypatch.setattr(ocr, "MEMORY_ENTRIES", 1)
    reader.read(CHECKPOINT.read_bytes())
    reader.read(OTHER.read_bytes())
    reader.read(CHECKPOINT.read_bytes())
    assert len(calls) == 3


def test_lines_carry_their_place_in_the_screenshot(tmp_path):
    import cv2
    import numpy as np

    page = np.full((300, 600, 3), 255, np.uint8)
    cv2.putText(page, "Release notes", (40, 60), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (0, 0, 0), 2)
    cv2.putText(page, "Staging", (300, 240), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (0, 0, 0), 2)
    reader = ocr.Reader(tmp_path)
    lines = reader.read_lines(cv2.imencode(".png", page)[1].tobytes())
    assert [text for text, _box in lines] == ["Release notes", "Staging"]
    (_, first), (_, second) = lines
    assert first[0] < 60 and first[1] < 60 < first[3] and first[2] > 200
    assert second[0] > 280 and second[1] < 240 < second[3]
    assert reader.read(cv2.imencode(".png", page)[1].tobytes()) == "Release notes Staging"


def _on_screen(name, background):
    """A 1280x800 screenshot with a crop of a real one pasted in: at that size the detector works on
    the image scaled down, as it does on every page state."""
    import cv2
    import numpy as np

    crop = cv2.imread(str(IMAGES / name))
    screen = np.full((800, 1280, 3), background, np.uint8)
    screen[500:500 + crop.shape[0], 300:300 + crop.shape[1]] = crop
    return cv2.imencode(".png", screen)[1].tobytes()


@pytest.mark.parametrize("name, background, wanted", [
    ("error-on-dark.png", (36, 31, 29), ["Enter a phone number", "courier can reach you."]),
    ("small-lines-under-grid.png", (255, 255, 255), ["1 square is wrong", "23 of 23 squares filled"]),
])
def test_small_text_the_scaled_down_detection_misses_is_read_at_full_size(tmp_path, monkeypatch, name,
                                                                          background, wanted):
    screen = _on_screen(name, background)
    assert all(w in ocr.Reader(tmp_path).read(screen) for w in wanted)
    monkeypatch.setattr(ocr, "_missed", lambda image, boxes: iter(()))
    assert not all(w in ocr.Reader(tmp_path / "without").read(screen) for w in wanted)
