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

from judging import media_sync
from leaderboard import diffs


@dataclass
class Frame:
    state: int
    screenshot: str | None        # relative to the run's result folder
    step: dict | None             # the engine's StepTrace for action `state`; None for the page load
    before: str | None            # screenshot the action was chosen on
    points: list = field(default_factory=list)   # Point per checkpoint this state was compared with

    @property
    def has_box(self):
        element = (self.step or {}).get("element") or {}
        return bool(self.before and element.get("box"))


@dataclass
class Point:
    index: int                    # position in the result's list of visual points (the heatmap's key)
    data: dict                    # the engine's VisualPoint
    counted: bool                 # among the first success_step + 1 points, which the scores average


def frames(result):
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
