"""The official pairing of screenshots with checkpoints (DESIGN.md, "Scoring"), as rules and on judged
hand-made tasks: point 0 is state 0; then, for each action i (0-based) until the first "No", flagged
and with a state i, state i (the page the action is performed in); lists cut to success_step + 1."""
import json

import pytest

from judging.engine import official
from judging.engine.result import ACTION_NOT_FOUND, ASSERTION_FAILED, COMPLETED

from .conftest import make_site

T, F = True, False
YES, NO, ERROR = official.YES, official.NO, official.ERROR


@pytest.mark.parametrize("flags, executed, verdicts, states, success", [
    ([T, F, T], 3, [None] * 3, [0, 0, 2], 3),
    ([F, T], 2, [None] * 2, [0, 1], 2),
    ([T], 1, [None], [0, 0], 1),
    # Action 2 fails to execute: state 1 exists (it is performed there), state 2 does not.
    ([T, T, T], 1, [YES, None, None], [0, 0, 1], 1),
    # The second action's assertion is "No": the count stops before it, and so does the pairing.
    ([T, T, T], 3, [YES, NO, YES], [0, 0], 1),
    # An "Error" verdict stops neither.
    ([T, T], 2, [ERROR, YES], [0, 0, 1], 2),
])
def test_pairing_and_count_follow_the_official_rules(flags, executed, verdicts, states, success):
    assert official.visual_point_states(flags, executed, verdicts) == states
    assert official.success_step(executed, verdicts) == success


def test_lists_are_cut_to_success_step_plus_one():
    assert official.cut([0.9, 0.8, 0.7, 0.6], 1) == [0.9, 0.8]
    assert official.cut([0.9], 3) == [0.9]


def test_each_reading_says_which_state_a_checkpoint_shows():
    assert official.checkpoint_states([T, F, T], official.BEFORE_ACTION) == [0, 0, 2]
    assert official.checkpoint_states([T, F, T], official.AFTER_ACTION) == [0, 1, 3]


def test_only_a_true_flag_pairs_a_step_with_the_next_checkpoint():
    sequence = [{"visual_evaluation_flag": True}, {}, {"visual_evaluation_flag": "true"},
                {"visual_evaluation_flag": True}]
    assert official.visual_flags(sequence) == [T, F, F, T]
    assert official.checkpoint_of(official.visual_flags(sequence)) == {1: 1, 4: 2}


def test_model_folder_is_named_as_the_official_tree_names_it():
    assert official.model_dir("Qwen/Qwen2.5-VL-72B") == "qwen__qwen2.5-vl-72b"


# A page with three buttons; each press shows a word and a colour band of its own.
PAGE = """<!doctype html><html><head><style>
body { margin: 0; font: 28px "DejaVu Sans", sans-serif; }
button { font: inherit; margin: 20px; padding: 10px 24px; }
#band { height: 120px; margin: 20px; } #word { margin: 20px; }
</style></head><body>
<button id="first">Alpha</button><button id="second">Bravo</button><button id="third">Charlie</button>
<div id="band"></div><p id="word">Nothing pressed yet</p>
<script>
const COLOURS = {first: "#d62828", second: "#2a9d8f", third: "#3a0ca3"};
for (const id of BROKEN_LIST) document.getElementById(id).remove();
for (const id of ["first", "second", "third"]) document.getElementById(id)?.addEventListener("click", () => {
  document.getElementById("band").style.background = COLOURS[id];
  document.getElementById("word").textContent = SAY[id];
});
const SAY = {first: "Alpha was pressed", second: "Bravo was pressed", third: "Charlie was pressed"};
</script></body></html>"""


def site(folder, broken=(), say=None):
    html = PAGE.replace("BROKEN_LIST", json.dumps(list(broken)))
    if say:
        html = html.replace('second: "Bravo was pressed"', f'second: "{say}"')
    return make_site(folder, html)


def spec(flags, asserted=()):
    names = {1: ("first", "Alpha"), 2: ("second", "Bravo"), 3: ("third", "Charlie")}
    steps = []
    for number, flag in enumerate(flags, 1):
        key, name = names[number]
        step = {"type": "Click", "selector": f"#{key}", "parameters": {"description": f"Click the '{name}' button"},
                "visual_evaluation_flag": flag}
        if number in asserted:
            step["logical_assertion"] = f"The page says '{name} was pressed'."
        steps.append(step)
    return {"id": "pairing", "recording_details": {"resolution": "800x500"}, "action_sequence": steps}


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """build_task on the page for a flag pattern, recorded with the official reading."""
    from tasks_catalog.authoring import build_task

    def make(flags, asserted=(), reading=official.OFFICIAL_READING):
        root = tmp_path_factory.mktemp("task")
        reference = site(root / "site")
        (root / "actions.json").write_text(json.dumps(spec(flags, asserted)))
        build_task(reference, root / "actions.json", root / "bench", pause=0.05, progress=lambda _m: None,
                   reading=reading)
        return root / "bench" / "data" / "pairing", reference
    return make


def paired(result):
    return [(p.state, p.checkpoint) for p in result.points]


@pytest.mark.browser
@pytest.mark.parametrize("flags, pairs", [
    ([T, F, T], [(0, 0), (0, 1), (2, 2)]),
    ([F, T], [(0, 0), (1, 1)]),
    ([T, T, T], [(0, 0), (0, 1), (1, 2), (2, 3)]),
])
def test_reference_site_scores_a_perfect_visual_score_under_the_pairing(judge, build, tmp_path, flags, pairs):
    task, reference = build(flags)
    result = judge.run(task, reference, tmp_path)
    assert (result.stop_reason, result.ifs) == (COMPLETED, 1.0)
    assert paired(result) == pairs
    assert all(p.ocr == 1.0 and p.image == pytest.approx(1.0) for p in result.points)
    assert result.lfs == pytest.approx(1.0) and result.vfs == pytest.approx(1.0)


@pytest.mark.browser
def test_flagged_action_that_cannot_be_executed_keeps_its_state_but_the_cut_drops_it(judge, build, tmp_path):
    task, _reference = build([T, T, T])
    result = judge.run(task, site(tmp_path / "site", broken=["second"]), tmp_path / "out")
    assert (result.stop_reason, result.success_step) == (ACTION_NOT_FOUND, 1)
    # Action 2 (index 1) is performed in state 1, which exists: paired, though the action then failed.
    assert paired(result) == [(0, 0), (0, 1), (1, 2)]
    counted = result.counted_points()
    assert [p.checkpoint for p in counted] == [0, 1]
    assert result.lfs == pytest.approx(sum((p.ocr + p.image) / 2 for p in counted) / 2)
    assert result.eval_dict()["all_ocr_scores"] == [p.ocr for p in result.points]  # eval.json lists them uncut
    assert result.ifs == pytest.approx(1 / 3)


@pytest.mark.browser
def test_stop_at_a_no_ends_the_pairing_before_the_action_judged_false(judge, build, tmp_path):
    task, _reference = build([T, T, T], asserted=(1, 2, 3))
    result = judge.run(task, site(tmp_path / "site", say="Something else happened"), tmp_path / "out")
    assert [s.assertion.result for s in result.steps] == [YES, NO, YES]
    assert (result.stop_reason, result.success_step, result.ifs) == (ASSERTION_FAILED, 1, pytest.approx(1 / 3))
    assert paired(result) == [(0, 0), (0, 1)]
    assert result.lfs == pytest.approx(sum((p.ocr + p.image) / 2 for p in result.points) / 2)
    assert len(result.screenshots) == 4  # the replay went on to the end, as the official one does


@pytest.mark.browser
@pytest.mark.parametrize("reading", official.READINGS)
@pytest.mark.parametrize("flags", [[T, F, T], [F, T, T]])
def test_offline_verdicts_do_not_depend_on_the_reading_the_checkpoints_were_recorded_in(judge, build, tmp_path,
                                                                                       reading, flags):
    """Recorded either way, and with the recording's note of it removed (as in the published data),
    the reference passes and a page whose second button says something else fails at step 2."""
    task, reference = build(flags, asserted=(1, 2, 3), reading=reading)
    metadata = json.loads((task / "metadata.json").read_text())
    del metadata["checkpoints"]
    (task / "metadata.json").write_text(json.dumps(metadata))
    good = judge.run(task, reference, tmp_path / "good")
    assert (good.stop_reason, good.ifs) == (COMPLETED, 1.0), good.stop_detail
    assert {s.assertion.detail["reading"] for s in good.steps} == {reading}
    bad = judge.run(task, site(tmp_path / "site", say="Something else happened"), tmp_path / "bad")
    assert (bad.stop_reason, bad.success_step) == (ASSERTION_FAILED, 1)
