"""build_task records a reference site into the official layout; built once per module."""
import json
import re
import subprocess
from concurrent.futures import ProcessPoolExecutor

import pytest
from django.core.management import CommandError, call_command
from PIL import Image

from tasks_catalog.authoring import upsert_jsonl
from tasks_catalog.bench import read_bench

SITE = """<!doctype html><html><head><style>
body { margin: 0; font-family: "DejaVu Sans", sans-serif; background: #fff; }
body.done { background: rgb(200, 30, 30); }
</style></head><body>
<img src="__PLACEHOLDER_ASSETS_BASE_DIR__/asset001.png" alt="logo" width="40" height="40">
<input id="who" aria-label="Name"><button id="go" onclick="document.body.classList.add('done')">Go</button>
<p id="out"></p>
<script>document.getElementById('who').addEventListener('keydown', e => {
  if (e.key === 'Enter') document.getElementById('out').textContent = 'Hello ' + e.target.value; });</script>
</body></html>"""

SPEC = {
    "id": "tiny",
    "source_website": "Tiny test page",
    "classification": {"domain": "Testing"},
    "recording_details": {"resolution": "400x300"},
    "reviewer": "kept as given",
    "action_sequence": [
        {"type": "Type", "selector": "#who", "parameters": {"description": "Type 'Ada' into the Name box", "text": "Ada"},
         "logical_assertion": "The Name box shows Ada."},
        {"type": "Press", "parameters": {"description": "Press Enter", "key": "Enter"},
         "logical_assertion": "The page greets Ada.", "visual_evaluation_flag": True},
        {"type": "Click", "selector": "#go", "parameters": {"description": "Click the 'Go' button"},
         "visual_evaluation_flag": True},
    ],
}


def make_site(folder, spec=SPEC):
    (folder / "assets").mkdir(parents=True)
    Image.new("RGB", (40, 40), (20, 90, 200)).save(folder / "assets" / "asset001.png")
    (folder / "index.html").write_text(SITE)
    (folder / "actions.json").write_text(json.dumps(spec))
    return folder


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    site = make_site(tmp_path_factory.mktemp("site"))
    out = tmp_path_factory.mktemp("out")
    call_command("build_task", str(site), str(site / "actions.json"), str(out), pause=0.2)
    return out


@pytest.fixture(scope="module")
def built_after(tmp_path_factory):
    site = make_site(tmp_path_factory.mktemp("site"))
    out = tmp_path_factory.mktemp("out")
    call_command("build_task", str(site), str(site / "actions.json"), str(out), pause=0.2, reading="after-action")
    return out


def red(path):
    with Image.open(path) as image:
        return image.getpixel((390, 290))[:3] == (200, 30, 30)


@pytest.mark.browser
def test_writes_the_official_layout(built):
    folder = built / "data" / "tiny"
    names = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
    assert names == ["assets/asset001.png", "checkpoints/step_0.png", "checkpoints/step_1.png",
                     "checkpoints/step_2.png", "metadata.json", "stitched_assets/stitched_image_1.png", "video.mp4"]
    [source] = read_bench(built)  # what import_bench accepts
    assert source.video["codec"] == "h264" and (source.video["width"], source.video["height"]) == (400, 300)
    assert source.video["duration"] > 1


@pytest.mark.browser
def test_entry_is_the_spec_without_authoring_keys(built):
    [line] = (built / "data.jsonl").read_text().splitlines()
    entry = json.loads(line)
    expected = json.loads(json.dumps(SPEC))
    for step in expected["action_sequence"]:
        step.pop("selector", None)
    assert entry == expected


@pytest.mark.browser
def test_checkpoints_show_the_state_each_flagged_step_is_performed_in(built):
    """The official pairing: checkpoint j is the page as the j-th flagged step (Press, then Click Go)
    finds it, so a reference site compared that way scores a perfect visual score."""
    checkpoints = built / "data" / "tiny" / "checkpoints"
    with Image.open(checkpoints / "step_0.png") as first:
        assert first.size == (400, 300)
    assert [red(checkpoints / f"step_{j}.png") for j in range(3)] == [False, False, False]
    metadata = json.loads((built / "data" / "tiny" / "metadata.json").read_text())
    assert metadata["recording_details"]["resolution"] == "400x300"
    assert [s["step"] for s in metadata["steps"]] == [1, 2, 3]
    assert metadata["checkpoints"] == {"reading": "before-action", "states": [0, 1, 2]}


@pytest.mark.browser
def test_checkpoints_can_be_recorded_after_each_flagged_step(built_after):
    checkpoints = built_after / "data" / "tiny" / "checkpoints"
    assert [red(checkpoints / f"step_{j}.png") for j in range(3)] == [False, False, True]
    metadata = json.loads((built_after / "data" / "tiny" / "metadata.json").read_text())
    assert metadata["checkpoints"] == {"reading": "after-action", "states": [0, 2, 3]}


@pytest.mark.browser
def test_video_shows_the_interaction(built):
    """The last frame of the video has the red page the Click produced."""
    frame = subprocess.run(["ffmpeg", "-loglevel", "error", "-sseof", "-0.3", "-i", str(built / "data/tiny/video.mp4"),
                            "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                           capture_output=True, check=True).stdout
    r, g, b = frame[-3 * 5:-3 * 4]
    assert r > 170 and g < 70 and b < 70


@pytest.mark.parametrize("change, message", [
    (lambda s: s["action_sequence"][0].update(type="Hover"), "unknown action type 'Hover'"),
    (lambda s: s["action_sequence"][2].pop("selector"), "step 3 (Click) needs a `selector`"),
    (lambda s: s["recording_details"].pop("resolution"), "set recording_details.resolution"),
    (lambda s: s["recording_details"].update(resolution="big"), "resolution 'big' is not WIDTHxHEIGHT"),
    (lambda s: s["action_sequence"].append({"type": "Scroll", "parameters": {"description": "Scroll up", "direction": "up"}}),
     "step 4 scrolls 'up', but an iwr-v1 Scroll always moves the window half a viewport down"),
])
def test_bad_action_file_is_refused_before_recording(tmp_path, change, message):
    spec = json.loads(json.dumps(SPEC))
    change(spec)
    site = make_site(tmp_path / "site", spec)
    with pytest.raises(CommandError, match=re.escape(message)):
        call_command("build_task", str(site), str(site / "actions.json"), str(tmp_path / "out"))
    assert not (tmp_path / "out").exists()


@pytest.mark.browser
def test_selector_that_matches_nothing_stops_and_leaves_out_dir_alone(tmp_path):
    spec = json.loads(json.dumps(SPEC))
    spec["action_sequence"][2]["selector"] = "#missing"
    site = make_site(tmp_path / "site", spec)
    out = tmp_path / "out"
    (out / "data").mkdir(parents=True)
    (out / "data.jsonl").write_text('{"id": "other"}\n')
    with pytest.raises(CommandError, match=re.escape("""step 3 ("Click the 'Go' button"): selector '#missing' matches 0 elements""")):
        call_command("build_task", str(site), str(site / "actions.json"), str(out), pause=0.1)
    assert (out / "data.jsonl").read_text() == '{"id": "other"}\n'
    assert list((out / "data").iterdir()) == []


@pytest.mark.browser
def test_scroll_the_reference_itself_would_fail_is_refused_naming_the_step(tmp_path):
    """The page is no taller than the viewport: the window cannot move down, so the judge would fail
    the reference site on this step."""
    spec = json.loads(json.dumps(SPEC))
    spec["action_sequence"].insert(1, {"type": "Scroll", "parameters": {"description": "Scroll down to the footer",
                                                                        "direction": "down"}})
    site = make_site(tmp_path / "site", spec)
    with pytest.raises(CommandError, match=re.escape("step 2 ('Scroll down to the footer'): the window moved 0 px")):
        call_command("build_task", str(site), str(site / "actions.json"), str(tmp_path / "out"), pause=0.1)


def test_upsert_replaces_the_line_with_the_same_id(tmp_path):
    path = tmp_path / "data.jsonl"
    upsert_jsonl(path, {"id": 1, "v": "a"})
    upsert_jsonl(path, {"id": "2", "v": "b"})
    upsert_jsonl(path, {"id": "1", "v": "c"})
    assert [json.loads(line) for line in path.read_text().splitlines()] == [{"id": "1", "v": "c"}, {"id": "2", "v": "b"}]


def _upsert_many(path, first):
    for n in range(first, first + 60):
        upsert_jsonl(path, {"id": n})


def test_upserts_from_builds_running_at_once_each_keep_their_line(tmp_path):
    path = tmp_path / "data.jsonl"
    with ProcessPoolExecutor(max_workers=2) as pool:
        list(pool.map(_upsert_many, [path, path], [0, 1000]))
    assert sorted(json.loads(line)["id"] for line in path.read_text().splitlines()) == [*range(60), *range(1000, 1060)]
