"""What a judgment returns: plain dataclasses that turn into JSON with `to_dict()`."""
from dataclasses import asdict, dataclass, field

from .official import cut

# Why a replay ended. Site faults are prefixed "site:".
COMPLETED = "completed"
ACTION_NOT_FOUND = "site:action-not-found"
ACTION_FAILED = "site:action-failed"
ASSERTION_FAILED = "site:assertion-failed"
TIMEOUT = "site:timeout"
NAVIGATED_AWAY = "site:navigated-away"
CRASHED = "site:crashed"
MEMORY = "site:memory"
NO_ENTRY_PAGE = "site:no-entry-page"
# The outcome of a step executed after an earlier step's assertion was judged "No": the official
# evaluation goes on acting, but counts nothing from there.
AFTER_STOP = "after-stop"


@dataclass
class Element:
    index: int
    tag: str
    role: str
    name: str
    box: dict
    score: float | None = None


@dataclass
class Assertion:
    text: str
    result: str | None            # "Yes", "No" or "Error" (an unreadable answer: it does not stop); None: not judged
    backend: str
    detail: dict = field(default_factory=dict)


@dataclass
class StepTrace:
    number: int
    action: str
    description: str
    outcome: str                  # "ok", or the stop reason that ended the replay at this step
    element: Element | None = None
    detail: str = ""
    screenshot: str | None = None
    assertion: Assertion | None = None
    timings_ms: dict = field(default_factory=dict)


@dataclass
class VisualPoint:
    state: int                    # the page after `state` actions: the state in which flagged action `state` + 1 is performed
    checkpoint: int               # j of checkpoints/step_<j>.png
    screenshot: str
    ocr: float
    image: float
    mllm: float | None            # 0-100 rubric score, None when no MLLM judged
    ocr_text: str
    checkpoint_text: str
    mllm_response: str | None = None


@dataclass
class TaskResult:
    task_id: str
    protocol: str
    backends: dict
    versions: dict
    viewport: str
    total_step: int
    success_step: int
    stop_reason: str
    stop_detail: str
    steps: list
    points: list                  # every visual point of the official pairing, uncut (as eval.json lists them)
    screenshots: list
    ifs: float
    lfs: float
    hfs: float | None
    vfs: float
    final: float
    hfs_note: str
    blocked_requests: dict        # URL -> count
    console_errors: list
    dialogs: list
    popups_closed: int
    timings_ms: dict

    def to_dict(self):
        return asdict(self)

    def counted_points(self):
        """The visual points the scores average: the first success_step + 1 (the official cut)."""
        return cut(self.points, self.success_step)

    def eval_dict(self):
        """The official evaluation's eval.json, key for key. Paths are relative to the model's folder of
        the official result/ tree (`evalpoints/<k>.png`); lists and their means are uncut, as there:
        the cut to success_step + 1 points happens when the reports are aggregated."""
        ocr = [p.ocr for p in self.points]
        image = [p.image for p in self.points]
        mllm = [p.mllm / 100 for p in self.points if p.mllm is not None]
        means = lambda xs: sum(xs) / len(xs) if xs else 0  # noqa: E731
        avg = [(m + d + o) / 3 for m, d, o in zip(mllm, image, ocr)] if mllm and image and ocr else []
        by_number = {s.number: s for s in self.steps}

        def assertion_entry(number):
            step = by_number.get(number)
            if step is None or step.assertion is None or step.assertion.result is None:
                return None
            a = step.assertion
            return {"result": a.result, "prev_img_path": f"evalpoints/{number - 1}.png",
                    "curr_img_path": f"evalpoints/{number}.png", "response": a.detail.get("response", ""),
                    "assertion": a.text, "thinking": a.detail.get("thinking", "")}

        return {
            "total_step": self.total_step,
            "success_step": self.success_step,
            "screenshot_paths_to_eval": [f"evalpoints/{p.state}.png" for p in self.points],
            "all_mllm_scores": mllm,
            "all_dino_scores": image,
            "all_ocr_scores": ocr,
            "all_avg_scores": avg,
            "mllm_score": means(mllm),
            "dino_score": means(image),
            "ocr_score": means(ocr),
            "avg_score": means(avg),
            "all_mllm_res": [p.mllm_response for p in self.points if p.mllm_response is not None],
            "all_ocr_texts": [{"checkpoint_text": p.checkpoint_text, "screenshot_text": p.ocr_text,
                               "similarity": p.ocr} for p in self.points],
            "assertion_results": [assertion_entry(number) for number in range(1, self.total_step + 1)],
        }
