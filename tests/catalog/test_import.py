"""import_bench: the official layout in, rows and task folders out; bad input changes nothing."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tasks_catalog import importer
from tasks_catalog.models import ActionStep, Asset, Checkpoint, Task

REPO = Path(__file__).resolve().parents[2]


def snapshot(media_root):
    """Everything an import could change: rows and task files."""
    rows = [(t.task_id, t.updated_at, t.step_count, t.extra) for t in Task.objects.order_by("task_id")]
    counts = (ActionStep.objects.count(), Checkpoint.objects.count(), Asset.objects.count())
    root = Path(media_root) / "tasks"
    files = sorted((str(p.relative_to(root)), p.stat().st_mtime_ns) for p in root.rglob("*")) if root.exists() else []
    return rows, counts, files


@pytest.mark.django_db
def test_sample_benchmark_imports_in_the_official_layout(samples_copy, media_root, capsys):
    call_command("import_bench", str(samples_copy.root))
    out = capsys.readouterr().out
    assert "checked 6/6" in out and "prepared 6/6" in out and "6 task(s) created, 0 updated" in out

    assert Task.objects.count() == 6
    task = Task.objects.get(task_id="sample-cart")
    assert (task.resolution, task.domain, task.interaction_complexity) == ("1280x800", "E-commerce", "L4")
    assert task.source_website.startswith("Trailhead Outfitters")
    assert (task.step_count, task.assertion_count, task.checkpoint_count, task.asset_count) == (5, 5, 4, 6)
    steps = list(task.steps.all())
    assert [s.type for s in steps] == ["Click"] * 5
    assert [s.checkpoint_index for s in steps] == [1, None, None, 2, 3]
    assert steps[0].video_time is not None and steps[0].video_time < steps[1].video_time
    assert [c.index for c in task.checkpoints.all()] == [0, 1, 2, 3]
    assert task.checkpoints.get(index=2).step == steps[3]
    assert task.checkpoints.get(index=0).width == 1280
    # Recorded with the official reading (metadata.json says so): checkpoint j shows the state its
    # flagged step is performed in.
    assert task.checkpoint_reading == "before-action"
    assert [c.state for c in task.checkpoints.all()] == [0, 0, 3, 4]

    folder = task.directory()
    assert folder == Path(media_root) / "tasks" / "sample-cart"
    for name in ("video.mp4", "poster.jpg", "inputs.zip", "task.json", "metadata.json",
                 "checkpoints/step_3.png", "assets/asset006.png", "stitched_assets/stitched_image_1.png"):
        assert (folder / name).is_file(), name
    entry = json.loads((folder / "task.json").read_text())
    assert entry == next(e for e in samples_copy.entries() if e["id"] == "sample-cart")


@pytest.mark.django_db
def test_reimport_updates_in_place_and_keeps_unknown_fields(small_bench):
    importer.import_bench(small_bench.root)
    first = Task.objects.get(task_id="sample-tabs")

    def change(entry):
        entry["classification"]["domain"] = "Retail"
        entry["classification"]["region"] = "EU"
        entry["popularity"] = {"rank": 7}
        entry["action_sequence"][0]["parameters"]["element_index"] = 3
        entry["action_sequence"][0]["annotator"] = "a1"
        del entry["action_sequence"][-1]
    small_bench.edit("sample-tabs", change)
    report = importer.import_bench(small_bench.root)

    assert (report.created, sorted(report.updated)) == ([], ["sample-search", "sample-tabs"])
    assert Task.objects.count() == 2
    task = Task.objects.get(task_id="sample-tabs")
    assert task.pk == first.pk, "other apps point at the task; its row must survive a re-import"
    assert task.domain == "Retail" and task.step_count == 3
    assert task.steps.count() == 3 and ActionStep.objects.filter(task=task).count() == 3
    assert task.extra["popularity"] == {"rank": 7}
    assert task.extra["classification"] == {"region": "EU"}
    step = task.steps.get(index=1)
    assert step.parameters["element_index"] == 3 and step.extra == {"annotator": "a1"}
    given = next(e for e in small_bench.entries() if e["id"] == "sample-tabs")
    assert task.to_entry() == given
    assert json.loads((task.directory() / "task.json").read_text()) == given


def mangle(name):
    """Each bad input of the issue, as a change to a writable benchmark copy."""
    def edit_entry(change):
        return lambda samples_copy: samples_copy.edit("sample-search", change)

    def replace_line(samples_copy, text):
        lines = samples_copy.jsonl.read_text().splitlines()
        lines[1] = text
        samples_copy.jsonl.write_text("\n".join(lines) + "\n")

    return {
        "not json lines": lambda b: replace_line(b, '{"id": "sample-search", "action_sequence": ['),
        "json but not an object": lambda b: replace_line(b, '["sample-search"]'),
        "no id": edit_entry(lambda e: e.pop("id")),
        "unsafe id": edit_entry(lambda e: e.update(id="../escape")),
        "no action_sequence": edit_entry(lambda e: e.pop("action_sequence")),
        "unknown action type": edit_entry(lambda e: e["action_sequence"][2].update(type="Hover")),
        "type without text": edit_entry(lambda e: e["action_sequence"][0]["parameters"].pop("text")),
        "resolution not WxH": edit_entry(lambda e: e["recording_details"].update(resolution="1280 by 800")),
        "duplicate id": lambda b: b.write(b.entries() + [b.entries()[0]]),
        "video not a video": lambda b: (b.folder("sample-search") / "video.mp4").write_bytes(b"<html>not a video</html>"),
        "video missing": lambda b: (b.folder("sample-search") / "video.mp4").unlink(),
        "checkpoint missing": lambda b: (b.folder("sample-search") / "checkpoints" / "step_2.png").unlink(),
    }[name]


BAD_INPUTS = {
    "not json lines": r"data\.jsonl:2: not a JSON line",
    "json but not an object": r"data\.jsonl:2: a task must be a JSON object",
    "no id": r"data\.jsonl:2: the task has no `id`",
    "unsafe id": r"data\.jsonl:2: `id` '\.\./escape' is not a task id",
    "no action_sequence": r"data\.jsonl:2: task sample-search has no `action_sequence`",
    "unknown action type": r"data\.jsonl:2: task sample-search step 3: unknown action type 'Hover'",
    "type without text": r"step 1: a Type step needs `parameters.text`",
    "resolution not WxH": r"data\.jsonl:2: task sample-search: resolution '1280 by 800' is not WIDTHxHEIGHT",
    "duplicate id": r"data\.jsonl:3: task id sample-tabs repeats line 1",
    "video not a video": r"data/sample-search/video\.mp4: not a video",
    "video missing": r"data/sample-search/video\.mp4: video missing",
    "checkpoint missing": r"data/sample-search/checkpoints/step_2\.png: checkpoint missing",
}


@pytest.mark.django_db
@pytest.mark.parametrize("bad", BAD_INPUTS)
def test_bad_input_stops_with_a_specific_message_and_changes_nothing(small_bench, media_root, bad):
    importer.import_bench(small_bench.root)
    Task.objects.filter(task_id="sample-tabs").update(domain="Edited since import")
    before = snapshot(media_root)

    small_bench.edit("sample-tabs", lambda e: e["classification"].update(domain="Would change"))
    mangle(bad)(small_bench)
    with pytest.raises(CommandError, match=BAD_INPUTS[bad]) as failure:
        call_command("import_bench", str(small_bench.root), verbosity=0)
    assert str(failure.value).startswith("import failed, nothing changed: ")
    assert snapshot(media_root) == before
    assert Task.objects.get(task_id="sample-tabs").domain == "Edited since import"


@pytest.mark.django_db(transaction=True)
def test_failure_while_writing_rolls_back_rows_and_task_folders(small_bench, media_root, monkeypatch):
    importer.import_bench(small_bench.root)
    before = snapshot(media_root)
    small_bench.edit("sample-tabs", lambda e: e["classification"].update(domain="Half imported"))
    written = []
    real = importer.write_rows

    def fail_on_second(source, folder):
        if written:
            raise RuntimeError("disk full")
        written.append(source.task_id)
        return real(source, folder)
    monkeypatch.setattr(importer, "write_rows", fail_on_second)

    with pytest.raises(RuntimeError, match="disk full"):
        importer.import_bench(small_bench.root)
    assert written == ["sample-tabs"]
    assert snapshot(media_root) == before
    assert Task.objects.get(task_id="sample-tabs").domain == "E-commerce"
    assert not [p for p in (Path(media_root) / "tasks").iterdir() if p.name.startswith(".")]


@pytest.mark.django_db
def test_resolution_may_come_from_metadata_json(small_bench):
    small_bench.edit("sample-tabs", lambda e: e["recording_details"].pop("resolution"))
    importer.import_bench(small_bench.root)
    task = Task.objects.get(task_id="sample-tabs")
    assert task.resolution == "1280x800"
    assert json.loads((task.directory() / "task.json").read_text())["recording_details"]["resolution"] == "1280x800"


def test_missing_file_is_named(tmp_path):
    result = subprocess.run([sys.executable, "manage.py", "import_bench", str(tmp_path / "nowhere")],
                            cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert f"{tmp_path / 'nowhere' / 'data.jsonl'}: no such file" in result.stderr


@pytest.mark.django_db
def test_a_task_recorded_after_each_action_is_captioned_so(samples_copy, media_root):
    metadata = samples_copy.folder("sample-cart") / "metadata.json"
    data = json.loads(metadata.read_text())
    data["checkpoints"] = {"reading": "after-action", "states": [0, 1, 4, 5]}
    metadata.write_text(json.dumps(data))
    call_command("import_bench", str(samples_copy.root))
    task = Task.objects.get(task_id="sample-cart")
    assert task.checkpoint_reading == "after-action"
    assert [c.state for c in task.checkpoints.all()] == [0, 1, 4, 5]
    assert task.checkpoints.get(index=1).caption.startswith("the page after step 1: Click the 'Footwear'")
