"""Was a step's logical assertion met? Judged from the states before and after the action.

offline: where the step has a checkpoint, the new state must be closer to the checkpoint than the
previous state and at least `threshold` similar to it; elsewhere something observable must have
changed (DOM mutation, URL, scroll position or pixels).
llm: a vision model answers Yes/No shown both screenshots, as the official evaluation does.
"""
from dataclasses import asdict, dataclass

from .result import Assertion


@dataclass(frozen=True)
class Change:
    dom: bool
    url: bool
    scroll: bool
    pixels: bool

    def any(self):
        return self.dom or self.url or self.scroll or self.pixels


def offline(text, change, similarity=None, previous=None, current=None, checkpoint=None, threshold=None):
    """`previous`, `current`, `checkpoint` are images already `prepare`d by `similarity`."""
    if checkpoint is None:
        return Assertion(text=text, verdict=change.any(), backend="offline",
                         detail={"rule": "observable change", **asdict(change)})
    before = similarity.compare(checkpoint, previous)
    after = similarity.compare(checkpoint, current)
    return Assertion(text=text, verdict=after > before and after >= threshold, backend="offline",
                     detail={"rule": "closer to checkpoint", "before": round(before, 4), "after": round(after, 4),
                             "threshold": threshold, **asdict(change)})


def llm(chat, text, previous_png, current_png):
    verdict, thinking, raw = chat.assertion(text, previous_png, current_png)
    return Assertion(text=text, verdict=verdict, backend="llm", detail={"thinking": thinking, "response": raw})
