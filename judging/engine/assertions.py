"""Was a step's logical assertion met? Judged from the states before and after the action.

offline: where the step has a checkpoint, three things must hold.
- The action moved the page toward the checkpoint. This is read from the words it changed,
  because a rebuilt page rarely looks like the original pixel for pixel, yet a tab that opens
  shows the checkpoint's words. Words are counted: a second "Ridge Hiking Boots" in a cart panel
  is a change, and a wrong product added moves its words away from the checkpoint's counts. Most
  of the words that appeared or vanished must have moved toward the checkpoint's count. Words the
  page and the checkpoint never share (text in a logo, a paraphrase) count the same before and
  after, so they never weigh. If no word changed but their order did (a sort), the order must have
  come closer to the checkpoint's; if neither changed (a tick), the screenshot must be more
  similar to the checkpoint than before.
- The new state is at least `threshold` close to the checkpoint (closeness: half image
  similarity, half overlap of the words seen in the viewport with the checkpoint's OCR words).
- Every number the assertion names and the checkpoint shows is on the page: prices, counts and
  totals are what assertions check, and rebuilt pages copy them verbatim where they paraphrase
  words ("Specs" for "Specifications"). So are the words the user typed earlier in the task, which
  a page echoes whoever wrote it ("Thanks, Ana Silva!"); other words need not be.
Elsewhere something observable must have changed: DOM mutation, URL, scroll position or pixels.
llm: a vision model answers Yes/No shown both screenshots, as the official evaluation does.
"""
import bisect
import re
from collections import Counter
from dataclasses import dataclass

from .result import Assertion

WORD = re.compile(r"[a-z0-9]+")
# Numbers apart from the letters around them ("40h", "265g"); "$5,000" and "$5000" are one number.
NUMBER = re.compile(r"\d+")
THOUSANDS = re.compile(r"(?<=\d)[,.](?=\d{3}(?!\d))")


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


class _Checkpoint:
    """The checkpoint's OCR words. OCR glues words ("CanI"), so a longer word it never read alone
    counts as many times as it occurs in the text with the spaces taken out."""

    def __init__(self, text):
        self.words = _words(text)
        self.compact = re.sub(r"\s+", "", text.lower())

    def count(self, word):
        return self.words[word] or (self.compact.count(word) if len(word) >= 4 else 0)


def text_direction(truth_text, before_text, after_text):
    """(verdict or None when no word changed, detail): did most changed words move toward the checkpoint?"""
    truth, before, after = _Checkpoint(truth_text), _words(before_text), _words(after_text)
    toward = away = 0
    for word in before.keys() | after.keys():
        b, a = before[word], after[word]
        if a != b:
            t = truth.count(word)
            # One unit at a time from b to a: a unit is toward when it brings the count closer to t.
            closer = (abs(t - b) - abs(t - a) + abs(a - b)) // 2
            toward, away = toward + closer, away + abs(a - b) - closer
    if toward + away == 0:
        return None, {}
    share = toward / (toward + away)
    return share >= 0.5, {"words_toward": toward, "words_away": away}


def _once(words):
    return {w for w, n in Counter(words).items() if n == 1}


def _concordance(truth, page):
    """Of the pairs of words found once in each text, the share the page puts in the checkpoint's order."""
    shared = _once(truth) & _once(page)
    place = {w: i for i, w in enumerate(truth) if w in shared}
    seen, agreeing = [], 0
    for rank in (place[w] for w in page if w in shared):
        agreeing += bisect.bisect_left(seen, rank)  # the words before it on the page that precede it in the checkpoint
        bisect.insort(seen, rank)
    pairs = len(seen) * (len(seen) - 1) // 2
    return agreeing / pairs if pairs else None


def order_direction(truth_text, before_text, after_text):
    """(verdict or None when the order did not change, detail), for steps that only reorder (a sort)."""
    truth, before, after = ([w for w in WORD.findall(t.lower()) if len(w) > 1 or w.isdigit()]
                            for t in (truth_text, before_text, after_text))
    was, now = _concordance(truth, before), _concordance(truth, after)
    if was is None or now is None or was == now:
        return None, {}
    return now > was, {"order_before": round(was, 4), "order_after": round(now, 4)}


def _numbers(text):
    return set(NUMBER.findall(THOUSANDS.sub("", text)))


def missing_numbers(assertion, truth_text, after_text):
    """The numbers the assertion names and the checkpoint shows that the page does not show."""
    return sorted((_numbers(assertion) & _numbers(truth_text)) - _numbers(after_text), key=int)


def missing_typed(assertion, typed, truth_text, after_text):
    """Words the user typed that the assertion names and the checkpoint shows, but the page does not:
    a page echoes what was typed into it (a greeting, a search heading) whoever wrote it, so a rebuild
    may reword its labels but not this ("Thanks, traveller!" for "Thanks, Ana Silva!")."""
    named, shown, truth = _words(assertion), _words(after_text), _Checkpoint(truth_text)
    return sorted(w for w in _words(typed) if named[w] and truth.count(w) and not shown[w])


def closeness(similarity, truth, state):
    return 0.5 * similarity.compare(truth.image, state.image) + 0.5 * word_overlap(truth.text, state.text)


def offline(text, change, similarity=None, threshold=None, truth=None, previous=None, current=None, typed=""):
    facts = {"dom": change.dom, "url": change.url, "scroll": change.scroll, "pixels": change.pixels}
    if truth is None:
        return Assertion(text=text, verdict=change.any(), backend="offline", detail={"rule": "observable change", **facts})
    before, after = closeness(similarity, truth, previous), closeness(similarity, truth, current)
    toward, detail = text_direction(truth.text, previous.text, current.text)
    if toward is None:
        toward, detail = order_direction(truth.text, previous.text, current.text)
    if toward is None:
        toward = similarity.compare(truth.image, current.image) > similarity.compare(truth.image, previous.image)
    missing = missing_numbers(text, truth.text, current.text)
    unechoed = missing_typed(text, typed, truth.text, current.text)
    return Assertion(text=text, verdict=toward and after >= threshold and not missing and not unechoed,
                     backend="offline",
                     detail={"rule": "toward checkpoint", "before": round(before, 4), "after": round(after, 4),
                             "threshold": threshold, "toward": toward, "numbers_missing": missing,
                             "typed_missing": unechoed, **detail, **facts})


def llm(chat, text, previous_png, current_png):
    verdict, thinking, raw = chat.assertion(text, previous_png, current_png)
    return Assertion(text=text, verdict=verdict, backend="llm", detail={"thinking": thinking, "response": raw})
