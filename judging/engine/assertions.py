"""Was a step's logical assertion met? Judged from the states before and after the action.

offline: where the step has a checkpoint, the new state must have moved toward the checkpoint and
be at least `threshold` close to it (closeness: half image similarity, half overlap of the words
seen in the viewport with the checkpoint's OCR words). "Moved toward" is read from the words the
action changed, because a rebuilt page rarely looks like the original pixel for pixel, yet a tab
that opens shows the checkpoint's words: most words that appeared must be in the checkpoint; if
words only disappeared, most of them must be absent from it; if no word changed (a reordering, a
tick), the screenshot must be more similar to the checkpoint than before. Elsewhere something
observable must have changed: DOM mutation, URL, scroll position or pixels.
llm: a vision model answers Yes/No shown both screenshots, as the official evaluation does.
"""
import re
from collections import Counter
from dataclasses import dataclass

from .result import Assertion

WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class State:
    """What the page showed at one moment, as probed by js/probe.js and the scroll reading."""
    mutations: int
    url: str
    scroll: list
    text: str


@dataclass(frozen=True)
class Change:
    dom: bool
    url: bool
    scroll: bool
    pixels: bool

    @classmethod
    def between(cls, before, after, pixels_differ):
        return cls(dom=after.mutations != before.mutations, url=after.url != before.url,
                   scroll=after.scroll != before.scroll, pixels=pixels_differ)

    def any(self):
        return self.dom or self.url or self.scroll or self.pixels


@dataclass(frozen=True)
class Evidence:
    image: object      # prepared by the similarity in use
    text: str


def word_overlap(text_a, text_b):
    """Dice coefficient of the two texts' word multisets: order-free, as layouts differ."""
    a, b = Counter(WORD.findall(text_a.lower())), Counter(WORD.findall(text_b.lower()))
    total = sum(a.values()) + sum(b.values())
    return 2 * sum((a & b).values()) / total if total else 1.0


def _words(text):
    return Counter(w for w in WORD.findall(text.lower()) if len(w) > 1 or w.isdigit())


def text_direction(truth_text, before_text, after_text):
    """(verdict or None when no word changed, detail). OCR glues words ("CanI"), so a word counts as
    shown in the checkpoint when it occurs in its text with the spaces taken out."""
    before, after = _words(before_text), _words(after_text)
    compact = re.sub(r"\s+", "", truth_text.lower())
    appeared, vanished = list((after - before).elements()), list((before - after).elements())
    if appeared:
        share = sum(w in compact for w in appeared) / len(appeared)
        return share >= 0.5, {"appeared": len(appeared), "appeared_in_checkpoint": round(share, 4)}
    if vanished:
        share = sum(w in compact for w in vanished) / len(vanished)
        return share <= 0.5, {"vanished": len(vanished), "vanished_in_checkpoint": round(share, 4)}
    return None, {}


def closeness(similarity, truth, state):
    return 0.5 * similarity.compare(truth.image, state.image) + 0.5 * word_overlap(truth.text, state.text)


def offline(text, change, similarity=None, threshold=None, truth=None, previous=None, current=None):
    facts = {"dom": change.dom, "url": change.url, "scroll": change.scroll, "pixels": change.pixels}
    if truth is None:
        return Assertion(text=text, verdict=change.any(), backend="offline", detail={"rule": "observable change", **facts})
    before, after = closeness(similarity, truth, previous), closeness(similarity, truth, current)
    toward, words = text_direction(truth.text, previous.text, current.text)
    if toward is None:
        toward = similarity.compare(truth.image, current.image) > similarity.compare(truth.image, previous.image)
    return Assertion(text=text, verdict=toward and after >= threshold, backend="offline",
                     detail={"rule": "toward checkpoint", "before": round(before, 4), "after": round(after, 4),
                             "threshold": threshold, **words, **facts})


def llm(chat, text, previous_png, current_png):
    verdict, thinking, raw = chat.assertion(text, previous_png, current_png)
    return Assertion(text=text, verdict=verdict, backend="llm", detail={"thinking": thinking, "response": raw})
