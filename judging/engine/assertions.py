"""Was a step's logical assertion met? Judged after the replay from the states before and after it.

llm: the judging model answers Yes/No shown both screenshots, as the official evaluation does.

offline: the rules a careful person would apply without a model, always comparing like with like:
screenshot text (OCR) with screenshot text, pixels with pixels, the page's DOM with the page's DOM.

- Which state a checkpoint shows is read from the task, whichever way it was recorded (official.py:
  the state in which the j-th flagged action is performed, or the one after it): as the recording
  says (build_task writes it into metadata.json), else inferred from the task: when the first
  step is flagged, the official reading makes step_1 the same picture as step_0; else the reading
  whose checkpoints show more of what the assertions name (their numbers and quoted texts change
  from state to state); else the one under which the checkpoints look more like the replay's states
  at those moments; the official one when nothing tells. The assertion of step k is judged against the checkpoint that
  shows state k, if there is one.
- A state (near) pixel-identical to its checkpoint is judged true.
- Otherwise, where state k has a checkpoint, three things must hold:
  the action moved the page toward the checkpoint: it brought the values the assertion names (all
  of them shown) or the theme it says the page switches to, or else, read from the words it
  changed (a rebuilt page rarely looks like the original pixel for pixel, yet a tab that opens
  shows the checkpoint's words): most words that appeared or vanished on the screenshot moved
  toward the checkpoint's count of them (a word the checkpoint never shows that appears is the
  page's own wording and does not weigh; one that vanishes moves toward it), read only on the lines
  over pixels the action changed (a line it left alone says what it said, however OCR read it again);
  as many moving away as toward is no evidence (a player bar leaving one listed song for another);
  if no word changed but their order did (a sort), the order came closer to the checkpoint's (where
  the assertion says the list is put in order, that decides though words changed: OCR reads moved
  lines with other slips); if
  neither changed (a switch that only changes colour), the part of the screenshot the action changed
  came closer to the checkpoint there (a play icon is a speck on the whole screenshot). A quoted or
  named text the assertion says is shown that the action brought onto the page (a button that now reads
  'Copied') is that move too, as is an item it says moves to the top (bottom) read higher (lower).
  The new state looks like the checkpoint or reads like it: its image similarity or the overlap of
  its screenshot's words with the checkpoint's is at least `threshold` (a page in the other theme
  keeps the words and loses the picture; a photo viewer has few words and keeps the picture), or at
  least nine tenths of what its page as loaded had with the first checkpoint (a rebuild in another
  theme and font resembles every checkpoint less, its first screen too).
  Every value the assertion names that the checkpoint shows, or that it says the page reads
  ("reads 4 / 5", a price, a time), is on the page: numbers (prices, counts, totals: rebuilt
  pages copy them verbatim where they paraphrase words; $12.00 is $12), words the user
  typed earlier in the task (a page echoes them whoever wrote it: "Thanks, Ana Silva!") and the
  texts it quotes or names ("starting with Night buses to run every 15 minutes").
- Where state k has no checkpoint: something observable changed (DOM, URL, scroll position or
  pixels), and what the assertion names that a page can show is shown: its numbers, brought by the
  action (in the part of the page it changed, read with the line it sits in, or newly in view, or
  in view after a scroll; a value it changes *from*
  excepted: "from $199 to $238" needs $238 there), its typed words, and its quoted or named texts;
  one said to be removed, closed or gone must no longer be shown. A text it says something now reads
  ("the bottom bar now shows Glass Towers") must be brought too: on a line of text the action changed
  or opened, or said more often than before.
- Either way, values the assertion says are listed in order ("sorted", "cheapest first") are in
  that order on the page, and an item it says moves to the top (bottom) of its list is read higher
  (lower) on the page than before, and a page it says is in a dark (light) theme is dark (light) over
  most of its screenshot.
"""
import bisect
import re
from collections import Counter
from dataclasses import dataclass

import cv2
import numpy as np
from rapidfuzz import fuzz

from . import colours, official
from .kinds import VARIATION
from .result import Assertion

WORD = re.compile(r"[a-z0-9]+")
# Numbers apart from the letters after them ("40h", "265g"), not digits in a word where a letter runs
# into a digit: a code ("the red E63946 column", "6D597A", "BN3") names something, it counts nothing.
# "$5,000" and "$5000" are one number.
# A value is read whole: "4 / 5", "2 of 12", "$5.64" and "13:25" are one value each, so that a
# counter reading 3 / 5 beside a postcode "BN3 4FA" does not show "4 / 5".
NUMBER = re.compile(r"(?<![^\W_])\d+(?:(?:\s*/\s*|\s+of\s+|[.:])\d+)*(?![^\W\d_]+\d|\d)")
RATIO = re.compile(r"\s*/\s*|\s+of\s+")
DECIMAL = re.compile(r"\d+\.\d+")
THOUSANDS = re.compile(r"(?<=\d)[,.](?=\d{3}(?!\d))")
# Numbers an assertion uses without the page having to show them: ordinals, distances, places on a
# board, in a table or a list ("the first two cells of rows 2 to 4", "column 5", "track 10"), the
# amount of a change ("rises by 2"), the value a change starts from ("from $199", "instead of Helpful (8)").
UNSHOWN_NUMBER = re.compile(r"\d+(?:st|nd|rd|th)\b|\d+\s*(?:px|pixels?)\b|\bby\s+[$€£]?\d[\d,.]*\s*%?|"
                            r"\b(?:rows?|columns?|cols?|tracks?)\s+\d+(?:\s*(?:,|and|to|through|[-–])\s*\d+\b)*", re.I)
# The value is read whole: "from 14 of 24 spaces free" changes from the ratio 14 / 24.
_CHANGED = r"(\d[\d,.:]*(?:(?:\s*/\s*|\s+of\s+)\d[\d,.:]*)*)"
FROM_VALUE = re.compile(r"\bfrom\s+(?:[^\w\s]*\s*)?" + _CHANGED + "|"
                        r"\b(?:instead\s+of|rather\s+than|replacing|in\s+place\s+of)\s+[^\d.;,]{0,40}?" + _CHANGED, re.I)
# "8 → 10 chicken thighs", "600 g → 750 g", "'Metric' → 'US'": what stands before an arrow, with its
# unit, is what was there.
ARROW = re.compile(r"\s*(?:[^\W\d]{1,6}\.?\s*){0,2}(?:→|->|⟶|⇒|=>)")
ARROW_FROM = re.compile(_CHANGED + r"(?=" + ARROW.pattern + ")")
# "changes from 8 episodes · 2 downloaded to 8 episodes · 3 downloaded", "from Leaving 16:00 to Leaving
# 17:00": all a text changes from, up to its "to", is the old value, numbers and words alike.
FROM_TEXT = re.compile(r"\bfrom\s+([^;]{1,60}?)\s+to\s+(?=\S)", re.I)
# What the page read before the action, which it need not show after: the quote a text changes from,
# whatever stands between the "from", the quote and the "to" ("changes from a red disc with 'Red to
# move' to a cream disc"); one that is replaced by another, turns into another, or that something is
# shown instead of ("'No stems yet' is replaced by a line …", "the 'Custom' tag turns into a green 'Flat'
# tag", "instead of 'Save'"); one that something showed ("the box, which showed the grey placeholder
# 'Scene name', now shows …"; "displayed" may be the present's passive).
OLD_QUOTE = re.compile(r"\bfrom\b(?:(?!\bto\b).){0,60}$", re.I | re.S)
NEW_QUOTE = re.compile(r"[^;]{0,60}?\s+to\s+\S", re.I)
REPLACED_QUOTE = re.compile(r"(?:\s+[a-z]+){0,3}?\s+(?:(?:is|are|was|were|gets?|got)\s+replaced\b|"
                            r"(?:turns?|turned|changes?|changed|switch(?:es)?|switched)\s+(?:back\s+)?(?:in)?to\b|"
                            r"becomes?\s+(?:[^\s'\"“‘]+\s+){0,3}['\"“‘])", re.I)
PAST_QUOTE = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of|replacing|replaces|showed|"
                        r"used\s+to\s+(?:show|read|say))\s+(?:[^\s'\"“‘]+\s+){0,3}$", re.I)
# "changes from Heating to 21.5 °C to Heating to 22.0 °C": where the old text says "to" itself, its
# end is the "to" after which the new text repeats its words with other numbers.
TO = re.compile(r"\s+to\s+", re.I)
# A value something loses is not shown after: "her row loses the red 2 badge".
LOST_VALUE = re.compile(r"\b(?:loses|lost|losing|without|no\s+longer\s+(?:shows?|has|have))\s+(?:[^\W\d]+\s+){0,3}?(\d[\d,.]*)",
                        re.I)
# A number written as a value (a price, a percentage, a ratio, a time, a decimal), or said to be read.
READ_VALUE = re.compile(r"[$€£¥]\s*\d[\d.]*|\d+(?:\s*%|(?:\s*/\s*|\s+of\s+|[.:])\d+)|"
                        r"\b(?:reads|shows|says|displays|to|at)\s+(" + NUMBER.pattern + ")", re.I)
QUOTED = re.compile(r"\"([^\"]{1,120})\"|“([^”]{1,120})”|‘([^’]{1,120})’|(?:(?<=\s)|^|(?<=\())'([^']{1,120})'(?=[\s.,;:!?)]|$)")
# Clauses end at a sentence's end too: a text named without quotes never runs into the next sentence,
# nor does a quote that ends the sentence with it ("… before tax.' The red box disappears").
# A comma before a number is inside a text ("Saturday, 18 May"), not between clauses.
CLAUSE = re.compile(r";|\.\s+(?=[A-Z])|(?<=\.['\x22”’])\s+(?=[A-Z])|(?i:,\s+(?!\d)(?:and\s+)?|\s+and\s+|\s+while\s+|\s+but\s+)")
# Not what a text is about ("small grey text about removing all 14 projects"): that happens to nothing.
GONE = re.compile(r"(?<!about )(?<!\bfor )(?<!\bof )\b(?:remov|delet|disappear|vanish|gone|no longer|hidden|hides|"
                  r"close[sd]?\b|clear|dismiss|collaps|mask|obscur|stops?\s+(?:saying|showing|reading|displaying))\w*", re.I)
# What leaves the page, what takes its place aside ("its number 4 is replaced by green bars").
LEFT = re.compile(GONE.pattern + r"|\breplaced\s+(?:by|with)\b", re.I)
# Words after which a text is named without quotes, up to the end of its clause.
INTRODUCED = re.compile(r"\b(?:(?:starting|beginning|opening|headed|led)\s+(?:with|by)|titled|entitled)\s+([^\x00]+)$", re.I)
# What a text reads, named without quotes by its capital ("the caption reads Good", "the bar shows
# Glass Towers by Mira Vale"); a value ("reads 2") is a number, a look ("shows a red heart") no text,
# nor is what belongs to someone ("the table shows April's six categories").
READS = re.compile(r"\b(?:reads|reading|says|saying|shows|showing|becomes)\s+(?:now\s+)?(?![A-Z]\w*['’]s\b)([A-Z][^;\x00]*)$")
# What a thing whose business is text changes to, named without quotes: "the hourly panel below changes
# to Saturday, 18 May", "the indicator changes to You win! in green". A text of one word is left alone:
# "every temperature switches to Fahrenheit" names a unit, not a text.
RETITLED = re.compile(r"(?i:\b(?:heading|title|header|panel|indicator|bar|label|caption|banner|line|status|message|tab|"
                      r"button)s?\b[^;\x00]{0,40}?\b(?:changes|changed|switches|switched)\s+to)\s+([A-Z][^;\x00]*)$")
# A text named by the kind of text it is, its wording following ("a red line Please choose a frame
# size appears under them", "the red message ✕ 1 square is wrong": its words, the pictograph before
# them aside): of two words or more, up to what it is said to do.
NAMED_TEXT = re.compile(r"\b(?:message|note|line|toast|hint|notice|warning|error|banner)\s+(?:[^\w\s(]\s*)?([A-Z0-9][^;\x00]*)$")
ARRIVES = re.compile(r"\s+(?:appears?|pops?\s+up|shows?\s+up|comes?\s+up|stays|remains|(?:is|are)\s+"
                     r"(?:shown|added|still|replaced|gone))\b")
# A quote that names an element by its label ("a dark grey 'Post review' button", "a 'Made it?' card", "a
# box labelled 'Tell other cooks how it went'"): a rebuild words its labels its own way.
LABEL_OF = re.compile(r"\s+(?:buttons?|links?|tabs?|cards?|tiles?|chips?|pills?|tags?|toggles?|switch(?:es)?|"
                      r"checkbox(?:es)?|options?|menus?|items?|headings?|sections?|panels?|dialogs?|fields?|boxes|box|"
                      r"filters?)\b", re.I)
# A text after a word of place names where something is ("the heart just left of the 'Book a shoot'
# button is filled red", "a badge appears on the heart next to 'Saved homes'"): a landmark the
# annotator points with, not a text the step is about.
PLACED_BY = re.compile(r"\b(?:(?:left|right)\s+of|next\s+to|beside|under|underneath|below|above|beneath|over|near|"
                       r"inside|within|in\s+front\s+of|behind)\s+(?:the\s+|its\s+|their\s+)?$", re.I)
LABELLED_AS = re.compile(r"\b(?:labell?ed|named|called)\s+(?:as\s+)?$", re.I)
# Said to change look or place, not to come onto the page or to be told of: "the 'Post review' button
# turns from dark grey to orange", "the 'Made it?' card sits lower"; not "a 'Made it?' card comes into
# view", "the answer explains the 'Forgot password' link", where the label is what shows it came.
RESTYLED = re.compile(r"\b(?:turns?|turned|goes|went|becomes?|lights?\s+up|fades?|sits|moves?\s+(?:up|down)|"
                      r"shifts?|gets?\s+(?:an?\s+)?(?:\w+\s+){0,2}"
                      r"(?:border|outline|ring|underline|background|fill)|is\s+(?:now\s+)?(?:highlighted|selected|"
                      r"greyed|grayed|disabled|enabled|filled|outlined|bold))\b", re.I)
ARRIVAL = re.compile(r"\b(?:appears?|appeared|comes?\s+into\s+view|pops?\s+up|shows?\s+up|opens?|is\s+added|slides?\s+in)\b",
                     re.I)
# A quote after these words is what something reads ("now reads 'Copied'"), not a control's name.
READ_BEFORE = re.compile(r"\b(?:reads|reading|says|saying|shows|showing|displays|titled|entitled)\s+(?:now\s+)?$", re.I)
# A clause saying what something reads as a change: "the bar now shows …", "the title changes to …"
# ("the dialog closes and the header reads …" describes a header that may have read so before).
NOW = re.compile(r"\bnow\b|\bbecomes?\b|\b(?:changes?|changed|switch(?:es)?|switched|turns?|turned|updates?|updated)\s+to\b",
                 re.I)
# Where a text named without quotes ends: what it replaces, or words describing it ("reads Your turn
# again with its red dot" names "Your turn", "reads You win! in green" names "You win!"; a colour
# written with a capital is the text's own: "reads Ines in Blue").
REPLACED = re.compile(r"\s+(?:instead\s+of|rather\s+than|in\s+place\s+of|replacing|from|again|with|under|below|"
                      r"(?-i:in\s+(?:" + "|".join(colours.WORDS) + r"|bold|italics?))\b|"
                      r"above|beside|next\s+to|followed\s+by|while)(?:\s|$)", re.I)
# "The total is $154.00", "shipping reads Free", "the subtotal drops from $160 to $135": what a
# label on the page reads, the label being the whole subject of its clause and the value its end
# ("Dragon Roll reads 2 in basket" names a text, not the value beside the name).
LABELLED = re.compile(r"^\W*(?:[Aa]nd\s+|[Tt]hen\s+)?(?:[Tt]he\s+)?(?P<label>[A-Za-z][A-Za-z']*(?:\s+[A-Za-z][A-Za-z']*){0,2})\s+"
                      r"(?:now\s+|still\s+|then\s+)?(?:is|reads|becomes|shows|says|displays|"
                      r"(?:goes|drops|falls|rises|climbs|jumps|changes|updates|comes)\s+(?:from\s+\S+\s+)?to|"
                      r"is\s+(?:now\s+|still\s+)?(?:back\s+)?(?:to|at))\s+(?:now\s+|still\s+)?"
                      r"(?P<value>[$€£¥]?\s*" + NUMBER.pattern + r"(?:\s*%)?|[A-Z][a-z]+\b)\W*$")
# What a label is written on, named after it ("the Archive folder", "the Drafts tab"): the value is read
# beside the label. Not what names the value itself ("the adult count" is not read beside "Adult").
LABEL_HOLDERS = {"folder", "tab", "chip", "filter", "category", "link", "section", "menu", "item", "option"}
VALUE_KINDS = (("price", r"[$€£¥]"), ("percentage", r"%"), ("ratio", r"\d\s*(?:/|\bof\b)\s*\d"), ("time", r"\d:\d"))
READ_VALUE_OF_KIND = re.compile(r"[$€£¥]?\s*" + NUMBER.pattern + r"(?:\s*%)?")
# A value sits beside its label: on its row, at most this share of the viewport's width to its right.
BESIDE = 0.4
EMOJI = "\U0001F300"      # from here on the pictographs a page writes as text (🚀 👍 🔥), not the symbols of its icons
# A channel differing by this much or less between two screenshots is the same pixel (compression,
# antialiasing), not a change of the page.
PIXEL_NOISE = 4
# Pixels kept around the part of a screenshot an action changed, so that its likeness to the
# checkpoint there sees the shape's edges and the ground it sits on.
CHANGED_MARGIN = 8
# Words saying the values that follow are listed in order, up to the end of the sentence.
ORDERED = re.compile(r"\b(?:ordered|sorted|ranked|in order|order\s+(?:changes|switches|becomes|is\s+now)|"
                     r"(?:cheapest|dearest|highest|lowest|newest|oldest|latest)\s+first)\b", re.I)
# "X moves to the top of the list": X is read higher on the page than before (lower for the bottom).
MOVES = re.compile(r"\b(?:moves?|moved|jumps?|goes|rises|climbs|drops|falls|sinks)\s+(?:back\s+|up\s+|down\s+)?"
                   r"to\s+the\s+(top|start|beginning|front|head|bottom|end)\b", re.I)
# A value that is the subject of its clause, said to change look: it names the control that shows it.
SUBJECT_VALUE = re.compile(r"(?:^|[;,.]\s+|\s+and\s+)(?:the\s+)?(" + NUMBER.pattern + r")\s+(?:button\s+|tile\s+|chip\s+)?"
                           r"(?:goes|turns|becomes|gets|changes|switches|returns|fades|lights|is\s+(?:now\s+)?"
                           r"(?:highlighted|selected|filled|outlined|greyed|grey|gray|blue|green|red|dark|white))\b", re.I)
PRONOUN = re.compile(r"^(?:it|this|that|they|these|those|the\s+(?:row|item|task|card|one))$", re.I)
# "Nothing changes: the game is over": the action is meant to do nothing.
NO_CHANGE = re.compile(r"^\W*nothing\s+(?:else\s+)?(?:changes|happens)\b", re.I)
# A verb told of several things at once ("… and the table stay as they were").
SHARED_VERB = re.compile(r"\b(?:stay|remain|keep|disappear|vanish|are|were|go\s+away|fade|close|change|move)\b", re.I)
FINITE = {"is", "was", "has", "had", "gets", "got", "goes", "went"}
SUBJECT_WORDS = 6
STAYS = re.compile(r"\b(?:still|remains?|stays?|unchanged|again|keeps?|already)\b", re.I)
FUNCTION_WORDS = set("""a an the of to in on at by for with from and or but is are was be it its as into than""".split())
# Words any message has, which say nothing of what it is about.
MESSAGE_WORDS = FUNCTION_WORDS | set("""you your what will this that please here there have then when""".split())
# A text named without quote marks of this many words, written as a sentence, is a message told in the
# annotator's words ("a line under it says Enter your number plate to continue").
MESSAGE_LENGTH = 4
# A claim about the whole page's theme: "switches to a dark theme", "a light background", "the page is
# still dark"; not a control's label ("the Dark mode toggle").
THEME = re.compile(r"\b(dark|light)\s+(?:theme|background|mode)\b(?!\s+(?:toggle|switch|button|option|setting|label|"
                   r"checkbox|item|row))|\b(?:page|site|app|screen)\s+(?:is|stays|remains|turns|goes|becomes)\s+"
                   r"(?:still\s+|now\s+|all\s+)?(dark|light)\b", re.I)
THEME_SHARE = 0.5      # a page in a dark (light) theme is dark (light) over more than half of the screen
# Share of pixels that may differ for a state to count as its checkpoint's picture (a caret, a
# hover shade): a person comparing the two screenshots would call them the same.
IDENTICAL_SHARE = 0.002
# A pixel changed when a channel moved this much (0-255); a colour was brought by this many of them.
CHANGED_PIXEL, COLOUR_PIXELS = 24, 12
QUOTED_MATCH = 85
# A label of an element this long at most is what the element reads (not a card's whole text).
ACTED_LABEL = 40
# A text within this many pixels of where the page showed it before is the same text, not one brought.
PLACE = 2
# Two lines OCR read, one in each screenshot, are read at the same place when more than this share of
# the smaller one's box lies inside the other's.
SAME_PLACE = 0.5
# Letters a square apart spell one word; a step this much longer skips a square.
SPELLED_PITCH = 0.5
# A state resembles its checkpoint enough when it does at least this share as much as the page as
# loaded resembled the first checkpoint (or at least the threshold).
OWN_RESEMBLANCE = 0.9


@dataclass(frozen=True)
class State:
    """What the page's DOM showed at one moment, as probed by js/probe.js and the scroll reading."""
    mutations: int
    url: str
    scroll: list
    text: str          # in the viewport
    page_text: str     # anywhere on the page
    changed_text: str  # of the smallest element holding what changed since the probe before ("" when nothing did)
    boxes: tuple = ()  # (text, left, top, right, bottom) of each text shown on the page, in the viewport's terms


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


def observed(assertion, change, before_page, after_page):
    """Whether a step without a checkpoint did what a person would see: something changed (the DOM,
    the URL, the scroll position or the pixels); or, where the assertion says nothing changes ("Nothing
    changes: the game is over"), what the page says is as it was."""
    if NO_CHANGE.search(assertion):
        return before_page == after_page
    return change.any()


@dataclass(frozen=True)
class Truth:
    """The task's checkpoints: PNG bytes, and futures of their prepared images and OCR texts."""
    png: list
    image: list
    text: list


@dataclass(frozen=True)
class Seen:
    """One replay state: its screenshot, prepared for the similarity, and the screenshot's OCR text and
    lines (ocr.Reader.read_lines)."""
    png: bytes
    image: object
    text: str
    lines: tuple = ()


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


def changed_lines(before, after, before_texts=(), after_texts=()):
    """(before's text, after's text) of the lines read where the two screenshots differ. A line over
    pixels the action left as they were says what it said: OCR reading it again a pixel off (grey
    text on a dark page) and making "notes" of "ntes" is no change of the page. So does a line over
    texts of the page (`before_texts`, `after_texts`: the probes' boxes) that are there as they were,
    in the same place, after the action: a card that turned pale blue when chosen, its grey address
    then read less well. A line read over the same place in the other screenshot is the same line,
    counted with it (a label whose box took in the checkbox beside it once, and not once the box was
    ticked)."""
    if not (before.lines or after.lines):
        return before.text, after.text
    a, b = colours.decode(before.png), colours.decode(after.png)
    if a is None or b is None or a.shape != b.shape:
        return before.text, after.text
    changed = colours.difference(a, b) > PIXEL_NOISE
    kept = {tuple(t) for t in before_texts} & {tuple(t) for t in after_texts}
    # Boxes (left, top, right, bottom) of the texts kept in place and of the others, as arrays: a page
    # lists thousands of texts and every line read is looked up among them.
    stayed = np.array([t[1:] for t in kept], float).reshape(-1, 4)
    others = np.array([t[1:] for t in (*before_texts, *after_texts) if tuple(t) not in kept], float).reshape(-1, 4)

    def under(boxes, box):
        return bool(((boxes[:, 0] < box[2]) & (box[0] < boxes[:, 2])
                     & (boxes[:, 1] < box[3]) & (box[1] < boxes[:, 3])).any())

    def touches(box):
        x0, y0, x1, y1 = (max(0, v) for v in box)
        if under(stayed, box) and not under(others, box):
            return False
        return bool(changed[y0:y1 + 1, x0:x1 + 1].any())

    def overlap(p, q):
        """Read at the same place: the smaller box mostly inside the other. A box that only grazes
        another is a neighbour, as the ring of a radio is to the name beside it."""
        width, height = min(p[2], q[2]) - max(p[0], q[0]), min(p[3], q[3]) - max(p[1], q[1])
        smaller = min((p[2] - p[0]) * (p[3] - p[1]), (q[2] - q[0]) * (q[3] - q[1]))
        return width > 0 and height > 0 and width * height > SAME_PLACE * smaller

    was = [touches(box) for _text, box in before.lines]
    now = [touches(box) for _text, box in after.lines]
    # Counted with a counted line of the other screenshot, and so on: a checkbox ticked beside its
    # sentence is read with the sentence on one side and apart from it on the other, and the sentence
    # must then count on both sides or it seems to vanish.
    while True:
        was_more = [hit or any(h and overlap(box, other) for (_t, other), h in zip(after.lines, now))
                    for (_text, box), hit in zip(before.lines, was)]
        now_more = [hit or any(h and overlap(box, other) for (_t, other), h in zip(before.lines, was_more))
                    for (_text, box), hit in zip(after.lines, now)]
        if was_more == was and now_more == now:
            break
        was, now = was_more, now_more
    return (" ".join(text for (text, _box), hit in zip(before.lines, was) if hit),
            " ".join(text for (text, _box), hit in zip(after.lines, now) if hit))


def text_direction(truth_text, before_text, after_text, whole=None):
    """(verdict or None when no word changed, detail): did most changed words move toward the checkpoint?
    `whole`: the screen's text before the action, of which `before_text` is the part that changed. A
    word is counted on the whole screen as the checkpoint counts it: a paragraph that folds away takes
    its "the"s with it, and the checkpoint, which shows it folded, still has the "the"s of the list
    beside it; the count moved toward the checkpoint's, not away from it."""
    truth, before, after = _Checkpoint(truth_text), _words(before_text), _words(after_text)
    screen = _words(before_text if whole is None else whole)
    toward = away = 0
    for word in before.keys() | after.keys():
        # The screen's count before and after: what the action changed is what changed on it.
        b = max(screen[word], before[word])
        a = b + after[word] - before[word]
        t = truth.count(word)
        # A word the checkpoint never shows that appears is the page's own wording (a rebuild words
        # its labels and messages its own way), evidence neither way.
        if a != b and not (t == 0 and a > b):
            # One unit at a time from b to a: a unit is toward when it brings the count closer to t.
            closer = (abs(t - b) - abs(t - a) + abs(a - b)) // 2
            toward, away = toward + closer, away + abs(a - b) - closer
    # As many words away as toward (none, or a swap of one text for another) is no evidence either way.
    if toward == away:
        return None, {"words_toward": toward, "words_away": away}
    return toward > away, {"words_toward": toward, "words_away": away}


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


def read_direction(assertion, truth_text, before_text, after_text, whole=None):
    """(verdict or None, detail) from the lines the action changed: most changed words moved toward the
    checkpoint, or, when no word changed, their order came closer to its order. Where the assertion says
    a list is put in order, an order that came closer is the move though words changed: a sort moves every
    line, and OCR reads a moved line with other slips ("Draft" then "Drat")."""
    toward, detail = text_direction(truth_text, before_text, after_text, whole)
    if toward is None or not toward and ORDERED.search(assertion):
        ordered, order = order_direction(truth_text, before_text, after_text)
        if ordered is not None and (toward is None or ordered):
            return ordered, {**detail, **order}
    return toward, detail


def _values(text):
    """The values of a text, each as one string: "4 / 5" as "4/5", and a decimal without the zeros that
    do not change it ("$12.00" is $12, "0.50" is 0.5)."""
    values = [RATIO.sub("/", value) for value in NUMBER.findall(THOUSANDS.sub("", text))]
    return [v.rstrip("0").rstrip(".") if DECIMAL.fullmatch(v) else v for v in values]


def _numbers(text):
    return set(_values(text))


def _in_sequence(wanted, values):
    """Whether `wanted` occur in `values` in that order (others may come between)."""
    rest = iter(values)
    return all(any(v == w for v in rest) for w in wanted)


def _shown_numbers(text):
    """The values a page shows: each whole, and the parts of a ratio too ("0:03 / 12:47" shows the
    length 12:47)."""
    values = _numbers(text)
    return values | {part for v in values if "/" in v for part in v.split("/")}


def _in_order(values):
    return sorted(values, key=lambda value: (int(re.match(r"\d+", value)[0]), value))


def _old_text(text, match):
    """The span of the text a "from ... to ..." says was there: up to the first "to", unless a later
    "to" within reach splits the words into an old and a new text of the same shape."""
    start = match.start(1)
    shape = lambda part: NUMBER.sub("#", part).strip().lower()  # noqa: E731
    for to in TO.finditer(text, match.end(1) + 1, start + 60):
        before, after = text[start:to.start()], text[to.end():]
        if shape(before) and shape(after).startswith(shape(before)) and NUMBER.search(before):
            return start, to.start()
    return match.span(1)


def named_numbers(assertion):
    """The numbers an assertion says the page shows: not ordinals, distances or a value changed from."""
    text = THOUSANDS.sub("", assertion)
    old = [m.span(g) for m in FROM_VALUE.finditer(text) for g in (1, 2) if m.group(g)] + \
          [_old_text(text, m) for m in FROM_TEXT.finditer(text)]
    old += [m.span(1) for m in LOST_VALUE.finditer(text)] + [m.span(1) for m in ARROW_FROM.finditer(text)]
    old += _old_quotes(text) + _gone_numbers(text)
    for start, end in old:
        text = text[:start] + " " * (end - start) + text[end:]
    return _numbers(UNSHOWN_NUMBER.sub(" ", text))


def _gone_numbers(text):
    """Spans of the numbers on what the text says goes away ("the unread bubble showing 12
    disappears", "its number 4 is replaced by green bars"): a number before the clause's word of leaving
    was there, not brought. Not one after it ("deleting the row brings the total to 2,030")."""
    spans, start = [], 0
    for boundary in [*CLAUSE.finditer(text), None]:
        end = boundary.start() if boundary else len(text)
        gone = LEFT.search(QUOTED.sub(lambda m: " " * len(m.group()), text[start:end]))
        if gone:
            spans += [m.span() for m in NUMBER.finditer(text, start, start + gone.start())]
        start = boundary.end() if boundary else end
    return spans


def read_values(assertion):
    """The numbers the assertion says the page reads, not counts of things on it ("All 16 cards are face
    down"): a price, a percentage, a ratio, a time or a decimal, or a number said to be read, shown or
    reached ("the counter reads 4 / 5", "drops to 2", "Liked songs shows 14")."""
    text = UNSHOWN_NUMBER.sub(" ", THOUSANDS.sub("", assertion))
    return {v for m in READ_VALUE.finditer(text) for v in _values(m.group(1) or m.group())} & named_numbers(assertion)


def missing_numbers(assertion, truth_text, page_text):
    """The numbers the assertion names that the page does not show: with a checkpoint, those it shows
    and those the assertion says the page reads (small text OCR may miss on the checkpoint)."""
    named = named_numbers(assertion)
    if truth_text is not None:
        named &= _numbers(truth_text) | read_values(assertion)
    return _in_order(named - _shown_numbers(page_text))


def _number_counts(text):
    return Counter(_values(text))


def numbers_not_brought(assertion, changed_text, before_view, after_view, scrolled=False):
    """The numbers the assertion names that the action did not bring: not in the part of the page it
    changed, nor newly in view. Without a checkpoint, this ties the named value to the action: a
    detail panel for the wrong product leaves "$29" only in the list, which did not change. A scroll
    brings all that is in view after it: what "comes into view" may have shown at the bottom edge
    before. A number the assertion quotes or names in a text ("the header shows Saved (1)") is
    checked with that text; one it says stays (still, already) need only be shown."""
    before, after = _number_counts(before_view), _number_counts(after_view)
    region = _numbers(changed_text) | (set(after) if scrolled else set())
    unquoted = QUOTED.sub(" ", assertion)
    for claim in quoted_claims(assertion):
        unquoted = unquoted.replace(claim.text, " ")
    kept = _kept(unquoted)
    return _in_order(n for n in named_numbers(unquoted) if n not in kept and n not in region and after[n] <= before[n])


def _kept(assertion):
    """The numbers the assertion says stay as they were ("Pairs still reads 1 / 8"), and those that name
    what changes look ("16:40 goes back to a white outline": the 16:40 button, not a value it brings)."""
    return {n for clause in CLAUSE.split(assertion) if STAYS.search(QUOTED.sub(" ", clause)) for n in named_numbers(clause)} \
        | {n for m in SUBJECT_VALUE.finditer(assertion) for n in _numbers(m.group(1))}


def values_brought(assertion, page_text, before_view, after_view):
    """The values the assertion names that the action brought onto the page, [] unless the page shows
    all it names: where it brought them, the page moved as the assertion says, whatever the words of
    the screenshot did (a display turning 56 into 0.56 in large digits that OCR reads poorly)."""
    unquoted = QUOTED.sub(" ", assertion)
    named = named_numbers(unquoted)
    if not named or named - _shown_numbers(page_text):
        return []
    # Newly shown: a list the action only reorders (a sort) brings none of its prices.
    before, after = _number_counts(before_view), _number_counts(after_view)
    return _in_order(n for n in named - _kept(unquoted) if after[n] > before[n])


def brings_every_value(assertion, brought):
    """Whether the values brought (`values_brought`) are every value, two or more, that the assertion
    says the page now shows: the action did all the assertion counts on, and a page in another theme or
    font that resembles its checkpoint little in pixels or OCR words still moved as claimed."""
    unquoted = QUOTED.sub(" ", assertion)
    named = named_numbers(unquoted) - _kept(unquoted)
    return len(named) >= 2 and set(brought) == named


def quotes_brought(assertion, before_page, after_page):
    """The quoted or named texts the assertion says are shown, when the page shows them all and the
    action brought one of them: a button that now reads 'Copied' moved as claimed, however the
    screenshot's words were read (OCR may miss a small label on the checkpoint). [] otherwise."""
    wanted = [c for c in quoted_claims(assertion) if c.should]
    if not wanted or not all(_shown(c.text, after_page, c.alone) for c in wanted):
        return []
    # Said once more than before is brought too: the button's 'Copied' beside a table that reads "Files
    # copied as they are".
    return [c.text for c in wanted if not _shown(c.text, before_page, c.alone)
            or _times(c.text, after_page, c.alone) > _times(c.text, before_page, c.alone)]


def _times(text, page_text, alone=False):
    """How often the page says the text, as a line of its own or in whole words, up to case."""
    if alone:
        return len(re.findall(r"(?im)^[^\w\n]*" + re.escape(text) + r"[^\w\n]*$", page_text))
    return len(re.findall(r"(?<!\w)" + re.escape(" ".join(text.lower().split())) + r"(?!\w)",
                          " ".join(page_text.lower().split())))


def misordered(assertion, page_text):
    """The values an assertion says are listed in order ("ordered A (€168), B (€182)", "cheapest
    first: …") when the page shows them in another order; [] when it shows them in that order or
    the assertion names no order. Layouts differ, but a list is read in the page's order."""
    match = ORDERED.search(assertion)
    if not match:
        return []
    sentence = re.split(r"(?<=[.;])\s", assertion[match.end():])[0]
    named, shown = _values(UNSHOWN_NUMBER.sub(" ", sentence)), _values(page_text)
    # In that order: each after the one before, wherever else the page shows the same number (a table
    # has other columns of numbers).
    rest = iter(shown)
    return named if not all(value in rest for value in (v for v in named if v in shown)) else []


def _offset(text, page_text):
    """Where the page's text says `text`, or None when it does not."""
    match = fuzz.partial_ratio_alignment(text.lower(), page_text.lower())
    return match.dest_start if match is not None and match.score >= QUOTED_MATCH else None


def misplaced(assertion, before_page, after_page):
    """The items the assertion says move to the top (bottom) of their list that the page does not show
    higher (lower) than before: "Call the plumber moves to the top of the list" is read before the
    items that were above it. An item the page does not show both times is left to the other rules."""
    return _moves(assertion, before_page, after_page)[1]


def moved(assertion, before_page, after_page):
    """The items the assertion says move to the top (bottom) of their list, when the page shows every
    one of them higher (lower) than before: the page moved as claimed. [] otherwise."""
    went, stayed = _moves(assertion, before_page, after_page)
    return [] if stayed else went


def _moves(assertion, before_page, after_page):
    """(items read where the assertion says they move, items that are not)."""
    went, out = [], []
    for clause in CLAUSE.split(QUOTED.sub(lambda m: next(g for g in m.groups() if g is not None), assertion)):
        match = MOVES.search(clause)
        subject = match and re.sub(r"^\W*(?:the\s+)?", "", clause[:match.start()]).strip(" ,.'\"")
        if not subject or len(WORD.findall(subject.lower())) < 2 or PRONOUN.match(subject):
            continue
        was, now = _offset(subject, before_page), _offset(subject, after_page)
        if was is None or now is None:
            continue
        up = match.group(1).lower() in ("top", "start", "beginning", "front", "head")
        stayed = now >= was if up else now <= was
        (out if stayed else went).append(subject)
    return went, out


def labelled_values(assertion):
    """[(label, value)] for each clause whose subject is a label the value is read beside ("the total is
    $154.00", "shipping reads Free"); not a pronoun or a thing the value is said of ("its line reads")."""
    pairs = []
    for clause in CLAUSE.split(THOUSANDS.sub("", QUOTED.sub(lambda m: next(g for g in m.groups() if g), assertion))):
        match = LABELLED.match(clause)
        label = match and re.sub(r"(?:\s+(?:now|still|then|also|again))+$", "", match["label"], flags=re.I)
        if label and len(label.split()) > 1 and label.split()[-1].lower() in LABEL_HOLDERS:
            label = label.rsplit(None, 1)[0]       # "the Archive folder shows 1": the folder labelled Archive
        if label and not PRONOUN.match(label) and label.split()[0].lower() not in FUNCTION_WORDS:
            pairs.append((label, match["value"].strip(" .")))
    return pairs


def _label_text(text):
    return " ".join(WORD.findall(text.lower()))


def _beside(label, boxes, width):
    """The texts on the row of `label`'s box to its right, nearest first."""
    _, left, top, right, bottom = label
    row = [b for b in boxes if b is not label and b[1] >= right - 2 and b[1] - right <= BESIDE * width
           and min(bottom, b[4]) - max(top, b[2]) >= 0.5 * min(bottom - top, b[4] - b[2])]
    return [b[0] for b in sorted(row, key=lambda b: b[1])]


def _kind_of(value):
    """What a value is: a price, a percentage, a ratio, a time or a plain number."""
    return next((kind for kind, pattern in VALUE_KINDS if re.search(pattern, value)), "number")


def _reads(value, texts):
    """Whether the texts beside a label say `value`: for a word, the first text; for a number, the
    first value of its kind among those read up to the next word after a number ("1", "/ 8" read
    together say 1 / 8; a price beside a dish's name says nothing of how many are in the basket).
    None when they say nothing of the kind."""
    if not NUMBER.search(value):
        first = next((t for t in texts if WORD.search(t)), None)
        return None if first is None else not NUMBER.search(first) and value.lower() in WORD.findall(first.lower())
    read = []
    for text in texts:
        if read and not NUMBER.search(text):
            break
        read.append(text)
    kind = _kind_of(value)
    shown = [m.group() for m in READ_VALUE_OF_KIND.finditer(THOUSANDS.sub("", " ".join(read))) if _kind_of(m.group()) == kind]
    return None if not shown else set(_values(value)) <= _shown_numbers(shown[0])


def _list_reads(label, boxes, width, value):
    """Whether the labels listed with `label` (left-aligned with it, the next above or below) read a
    value of the kind next beside them: in a folder list where the others show counts, one with
    nothing beside it shows none."""
    _, left, top, right, bottom = label
    height = max(1, bottom - top)
    # Labels are words; a value stacked under its label ("Moves" over "0") is none.
    aligned = [b for b in boxes if b is not label and abs(b[1] - left) <= PLACE and re.search(r"[A-Za-z]{2}", b[0])]
    above = [b for b in aligned if b[4] <= top and top - b[4] <= 2 * height]
    below = [b for b in aligned if b[2] >= bottom and b[2] - bottom <= 2 * height]
    neighbours = [max(above, key=lambda b: b[2])] if above else []
    neighbours += [min(below, key=lambda b: b[2])] if below else []
    return any(_reads(value, _beside(b, boxes, width)[:1]) is not None for b in neighbours)


def mislabelled(assertion, boxes, width):
    """The labelled values the page reads otherwise: where a text on the page is just the label ("Total")
    and its row reads another value to its right ("$160.95"), the claim "the total is $154.00" is unmet,
    whatever else the page shows $154.00. A label the page does not show, or shows with nothing beside
    it (a rebuild that rewords or stacks it), decides nothing, unless the labels listed with it read
    values beside them (the other folders' counts: "Archive shows 1")."""
    unmet = []
    for label, value in labelled_values(assertion):
        wanted = _label_text(label)
        readings = []
        for box in boxes:
            text = _label_text(box[0])
            if text == wanted:
                beside = _beside(box, boxes, width)
                readings.append(False if not beside and _list_reads(box, boxes, width, value) else _reads(value, beside))
            elif text.startswith(wanted + " ") and NUMBER.search(box[0][len(label):]):     # "Total: $160.95"
                readings.append(_reads(value, [box[0][len(label):]]))
        readings = [r for r in readings if r is not None]
        if readings and not any(readings):
            unmet.append(f"{label} {value}")
    return unmet


def missing_typed(assertion, typed, truth_text, page_text):
    """Words the user typed that the assertion names (and the checkpoint shows) but the page does not:
    a page echoes what was typed into it (a greeting, a search heading) whoever wrote it, so a rebuild
    may reword its labels but not this ("Thanks, traveller!" for "Thanks, Ana Silva!")."""
    # Not what it says is gone ("Gym is gone" when the table shows another month).
    assertion = " ".join(c for c in CLAUSE.split(assertion) if not GONE.search(QUOTED.sub(" ", c)))
    named, shown, typed_words = _words(assertion), _words(page_text), _words(typed)
    truth = _Checkpoint(truth_text) if truth_text is not None else None
    said = WORD.findall(assertion.lower())
    # A colour word names what was typed only among other typed words ("Staging is green"); alone it
    # says how something looks ("a green Active now").
    quoting = {w for i, w in enumerate(said) if w in typed_words
               and not (w in colours.WORDS and not {*said[max(i - 1, 0):i], *said[i + 1:i + 2]} & set(typed_words))}
    # The words that say what was typed, not the little words any sentence has ("Water the plants"
    # is not named by "the Buy milk task").
    return sorted(w for w in typed_words if w not in FUNCTION_WORDS and named[w] and w in quoting
                  and (truth is None or truth.count(w)) and not shown[w])


@dataclass(frozen=True)
class Claim:
    text: str
    should: bool          # shown, or gone
    alone: bool = False   # a text of its own on the page: what a caption reads ("reads Good")
    read: bool = False    # what something is said to read ("the bar shows Glass Towers"), not a control's name
    stays: bool = False   # said to stay as it was ("still reads Your turn")
    new: bool = False     # said to read it now, as a change ("now shows", "changes to")
    told: bool = False    # a message told without quote marks, in the annotator's words, or a count's label
    label: bool = False   # an element's label, which names it ("the 'Post review' button"), without a value
    restyled: bool = False  # its clause says it changes look, not that it comes (RESTYLED)

    def met(self, page_text, fresh):
        """Whether the page says it: as it is, or, told in other words, on a line the action brought
        (`fresh`) that speaks of something the message does, with its numbers in their order ("Please
        enter your registration" for Enter your number plate to continue, "Saved (1)" for Saved jobs
        (1)); a rebuild may word its messages and labels otherwise."""
        if _shown(self.text, page_text, self.alone):
            return True
        return self.told and any(_topics(self.text) & _topics(line) and _in_sequence(_values(self.text), _values(line))
                                 for line in fresh.splitlines())


def _topics(text):
    """What a message speaks of: its words but those any message has, plural or not."""
    return {w[:-1] if w.endswith("s") else w for w in WORD.findall(text.lower())
            if w.isalpha() and len(w) > 2 and w not in MESSAGE_WORDS}


def quoted_claims(assertion):
    """[Claim] for each quoted text, and each text named without quotes after a word that introduces
    one ("starting with Night buses to run every 15 minutes", "titled Ocean maps", "reads Good"):
    shown, unless its clause says it went away. One word a text reads is that text's whole wording
    (the caption "Good", not a review titled "Good kettle")."""
    claims, said = [], (False, False, False)
    clauses = CLAUSE.split(assertion)
    for at, clause in enumerate(clauses):
        # A quote alone after "and" shares what its clause says of the one before ("still says 'Red to
        # move' and 'No moves yet'").
        # What the annotator says of the texts, not what they read: "changes to '22 of 54 safe cells
        # cleared'" clears nothing away.
        unquoted = QUOTED.sub(" ", clause)
        if WORD.search(unquoted.lower()):
            # A subject with no verb of its own shares the next clause's ("The 'Ready to apply?' heading and
            # the comparison table above stay as they were").
            after = QUOTED.sub(" ", clauses[at + 1]) if at + 1 < len(clauses) else ""
            told_of = after if _verbless(unquoted) and SHARED_VERB.search(after) else unquoted
            said = bool(GONE.search(told_of)), bool(STAYS.search(told_of)), bool(NOW.search(told_of))
        gone, stays, new = said
        for match in QUOTED.finditer(clause):
            text = next(g for g in match.groups() if g is not None).strip()
            if text and not _read_before(clause, match):
                label = bool(LABEL_OF.match(clause, match.end()) or LABELLED_AS.search(clause, 0, match.start())) \
                    and not _values(text)
                if not _values(text) and PLACED_BY.search(clause, 0, match.start()):
                    continue
                # A quoted label with its count ('Mix peak 0.0 dB') is the count: a rebuild words the label.
                claims.append(Claim(text, not gone, read=bool(READ_BEFORE.search(clause[:match.start()])), stays=stays,
                                    new=new, told=_counted(text), label=label,
                                    restyled=bool(RESTYLED.search(unquoted)) and not ARRIVAL.search(unquoted)))
        bare = QUOTED.sub("\x00", clause)      # a quote after "titled" is the title, said above
        named, read = INTRODUCED.search(bare), READS.search(bare) or RETITLED.search(bare) or NAMED_TEXT.search(bare)
        if named and len(WORD.findall(named.group(1).lower())) >= 2:
            text = named.group(1).strip(" .!?")
            claims.append(Claim(text, not gone, read=True, stays=stays, new=new, told=_told(text)))
        elif read:
            text = ARRIVES.split(REPLACED.split(read.group(1))[0])[0].strip(" .!?")  # "shows Helpful (9) instead of …"
            words = text.split()
            if read.re is not READS and len(words) < 2:
                continue
            claims.append(Claim(text, not gone, alone=len(words) == 1, read=True, stays=stays, new=new, told=_told(text)))
    return claims


def _verbless(clause):
    """Whether a clause is a few words naming something, with no verb: no word that ends as a verb told
    of one thing does ("turns", "opened"), none of "is", "has", "gets", nor one told of several."""
    words = WORD.findall(clause.lower())
    return len(words) <= SUBJECT_WORDS and not SHARED_VERB.search(clause) \
        and not any(w.endswith(("s", "ed")) or w in FINITE for w in words)


def _old_quotes(text):
    """Spans of the quotes the text says were there before the action ("'Heat the oven to 200°C'
    becomes 'Heat the oven to 400°F'"): their numbers are what the page showed, not what it shows."""
    spans, start = [], 0
    for boundary in [*CLAUSE.finditer(text), None]:
        end = boundary.start() if boundary else len(text)
        clause = text[start:end]
        spans += [(start + q.start(), start + q.end()) for q in QUOTED.finditer(clause) if _read_before(clause, q)]
        start = boundary.end() if boundary else end
    return spans


def _read_before(clause, quote):
    """Whether a quote of the clause is what the page read before the action (see OLD_QUOTE)."""
    return bool(OLD_QUOTE.search(clause, 0, quote.start()) and NEW_QUOTE.match(clause, quote.end())
                or REPLACED_QUOTE.match(clause, quote.end()) or PAST_QUOTE.search(clause, 0, quote.start())
                or ARROW.match(clause, quote.end()))


def _told(text):
    """Whether a text named without quotes is the annotator's account of it: written as a sentence, not
    as a name is (Glass Towers by Mira Vale), a message; a label with its count ("the header reads Saved
    jobs (1)", "titled Up next, 2 episodes"), the count."""
    words = text.split()
    return len(words) >= MESSAGE_LENGTH and not any(w[0].isupper() for w in words[1:]) or _counted(text)


def _counted(text):
    """Whether a text is a label with its count ("Saved jobs (1)", "Mix peak 0.0 dB")."""
    return len(text.split()) > 1 and bool(_values(text))


def _fresh_lines(before_boxes, after_boxes):
    """The lines of text the action brought: each text the page shows where it did not show it before
    (a title that changed, a panel that opened), read with the texts beside it on its line ("<b>4</b>
    / 5" reads 4 / 5). A text that was already there, only restyled, is not brought."""
    was = {}
    for text, left, top, *_ in before_boxes:
        was.setdefault(text, []).append((left, top))
    lines = []
    for box in after_boxes:
        text, left, top, right, bottom = box
        if any(abs(left - l) <= PLACE and abs(top - t) <= PLACE for l, t in was.get(text, ())):
            continue
        height = max(1, bottom - top)
        row = sorted((b for b in after_boxes if min(bottom, b[4]) - max(top, b[2]) >= 0.5 * min(height, b[4] - b[2])),
                     key=lambda b: b[1])
        at = row.index(box)
        start, end = at, at + 1
        while start > 0 and row[start][1] - row[start - 1][3] <= height:
            start -= 1
        while end < len(row) and row[end][1] - row[end - 1][3] <= height:
            end += 1
        lines.append(" ".join(b[0] for b in row[start:end]))
    return "\n".join(lines)


def spelled(boxes):
    """The words that rows of one-letter texts spell: a crossword row whose squares each hold a letter
    reads ARGUE, as a person reads it: each word a line of its own. The letters of one word stand a square apart; a wider step (an
    empty or black square between them) ends the word."""
    letters = [b for b in boxes if len(b[0]) == 1 and b[0].isalpha()]
    words = []
    while letters:
        first = min(letters, key=lambda b: (b[2], b[1]))
        height = max(1, first[4] - first[2])
        row = sorted((b for b in letters if abs(b[2] - first[2]) <= height / 2), key=lambda b: b[1] + b[3])
        letters = [b for b in letters if b not in row]
        steps = [(b[1] + b[3] - a[1] - a[3]) / 2 for a, b in zip(row, row[1:])]
        square = min(steps, default=0)
        word = row[:1]
        for step, letter in zip(steps, row[1:]):
            if step > square * (1 + SPELLED_PITCH):
                words.append(word)
                word = []
            word.append(letter)
        words.append(word)
    return "\n".join("".join(b[0] for b in word) for word in words if len(word) > 1)


def texts_not_brought(assertion, before_boxes, after_boxes, before_page, after_page, after_view="", scrolled=False,
                      seen=("", "")):
    """The texts the assertion says something now reads, as a change ("the bottom bar now shows Glass
    Towers by Mira Vale", not "the dialog closes and the header reads …"), that the page shows but the action did not bring: not in a line it changed or opened, not
    said more often than before, nor newly in view: after a scroll, or on the screenshot (`seen`: the
    screenshots' texts before and after), as a header a closing dialog had covered. Without a
    checkpoint this ties the text to the action: a bar that skipped to another song leaves "Glass
    Towers" only in the list. A text said to stay, or only named (a control's quoted label), need only
    be shown."""
    unsure = [c for c in quoted_claims(assertion)
              if c.should and c.read and c.new and not c.stays and _shown(c.text, after_page, c.alone)
              and _times(c.text, after_page, c.alone) <= _times(c.text, before_page, c.alone)
              and not (scrolled and _shown(c.text, after_view, c.alone))
              and not (_shown(c.text, seen[1], c.alone) and not _shown(c.text, seen[0], c.alone))]
    fresh = _fresh_lines(before_boxes, after_boxes) if unsure else ""
    return [c.text for c in unsure if not _shown(c.text, fresh, c.alone)]


def _alone(text, page_text):
    """Whether one of the page's texts (a line of its text) says just `text`, punctuation aside."""
    return _times(text, page_text, alone=True) > 0


def _shown(text, page_text, alone=False):
    """A quoted text is shown when the page has it in whole words, up to case and, for a text of some
    words, a few letters: a rebuild may write "Book Your Tour!" for 'Book your tour'. Its numbers must
    be there exactly, in the same place."""
    if alone:
        return _alone(text, page_text)
    if _times(text, page_text):   # whole words: "Good" is not in "goodbye"
        return True
    text, page = " ".join(text.lower().split()), " ".join(page_text.lower().split())
    if len(text.split()) < 2:
        return False      # one word is there as a word, or not
    match = fuzz.partial_ratio_alignment(text, page)
    # Its numbers in the same order: "You 0 – 1 Computer" is not You 1 – 0 Computer.
    numbers, there = _values(text), _values(page[match.dest_start:match.dest_end])
    return match.score >= QUOTED_MATCH and _numbers(text) <= set(there) and _in_sequence(numbers, there)


def unmet_quotes(assertion, page_text, fresh="", was_text=None, scroll=False):
    """Quoted texts the assertion says are shown but are not, or are gone but are still shown.
    `fresh`: the lines the action brought, where a message may be told in other words; `was_text`: the
    page's text before the action, `scroll`: whether the step is a Scroll (see `_own_wording`)."""
    claims = quoted_claims(assertion)
    worded = scroll or _anchored(claims, page_text, fresh, was_text)
    return [c.text for c in claims
            if (not c.met(page_text, fresh) and not _own_wording(c, was_text, worded) if c.should
                else _shown(c.text, page_text, c.alone))]


def unmet_with_checkpoint(assertion, truth_text, dom_text, screen_text, page_text, fresh="", was_text=None,
                          scroll=False):
    """Quoted texts the assertion says are shown, that its checkpoint shows and the page does not; and
    those it says went away ("the row with 'Invoice #4471 is ready' disappears"), that the checkpoint
    does not show and the page still does: the row below it archived instead."""
    claims = quoted_claims(assertion)
    worded = scroll or _anchored(claims, page_text, fresh, was_text)
    return [c.text for c in claims if c.should and _shown(c.text, truth_text) and not c.met(dom_text, fresh)
            and not _shown(c.text, screen_text, c.alone) and not _own_wording(c, was_text, worded)] + \
        [c.text for c in claims if not c.should and not _shown(c.text, truth_text, c.alone)
         and _shown(c.text, page_text, c.alone)]


def _anchored(claims, page_text, fresh, was_text):
    """Whether a text the step is about came as said: a quoted text that names no control (a message, a
    figure) that the page shows now and did not before. The labels of what came with it ("a text box
    labelled 'Tell other cooks how it went', with a 'Post review' button under it") are then the page's
    own words for the controls it brought; alone, a label is what shows the right thing came."""
    return was_text is not None and any(c.should and not c.label and c.met(page_text, fresh)
                                        and not _shown(c.text, was_text, c.alone) for c in claims)


def _own_wording(claim, was_text, worded=False):
    """Whether a text said to stay as it was ("the panel still says 'No moves yet'"), or a label of
    something said to change look or place, not to come ("the 'Post review' button turns orange", "the
    'Made it?' card sits lower"), or, when labels are the page's to word (`worded`: a Scroll, which the
    browser does and brings no behaviour, or a step whose messages came, see `_anchored`), any label, is
    one the page did not show before the action either: the page words it its own way ('No moves played
    yet.', 'Post', 'Apply for this loan')."""
    return (claim.stays or claim.label and (claim.restyled or worded)) and was_text is not None \
        and not _shown(claim.text, was_text, claim.alone)


def unshown_emoji(assertion, page_text):
    """The emoji the assertion says are shown ("a reaction chip 🚀 1 appears") that the page's text does
    not show: an emoji is text a page writes, whatever draws its icons; not one its clause says went away."""
    shown = set(VARIATION.sub("", page_text))
    return [ch for clause in CLAUSE.split(assertion) if not GONE.search(QUOTED.sub(" ", clause))
            for ch in dict.fromkeys(VARIATION.sub("", clause)) if ch >= EMOJI and ch not in shown]


def _themes(assertion):
    return {(m.group(1) or m.group(2)).lower() for m in THEME.finditer(assertion)}


def _dark_share(png):
    image = colours.decode(png)
    return float((cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) < 128).mean()) if image is not None else 0.0


def _in_theme(theme, dark):
    return (dark if theme == "dark" else 1 - dark) > THEME_SHARE


def theme_unmet(assertion, png):
    """The theme ("dark", "light") the assertion says the page is in when the screenshot is not: more
    than half of it of that lightness; [] when it says none or the screenshot shows it."""
    wanted = _themes(assertion)
    dark = _dark_share(png) if wanted else 0.0
    return sorted(w for w in wanted if not _in_theme(w, dark))


def theme_brought(assertion, previous_png, current_png):
    """The theme the assertion says the page switches to, when the action brought it: the screenshot is
    in it now and was not before (a page that turns dark moved as claimed, however its words read)."""
    wanted = _themes(assertion)
    if not wanted:
        return []
    was, now = _dark_share(previous_png), _dark_share(current_png)
    return sorted(w for w in wanted if _in_theme(w, now) and not _in_theme(w, was))


def colours_brought(assertion, previous_png, current_png):
    """The hues the assertion names that the action brought where it changed the page: of the pixels
    that changed, at least COLOUR_PIXELS now show the colour, twice as many as before ("the star becomes
    a solid amber star": a change too small to move the whole screenshot's likeness, seen where it is)."""
    words = {w for w in re.findall(r"[a-z]+", assertion.lower())
             if colours.WORDS.get(w, set()) - colours.ACHROMATIC}
    if not words:
        return []
    was, now = colours.decode(previous_png), colours.decode(current_png)
    if was is None or now is None or was.shape != now.shape:
        return []
    changed = colours.difference(was, now) > CHANGED_PIXEL
    if not changed.any():
        return []
    names_was, names_now = colours.names_of(was[changed]), colours.names_of(now[changed])
    brought = []
    for word in sorted(words):
        wanted = [colours.NAMES.index(name) for name in colours.WORDS[word]]
        count_was, count_now = np.isin(names_was, wanted).sum(), np.isin(names_now, wanted).sum()
        if count_now >= COLOUR_PIXELS and count_now >= 2 * count_was:
            brought.append(word)
    return brought


def changed_box(a, b):
    """(left, top, right, bottom) around the pixels that differ between two decoded screenshots of one
    size, with CHANGED_MARGIN to spare; None when none differs."""
    ys, xs = np.nonzero(colours.difference(a, b) > PIXEL_NOISE)
    if not len(xs):
        return None
    height, width = a.shape[:2]
    return (max(0, int(xs.min()) - CHANGED_MARGIN), max(0, int(ys.min()) - CHANGED_MARGIN),
            min(width, int(xs.max()) + 1 + CHANGED_MARGIN), min(height, int(ys.max()) + 1 + CHANGED_MARGIN))


def looks_toward(similarity, truth_png, previous_png, current_png, whole):
    """(verdict, detail) of a step that changed no word: where the action changed the page, does it now
    look more like the checkpoint there than it did? A play icon turning into a pause sign is a speck on
    the whole screenshot, the whole of what changed. `whole()` decides when the screenshots are not all
    of one size (the likeness of the whole screenshots)."""
    truth, was, now = (colours.decode(png) for png in (truth_png, previous_png, current_png))
    if any(image is None or image.shape != now.shape for image in (truth, was, now)):
        return whole(), {}
    box = changed_box(was, now)
    if box is None:
        return whole(), {}
    left, top, right, bottom = box
    there = similarity.prepare(truth[top:bottom, left:right])
    before, after = (similarity.compare(there, similarity.prepare(image[top:bottom, left:right])) for image in (was, now))
    return after > before, {"changed_region": list(box), "region_before": round(before, 4),
                            "region_after": round(after, 4)}


def identical(png_a, png_b):
    """True when two screenshots differ in at most IDENTICAL_SHARE of their pixels."""
    if png_a == png_b:
        return True
    a, b = colours.decode(png_a), colours.decode(png_b)
    if a is None or b is None or a.shape != b.shape:
        return False
    return cv2.countNonZero(colours.difference(a, b)) <= IDENTICAL_SHARE * a.shape[0] * a.shape[1]


def _thin_difference(png_a, png_b):
    """Whether what differs between two screenshots of one size is only lines a pixel or two thick (a
    caret, a focus ring), not a patch a glyph could be drawn in: a digit that reads 4 where the other
    reads 3, too small for OCR to read on either."""
    a, b = colours.decode(png_a), colours.decode(png_b)
    changed = (colours.difference(a, b) > PIXEL_NOISE).astype(np.uint8)
    return not cv2.morphologyEx(changed, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)).any()


def same_picture(png_a, png_b, text_a, text_b):
    """Whether a person would call two screenshots the same, given their OCR texts: nearly every pixel
    alike, what differs no wider than a caret, and the same numbers read (a badge that reads 3 where the
    other reads 4 is a few pixels)."""
    return identical(png_a, png_b) and _number_counts(text_a) == _number_counts(text_b) and \
        (png_a == png_b or _thin_difference(png_a, png_b))


def resemblance(similarity, truth_image, truth_text, seen):
    """(image similarity, word overlap) of a state with a checkpoint."""
    return similarity.compare(truth_image, seen.image), word_overlap(truth_text, seen.text)


def closeness(similarity, truth_image, truth_text, seen):
    return sum(resemblance(similarity, truth_image, truth_text, seen)) / 2


def shown_text(after, current):
    """What the page shows, wherever it is scrolled (an assertion may name what lies below the fold): the
    DOM's texts, the screenshot's words and the texts spelled letter by letter, each on lines of its own,
    so that the page's last text (a field's value) still reads alone ("The field shows SAVE15")."""
    return "\n".join((after.page_text, current.text, spelled(after.boxes)))


class OfflineJudge:
    """The offline assertions of one replayed task (see the module's docstring)."""

    def __init__(self, task, truth, states, probes, similarity, threshold):
        self.task, self.truth, self.states, self.probes = task, truth, states, probes
        self.similarity, self.threshold = similarity, threshold
        self.reading = self.inferred = official.OFFICIAL_READING
        self.fit = {}

    async def load(self):
        self.images = [await f for f in self.truth.image]
        self.texts = [await f for f in self.truth.text]
        # Inferred always, so that the inference is measured even where the recording tells.
        self.inferred, self.fit = self._reading()
        self.reading = self.task.recorded_reading or self.inferred
        # A rebuild in another theme or font resembles every checkpoint less, its first screen too: a
        # state is held to the threshold, or to how much its page as loaded resembled the site as loaded.
        self.baseline = max(resemblance(self.similarity, self.images[0], self.texts[0], self.states[0])) \
            if 0 in self.states else 1.0
        self.bar = min(self.threshold, OWN_RESEMBLANCE * self.baseline)

    def _close(self, j, state):
        return closeness(self.similarity, self.images[j], self.texts[j], self.states[state])

    def _reading(self):
        """(reading, figures). When the first step is flagged, the checkpoints tell: in the official
        reading step_1 shows the page as loaded, as step_0 does, so the two are the same picture.
        Otherwise, the reading under which the checkpoints fit the replay's states at those moments
        better, summed over the flagged steps the replay reached; the official reading when that
        tells nothing."""
        if self.task.flags and self.task.flags[0] and len(self.truth.png) > 1:
            same = identical(self.truth.png[0], self.truth.png[1])
            return (official.BEFORE_ACTION if same else official.AFTER_ACTION), {"step_1_is_step_0": same}
        told = {r: self._told(r) for r in official.READINGS}
        if None not in told.values() and told[official.BEFORE_ACTION] != told[official.AFTER_ACTION]:
            return max(told, key=told.get), {"assertions_shown": {r: round(v, 4) for r, v in told.items()}}
        shown = {r: official.checkpoint_states(self.task.flags, r) for r in official.READINGS}
        fit = dict.fromkeys(official.READINGS, 0.0)
        for j in range(1, self.task.checkpoint_count):
            at = {r: shown[r][j] for r in official.READINGS}
            if all(s in self.states for s in at.values()):
                for r, state in at.items():
                    fit[r] += self._close(j, state)
        best = max(official.READINGS, key=lambda r: (round(fit[r], 6), r == official.OFFICIAL_READING))
        return best, {r: round(v, 4) for r, v in fit.items()}

    def _told(self, reading):
        """Under `reading`, the share of what the assertions name (numbers, quoted texts) that the
        checkpoint of their step's state shows; None when no such checkpoint exists. Values that
        change from step to step are what assertions name, so the checkpoints of the right reading
        show more of them."""
        shown = official.checkpoint_states(self.task.flags, reading)
        hits = total = 0
        for step in self.task.steps:
            j = next((j for j in range(1, len(shown)) if shown[j] == step.number), None)
            if not step.assertion or j is None:
                continue
            text = self.texts[j]
            numbers = named_numbers(QUOTED.sub(" ", step.assertion))
            claims = quoted_claims(step.assertion)
            hits += len(numbers & _numbers(text)) + sum(_shown(c.text, text) == c.should for c in claims)
            total += len(numbers) + len(claims)
        return hits / total if total else None

    def checkpoint_of(self, state):
        """j of the checkpoint showing `state` under the task's reading, or None."""
        shown = official.checkpoint_states(self.task.flags, self.reading)
        return next((j for j in range(1, len(shown)) if shown[j] == state), 0 if state == 0 else None)

    def typed_before(self, number):
        return " ".join(str(s.parameters.get("text", "")) for s in self.task.steps[:number] if s.type == "Type")

    def verdict(self, step, acted=""):
        """The offline verdict on the step's assertion; `acted`: the label of the element the step acted on."""
        k, text = step.number, as_acted(step.assertion, step.description, acted)
        before, after = self.probes[k]
        previous, current = self.states[k - 1], self.states[k]
        change = Change.between(before, after, previous.png != current.png)
        facts = {"dom": change.dom, "url": change.url, "scroll": change.scroll, "pixels": change.pixels,
                 "reading": self.reading, "reading_inferred": self.inferred}
        page_text = shown_text(after, current)
        j = self.checkpoint_of(k)
        typed = self.typed_before(k)
        # The lines the action brought, where a message may be told in other words.
        fresh = _fresh_lines(before.boxes, after.boxes) if any(c.told for c in quoted_claims(text)) else ""
        if j is None:
            missing = numbers_not_brought(text, after.changed_text, before.text + " " + previous.text,
                                          after.text + " " + current.text, scrolled=change.scroll)
            unechoed = missing_typed(text, typed, None, page_text)
            quotes = unmet_quotes(text, page_text, fresh, was_text=shown_text(before, previous),
                                  scroll=step.type == "Scroll")
            unbrought = texts_not_brought(text, before.boxes, after.boxes, before.page_text, after.page_text,
                                          after.text, scrolled=change.scroll, seen=(previous.text, current.text))
            disorder = misordered(text, after.page_text) + misplaced(text, before.page_text, after.page_text)
            theme = theme_unmet(text, current.png)
            beside = mislabelled(text, after.boxes, self.task.viewport.width)
            emoji = unshown_emoji(text, page_text)
            holds = (observed(text, change, before.page_text, after.page_text) and not missing and not unechoed
                     and not quotes and not unbrought and not disorder and not theme and not beside and not emoji)
            return _offline(text, holds, {"rule": "no checkpoint: a change (none where it says nothing changes), "
                                                  "and what the assertion names is shown",
                                          "numbers_not_brought": missing, "typed_missing": unechoed,
                                          "quotes_unmet": quotes, "texts_not_brought": unbrought, "misordered": disorder, "theme_unmet": theme,
                                          "mislabelled": beside, "emoji_unshown": emoji, **facts})
        if same_picture(current.png, self.truth.png[j], current.text, self.texts[j]):
            return _offline(text, True, {"rule": "the page shows its checkpoint", "checkpoint": j, **facts})
        truth_text = self.texts[j]
        missing = missing_numbers(text, truth_text, page_text)
        brought = values_brought(text, page_text, before.text + " " + previous.text, after.text + " " + current.text)
        themed = theme_brought(text, previous.png, current.png)
        quoted = quotes_brought(text, before.page_text, after.page_text)
        went = moved(text, before.page_text, after.page_text)
        toward, detail = (True, {"values_brought": brought, "theme_brought": themed, "quotes_brought": quoted,
                                 "moved": went}) if brought and not missing or themed or quoted or went else (None, {})
        if NO_CHANGE.search(text):
            # Meant to do nothing, it went nowhere: toward the checkpoint is staying as it was.
            toward, detail = observed(text, change, before.page_text, after.page_text), {}
        if toward is None:
            toward, detail = read_direction(text, truth_text, *changed_lines(previous, current, before.boxes, after.boxes),
                                            whole=previous.text)
        if toward is None:
            hues = colours_brought(text, previous.png, current.png)
            toward, detail = (True, {"colours_brought": hues}) if hues else looks_toward(
                self.similarity, self.truth.png[j], previous.png, current.png,
                lambda: self.similarity.compare(self.images[j], current.image)
                > self.similarity.compare(self.images[j], previous.image))
        unechoed = missing_typed(text, typed, truth_text, page_text)
        quotes = unmet_with_checkpoint(text, truth_text, after.page_text, current.text, page_text, fresh,
                                       was_text=shown_text(before, previous), scroll=step.type == "Scroll")
        disorder = misordered(text, after.page_text) + misplaced(text, before.page_text, after.page_text)
        was, now = self._close(j, k - 1), self._close(j, k)
        image, words = resemblance(self.similarity, self.images[j], truth_text, current)
        theme = theme_unmet(text, current.png)
        beside = mislabelled(text, after.boxes, self.task.viewport.width)
        emoji = unshown_emoji(text, page_text)
        resembles = max(image, words) >= self.bar or brings_every_value(text, brought)
        holds = (toward and resembles and not missing and not unechoed and not quotes
                 and not disorder and not theme and not beside and not emoji)
        return _offline(text, holds, {"rule": "toward its checkpoint", "checkpoint": j, "before": round(was, 4),
                                      "after": round(now, 4), "image": round(image, 4), "words": round(words, 4),
                                      "threshold": round(self.bar, 4), "toward": toward,
                                      "numbers_missing": missing, "typed_missing": unechoed, "quotes_unmet": quotes,
                                      "misordered": disorder, "theme_unmet": theme, "mislabelled": beside,
                                      "emoji_unshown": emoji, **detail, **facts})


def as_acted(assertion, description, acted):
    """The assertion with the label the step quotes for the element it acts on written as that element
    reads on this page: "Click 'City'" on a rebuild whose chip reads "Cities", then "'City' becomes a
    filled pill" is said of the chip that reads "Cities"."""
    if not acted or len(acted) > ACTED_LABEL:
        return assertion
    for said in {next(g for g in m.groups() if g is not None).strip() for m in QUOTED.finditer(description)}:
        if said and not _shown(said, acted) and fuzz.partial_ratio(said.lower(), acted.lower()) >= QUOTED_MATCH:
            assertion = QUOTED.sub(lambda m: m.group().replace(said, acted) if next(
                g for g in m.groups() if g is not None).strip().lower() == said.lower() else m.group(), assertion)
    return assertion


def _offline(text, holds, detail):
    summary = ", ".join(f"{k}={v}" for k, v in detail.items() if k != "rule")
    return Assertion(text=text, result=official.YES if holds else official.NO, backend="offline",
                     detail={**detail, "thinking": f"{detail['rule']}: {summary}",
                             "response": "Yes" if holds else "No"})


def llm(chat, text, previous_png, current_png):
    result, thinking, raw = chat.assertion(text, previous_png, current_png)
    return Assertion(text=text, result=result, backend="llm", detail={"thinking": thinking, "response": raw})
