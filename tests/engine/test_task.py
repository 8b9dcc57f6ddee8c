"""Reading tasks in the official layout, and the checkpoint mapping of protocol iwr-v1."""
import json
from pathlib import Path

import pytest

from judging.engine.task import TaskError, load_task
from judging.engine.browser import Viewport

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "samples" / "bench"


def _entry(**extra):
    return {"id": "t1", "recording_details": {"resolution": "800x600"}, "action_sequence": [
        {"type": "Click", "parameters": {"description": "a"}, "visual_evaluation_flag": True},
        {"type": "Scroll", "parameters": {"description": "b"}, "logical_assertion": "  "},
        {"type": "Type", "parameters": {"description": "c", "text": "x"}, "logical_assertion": "shown",
         "visual_evaluation_flag": True},
    ], **extra}


def _checkpoints(folder, count):
    (folder / "checkpoints").mkdir(parents=True)
    for j in range(count):
        (folder / "checkpoints" / f"step_{j}.png").write_bytes(b"png")


def test_task_json_gives_steps_viewport_and_checkpoint_numbers(tmp_path):
    _checkpoints(tmp_path, 3)
    (tmp_path / "task.json").write_text(json.dumps(_entry(unknown_field=1)))
    task = load_task(tmp_path)
    assert task.viewport == Viewport(800, 600)
    assert [(s.type, s.checkpoint, s.assertion) for s in task.steps] == [
        ("Click", 1, None), ("Scroll", None, None), ("Type", 2, "shown")]
    assert task.entry["unknown_field"] == 1


def test_raw_official_layout_reads_data_jsonl_two_levels_up(tmp_path):
    folder = tmp_path / "data" / "t1"
    _checkpoints(folder, 3)
    (tmp_path / "data.jsonl").write_text(json.dumps({"id": "other"}) + "\n" + json.dumps(_entry()) + "\n")
    assert load_task(folder).id == "t1"


def test_missing_entry_or_checkpoint_is_a_task_error(tmp_path):
    _checkpoints(tmp_path, 2)
    with pytest.raises(TaskError, match="task.json"):
        load_task(tmp_path)
    (tmp_path / "task.json").write_text(json.dumps(_entry()))
    with pytest.raises(TaskError, match=r"missing checkpoints \[2\]"):
        load_task(tmp_path)


def test_sample_benchmark_loads():
    folders = sorted(p for p in (BENCH / "data").iterdir() if p.is_dir())
    assert len(folders) == 6
    for folder in folders:
        task = load_task(folder)
        assert task.viewport == Viewport(1280, 800) and task.steps
