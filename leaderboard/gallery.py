"""The evidence of one judged task, read from the engine's result: one frame per replay state.

Frame k is the page after k actions: the action that led there (with the element it chose, boxed
on the screenshot taken before it), the assertion's verdict, the screenshot, and the visual points
that compared state k with a checkpoint (as the official pairing does, state k is the one in which
action k + 1 is performed, and state 0 may be compared twice), their metrics and OCR texts, and
whether the scores count them (the first success_step + 1 points). Files are looked up only inside
the run's own result folder.
"""
from dataclasses import dataclass, field

from django.http import Http404

import media_sync
from judging.engine import result as outcome
from judging.engine.official import cut
from leaderboard import diffs

# Why a replay ended, as a reader needs it: the rule that stopped the count at that step.
STOP_RULES = {
    outcome.ACTION_NOT_FOUND: "no element on the page matches the step's description, so it cannot be performed",
    outcome.ACTION_FAILED: "the action could not be performed",
    outcome.ASSERTION_FAILED: "its assertion was judged No, and the count stops at the first No",
    outcome.TIMEOUT: "the page did not finish the action within the time limit",
    outcome.NAVIGATED_AWAY: "the page left its own address, which a rebuilt site must not do",
    outcome.CRASHED: "the page crashed",
    outcome.NO_ENTRY_PAGE: "the site has no index.html to open",
}


@dataclass
class Frame:
    state: int
    screenshot: str | None        # relative to the run's result folder
    step: dict | None             # the engine's StepTrace for action `state`; None for the page load
    before: str | None            # screenshot the action was chosen on
    points: list = field(default_factory=list)   # Point per checkpoint this state was compared with
    expected: int | None = None   # where the replay stopped: the checkpoint it was expected to match next

    @property
    def has_box(self):
        element = (self.step or {}).get("element") or {}
        return bool(self.before and element.get("box"))


@dataclass
class Point:
    index: int                    # position in the result's list of visual points (the heatmap's key)
    data: dict                    # the engine's VisualPoint
    counted: bool                 # among the first success_step + 1 points, which the scores average


def stop_step(result):
    """The engine's trace of the step that ended the replay, or None when every step was performed."""
    reason = result.get("stop_reason")
    if not reason or reason == outcome.COMPLETED:
        return None
    return next((s for s in result.get("steps") or [] if s.get("outcome") == reason), None)


def ended_by(result, total_steps=None):
    """One sentence naming the step that ended the replay and the rule that stopped it there."""
    reason = result.get("stop_reason")
    if not reason:
        return ""
    if reason == outcome.COMPLETED:
        return f"Completed: all {result.get('total_step', total_steps)} steps performed"
    rule = STOP_RULES.get(reason, reason)
    step = stop_step(result)
    detail = (step or {}).get("detail") or result.get("stop_detail") or ""
    if step is None:
        return f"{rule[:1].upper()}{rule[1:]}" + (f" ({detail})" if detail else "")
    what = f"Step {step['number']} of {result.get('total_step', total_steps)} ({step['action']}: {step['description']})"
    if reason == outcome.ASSERTION_FAILED and step.get("assertion"):
        detail = f"“{step['assertion']['text']}”"
    return f"{what}: {rule}" + (f" — {detail}" if detail else "")


def visual_points(result, checkpoints):
    """(compared and counted, the task's checkpoints): how many of its screens the scores rest on."""
    return len(cut(result.get("points") or [], result.get("success_step", 0))), checkpoints


def last_screenshot(result):
    """The screen the page showed when the replay ended (relative to the run's result folder)."""
    shots = result.get("screenshots") or []
    return shots[-1] if shots else None


@dataclass
class Screen:
    """What a run showed for one checkpoint: the visual point's screenshot, or, when the replay
    stopped before it, the screen the page showed then, with the reason."""
    point: dict | None
    screenshot: str | None      # relative to the run's result folder
    ended_by: str

    @property
    def reached(self):
        return self.point is not None


def screen_at(result, checkpoint, total_steps):
    point = next((p for p in result.get("points") or [] if p["checkpoint"] == checkpoint), None)
    return Screen(point, point["screenshot"] if point else last_screenshot(result), ended_by(result, total_steps))


def frames(result, checkpoints=None):
    """Every state of the replay; `checkpoints` (the task's count) lets the frame where the replay
    stopped name the checkpoint it was expected to match next."""
    shots = list(result.get("screenshots") or [])
    steps = {s["number"]: s for s in result.get("steps") or []}
    counted = result.get("success_step", 0) + 1
    points = {}
    for i, p in enumerate(result.get("points") or []):
        points.setdefault(p["state"], []).append(Point(index=i, data=p, counted=i < counted))
    count = max([len(shots) - 1, *steps, *points, 0])
    out = []
    for state in range(count + 1):
        step = steps.get(state)
        compared = points.get(state, [])
        shot = (step or {}).get("screenshot") or (compared[0].data["screenshot"] if compared else None) or \
            (shots[state] if state < len(shots) else None)
        out.append(Frame(state=state, screenshot=shot, step=step, points=compared,
                         before=shots[state - 1] if 0 < state <= len(shots) else None))
    stopped = stop_step(result)
    if stopped is not None and stopped["number"] < len(out):
        frame = out[stopped["number"]]
        named = ((stopped.get("assertion") or {}).get("detail") or {}).get("checkpoint")
        reached = visual_points(result, checkpoints)[0]
        frame.expected = named if named is not None else (reached if checkpoints and reached < checkpoints else None)
    return out


def run_folder(run):
    if not run.out_dir:
        raise Http404("This task has no judged result yet")
    return media_sync.local_tree(run.out_dir).resolve()


def run_file(run, relative):
    """A file of the run's result folder; anything outside it (.., absolute, links) is a 404."""
    folder = run_folder(run)
    path = (folder / relative).resolve()
    if not path.is_relative_to(folder) or not path.is_file():
        raise Http404("No such file in this result")
    return path


def _derived(run, name):
    return run_folder(run) / "gallery" / name


def heatmap_file(run, point_index):
    points = (run.result or {}).get("points") or []
    if not 0 <= point_index < len(points):
        raise Http404("No such visual point")
    point = points[point_index]
    truth = media_sync.cached_task_dir(run.task) / "checkpoints" / f"step_{point['checkpoint']}.png"
    if not truth.is_file():
        raise Http404("The checkpoint image is missing")
    return diffs.ensure_heatmap(truth, run_file(run, point["screenshot"]), _derived(run, f"diff_{point_index}.png"))


def boxed_file(run, state):
    frame = next((f for f in frames(run.result or {}) if f.state == state), None)
    if frame is None or not frame.has_box:
        raise Http404("No element was chosen at this step")
    element = frame.step["element"]
    return diffs.ensure_boxed(run_file(run, frame.before), element["box"], _derived(run, f"box_{state}.png"),
                              label=f"{element.get('role') or element.get('tag')}: {element.get('name', '')}"[:60])
