"""A stored result reads back as the engine wrote it, and a partial or empty one with empty values."""
from judging.engine.result import TaskResult


def test_a_stored_result_reads_back_with_empty_values_for_what_it_lacks():
    result = TaskResult.from_dict({
        "stop_reason": "completed", "points": [{"state": 0, "checkpoint": 0, "ocr": 1.0}],
        "steps": [{"number": 1, "action": "Click", "description": "the link", "outcome": "ok",
                   "element": {"index": 0, "tag": "a", "role": "link", "name": "Go", "box": {"x": 1}}}]})
    step, point = result.steps[0], result.points[0]
    assert (step.element.name, step.element.box, step.element.score, step.assertion) == ("Go", {"x": 1}, None, None)
    assert (point.ocr, point.screenshot, point.mllm) == (1.0, "", None)
    assert (result.success_step, result.screenshots, result.backends, result.hfs) == (0, [], {}, None)


def test_a_run_not_judged_yet_reads_as_an_empty_result():
    for stored in ({}, None):
        result = TaskResult.from_dict(stored)
        assert (result.steps, result.points, result.stop_reason, result.counted_points()) == ([], [], "", [])
