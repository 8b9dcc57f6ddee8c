"""Offline grounding: which element of the page an action description means, with no model.

A person told "the fourth star in the rating row" looks for the things on the page that are what the
description says (its words, its kind, its colour), then tells them apart by where they are. So:

1. Fit. Text evidence is fuzzy matching of the description's words against each candidate's name,
   text, placeholder, label, title, alt and id/class words, quoted words first (js/candidates.js
   lists the candidates); a word for a kind of content ("percentage", "time", "price", "count")
   matches a text of that kind. Kind words ("star", "trash icon", "swatch", "toggle", "card") fit by
   what the element shows (kinds.py); colour words by its own pixels in the screenshot (colours.py;
   decoded only when a colour word is used). The candidates that fit as well as the best one does
   are the ones meant; none that fits means nothing matches. A colour chooses among them, and is set
   aside when none has it but the words name the element (a page restyled in another theme); so does
   "outline" or "filled". Words no text says name the element by its look when the rest still names
   it ("the star outline", "the wide blue button"; "the headline", "the company name": a heading).
2. One thing counts once: a drawing or text inside a clickable element that shows nothing more is
   that element; of nested fits the likelier stays; of a container and several fits in it, the level
   that repeats is counted (cards, not their parts). What another layer covers is not seen.
3. Landmarks (phrases.py): a quoted or named text, or a container named by its kind ("the banner",
   "the rating row"), places the target by its relation to it (layout.py): in the same row, card or
   banner; to the right of it, under it, next to it. A missing text leaves the candidates apart (the
   step fails); a missing container named only by its kind is set aside.
4. Order and position: ordinal words count the fitting elements that share a row, column or grid
   with each other, in reading order ("the second star from the right" from the other end; "the
   third card of the bottom row" in that row); when the landmark's own items cannot be counted ("the
   circle beside the second step"), the targets are, one per item: the boxes each target is the only
   one of, in their longest run ("the headline of the third story"); such boxes are also the cards
   of "the bottom-right card" when nothing is called a card. Position words pick the one furthest
   that way within the series most of them form ("the bottom-right cell"); size words the widest,
   tallest, largest or smallest of those left.
5. What is left is told apart by what a user would act on (interactive, visible, enabled, on top),
   document order breaking ties, so the choice is reproducible. When nothing is found, the asides of
   the description ("..., the third key of the top row") are tried.
"""
import copy
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, replace

from rapidfuzz import fuzz

from . import colours, drawings, kinds, layout, recording
from .phrases import TEXT_ROLES, WORD, Description, by_kind_alone  # noqa: F401  (Description: what callers parse a step into)

MIN_EVIDENCE = 0.3
# A landmark is on the page when a text there says at least half of it: a weaker likeness is not
# the text a description places its target by.
LANDMARK_EVIDENCE = 0.5
# A quoted label is on the page when a text says it at least this well ("Book Your Tour!" for 'Book
# your tour'); 'Select' is not said by "Search".
QUOTED_EVIDENCE = 0.8
REWORDED = 0.8          # a label said in other words is less surely named than one said as it is
OVERLAID = 4            # a box drawn over another is a quarter of its size at most
ENDINGS = {"s", "es", "ed", "d", "ing", "er", "ers", "est", "ion", "ions"}
SIDE_OF = {"left": "left", "right": "right", "up": "top", "down": "bottom"}
TEXT_TOLERANCE = 0.1    # candidates named this much less well than the best are named as well
MOSTLY = 0.5            # "mostly of that colour"
CONSIDERED = 5          # candidates listed when nothing matches
SAME_PLACE = 8          # px: a spot this near the recorded point is where the recording clicked
CURSOR_SLACK = 3        # px: a recorded cursor's tip is read back a pixel or two off what it clicked
MOVED_LOOK = 0.97       # a look found elsewhere than recorded is the same picture from this likeness on
SIZE_TOLERANCE = 0.9    # "the wide button": as wide as the widest, within a tenth
TAB_WORDS = 3           # a tab's label is a few words at most
SENTENCE_WORDS = 8      # a text of more words says something about things rather than names one
# Container words a landmark noun accepts ("the banner": a <header>, role banner, class "hero"...).
REGION_NAMES = {
    "banner": {"banner", "hero", "header", "masthead", "jumbotron"},
    "header": {"header", "banner", "masthead", "topbar", "navbar"},
    "footer": {"footer", "contentinfo"},
    "sidebar": {"sidebar", "aside", "complementary", "side", "sidenav", "nav", "navigation", "menu", "rail"},
    "nav": {"nav", "navbar", "navigation", "menu"}, "navbar": {"nav", "navbar", "navigation", "topbar"},
    "navigation": {"nav", "navbar", "navigation"}, "menu": {"menu", "menubar", "dropdown", "nav"},
    "toolbar": {"toolbar", "tools", "bar", "controls", "actions", "buttons", "icons"},
    "bar": {"bar", "toolbar", "navbar", "topbar", "header", "footer", "player", "controls"},
    "dialog": {"dialog", "alertdialog", "modal", "popup", "overlay", "lightbox"},
    "modal": {"dialog", "alertdialog", "modal", "popup", "overlay"}, "popup": {"dialog", "modal", "popup", "popover"},
    # "the compose window": what opens over the page, whatever its markup calls it.
    "window": {"window", "dialog", "alertdialog", "modal", "popup", "popover", "overlay", "drawer", "panel", "sheet"},
    "grid": {"grid", "table"}, "table": {"table", "grid"}, "board": {"board"}, "list": {"list", "ul", "ol"},
    "panel": {"panel", "drawer", "pane", "aside"}, "drawer": {"drawer", "panel", "aside"},
    "form": {"form"}, "section": {"section"}, "card": {"card", "tile"}, "tile": {"tile", "card"},
    "row": {"row", "tr"}, "column": {"column", "col"}, "col": {"column", "col"},
    "gallery": {"gallery", "carousel", "slider", "thumbs", "thumbnails"}, "carousel": {"carousel", "slider", "gallery"},
    "slider": {"slider", "carousel"}, "strip": {"strip", "thumbs", "thumbnails", "gallery"},
    "palette": {"palette", "swatches", "colors", "colours"},
    "box": {"box"}, "container": {"container"}, "group": {"group"},
}
# Containers a noun accepts only where none it names more surely is there: "the panel" is the open drawer
# before any card or section of the page.
LOOSELY_NAMED = {"panel": {"card", "box", "tile", "section"}}
# Containers that open over the page, one at a time.
OVERLAYS = {"window", "dialog", "modal", "popup", "drawer"}
LINES = {"row", "column", "col"}
SIDES = {"top", "bottom", "left", "right"}
ITEMS = {"card", "tile", "box"}     # containers that repeat, one per item
PICTURES = {"image", "thumbnail"}
SERIES = {"list", "table", "grid", "board", "gallery", "carousel", "strip"}    # containers of a series of items
# Containers that are a band across the page at one edge: "the bottom bar" is one whatever its class.
STRIPS = {"bar", "toolbar", "navbar", "header", "footer", "banner", "nav"}
EDGE_OF = {"header": "top", "navbar": "top", "banner": "top", "footer": "bottom"}
TRACK_THICKNESS = 24    # px: a slider's track is at most this thick
STRIP_WIDTH = 0.6       # of the viewport's width
STRIP_HEIGHT = 0.25     # of its height at most
A_FEW = 3               # "the playback buttons": a line of this many of a kind at least
MONTH_DAYS = 20         # a month shows most of the days 1-31 as texts of their own (booked ones may be plain text)


class Candidates(list):
    """The candidates of one page (js/candidates.js) with the containers they sit in: `regions`,
    container id -> its container's id (`up`), tag, role, names, box, CSS display and whether it is
    drawn as a box (`framed`)."""

    def __init__(self, items=(), regions=None):
        super().__init__(items)
        self.regions = {int(k): v for k, v in (regions or {}).items()}


def label_text(candidate):
    """The name a user sees or a screen reader says for a candidate (also shown to the LLM)."""
    for key in ("aria", "label", "own", "placeholder", "title", "alt", "value"):
        if candidate.get(key):
            return candidate[key][:80]
    return (candidate.get("text") or "")[:80]


# -- text evidence ----------------------------------------------------------------------------------
def _says_a_word(quoted, pool):
    """Whether some candidate's text says a word of the quoted labels (not a little word of them), or a
    short form of one: "Specs" for 'Specifications', "Price" for 'Pricing'; "Search" is not 'Select'."""
    starts = {w[:4] for q in quoted for w in WORD.findall(q) if len(w) > 2}
    return any(w[:4] in starts for c in pool for w in Features(c).primary_words if len(w) > 2)


def _split_identifier(text):
    return " ".join(WORD.findall(kinds.CAMEL.sub(" ", text or "").replace("_", " ").replace("-", " ").lower()))


def _match(phrase, field):
    """How well `phrase` names `field`: 1 for equal, less for fuzzy or when the field says much more."""
    if not phrase or not field:
        return 0.0
    if phrase == field:
        return 1.0
    share = min(len(phrase), len(field)) / max(len(phrase), len(field))   # one says more than the other
    whole = fuzz.ratio(phrase, field) / 100
    part = fuzz.partial_ratio(phrase, field) / 100 if len(phrase) >= 3 else float(phrase in field.split())
    if len(field) < len(phrase) and not _words_of_phrase(field, phrase):
        # A shorter field is part of the phrase only as its words or their short forms ("Continue" of
        # 'Continue to payment', "Specs" of 'Specifications'), not as letters (a badge "T" in 'Highest salary').
        part = 0.0
    return max(whole, part * (0.6 + 0.4 * share) if part >= 0.8 else 0.0, REWORDED * _words_said(phrase, field))


def _words_of_phrase(field, phrase):
    """Whether each word of the field is a word of the phrase, or starts like one (a short form)."""
    words = WORD.findall(phrase)
    return all(w in words or len(w) >= 3 and any(p.startswith(w[:3]) for p in words) for w in WORD.findall(field))


def _words_said(phrase, field):
    """The share of the phrase's words the field says, in any order or form: a label reworded keeps
    its words ("Salary (high to low)" for 'Highest salary'), a word its stem ("high" for "highest")."""
    wanted = [w for w in WORD.findall(phrase) if len(w) > 2]
    said = set(WORD.findall(field))
    if len(wanted) < 2:
        return 0.0
    return sum(_word_hit(word, said) for word in wanted) / len(wanted)


# Words that name a kind of content rather than a text: "the fourth tip percentage button" (15%), "the
# last time chip" (18:00), "the people count" (2), "the price" ($29), "the first question" (one ending in "?").
_MONTHS = r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
_DAYS = r"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|" + _MONTHS
CONTENT = {name: re.compile(pattern) for names, pattern in (
    (("percentage", "percent"), r"\d\s*%"),
    (("time", "hour"), r"\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s*(?:am|pm)\b"),
    (("price", "cost", "fare", "amount"), r"[$€£¥]\s*\d|\d\s*[$€£¥]"),
    (("count", "number", "quantity"), r"^\s*\d+\s*$"),
    (("temperature", "temp", "degrees"), r"\d\s*°"),
    (("question",), r"\w\?\W*$"),
    (("monthname",), _MONTHS),
    (("date",), r"\b\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\b|" + _DAYS),
    # A day of a calendar is also its number alone ("the greyed-out day in the third row": the 15).
    (("day",), r"\b\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\b|" + _DAYS + r"|^\s*(?:[1-9]|[12]\d|3[01])\s*$"),
) for name in names}


# Words for what a button does that its text says in its own words: "the submit button" sends the form
# whether it reads "Submit", "Send", "Post review" or "Publish".
DOES = {"submit": ("send", "post", "publish", "save")}


def _content_hit(word, texts):
    word = word[:-1] if word.endswith("s") and word[:-1] in CONTENT else word
    # A compound ending in a word for content is that content: a showtime is a time, a fare price a price.
    pattern = CONTENT.get(word) or next((CONTENT[k] for k in CONTENT if word.endswith(k) and len(word) > len(k) + 2), None)
    return pattern is not None and any(pattern.search(t) for t in texts)


class Features:
    """The words of one candidate, normalised once."""

    def __init__(self, c):
        self.primary = [s.lower() for s in (c.get("aria"), c.get("label"), c.get("own"), c.get("text"),
                                            c.get("placeholder"), c.get("title"), c.get("alt"), c.get("value")) if s]
        self.secondary = [s for s in (_split_identifier(c.get("id")), _split_identifier(c.get("cls")),
                                      _split_identifier(c.get("name")), _split_identifier(c.get("href"))) if s]
        self.shown = [s.lower() for s in (c.get("own"), c.get("text"), c.get("value")) if s]
        # A pictograph says its name: a person calls 🚀 "the rocket", 👀 "the eyes".
        pictured = " ".join(unicodedata.name(ch, "") for s in self.shown for ch in s if unicodedata.category(ch) == "So")
        self.primary_words = set(WORD.findall(" ".join(self.primary) + " " + pictured.lower()))
        self.secondary_words = set(" ".join(self.secondary).split())


def _word_hit(word, words):
    """Whether a text's words say the word: as it is, nearly (a typo, a plural), or by its stem ("wait"
    for "waiting")."""
    if word in words:
        return True
    return len(word) >= 4 and any(len(w) >= 4 and (fuzz.ratio(word, w) >= 85 or _inflected(word, w) or _inflected(w, word))
                                  for w in words)


def _inflected(stem, word):
    """Whether `word` is `stem` with an ending ("wait" → "waiting", "save" → "saved"); "playlist" is not
    "play" inflected."""
    for base in (stem, stem[:-1] if stem.endswith("e") else None):
        if base and word.startswith(base) and word[len(base):] in ENDINGS:
            return True
    return False


def evidence(phrase, features):
    """(text evidence in [0, 1] that the phrase's words name this candidate, how well the quoted
    words alone name it)."""
    quoted = 0.0
    if phrase.quoted:
        quoted = sum(max([_match(q, f) for f in features.primary] + [0.6 * _match(q, f) for f in features.secondary] + [0.0])
                     for q in phrase.quoted) / len(phrase.quoted)
    keywords = 0.0
    if phrase.keywords:
        keywords = sum(1.0 if _word_hit(w, features.primary_words) or _content_hit(w, features.shown)
                       or any(_word_hit(also, features.primary_words) for also in DOES.get(w, ()))
                       else 0.7 if _word_hit(w, features.secondary_words) else 0.0
                       for w in phrase.keywords) / len(phrase.keywords)
    if phrase.quoted and phrase.keywords:
        return 0.75 * quoted + 0.25 * keywords, quoted
    return (quoted if phrase.quoted else keywords), quoted


def prior(c):
    """What a user would be likely to act on, whatever the words say."""
    score = 0.0
    if c.get("native") or c.get("role") in ("button", "link", "tab", "menuitem", "checkbox", "radio", "option", "switch"):
        score += 0.2
    elif c.get("listener") or c.get("pointer"):
        score += 0.15
    if "btn" in set((c.get("cls") or "").lower().split()):
        score += 0.1
    if c.get("inViewport"):
        score += 0.1
    if c.get("onTop"):
        score += 0.1
    if not c.get("enabled", True):
        score -= 0.3
    return score


# -- the page as the browser knows it -------------------------------------------------------------
class Scene:
    """The candidates, their containers, their looks and the screenshot, each worked out when needed."""

    def __init__(self, candidates, viewport, screenshot=None, cue=None):
        self.candidates, self.viewport, self.png, self.cue = candidates, viewport, screenshot, cue
        self.regions = getattr(candidates, "regions", {})
        self.by_node = {c["node"]: c for c in candidates if "node" in c}
        self._looks, self._paths, self._image, self._inside, self._body_font, self._tabs = {}, {}, None, None, None, None
        self._dated = self._controls = None
        self._drawn_where_held()

    def _drawn_where_held(self):
        """A container its floats collapsed (height 0) is drawn where what it holds is: a person sees the
        calendar its months make up. One that holds nothing shown stays nowhere (another tab's panel)."""
        collapsed = {rid for rid, r in self.regions.items() if not (r["box"]["width"] and r["box"]["height"])}
        if not collapsed:
            return
        held = {}
        for c in self.candidates:
            if c.get("visible") and c["box"]["width"] and c["box"]["height"]:
                for node in collapsed.intersection(self.path(c)):
                    held.setdefault(node, []).append(c["box"])
        for rid, boxes in held.items():
            left, top = min(b["x"] for b in boxes), min(b["y"] for b in boxes)
            self.regions[rid] = {**self.regions[rid], "box": {
                "x": left, "y": top, "width": max(layout.right(b) for b in boxes) - left,
                "height": max(layout.bottom(b) for b in boxes) - top}}

    def look(self, c):
        if c["index"] not in self._looks:
            parent = self.regions.get(c.get("up", -1), {})
            drawing = (lambda: drawings.shape_of(self.image(), c["box"])) if self.png is not None else None
            self._looks[c["index"]] = kinds.Look(c, self.viewport, parent, self.body_font(),
                                                 tab_row=c["index"] in self.tab_rows(), drawing=drawing)
        return self._looks[c["index"]]

    def tab_rows(self):
        """The candidates that are the tabs of a row, however marked up: alike short clickable texts,
        not boxes, side by side in one container, all drawn the same but one (the tab that is open:
        underlined, in another colour or weight)."""
        if self._tabs is None:
            self._tabs = set()
            labels = [c for c in self.candidates if c.get("visible") and c.get("interactive") and c.get("mark") and c.get("text")
                      and len(c["text"].split()) <= TAB_WORDS and not c.get("editable") and c["mark"]["border"] != "trbl"]
            rows = {}
            for c in labels:
                rows.setdefault(c.get("up"), []).append(c)
            # A tab alone in its wrapper (an <li> around a link) is in the row its wrapper is in.
            for up in [up for up, members in rows.items() if len(members) == 1]:
                c = rows.pop(up)[0]
                rows.setdefault(("in", self.regions.get(up, {}).get("up")), []).append(c)
            for members in rows.values():
                marks = Counter(tuple(c["mark"][k] for k in ("ink", "paint", "under", "weight")) for c in members)
                lines = layout.rows(members, lambda c: c["box"])
                if len(lines) == 1 and len(members) >= 2 and len(marks) == 2 and min(marks.values()) == 1:
                    self._tabs.update(c["index"] for c in members)
        return self._tabs

    def body_font(self):
        """The size of most of the page's text, counted in characters: what a heading stands out from."""
        if self._body_font is None:
            sizes = Counter()
            for c in self.candidates:
                if c.get("own") and c.get("visible"):
                    sizes[c.get("font", 16)] += len(c["own"])
            self._body_font = sizes.most_common(1)[0][0] if sizes else 16
        return self._body_font

    def path(self, c):
        """The ids of the containers of a candidate, innermost first."""
        key = c["index"]
        if key not in self._paths:
            path, up, seen = [], c.get("up", -1), set()
            while up is not None and up >= 0 and up not in seen:
                seen.add(up)
                path.append(up)
                up = self.regions.get(up, {}).get("up", -1)
            self._paths[key] = path
        return self._paths[key]

    def inside_count(self, c):
        """How many visible candidates are inside this one."""
        if self._inside is None:
            self._inside = {}
            for other in self.candidates:
                if other.get("visible"):
                    for node in self.path(other):
                        self._inside[node] = self._inside.get(node, 0) + 1
        return self._inside.get(c.get("node"), 0)

    def controls_inside(self, c):
        """How many visible controls (interactive candidates) are inside this one."""
        if self._controls is None:
            self._controls = Counter(node for other in self.candidates if other.get("visible") and other.get("interactive")
                                     for node in self.path(other))
        return self._controls[c.get("node")]

    def apart(self, a, b):
        """How many containers lie between two candidates: the steps up from each to the innermost
        container holding both (0 for one inside the other's own container)."""
        up_a, up_b = [a.get("node")] + self.path(a), [b.get("node")] + self.path(b)
        steps = {node: i for i, node in enumerate(up_a) if node is not None}
        return next((steps[node] + j for j, node in enumerate(up_b) if node in steps), len(up_a) + len(up_b))

    def contains(self, outer, inner):
        return "node" in outer and outer["node"] in self.path(inner)

    def shared(self, a, b):
        """How many containers two candidates share; one containing the other shares itself too."""
        common = len(set(self.path(a)) & set(self.path(b)))
        return common + (1 if a is b or self.contains(a, b) or self.contains(b, a) else 0)

    def colour(self, c, word):
        """How much of the candidate is of that colour: 1 when its names say so, else its pixels. A box
        holding several controls is of a colour only by its own paint: a row of chips is not green for
        its one green chip, the green bar under it is."""
        look = self.look(c)
        if word in look.names or colours.WORDS[word] & look.names:
            return 1.0
        if self.png is None or not c.get("inViewport"):
            return 0.0
        if self.controls_inside(c) >= 2 and not (c.get("look") or {}).get("paint"):
            return 0.0
        return colours.share(self.image(), c["box"], word)

    def image(self):
        """The screenshot's BGR pixels, decoded once for colour words and the recording's cue alike."""
        if self._image is None:
            self._image = colours.decode(self.png)
        return self._image

    def dated(self):
        """{container id: {"month"} or {"month", "calendar"} or {"calendar"}}: what a person calls a month
        and the calendar by what they show, whatever their classes: a month is the smallest box holding
        most of the day numbers 1-31 as texts of their own; the calendar is the smallest box holding
        every month on the page, the box drawn around them if one is."""
        if self._dated is None:
            days = {}
            for c in self.candidates:
                own = (c.get("own") or c.get("text") or "").strip()
                if c.get("visible") and own.isdigit() and 1 <= int(own) <= 31:
                    for node in self.path(c):
                        days.setdefault(node, set()).add(int(own))
            full = {rid for rid, numbers in days.items() if len(numbers) >= MONTH_DAYS and rid in self.regions}
            months = [rid for rid in full if not any(other != rid and rid in _region_path(self, other) for other in full)]
            self._dated = {rid: {"month"} for rid in months}
            if months:
                common = [rid for rid in [months[0]] + _region_path(self, months[0])
                          if all(rid == m or rid in _region_path(self, m) for m in months)]
                # The calendar a person sees is the box drawn around its months (its arrows in it).
                framed = [rid for rid in common if self.regions.get(rid, {}).get("framed")]
                if common:
                    self._dated.setdefault((framed or common)[0], set()).add("calendar")
        return self._dated

    def region_words(self, rid):
        region = self.regions[rid]
        words = kinds.words_of(region.get("names"), region.get("role")) | self.dated().get(rid, set())
        display = region.get("display") or ""
        if "grid" in display:
            words.add("grid")
        if "table" in display:
            words.add("table")
        return words


@dataclass
class Fit:
    c: dict
    text: float
    kind: float
    total: float        # 2 * text + kind + prior (and the generic kind words): the order among equals
    quoted: float = 0.0  # how well the quoted words alone name it
    drawn: dict | None = None   # the box of what the words found, where the fit is the control holding it


def _fits(phrase, pool, scene, words):
    out = []
    for c in pool:
        text, quoted = evidence(phrase, Features(c)) if words else (0.0, 0.0)
        if text and not phrase.quoted and _speaks_of_many(phrase, c, c.get("text") or ""):
            text = 0.0    # "56 seats left" is not "the seat"
        kind, preference = kinds.fit(phrase.kinds, scene.look(c), phrase.direction)
        if phrase.count:
            kind = min(kind, 1.0 if kinds.shows(scene.look(c), *phrase.count) else 0.0)
        out.append(Fit(c, text, kind, 2 * text + kind + 0.1 * preference + prior(c), quoted))
    return out


def _matching(phrase, fits, scene, words, typing=False, level=True, placed=False):
    """The fits that are what the phrase says as well as the best one is: [] when none is.

    A colour chooses among the fits; when none of them is of that colour (a page restyled in another
    theme), it is set aside if the words name the element, the rest leaves one, or it is a field to
    type in (a field is seldom told by its colour). `level=False` keeps every kind that could be meant
    (an unnamed icon beside a named one), for the landmarks to choose among."""
    return _counted(phrase, fits, scene, words, typing, level, placed)[0]


def _counted(phrase, fits, scene, words, typing=False, level=True, placed=False):
    """(`_matching`'s fits, whether an ordinal made them a series the words name less well, which are
    then called what the words say).

    An ordinal counts a series of alike clickable elements: when those the words name best hold no
    such series to count in ("the fourth tip percentage button" and a lone label "Tip (15%)", "the
    second question" and a sentence "Showing 2 of 12 questions"), the words name the series that
    they name less well (the buttons showing a percentage, the rows called "question"): what the
    words name best is their label."""
    if not words:
        return _of_kind(phrase, fits, scene, words, typing, level), False
    if max(f.text for f in fits) < MIN_EVIDENCE:
        return [], False
    # The quoted words name an element most surely; the other words only among those.
    if phrase.quoted:
        best = max(f.quoted for f in fits)
        fits = [f for f in fits if f.quoted >= best - TEXT_TOLERANCE]
    best = max(f.text for f in fits)
    named = _of_kind(phrase, [f for f in fits if f.text >= best - TEXT_TOLERANCE], scene, words, typing, level)
    if phrase.ordinal is None and (placed or phrase.colours) and not typing and named \
            and not any(_clickable(f, scene) for f in named):
        # "The seat right of the blue one" names the seats of a seat map by their class as surely as a
        # step "1 Seats" of the progress bar by its text; a target placed among others, or told from
        # them by its colour, is one of a series to act on, so the series of controls the words name
        # is meant when the best named are no controls.
        wider = [f for f in fits if f.text >= MIN_EVIDENCE and _clickable(f, scene)]
        wider = _of_kind(phrase, wider, scene, words, typing, level) if wider else []
        series = wider if phrase.colours else _clickable_series(wider, 2, scene)
        if series:
            return series, True
    if phrase.ordinal is None:
        return named, False
    series = _clickable_series(named, phrase.ordinal, scene)
    if series:
        return series, False
    for floor in sorted({f.text for f in fits if MIN_EVIDENCE <= f.text < best - TEXT_TOLERANCE}, reverse=True):
        wider = [f for f in fits if floor - TEXT_TOLERANCE <= f.text < best - TEXT_TOLERANCE and _clickable(f, scene)]
        series = _clickable_series(_of_kind(phrase, wider, scene, words, typing, level), phrase.ordinal, scene) \
            if wider else []
        if series:
            return series, True
    return named, False


def _clickable(f, scene):
    return bool(_holder(f, None, scene).c.get("interactive"))


def _reachable(f, scene):
    """Whether a click on the fit acts on something: it, or an element it is part of, takes clicks."""
    return bool(f.c.get("interactive")) or any(scene.by_node.get(node, {}).get("interactive") for node in scene.path(f.c))


def _clickable_series(fits, n, scene):
    """The fits in series of alike clickable elements long enough to count the n-th in: fields and
    other controls apart (a search field is not the first of the questions under it)."""
    box = lambda f: f.c["box"]  # noqa: E731
    clickable = _one_each([f for f in fits if _clickable(f, scene)], scene) if fits else []    # a <details> and its <summary> once
    found = []
    for editable in (False, True):
        for group in layout.groups([f for f in clickable if bool(f.c.get("editable")) == editable], box):
            if len(group) >= max(abs(n), 2):
                found += group
    return sorted(found, key=lambda f: f.c["index"])


def _of_kind(phrase, fits, scene, words, typing, level):
    if phrase.kinds or phrase.count:
        best = max(f.kind for f in fits)
        if best == 0 and not words:
            return []
        fits = [f for f in fits if f.kind == best or f.kind > 0 and not level]
    for word in phrase.colours:
        coloured = [f for f in fits if scene.colour(f.c, word) >= MOSTLY]
        if coloured or not (words or typing or len(fits) == 1):
            fits = coloured
    if phrase.fill:
        # "the star outline": of the drawings, those only outlined; set aside when none tells (a page
        # that draws every star the same way).
        wanted = phrase.fill == "filled"
        fits = [f for f in fits if scene.look(f.c).filled(shape=phrase.circular) == wanted] or fits
    if phrase.circular:
        fits = [f for f in fits if scene.look(f.c).circular()] or fits
    if phrase.empty:
        # "The first empty cell": one that shows no word nor figure (a faint "+" says it is free), not a
        # cell holding a given 5.
        fits = [f for f in fits if not any(ch.isalnum() for ch in (f.c.get("text") or "") + (f.c.get("value") or ""))] \
            or fits
    return fits


def _by_look(phrase, placed=False):
    """The phrase without the words no text on the page says, when what is left still names the
    element by its look: "the star outline", "the wide blue button" are a star and a blue button
    whatever their texts say; "the headline", "the company name" are a heading; "the receipt icon,
    third from the left in the bottom bar" is the third icon there. None when nothing would be left
    to name it (a label the page words otherwise is no kind)."""
    roles = [w for w in phrase.keywords if w in TEXT_ROLES]
    looked = replace(phrase, keywords=[], kinds=phrase.kinds + ([("heading",)] if roles else []))
    counted = bool(looked.kinds) and (phrase.ordinal is not None or bool(phrase.positions)) and placed
    if phrase.quoted or not (roles or looked.colours or looked.fill or looked.circular or looked.count or counted
                             or any(k not in kinds.GENERIC for k in looked.kinds)):
        return None
    return looked


def _otherwise_coloured(phrase, fits, scene):
    """Whether all the words name best is text of another colour than the phrase says, that takes no
    click: "the red piece" on a board of unnamed pieces is no grey rule 'jump an opponent piece'."""
    if not phrase.colours or phrase.quoted:
        return False
    best = max(f.text for f in fits)
    said = [f for f in fits if f.text >= max(best - TEXT_TOLERANCE, MIN_EVIDENCE)]
    return bool(said) and not any(_reachable(f, scene) or all(scene.colour(f.c, w) >= MOSTLY for w in phrase.colours)
                                  for f in said)


def _sized(fits, sizes):
    """The fits of the size the words say ("the wide button", "the small icon"), when sizes differ: those
    within a tenth of the largest (smallest) measure."""
    measures = {"width": lambda b: b["width"], "height": lambda b: b["height"], "area": lambda b: b["width"] * b["height"],
                "thickness": lambda b: min(b["width"], b["height"]), "length": lambda b: max(b["width"], b["height"])}
    for measure, largest in sizes:
        # The size of what is seen: the tallest bar of a chart whose columns, all as tall, take the clicks.
        size = [measures[measure](f.drawn or f.c["box"]) for f in fits]
        if largest:
            fits = [f for f, v in zip(fits, size) if v >= SIZE_TOLERANCE * max(size)]
        else:
            fits = [f for f, v in zip(fits, size) if SIZE_TOLERANCE * v <= min(size)]
    return fits


def _holder(f, fits, scene):
    """A drawing or text inside a clickable element that shows nothing more is that clickable element."""
    if f.c.get("interactive"):
        return f
    path = scene.path(f.c)
    between = 0
    for node in path:
        holder = scene.by_node.get(node)
        if holder is None:
            continue
        if holder.get("interactive"):
            break
        between += 1
    else:
        return f
    # Nothing more: the same text, and no other visible candidate in it than this one, what this one
    # holds and the wrappers between them.
    shows_more = scene.inside_count(holder) > scene.inside_count(f.c) + 1 + between
    if not holder.get("visible") or holder.get("text", "").strip() != f.c.get("text", "").strip() or shows_more:
        return f
    return Fit(holder, f.text, f.kind, f.total - prior(f.c) + prior(holder), f.quoted, f.c["box"])


def _one_each(fits, scene):
    """Each thing once: of two nested fits the likelier stays; of a container and several fits in it,
    the one that repeats on the page. What another layer covers (a page behind an open dialog) is
    not seen."""
    fits = list({f.c["index"]: f for f in sorted((_holder(f, fits, scene) for f in fits), key=lambda f: f.total)}.values())
    within = {}
    for g in fits:
        for node in scene.path(g.c):
            within.setdefault(node, []).append(g)
    dropped = set()
    for f in fits:
        inside = within.get(f.c.get("node"), [])
        if len(inside) >= 2:
            # The level that repeats more is the one counted: a card among alike cards is one thing (its
            # picture, name and price are parts); a lone row of stars is not a star, nor is a list of
            # four cards one of two big boxes side by side.
            box = f.c["box"]
            # Alike things a series holds stand close, no further apart than one is long: not a box of
            # three term buttons and a client's row across the page on its line.
            siblings = 1 + sum(1 for g in fits if g is not f and not scene.contains(g.c, f.c) and g not in inside
                               and layout.alike(box, g.c["box"])
                               and layout.gap(box, g.c["box"]) <= max(box["width"], box["height"])
                               and (layout.same_row(box, g.c["box"]) or layout.same_column(box, g.c["box"])))
            parts = max(len(group) for group in layout.groups(inside, lambda g: g.c["box"]))
            if siblings > 1 and siblings >= parts:
                dropped.update(g.c["index"] for g in inside)
            else:
                dropped.add(f.c["index"])
        elif inside:
            # Of two nested fits named as well, the inner one says the words with less around them (a
            # header cell "Points", not the whole table that listens for clicks on its cells).
            dropped.add(f.c["index"] if inside[0].total >= f.total else inside[0].c["index"])
    kept = sorted((f for f in fits if f.c["index"] not in dropped), key=lambda f: f.c["index"])
    seen = [f for f in kept if not (f.c.get("inViewport") and not f.c.get("onTop"))]
    return seen or kept


# -- landmarks ----------------------------------------------------------------------------------------
@dataclass
class Anchor:
    box: dict
    candidate: dict | None = None     # a text on the page
    region: int | None = None         # a container
    called: bool = True               # says all the landmark's words (one of "the second method step"s)
    sure: bool = True                 # surely of the kind the landmark names, not merely an unnamed drawing that may be


def _acted_on(visible):
    """[the candidate the step before acted on], or []: the field it typed in, which has the focus,
    else the smallest thing its click was on, a control rather than a text in it."""
    focused = [c for c in visible if c.get("focused")]
    pointed = sorted((c for c in visible if c.get("pointed")),
                     key=lambda c: (not c.get("interactive"), c["box"]["width"] * c["box"]["height"]))
    return (focused or pointed)[:1]


def _anchors(phrase, scene, visible, pick=True, level=True):
    """What a landmark phrase names on the page: texts (candidates) or containers; `pick=False`: all of
    those its ordinal counts among; `level=False` keeps every kind that could be meant (what a target
    is "with")."""
    anchors = []
    if phrase.previous:
        return [Anchor(c["box"], candidate=c) for c in _acted_on(visible)]
    words = bool(phrase.quoted or phrase.keywords)
    if words and not phrase.quoted and PICTURES & {k for alternatives in phrase.kinds for k in alternatives}:
        # "The top-left flower picture": a picture, placed by its look, where what says the word is no
        # picture (the summary's line "Flowers").
        said = [f for f in _fits(phrase, visible, scene, True) if f.text >= LANDMARK_EVIDENCE]
        looked = _by_look(phrase) if not any(f.kind > 0 for f in said) else None
        if looked is not None:
            phrase, words = looked, False
    # A colour alone is what is left of "the yellow sunflower" where no text says sunflower: the things
    # of that colour, the drawing of one among them. "The green panel" is a container (below).
    if words or phrase.kinds or phrase.colours and not phrase.regions:
        fits, series = _counted(phrase, _fits(phrase, visible, scene, words), scene, words, level=level)
        fits = [f for f in fits if not words or f.text >= LANDMARK_EVIDENCE]
        if phrase.sizes and fits:
            fits = _sized(fits, phrase.sizes)
        seen = [f for f in fits if not (f.c.get("inViewport") and not f.c.get("onTop"))] or fits
        if phrase.regions & LINES:
            # "Row 7" is named by the label 7 in it, not by the seat map holding every row's label.
            seen = [f for f in seen if not any(g is not f and scene.contains(f.c, g.c) for g in seen)] or seen
        if words and phrase.regions - LINES:
            # "The guests panel": the one a heading says guests of, not a line "$18 per guest" elsewhere.
            seen = [f for f in seen if kinds.fit([("heading",)], scene.look(f.c))[0] >= 1] or seen
        anchors = [Anchor(f.c["box"], candidate=f.c, called=(not words or series or f.text >= 1 - TEXT_TOLERANCE)
                          and _is_container(phrase, f.c, scene) and not _in_passing(phrase, f.c)
                          and not (phrase.ordinal is not None and _speaks_of_many(phrase, f.c)),
                          sure=not phrase.kinds or f.kind >= 1) for f in seen]
    if not phrase.quoted and (phrase.keywords or phrase.regions):
        accepted = set().union(*(REGION_NAMES.get(r, {r}) for r in phrase.regions)) if phrase.regions else set()
        loosely = set().union(*(LOOSELY_NAMED.get(r, set()) for r in phrase.regions)) if phrase.regions else set()
        # "The unit switch" where no text says "unit": the box called a switch (or a toggle) that holds
        # its two halves, as a kind word calls it. Not where a container noun says what the box is: "the
        # row of filter chips" is no box called a pill.
        called = {word for word, named_kinds in kinds.NOUNS.items()
                  if set(named_kinds) & {k for alternatives in phrase.kinds for k in alternatives}} - {"box", "bar"} \
            if not phrase.regions else set()
        named = []
        # "The compose window" where no container says compose: the one window open, not the Compose
        # button, which is no window.
        overlay = bool(phrase.keywords and phrase.regions & OVERLAYS) and not any(a.called for a in anchors)
        # "the search bar": a container called "searchbar" or "search-bar" (split into words already).
        joined = {"".join(phrase.keywords) + r for r in phrase.regions} if phrase.keywords else set()
        for rid in scene.regions:
            if not (scene.regions[rid]["box"]["width"] and scene.regions[rid]["box"]["height"]):
                continue      # a container not shown (a panel of another tab) is nowhere to be placed by
            words_here = scene.region_words(rid)
            if phrase.keywords and (all(_word_hit(w, words_here) for w in phrase.keywords) or joined & words_here):
                named.append((0, rid))
            elif accepted & words_here and (overlay or not phrase.keywords):
                # "The satisfaction row" is not any row: where nothing says satisfaction, it is missing.
                named.append((1, rid))
            elif loosely & words_here and not phrase.keywords:
                named.append((2, rid))
            elif called & words_here and not anchors:
                named.append((3, rid))
        best = min((rank for rank, _ in named), default=None)
        # Of nested containers with the same name, the outermost is the one named ("the card"); of lines,
        # the innermost: "row 7" is the row that says 7, not the seat map of rows around it.
        chosen = [rid for rank, rid in named if rank == best]
        if phrase.regions & LINES:
            chosen = [rid for rid in chosen if not any(other != rid and rid in _region_path(scene, other) for other in chosen)]
        else:
            chosen = [rid for rid in chosen if not any(other != rid and other in _region_path(scene, rid) for other in chosen)]
        if best == 0 and phrase.regions:
            # "the second flight card": containers called "flight" are the cards; a text "Choose flight"
            # is not one of them.
            anchors = [Anchor(scene.regions[rid]["box"], region=rid) for rid in chosen]
        elif best == 0 or not anchors:
            anchors += [Anchor(scene.regions[rid]["box"], region=rid) for rid in chosen]
        elif best == 1 and overlay and len(chosen) == 1:
            anchors = [Anchor(scene.regions[chosen[0]]["box"], region=chosen[0])]
        if not phrase.keywords and not any(_toward_edge(a.box, phrase, scene) for a in anchors):
            # "The bottom bar" is at the bottom: not a box in the middle of the screen whose class says bar.
            anchors = [Anchor(scene.regions[rid]["box"], region=rid) for rid in _strips(phrase, scene)] or anchors
        if not anchors and phrase.regions == {"form"} and not phrase.keywords:
            # "Under the form" where nothing is called a form (fields in plain boxes): the innermost
            # container of the fields a user types in.
            fields = [c for c in visible if c.get("editable")]
            held = _innermost_holding(fields, scene) if len(fields) >= 2 else None
            anchors = [Anchor(scene.regions[held]["box"], region=held)] if held is not None else []
    if phrase.colours and words and anchors:
        anchors = _tinted(phrase, anchors, scene, visible) or anchors
    looked = _by_look(phrase) if words and not anchors else None
    if looked is not None:
        return _anchors(looked, scene, visible, pick, level)     # "right of the company name": its heading
    owner = next((i for i, w in enumerate(phrase.keywords) if w.endswith("'s")), None) if not anchors else None
    if owner is not None and owner + 1 < len(phrase.keywords):
        # "Priya Nair's message" where nothing says message: the one her name is on.
        named = replace(phrase, keywords=phrase.keywords[:owner] + [phrase.keywords[owner][:-2]])
        return _anchors(named, scene, visible, pick, level)
    return _pick(phrase, anchors, pick)


def _tinted(phrase, anchors, scene, visible):
    """The things of the landmark's colour inside the containers its words name, when none of the texts
    that say its words is of that colour: "the yellow sunflower" is the yellow drawing on the card called
    Sunflower, not the card's grey buttons whose labels say "One Sunflower more". [] otherwise."""
    if any(a.candidate is not None and all(scene.colour(a.candidate, w) >= MOSTLY for w in phrase.colours)
           for a in anchors):
        return []
    held = {a.region for a in anchors if a.region is not None}
    return [Anchor(c["box"], candidate=c) for c in visible
            if held & set(scene.path(c)) and c.get("inViewport")
            and all(scene.colour(c, w) >= MOSTLY for w in phrase.colours)]


def _toward_edge(box, phrase, scene):
    """Whether a box is in the half of the viewport at the edge the phrase names ("the bottom bar"); True
    when it names none."""
    edges = phrase.positions & {"top", "bottom"}
    middle = box["y"] + box["height"] / 2
    return len(edges) != 1 or (middle < scene.viewport[1] / 2) == ("top" in edges)


def _strips(phrase, scene):
    """"The bottom bar", "the header" where no container is called so: the band across most of the
    viewport at that edge that holds the others (a player bar fixed at the bottom, whatever its class)."""
    edges = set(phrase.positions & {"top", "bottom"}) | {EDGE_OF[r] for r in phrase.regions if r in EDGE_OF}
    if len(edges) != 1 or not phrase.regions & STRIPS:
        return []
    width, height = scene.viewport
    bands = [rid for rid, r in scene.regions.items()
             if r["box"]["width"] >= STRIP_WIDTH * width and 0 < r["box"]["height"] <= STRIP_HEIGHT * height]
    # The edge of the screen: a band further down the page is not the bar fixed at its bottom.
    bands = [b for b in bands if 0 <= scene.regions[b]["box"]["y"] and layout.bottom(scene.regions[b]["box"]) <= height] \
        or bands
    if not bands:
        return []
    top = "top" in edges
    side = {b: scene.regions[b]["box"]["y"] if top else layout.bottom(scene.regions[b]["box"]) for b in bands}
    at = (min if top else max)(side.values())
    ends = [b for b in bands if abs(side[b] - at) <= 2]
    # Of nested bands at the edge, the outermost is the bar.
    return [b for b in ends if not any(o != b and o in _region_path(scene, b) for o in ends)]


def _pick(phrase, anchors, pick=True):
    """The anchors the landmark's position and order words say: "the left sidebar", "the second card"."""
    if phrase.positions and len(anchors) > 1:
        # "The top card of the Doing column": a place tells alike things apart, not a text from the
        # board around it that also says Doing.
        inner = [a for a in anchors if not any(b is not a and b.box != a.box and layout.encloses(a.box, b.box)
                                               for b in anchors)]
        anchors = [layout.extreme(inner, lambda a: a.box, phrase.positions)]
    if phrase.ordinal is not None and anchors and pick:
        ordered = layout.reading_order([a for a in anchors if a.called], lambda a: a.box)
        n = phrase.ordinal
        anchors = [ordered[n - 1 if n > 0 else n]] if abs(n) <= len(ordered) else []
    return anchors


def _items(fits, scene):
    """The boxes the fits are one each of, as anchors: for each fit, the largest container that holds
    no other fit (the card of a grid of products that nothing calls a card); [] unless two or more."""
    paths = [set(scene.path(f.c)) for f in fits]
    held = Counter(node for path in paths for node in path)
    found = {}
    for f in fits:
        own = [node for node in scene.path(f.c) if held[node] == 1]
        if own and own[-1] in scene.regions:
            found[own[-1]] = Anchor(scene.regions[own[-1]]["box"], region=own[-1])
    return list(found.values()) if len(found) >= 2 else []


def _in_plural(phrase):
    """Whether the phrase names things of a kind in the plural ("the playback buttons", "the tool icons")."""
    head = phrase.text.split()[-1] if phrase.text else ""
    return bool(phrase.kinds) and head.endswith("s") and (head[:-1] in kinds.NOUNS or head[:-2] in kinds.NOUNS)


def _lines_of(things, scene, across=True):
    """The innermost containers, each around a line of a few of the things (a column only, with
    `across` False), nested parts counted with what holds them: a button's drawing is no other button."""
    shown = [c for c in things if not (c.get("inViewport") and not c.get("onTop"))]
    outermost = [c for c in shown if not any(o is not c and scene.contains(o, c) for o in shown)]
    members = {}
    for c in outermost:
        for rid in scene.path(c):
            members.setdefault(rid, []).append(c)
    box = lambda c: c["box"]    # noqa: E731
    lines = [rid for rid, held in members.items() if rid in scene.regions and len(held) >= A_FEW
             and (len(layout.columns(held, box)) == 1 or across and len(layout.rows(held, box)) == 1)]
    return [rid for rid in lines if not any(other != rid and rid in _region_path(scene, other) for other in lines)]


def _line_of_kind(landmark, fits, scene, visible):
    """"The playback buttons": anchors for the lines of a few things of the landmark's kind that hold a
    fit, not the player bar around them nor the list they cover."""
    of_kind = [c for c in visible if kinds.fit(landmark.kinds, scene.look(c))[0] >= 1]
    return [Anchor(scene.regions[rid]["box"], region=rid) for rid in _lines_of(of_kind, scene)
            if any(rid in scene.path(f.c) for f in fits)]


def _unnamed_lists(scene, visible):
    """"Above the conversation list" where nothing is called a list: anchors for the columns of a few
    things that take clicks."""
    return [Anchor(scene.regions[rid]["box"], region=rid)
            for rid in _lines_of([c for c in visible if c.get("interactive")], scene, across=False)]


def _is_container(landmark, c, scene):
    """Whether a text the landmark names is what its container noun says: one of "the second flight
    card" is a card (a box to click), not a step 'Choose flight' of the progress bar; a text is never
    a panel or a list, though it names the one it is in."""
    if not landmark.regions:
        return True
    return bool(landmark.regions & {"card", "tile"}) and scene.look(c).structure("card")


def _shows(landmark, c):
    """Whether the candidate shows what the landmark says: in its own text, value or placeholder (one
    of "the delivery options" is an option), or as the caption beside it (the Title field); not only in a
    name for screen readers (aria-label, title), nor in a long label around it that also says it."""
    own = Features({key: c.get(key) for key in ("own", "text", "placeholder", "value")})
    if evidence(landmark, own)[0] >= LANDMARK_EVIDENCE:
        return True
    return bool(c.get("label")) and evidence(landmark, Features({"label": c.get("label")}))[0] >= 1 - TEXT_TOLERANCE


def _region_path(scene, rid):
    path, up = [], scene.regions.get(rid, {}).get("up", -1)
    while up is not None and up >= 0 and up not in path:
        path.append(up)
        up = scene.regions.get(up, {}).get("up", -1)
    return path


def _shared(scene, f, anchor):
    """How many containers the candidate shares with the anchor (a container shares itself)."""
    if anchor.region is not None:
        return len(set(scene.path(f.c)) & ({anchor.region} | set(_region_path(scene, anchor.region))))
    return scene.shared(f.c, anchor.candidate)


def _within(scene, f, anchor):
    """Whether the anchor holds the candidate (a label around its field)."""
    if anchor.region is not None:
        # A container named by the words may be the control itself (a button labelled "Remove Merino Beanie").
        return anchor.region in scene.path(f.c) or anchor.region == f.c.get("node")
    return scene.contains(anchor.candidate, f.c)


def _order(relation, scene, f, anchor):
    """How the candidate stands toward one anchor: None when not in that relation, else a sort key."""
    kind, box = relation.kind, f.c["box"]
    if kind == "in":
        if anchor.region is not None:      # a container: inside it, else drawn within its box (an arrow
            # placed over a calendar from outside it), or not
            return (0,) if _within(scene, f, anchor) else (1,) if layout.encloses(anchor.box, box) else None
        if _over(box, anchor.box):
            return (-1, 0)      # drawn over it: the play button in the middle of the video
        # In the same row or box as a text: the one nearest to it in the page's nesting, however deep
        # both sit (a bar in a nested table shares more containers with a caption than it is near it);
        # "in row E" is first the line the label E heads, though a seat map be one flat grid.
        across = {"row": layout.same_row, "column": layout.same_column, "col": layout.same_column}
        lines = [across[r] for r in relation.landmark.regions if r in across]
        off_line = int(bool(lines) and not any(line(box, anchor.box) for line in lines))
        # "In the direct messages list" found as its heading: nothing above a heading is in what it heads,
        # however near in the page's nesting (the logo atop the sidebar).
        above = int(bool(relation.landmark.regions - LINES) and layout.bottom(box) <= anchor.box["y"])
        return (above, off_line, scene.apart(f.c, anchor.candidate), -_shared(scene, f, anchor))
    if kind == "with":
        # Being the part is holding it most closely (a button drawn as a circular arrow), and a part surely
        # of the kind (a button named Restart) before an unnamed drawing that may be one (a round lamp).
        shared = math.inf if anchor.candidate is f.c else _shared(scene, f, anchor)
        return (-shared, not anchor.sure) + layout.beside(box, anchor.box)
    if kind == "near":
        return (-_shared(scene, f, anchor),) + layout.beside(box, anchor.box)
    if anchor.candidate is not None and _within(scene, f, anchor):
        return (-1, 0.0)      # a label around its field: the landmark's text is its own
    if kind in ("after", "before"):
        return (layout.after if kind == "after" else layout.before)(box, anchor.box)
    return layout.toward(kind, box, anchor.box)


def _titled(scene, title, fits):
    """The container a title names ("the Ceiling light card" found by its text 'Ceiling light'): the
    smallest around it taller than a line that holds some of the fits, not all of them; None if none."""
    for rid in scene.path(title):
        if rid not in scene.regions or scene.regions[rid]["box"]["height"] <= kinds.CHIP_HEIGHT[1]:
            continue      # the title's own line (a header row holding a switch)
        inside = sum(1 for f in fits if rid in scene.path(f.c))
        if inside == len(fits):
            return None
        if inside:
            return rid
    return None


def _toward_side(box, anchor, sides):
    """Whether a box reaches each of the named sides of the anchor's middle: not wholly on the other
    side (the close cross beside a dialog's title is at its top, though level with it)."""
    ax, ay = layout.centre(anchor)
    reaches = {"left": box["x"] < ax, "right": layout.right(box) > ax, "top": box["y"] < ay, "bottom": layout.bottom(box) > ay}
    return all(reaches[side] for side in sides)


def _over(box, picture):
    """Whether a box lies within a much larger one (a control drawn over a picture)."""
    return box["width"] * box["height"] * OVERLAID <= picture["width"] * picture["height"] \
        and layout.encloses(picture, box)


def _relate(relation, fits, scene, visible, scope=(), whole_rows=False, counted=1, sides=frozenset()):
    """(the fits that stand in the relation, nearest first; whether the order counts; the landmark's
    text when it is not on the page; whether any fit stands in it; the containers it placed them in).

    `scope`: the containers another landmark put the target in. A landmark of the same description is
    looked for there first: "the skip button right of the play button in the bottom bar" is right of
    the bar's play button, not of a play icon in the list above it. `sides`: where in what holds it the
    target is ("the bell at the top right of the conversation")."""
    # What a target is "with" is a part of it or beside it, whatever else on the page is more surely
    # of that kind: "the search field with the magnifier icon" is not the field beside the "Search" button.
    landmark = relation.landmark
    level = relation.kind != "with"
    inside = [c for c in visible if set(scope) & set(scene.path(c))] if scope else []
    anchors = (_anchors(landmark, scene, inside, level=level) if inside else []) \
        or _anchors(landmark, scene, visible, level=level)
    if anchors and relation.kind == "in" and landmark.ordinal is not None:
        # "the second card in the middle column": counted among the cards that hold what is left.
        every = _anchors(landmark, scene, visible, pick=False, level=level)
        holding = [a for a in every if a.region is not None and any(a.region in scene.path(f.c) for f in fits)]
        if abs(landmark.ordinal) <= len(holding) < len(every):
            anchors = _pick(landmark, holding)
    if not anchors and relation.kind == "in" and landmark.regions & ITEMS and landmark.positions \
            and not (landmark.quoted or landmark.keywords):
        # "in the bottom-right card" where nothing is called a card: the box each fit is one of.
        anchors = _pick(landmark, _items(fits, scene))
    if not anchors and relation.kind == "in" and _in_plural(landmark) and not landmark.quoted:
        # "At the far left of the playback buttons" where nothing says playback: the line of those
        # buttons the target is one of, whatever it is built with.
        anchors = _line_of_kind(landmark, fits, scene, visible)
    if not anchors and landmark.regions == {"list"} and landmark.keywords and not landmark.quoted:
        anchors = _unnamed_lists(scene, visible)
    if not anchors:
        return fits, False, relation.landmark.text, True, []
    if relation.kind == "in" and landmark.regions & LINES and landmark.keywords and not landmark.kinds and fits \
            and all(a.candidate is not None for a in anchors):
        headed = _headed_line(anchors, fits, "row" in landmark.regions)
        if headed:
            return headed, False, None, True, []
    keyed, itself = [], {id(a.candidate) for a in anchors if a.candidate is not None and _shows(relation.landmark, a.candidate)}
    for f in fits:
        if relation.kind not in ("in", "near", "with") and id(f.c) in itself:
            continue      # the Title field is the title "under the title" means, not under it
        # A toggle named 'Dark mode' only for screen readers is not the text 'Dark mode' a person sees
        # beside it, nor is a play button named 'Play playlist' the playlist; nothing is right of (under,
        # after...) itself, nor next to "it", but the plus drawn in a question is "beside" it.
        others = [a for a in anchors if a.candidate is not f.c or relation.kind == "with"
                  or relation.kind == "near" and not relation.landmark.previous
                  or relation.kind == "in" and _shows(relation.landmark, f.c)]
        keys = [k for k in (_order(relation, scene, f, a) for a in others) if k is not None]
        if keys:
            keyed.append((min(keys), f))
    if not keyed:
        return fits, False, None, False, []   # a relation never rules out every candidate
    if relation.kind == "in":
        titled = [rid for rid in (_titled(scene, a.candidate, fits) for a in anchors if a.candidate is not None)
                  if rid is not None] if landmark.regions - LINES else []
        if titled:
            # "On the Ceiling light card": all the card holds is on it, the switch beside its title and the
            # plus further down alike.
            keyed = [((-2,) if set(titled) & set(scene.path(f.c)) else k, f) for k, f in keyed]
        best = min(k for k, _ in keyed)
        held = [f for k, f in keyed if k == best]
        if landmark.regions & LINES and all(a.candidate is not None for a in anchors) and len(best) > 1 and best[1]:
            # Nothing in row 7 says seat: the line holds none of what the words found.
            return fits, False, None, False, []
        if sides:
            # "At the top right of the conversation": what the landmark holds there. A landmark that holds
            # none there is not the one meant (a search field 'Jump to a conversation' with its magnifier
            # at its left end).
            held = [f for f in held if any(_toward_side(f.c["box"], a.box, sides) for a in anchors)]
            if not held:
                return fits, False, None, False, []
        surest = max(f.kind for f in fits)
        if by_kind_alone(landmark) and max(f.kind for f in held) < surest and max(
                len(g) for g in layout.groups([f for f in fits if f.kind == surest], lambda f: f.c["box"])) >= 2:
            # "The plus on the second line of the table" where the page's one table holds the totals, not
            # a plus: the table meant is where the pluses are, lines of them, whatever the page builds it
            # with. A lone caret elsewhere is no calendar of arrows: the calendar's own arrows are meant.
            return fits, False, None, True, []
        return held, False, None, True, [a.region for a in anchors if a.region is not None
                                         and any(a.region in scene.path(f.c) for f in held)]
    keyed.sort(key=lambda kf: (kf[0], kf[1].c["index"]))
    if relation.kind == "with":
        # What holds the part in its own box is the one with it: "the big box with the $ sign" is the
        # amount box, however bigger the note box beside it.
        keyed = [kf for kf in keyed if kf[0][0] == keyed[0][0][0]]
    inline = [kf for kf in keyed if kf[0][0] == 0]
    if relation.kind in layout.DIRECTIONS and inline and not whole_rows and len(inline) >= counted:
        # "The third tool above the picture": of what is above it, what stands in its column (in its row,
        # for left and right), not a row of notches off to its side that starts higher than it; unless
        # the row they are in is meant whole ("the third chip in the row under the search bar"), or the
        # column holds fewer than are counted ("the third card under the question", cards two a row).
        keyed = inline
    return [f for _k, f in keyed], True, None, True, []


def _headed_line(anchors, fits, rows):
    """"The second pill in the Afternoon row": the row of fits under a text that heads it, within its
    width (a column: right of it); [] when the text is a label beside its line (the Lunch of a grid's
    row), which the line's own place tells."""
    box = lambda f: f.c["box"]  # noqa: E731
    along, lines = (layout.same_row, layout.rows) if rows else (layout.same_column, layout.columns)
    # The label itself before a box around more that also says its words.
    for anchor in sorted(anchors, key=lambda a: a.box["width"] * a.box["height"]):
        a = anchor.box
        if any(along(a, box(f)) and box(f)["x" if rows else "y"] >= a["x" if rows else "y"] for f in fits):
            return []
        if rows:
            after = [f for f in fits if box(f)["y"] >= layout.bottom(a) - 1
                     and box(f)["x"] < layout.right(a) and layout.right(box(f)) > a["x"]]
        else:
            after = [f for f in fits if box(f)["x"] >= layout.right(a) - 1
                     and box(f)["y"] < layout.bottom(a) and layout.bottom(box(f)) > a["y"]]
        if after:
            return lines(after, box)[0]
    return []


def _line(landmark, fits, scene):
    """"in the second row", "in the bottom row", "in the right-hand column": the members of that row
    (column): of the containers the page draws as its rows (columns) when it does (a board's columns,
    a cart's rows), else of the group the fits form."""
    box = lambda f: f.c["box"]  # noqa: E731
    rows = "row" in landmark.regions
    lines = _drawn_lines(rows, fits, scene)
    if not lines:
        # The rows of what is most surely of the kind: the plus buttons of a cart, not unnamed icons above it
        # (grouped apart from them: a box above the first cell of a board lines up with it as a list's line would).
        surest = max(f.kind for f in fits)
        sure = [f for f in fits if f.kind == surest]
        lines = _drawn_lines(rows, sure, scene, most=True)
    if not lines:
        # The days of a month line up in its weeks, a day that takes clicks or a greyed-out one drawn
        # smaller alike; other things in series by their likeness.
        group = fits if all(_numbered_day(f.c, scene) for f in fits) else max(layout.groups(sure, box), key=len)
        lines = layout.rows(group, box) if rows else layout.columns(group, box)
    n = landmark.ordinal
    if n is None:
        ends = {"top": 1, "left": 1, "bottom": -1, "right": -1, "middle": len(lines) // 2 + 1}
        n = next((ends[p] for p in landmark.positions if p in ends), 1)
    return lines[n - 1 if n > 0 else n] if abs(n) <= len(lines) else []


def _drawn_lines(rows, fits, scene, most=False):
    """The fits in the containers, stacked (rows) or side by side (columns), that the first container
    holding them all splits them into, in order; [] when it holds them directly or its parts are not
    laid out so. `most`: or, when most of them are in one of its parts, the lines of that part (a
    drawer's list of rows under its header's close button)."""
    paths = [scene.path(f.c) for f in fits]
    if not fits or not all(paths):
        return []
    common = set(paths[0]).intersection(*paths[1:])
    for parent in reversed(paths[0]):          # outermost first
        if parent not in common:
            continue
        parts, loose = {}, []
        for f, path in zip(fits, paths):
            at = path.index(parent)
            if at == 0:
                loose.append(f)                 # a fit sits in it directly: no container between
            else:
                parts.setdefault(path[at - 1], []).append(f)
        largest = max(parts.values(), key=len, default=[])
        # Most of them in one part, a few beside it (a drawer's list under its header's close button).
        deeper = (lambda: _drawn_lines(rows, largest, scene, most)) \
            if most and 2 <= len(largest) < len(fits) < 2 * len(largest) else list
        if loose:
            return deeper()
        if len(parts) < 2:
            continue
        boxes = {rid: scene.regions[rid]["box"] for rid in parts}
        line = layout.columns if rows else layout.rows
        first = next(iter(boxes.values()))
        # Lines are alike boxes holding alike shares of the fits (a board's columns), not a side panel
        # with one button beside the board.
        counts = [len(members) for members in parts.values()]
        if len(line(list(boxes), lambda rid: boxes[rid])) != 1 or not all(layout.alike(first, b) for b in boxes.values()) \
                or max(counts) > 2 * min(counts) + 1:
            return deeper()
        order = sorted(parts, key=lambda rid: boxes[rid]["y" if rows else "x"])
        return [parts[rid] for rid in order]
    return []


def _is_bare_line(landmark):
    """"the row", "the column", said of no row in particular: another relation says which."""
    return bool(landmark.regions and landmark.regions <= LINES and landmark.ordinal is None and not landmark.positions
                and not (landmark.quoted or landmark.keywords or landmark.kinds))


def _is_line_of(landmark, target):
    """"the row of rounded filter chips" said of a chip: a row of what the target is, which another
    relation says ("under the search bar"); its other words say what the items are, not which row."""
    return bool(landmark.regions and landmark.regions <= LINES and landmark.ordinal is None and not landmark.positions
                and not landmark.quoted and landmark.kinds and set(landmark.kinds) <= set(target.kinds))


def _is_line(landmark):
    return bool(landmark.regions and landmark.regions <= LINES and (landmark.ordinal is not None or landmark.positions)
                and not (landmark.quoted or landmark.keywords or landmark.kinds))


def _undecided(description, missing, fits):
    """Whether landmarks missing from the page leave the candidates apart: a missing text does; a
    container named only by its kind ("the panel") does not (rebuilt pages seldom keep such names);
    a named one ("the rating row") does unless the candidates form one series it can be."""
    named = [r.landmark for r in description.relations if r.landmark.text in missing]
    if any(landmark.quoted for landmark in named):
        return True
    if description.target.positions & SIDES:
        return False    # "the bell at the top right of the conversation": that corner of what they span
    if not any(landmark.keywords for landmark in named):
        return False
    return sum(1 for group in layout.groups(fits, lambda f: f.c["box"]) if len(group) >= 2) != 1


def _in_passing(phrase, c):
    """Whether a text is a sentence that says the landmark's word in passing ("... A new episode every
    Thursday"): it speaks of the things and is not one of them, so "the first episode" is not counted
    among such texts. A long question is still one of "the questions": it does not say the word."""
    said = WORD.findall((c.get("own") or c.get("text") or "").lower())
    return len(said) > SENTENCE_WORDS and any(_word_hit(w, set(said)) for w in phrase.keywords)


def _speaks_of_many(phrase, c, text=None):
    """Whether a text (the element's own, else all of it) says the words only in the plural ("Showing 8
    of 8 episodes", "Search episodes"): it speaks of them all, and is not one of them to count ("the
    third episode")."""
    said = set(WORD.findall((text if text is not None else c.get("own") or c.get("text") or "").lower()))
    wanted = [w for w in phrase.keywords if len(w) > 2]
    return bool(wanted) and not any(w in said for w in wanted) and all(w + "s" in said or w + "es" in said for w in wanted)


def _series_size(anchors):
    """How many alike siblings, each called what the landmark says, the largest series of anchors has
    (an ordinal counts in one)."""
    called = [a for a in anchors if a.called]
    if not called:
        return 0
    return max(len(group) for group in layout.groups(called, lambda a: a.box))


def _series(fits):
    """The series most of the fits form (a grid of cards, a row of icons), else all of them."""
    groups = layout.groups(fits, lambda f: f.c["box"])
    largest = max(groups, key=len)
    return largest if len(largest) >= 3 and 2 * len(largest) > len(fits) else fits


def _one_size_series(fits):
    """The longest series of alike elements all of one size (within SIZE_TOLERANCE), of the size most
    of the fits have."""
    def same(a, b):
        return all(SIZE_TOLERANCE * max(a.c["box"][d], b.c["box"][d]) <= min(a.c["box"][d], b.c["box"][d])
                   for d in ("width", "height"))
    common = max(fits, key=lambda f: sum(same(f, g) for g in fits))
    return max(layout.groups([f for f in fits if same(f, common)], lambda f: f.c["box"]), key=len)


def _area(f):
    return f.c["box"]["width"] * f.c["box"]["height"]


def _nth_item(fits, n, scene):
    """The fit in the n-th item of a list, for an ordinal that counts the items a landmark names ("the
    headline of the third story"): the items are the boxes each fit is the only one of, counted in
    reading order among the longest run of them in one container; None when there is none."""
    items = {}
    for anchor in _items(fits, scene):
        items.setdefault(scene.regions[anchor.region].get("up"), []).append(anchor)
    run = max(items.values(), key=len, default=[])
    if abs(n) > len(run):
        return None
    item = layout.reading_order(run, lambda a: a.box)[n - 1 if n > 0 else n]
    return next(f for f in fits if item.region in scene.path(f.c))


def _nth(fits, n, ordered):
    """The n-th (negative: from the end) of the fits: in relation order, or in reading order within
    the first group of siblings (in view first) that has that many."""
    box = lambda f: f.c["box"]  # noqa: E731
    if ordered:
        sequences = [fits]
    else:
        # A lone element is no series to count in ("the last star" is not a star logo on its own),
        # unless there is nothing else; what is counted is acted on, so a series of controls comes
        # before a column of texts that show the same symbol (a rating's stars, not its histogram).
        found = layout.groups(fits, box)
        sequences = sorted(found, key=lambda g: (len(g) < 2, not all(f.c.get("interactive") for f in g),
                                                 not any(f.c.get("inViewport") for f in g)))
    for sequence in sequences:
        if abs(n) <= len(sequence):
            return sequence[n - 1 if n > 0 else n]
    return None


def _nth_nearby(placed, fits, n, scene):
    """The n-th of the series of clickable fits nearest to those the landmarks left, when these are too
    few to count in: "the fourth star in the rating row" where the row's caption also says "star" and the
    landmarks left it alone; the stars beside it are counted. None when no series is that long."""
    series = [g for g in layout.groups([f for f in fits if f.c.get("interactive")], lambda f: f.c["box"])
              if len(g) >= max(abs(n), 2)]
    if not placed or not series:
        return None
    nearest = max(series, key=lambda g: (max(scene.shared(p.c, f.c) for p in placed for f in g),
                                         -min(layout.gap(p.c["box"], f.c["box"]) for p in placed for f in g)))
    return nearest[n - 1 if n > 0 else n]


def _describe(f, scene):
    c, box = f.c, f.c["box"]
    look = scene.look(c)
    what = "/".join(sorted(look.identity)) or c.get("role") or c["tag"]
    return (f"[{c['index']}] {c['tag']} {label_text(c)[:40]!r} ({what}) at ({round(box['x'])},{round(box['y'])} "
            f"{round(box['width'])}x{round(box['height'])}) text {f.text:.2f} kind {f.kind:.1f} score {f.total:.2f}")


def _nothing(description, fits, scene, why=""):
    best = max((f.text for f in fits), default=0.0)
    listed = sorted(fits, key=lambda f: (-f.total, f.c["index"]))[:CONSIDERED]
    considered = "; ".join(_describe(f, scene) for f in listed)
    return (f"nothing matches {description.text!r} (best evidence {best:.2f}){': ' + why if why else ''}; "
            f"considered: {considered or 'none'}")


def choose(action, description, candidates, viewport, screenshot=None, cue=None):
    """(candidate, score) for the action, or (None, reason) when nothing on the page fits.

    `screenshot`: the PNG of the viewport as it is before the action, for colour words. When the
    description finds nothing, its asides ("..., the third key of the top row") are tried. `cue`:
    what the task's recording shows of the step (recording.Cue), which settles what the words leave
    in doubt (`_as_recorded`)."""
    scene = Scene(candidates, viewport, screenshot, cue)
    chosen, detail = _by_words(action, description, scene)
    if cue is None or screenshot is None or chosen is not None and description.target.quoted and \
            evidence(description.target, Features(chosen))[1] >= QUOTED_EVIDENCE:
        # The page says the label the step quotes: that decides.
        return _along(chosen, description.along, scene), detail
    chosen, detail = _as_recorded(action, chosen, detail, cue, scene, soft=not description.target.quoted)
    return _along(chosen, description.along, scene), detail


def _along(chosen, share, scene):
    """The chosen element clicked that share along its length ("three quarters of the way along the
    slider": from its left end, or from the bottom of an upright one), even where the recording's
    cursor was found on it: one point of a bar looks like any other, so the recorded place says how
    far along only on a bar laid out as recorded, and the words say it on every bar.
    The length is the whole track's: a fill drawn inside it up to the value is part of the bar."""
    if chosen is None or share is None:
        return chosen
    box = max((c["box"] for c in scene.candidates if c.get("visible") and _track_of(c["box"], chosen["box"])),
              key=lambda b: max(b["width"], b["height"]), default=chosen["box"])
    if box["width"] >= box["height"]:
        return {**chosen, "at": (box["x"] + share * box["width"], box["y"] + box["height"] / 2)}
    return {**chosen, "at": (box["x"] + box["width"] / 2, box["y"] + (1 - share) * box["height"])}


def _track_of(outer, inner):
    """Whether a box is the track a thin bar lies along: it holds the bar's middle, runs the same way,
    longer, and is no thicker than a track is."""
    across = (lambda b: b["height"]) if inner["width"] >= inner["height"] else (lambda b: b["width"])
    length = (lambda b: b["width"]) if inner["width"] >= inner["height"] else (lambda b: b["height"])
    return layout.encloses(outer, inner) and length(outer) > length(inner) \
        and across(outer) <= max(TRACK_THICKNESS, 2 * across(inner))


def _as_recorded(action, chosen, detail, cue, scene, soft=True):
    """Where the replayed page shows what the recording shows around its cursor, a click there lands
    on the element the step means, whatever the words found: a person replaying the recording points
    where its cursor went. Where the page is laid out as recorded, that place; else, of alike places
    (a row of stars, a grid of cards), the one the words name, or, when the picture is the same, the
    one nearest the recorded place.
    A place under which nothing can take the action (a picture of the page) proves nothing."""
    usable = (lambda c: c.get("editable")) if action == "Type" else (lambda c: c.get("interactive"))
    pointed = []
    for spot in cue.spots(scene.image(), soft):
        under = [c for c in scene.candidates if c.get("visible") and layout.holds(c["box"], spot.x, spot.y)]
        if action != "Type":
            # What a click there meets: a list whose middle a dialog covers is out of its reach, though
            # the place looks like the recorded one.
            under = [c for c in under if c.get("onTop")]
        if any(usable(c) for c in under):
            # The smallest thing there, as a click at that point lands on it (the drawing in a row that
            # listens for clicks on its icons); a field to type in itself.
            under = [c for c in under if usable(c)] if action == "Type" else under
            pointed.append((spot, min(under, key=lambda c: c["box"]["width"] * c["box"]["height"])))
    if not pointed:
        return chosen, detail
    away = {id(spot): math.hypot(spot.x - cue.point[0], spot.y - cue.point[1]) for spot, _ in pointed}
    # Where the page is laid out as recorded, the recorded place is the one: alike arrows over a board's
    # columns are told apart by where the cursor went.
    laid_out = [p for p in pointed if away[id(p[0])] <= SAME_PLACE]
    places = laid_out or pointed
    if chosen is not None and any(c is chosen or scene.contains(chosen, c) or scene.contains(c, chosen) for _, c in places):
        return _at_spot(chosen, places, away, scene, usable), detail
    if chosen is not None and any(_just_off(chosen, spot, scene, usable) for spot, _ in laid_out):
        return chosen, detail
    if chosen is not None and not laid_out:
        # Moved elsewhere, the recorded look overrules what the words found only when it is the same
        # picture; a look merely like it (another toggle of a restyled page) does not.
        places = [p for p in places if p[0].likeness >= MOVED_LOOK]
        if not places:
            return chosen, detail
    spot, c = min(places, key=lambda p: away[id(p[0])])
    return c, spot.likeness


def _at_spot(chosen, places, away, scene, usable):
    """The chosen element, with the point to click it at (`at`) where the page shows what the recording's
    cursor pointed at, on it and on nothing else there that takes the click: a board that alone listens
    for clicks is clicked on the piece the recording shows, not in its middle; of alike pieces, the one
    nearest the recorded place."""
    on = [spot for spot, c in places if c is chosen or scene.contains(chosen, c) and not usable(c)]
    if not on:
        return chosen
    spot = min(on, key=lambda s: away[id(s)])
    return {**chosen, "at": (spot.x, spot.y)}


def _just_off(chosen, spot, scene, usable):
    """Whether the cursor rests just off what the words chose, on nothing else that takes the action
    than what holds it: the arrow of a calendar whose title, beside it, is under the recorded tip."""
    if layout.gap(chosen["box"], {"x": spot.x, "y": spot.y, "width": 0, "height": 0}) > CURSOR_SLACK:
        return False
    return all(c is chosen or scene.contains(c, chosen) for c in scene.candidates
               if c.get("visible") and usable(c) and layout.holds(c["box"], spot.x, spot.y))


def _by_words(action, description, scene):
    lined = _counted_in_line(action, description, scene)
    if lined is not None:
        return lined
    for value in description.values:
        # "the third showtime in the row, 20:00": what it reads says which, when the page reads it so.
        found, score = _choose(action, value, scene)
        if found is not None:
            return found, score
    chosen, detail = _choose(action, description, scene)
    for aside in description.alternatives if chosen is None else ():
        found, score = _choose(action, aside, scene)
        if found is not None:
            return found, score
    return chosen, detail


def _counted_in_line(action, description, scene):
    """"The pink swatch, second from the left": counted from an end, the place counts every swatch in
    the line, and the colour agrees with it (the blush one, not the second of two pinkish ones). (the
    candidate, score) when the colour agrees; None to read the words the other way."""
    target = description.target
    if not (target.from_end and target.colours and target.ordinal):
        return None
    uncoloured = copy.copy(description)
    uncoloured.target = replace(target, colours=[])
    found, score = _choose(action, uncoloured, scene)
    if found is not None and all(scene.colour(found, w) >= MOSTLY for w in target.colours):
        return found, score
    return None


def _numbered_day(c, scene):
    """Whether a candidate is a day of a month the page shows: a number alone inside the month."""
    own = (c.get("own") or c.get("text") or "").strip()
    return own.isdigit() and any("month" in scene.dated().get(rid, ()) for rid in scene.path(c))


def _days_of_month(fits, scene):
    """A day, where the page shows a month, is one of its numbered days: not the weekday names over them
    nor the month's title, which count in no row of days ("the day in the third row of the calendar")."""
    if not any(f.text > 0 and _numbered_day(f.c, scene) for f in fits):
        return fits
    return [f if _numbered_day(f.c, scene) else replace(f, text=0.0, total=f.total - 2 * f.text) for f in fits]


@dataclass
class Placed:
    fits: list
    ordered: bool        # the fits are in the order a relation counts them ("the second field under")
    missing: list        # landmarks not on the page
    ordinal: int | None  # the target's ordinal, or one a landmark's items passed on to it
    unheld: bool         # some landmark found stands in its relation to none of the fits
    passed: bool = False  # the ordinal counts the landmark's items, one target each ("the third story")
    around: tuple = ()    # the containers the landmarks put the fits in


def _place(description, fits, ordinal, scene, visible):
    """The fits placed by the description's landmarks: containers first, then sides, then rows and
    columns of what is left."""
    ordered, missing, unheld, everywhere, passed, scope = False, [], False, fits, False, []
    # Items counted by an ordinal are counted in the row or column named with them ("the second card in
    # the middle column"): the line goes first then; else containers go first.
    counted = any(r.landmark.ordinal is not None and r.landmark.regions & ITEMS for r in description.relations)
    # "The third chip in the row (of chips) under the search bar": that row is the line of them nearest
    # the bar.
    nearest = [r.landmark for r in description.relations
               if _is_bare_line(r.landmark) or _is_line_of(r.landmark, description.target)] \
        if any(r.kind in layout.DIRECTIONS for r in description.relations) else []
    for relation in sorted(description.relations, key=lambda r: (_is_line(r.landmark) != counted, r.kind != "in")):
        if relation.landmark in nearest:
            continue
        landmark = relation.landmark
        if _is_line(landmark):
            # When what the landmarks leave has too few rows for the row named, they named its place too
            # loosely ("the third row of the playlist" and a text 'PLAYLIST' above the table): the rows
            # are counted among all that fit.
            fits = _line(landmark, fits, scene) or _line(landmark, everywhere, scene) or fits
            if relation.kind in ("above", "below") and fits:
                # "the arrow above the third column": the column's end on that side.
                fits = layout.rows(fits, lambda f: f.c["box"])[0 if relation.kind == "above" else -1]
            continue
        if landmark.ordinal is not None and not ordinal and \
                _series_size(_anchors(landmark, scene, visible, pick=False)) < max(abs(landmark.ordinal), 2):
            # "the check circle beside the second method step", where no series of steps can be counted:
            # each step has its circle, so the circles are counted.
            ordinal, passed = landmark.ordinal, True
            continue
        fits, counts, absent, held, within = _relate(relation, fits, scene, visible, scope, whole_rows=bool(nearest),
                                                     counted=abs(ordinal or 1), sides=description.target.positions & SIDES)
        scope = scope or within
        ordered, unheld = ordered or counts, unheld or not held
        if absent:
            missing.append(absent)
    if nearest and ordered and fits:
        # The nearest line that has as many as are counted: the bar's own button beside it is no row.
        lines = (layout.rows if "row" in nearest[0].regions else layout.columns)(fits, lambda f: f.c["box"])
        fits = next((line for f in fits for line in lines if f in line and len(line) >= abs(ordinal or 1)),
                    next(line for line in lines if fits[0] in line))
    return Placed(fits, ordered, missing, ordinal, unheld, passed, tuple(scope))


def _choose(action, description, scene):
    candidates = scene.candidates
    target, typing = description.target, action == "Type"
    visible = [c for c in candidates if c.get("visible")]
    pool = [c for c in visible if c.get("editable")] if typing else visible
    if not pool:
        return None, "no editable field on the page" if typing else "no visible element on the page"
    again = _acted_on([c for c in pool if not typing or c.get("focused")]) if target.previous else []
    if again:
        return again[0], 1.0
    words = bool(target.quoted or target.keywords)
    fits = _fits(target, pool, scene, words)
    if "day" in target.keywords:
        fits = _days_of_month(fits, scene)
    if target.quoted and max(f.quoted for f in fits) < QUOTED_EVIDENCE and (target.kinds or target.colours) \
            and (description.relations or target.ordinal or target.positions) and not _says_a_word(target.quoted, pool):
        # A label no text on the page says, even roughly or in part, is the original's wording ('Select'
        # where the rebuild reads "Choose"): the kind and the place still say which ("the button on the
        # second card"). "Clear" says 'Clear search' in part.
        target = replace(target, quoted=[])
        words = bool(target.keywords)
        fits = _fits(target, pool, scene, words)
    looked = _by_look(target, placed=bool(description.relations)) if words and not typing and (
        max(f.text for f in fits) < MIN_EVIDENCE or _otherwise_coloured(target, fits, scene)) else None
    if looked is not None:
        target, words = looked, False
        fits = _fits(target, pool, scene, words)
    elif words and not typing and max(f.text for f in fits) < MIN_EVIDENCE:
        beside = _beside_its_like(target, description, pool, scene)
        if beside is not None:
            return beside.c, beside.total
    if typing and words and max(f.text for f in fits) < MIN_EVIDENCE:
        # Descriptions of typing often name no field ("type the query"): the rest says where.
        words = False
    located = bool(target.ordinal or target.positions or description.relations)
    if typing and not words and not located:
        focused = [f for f in fits if f.c.get("focused")]
        if focused:
            return focused[0].c, focused[0].total
    if not (words or target.kinds or target.count or target.colours or description.relations or typing):
        return None, f"{description.text!r} names no element"
    if not (words or target.kinds or target.count or target.colours or typing):
        fits = [f for f in fits if f.c.get("interactive")]   # "the one right of 'Dark mode'"
    # With landmarks, they choose among all that could be of the kind before the likelier kind does:
    # "the trash icon on the third row" is an unnamed icon in that row, not the "Trash" folder.
    placing = bool(description.relations)
    matched = _matching(target, fits, scene, words, typing, level=not placing, placed=placing) if fits else []
    # "The fourth face in the satisfaction row", "the lamp in the top left corner of the board" where
    # nothing says face or lamp: the word says what the items are (below), not what they say.
    counts_items = bool((target.ordinal and description.relations or target.positions) and target.keywords
                        and not target.quoted)
    if not matched and not counts_items:
        return None, _nothing(description, fits, scene)
    matched = kinded = _one_each(matched, scene)
    if target.keywords and not target.quoted and any(_is_line(r.landmark) and "row" in r.landmark.regions
                                                     for r in description.relations):
        matched = _headed_column(target, fits, pool, scene) or matched
    ordinal = target.ordinal
    placed = _place(description, matched, ordinal, scene, visible) if matched else Placed([], False, [], ordinal, True)
    # "in the list" where nothing is called a list: the list is the longest series of alike elements,
    # the largest of those as long (the messages, not the folders beside them).
    unnamed_list = any(r.landmark.regions & SERIES and not (r.landmark.quoted or r.landmark.keywords)
                       and r.landmark.text in placed.missing for r in description.relations)
    lone = unnamed_list and max((len(g) for g in layout.groups(placed.fits or matched, lambda f: f.c["box"])), default=0) < 2
    if target.keywords and not target.quoted \
            and (ordinal and (description.relations or target.kinds)
                 and (len(matched) < abs(ordinal) or placed.unheld or lone or target.kinds and max(f.kind for f in matched) == 0)
                 or target.positions and (not matched or placed.unheld)):
        # "the first message in the list", "the first filter chip" beside a link "Clear filters", "the
        # second recipe card" beside a line "Pick one of your saved recipes": when what the word names
        # is not there, or not of the kind, the word says what the items are, not what they say.
        items = replace(target, keywords=[])
        # Things one clicks are counted, not the field to search them above them ("the second conversation").
        found = _one_each(_matching(items, [f for f in _fits(items, pool, scene, False) if f.c.get("interactive")
                                            and (typing or not f.c.get("editable"))],
                                    scene, False, typing, level=False), scene)
        # What the word names may hold the items ("the fourth size tile": a box called "sizes" around
        # the tiles): they are counted there.
        named = [f for f in fits if f.text >= MIN_EVIDENCE]
        held = [f for f in found if any(scene.contains(m.c, f.c) for m in named)]
        found = held if len(held) >= abs(ordinal or 1) else found
        if found and target.kinds:
            # The items are what the kind word calls them: "the fourth size tile in the top row" counts
            # the tiles, not a cart badge that is less surely a tile in a row above them.
            best = max(f.kind for f in found)
            found = [f for f in found if f.kind == best]
        retried = _place(description, found, ordinal, scene, visible) if found else None
        if retried and not retried.unheld:
            placed = retried
            if not ordinal and retried.fits:
                # Unnamed, the items a corner is of are the longest series of one size (the lamps of the
                # board, not the smaller round buttons under them).
                placed = replace(retried, fits=_one_size_series(retried.fits))
    matched, ordered, missing, ordinal = placed.fits, placed.ordered, placed.missing, placed.ordinal
    if target.among and matched:
        # "The middle one of the three chips under the temperature": of a series of that many, the one the
        # landmarks place first (the mode chips, not the three room tabs further off, nor a menu of eight).
        rank = {id(f): i for i, f in enumerate(matched)}
        box = lambda f: f.c["box"]  # noqa: E731
        series = [g for g in layout.groups(matched, box) + layout.rows(matched, box) if len(g) == target.among]
        if series:
            matched = sorted(min(series, key=lambda g: min(rank[id(f)] for f in g)), key=lambda f: rank[id(f)])
        else:
            # "The second of the three tabs above the calculator", where what stands above the heading
            # that says calculator is a menu of five links: the landmark was read too loosely, and the
            # one series of three of the kind on the page is meant.
            surest = [f for f in kinded if f.kind == max(k.kind for k in kinded)]
            alike = {frozenset(map(id, g)): g for g in layout.groups(surest, box) + layout.rows(surest, box)
                     if len(g) == target.among}
            if len(alike) == 1:
                matched = layout.reading_order(next(iter(alike.values())), box)
    # "In the satisfaction row" where nothing on the page says satisfaction: the row its words mean is
    # as surely the longest series of alike elements.
    unnamed_list = unnamed_list or any(r.landmark.regions & (SERIES | LINES) and r.landmark.keywords
                                       and r.landmark.text in missing for r in description.relations)
    if unnamed_list and matched:
        matched = max(layout.groups(matched, lambda f: f.c["box"]), key=lambda g: (len(g), sum(_area(f) for f in g)))
    if placing and matched and (target.kinds or target.count):
        best = max(f.kind for f in matched)
        matched = [f for f in matched if f.kind == best]
    if target.sizes and matched and not ordinal:
        # "The first of the small grey chips": with a count, the size says what the series is (chips
        # as wide as their words), not which of them. A size tells apart what a user sees and could act
        # on: "the little arrow" is the small sort arrow in a column's button, not a smaller line a chart's
        # legend draws for show further down.
        matched = _sized([f for f in matched if f.c.get("inViewport") and _reachable(f, scene)] or matched, target.sizes)
    if missing and not words and len(matched) > 1 and _undecided(description, missing, matched):
        return None, _nothing(description, matched, scene, f"no {missing[0]!r} on the page to tell them apart")
    if ordinal and ordered and description.relations[-1].kind in ("below", "above"):
        # "The first chip under the search bar" counts row by row away from the landmark, each row from
        # the left, as one reads: not the chip that happens to sit in the bar's button's column.
        bands = layout.rows(matched, lambda f: f.c["box"])
        matched = [f for band in (bands if description.relations[-1].kind == "below" else bands[::-1]) for f in band]
    # "The right arrow" among unnamed drawings nothing shows pointing: of a pair, the one on the right.
    pointing = {SIDE_OF[target.direction]} if target.direction and matched and len(matched) > 1 \
        and max(f.kind for f in matched) < 1 else set()
    if not (matched or ordinal):
        return None, _nothing(description, fits, scene)
    if ordinal:
        chosen = (_nth_item(matched, ordinal, scene) if placed.passed else None) or _nth(matched, ordinal, ordered) \
            or _nth_nearby(matched, kinded, ordinal, scene)
        if chosen is None:
            if not (words and matched):
                return None, _nothing(description, matched, scene, f"fewer than {abs(ordinal)} of them")
            chosen = max(matched, key=lambda f: (f.total, -f.c["index"]))
    elif ordered and not (target.positions or pointing):
        chosen = matched[0]
    elif target.positions or pointing:
        # "At the bottom right of the card": the corner of that container, whatever series sits in it;
        # else the end of the series most of them form ("the bottom-right cell").
        # A container named but missing ("the conversation") spans them all: its corner is theirs.
        within = any(r.kind == "in" and (r.landmark.regions - LINES or r.landmark.keywords and r.landmark.text in missing)
                     for r in description.relations)
        # "In the middle of the board": nearest the board's middle, not the middle of what it holds of the
        # kind (the red pieces, gathered at one end but one that moved up).
        frame = _holding(matched, placed.around, scene) if within and target.positions == {"middle"} else None
        chosen = layout.extreme(matched if within else _series(matched), lambda f: f.c["box"],
                                target.positions or pointing, frame)
    else:
        chosen = _likeliest(matched, scene)
    return chosen.c, chosen.total


def _headed_column(target, fits, pool, scene):
    """"The budgeted amount in the second row": where the words name a column's heading ('Budgeted' in a
    row of headings), the texts under it in its column, one per row, for the row to pick from; [] where
    they head none."""
    box = lambda c: c["box"]    # noqa: E731

    def heading(c):
        # A few words, no figure: '$2,045 budgeted' above the table heads nothing.
        own = c.get("own") or ""
        return 0 < len(own.split()) <= TAB_WORDS and not re.search(r"\d", own)

    table_headers = lambda f: (f.c.get("tag") == "th" or f.c.get("role") == "columnheader", f.text)   # noqa: E731
    for f in sorted((f for f in fits if f.text >= LANDMARK_EVIDENCE and heading(f.c)), key=table_headers, reverse=True):
        peers = [c for c in pool if c is not f.c and heading(c) and layout.same_row(c["box"], f.c["box"])]
        under = [c for c in pool if c is not f.c and (c.get("own") or c.get("value"))
                 and layout.same_column(c["box"], f.c["box"]) and c["box"]["y"] >= layout.bottom(f.c["box"])]
        rows = layout.rows(under, box)
        if len(peers) < 2 or not rows or rows[0][0]["box"]["y"] - layout.bottom(f.c["box"]) > 2 * f.c["box"]["height"]:
            continue
        # The column ends with the table it heads: not the column of the next table down the page.
        table = _innermost_holding([f.c, rows[0][0]], scene)
        under = [c for c in under if table in scene.path(c)]
        # As wide as its column, about: a card's title over the whole table heads no column of it.
        if len(layout.rows(under, box)) >= A_FEW and f.c["box"]["width"] <= 2 * max(c["box"]["width"] for c in under):
            return _fits(replace(target, keywords=[]), under, scene, False)
    return []


def _holding(fits, around, scene):
    """The box of the container the landmarks put the fits in, else of the innermost one holding the
    series most of them form (a board nothing calls a board, around its pieces), else their span."""
    held = next((rid for rid in around if rid in scene.regions), None)
    if held is None:
        held = _innermost_holding([f.c for f in _one_size_series(fits)], scene)
    return scene.regions[held]["box"] if held is not None else layout.span([f.c["box"] for f in fits])


def _innermost_holding(candidates, scene):
    """The id of the innermost container holding all the candidates, or None."""
    paths = [scene.path(c) for c in candidates]
    if not paths or not all(paths):
        return None
    common = set(paths[0]).intersection(*paths[1:])
    return next((node for node in paths[0] if node in common and node in scene.regions), None)


def _beside_its_like(target, description, pool, scene):
    """"The seat directly to the right of the blue one" where no text says seat: the noun says what the
    items are, a series of alike controls, and the landmark is the one of them its look tells apart
    (the one blue seat). The longest series where one item alone looks so is meant; the target is its
    nearest neighbour on that side, in its row or column. None when the words say otherwise."""
    relation = next((r for r in description.relations if r.kind in ("left", "right", "above", "below")
                     and r.landmark.keywords == target.keywords and not r.landmark.quoted
                     and (r.landmark.colours or r.landmark.fill or r.landmark.kinds)), None)
    if relation is None or target.quoted or not target.keywords:
        return None
    bare = replace(target, keywords=[])
    items = _fits(bare, [c for c in pool if c.get("interactive")], scene, False)
    landmark = replace(relation.landmark, keywords=[])
    box = lambda f: f.c["box"]  # noqa: E731
    for group in sorted(layout.groups(items, box), key=len, reverse=True):
        if len(group) < 3:
            break
        told = _of_kind(landmark, _fits(landmark, [f.c for f in group], scene, False), scene, False, False, True)
        if len(told) != 1:
            continue
        anchor = told[0].c["box"]
        placed = [(layout.toward(relation.kind, f.c["box"], anchor), f) for f in group if f.c is not told[0].c]
        placed = [(where, f) for where, f in placed if where is not None and where[0] == 0]
        if placed:
            return min(placed, key=lambda p: p[0])[1]
    return None


def _likeliest(fits, scene):
    """The best fit; of drawings that fit as well and that nothing names ("the flag icon" among three
    unnamed icons of a row), the one that alone looks like what the recording's cursor pointed at."""
    best = max(fits, key=lambda f: (f.total, -f.c["index"]))
    alike = [f for f in fits if f.total == best.total and f.kind < 1]
    if len(alike) < 2 or scene.cue is None or scene.png is None:
        return best
    looking = [f for f in alike if (scene.cue.resemblance(scene.image(), f.c["box"]) or 0) >= recording.PLACE_LOOK]
    return looking[0] if len(looking) == 1 else best
