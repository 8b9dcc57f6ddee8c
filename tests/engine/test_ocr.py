"""The OCR reader: texts cached by image content, in memory for every image and on disk for checkpoints."""
import pytest

from judging.engine import ocr

from .conftest import BENCH

CHECKPOINT = BENCH / "sample-tabs" / "checkpoints" / "step_0.png"
OTHER = BENCH / "sample-tabs" / "checkpoints" / "step_2.png"


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
