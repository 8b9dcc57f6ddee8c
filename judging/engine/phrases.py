"""What an action description says about the element it means.

"Click the fourth star in the rating row", "Type 'Ana' into the field under 'Email'": a description
names a target (its quoted text and other words, its kind, colour, size, fill, order and position)
and places it by landmarks ("in the rating row", "under 'Email'"), each with its relation to the
target; "in the second row and third column" is two landmarks, as is "in the today column of the first
row" (where they cross).

The target comes first; each relation word ("to the right of", "under", "next to", "in", "of", "at")
starts a landmark. A landmark that is only a position ("in the top right corner", "at the top of")
places the target itself, inside the landmark that follows ("... of the banner"); "of" after a
landmark belongs to it ("above the list of questions"); "the second of the fields" is the target.
What a target is "with" is next to it or in it ("the field with the magnifier icon"), unless it is a
count of what it shows ("the chip with four stars").
What says why or how ("... to open it", "... without filling in the code") is set aside; asides
(", the third key of the top row", "(the box, first of the icons)") are kept as other descriptions
of the same element.
"""
import re
from dataclasses import dataclass, field, replace

from . import colours, kinds

QUOTED = re.compile(r"\"([^\"]{1,80})\"|“([^”]{1,80})”|‘([^’]{1,80})’|(?:(?<=\s)|^|(?<=\())'([^']{1,80})'(?=[\s.,;:!?)]|$)")
WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
# "the list-with-plus icon", "the sign-in button": one word for a look or a label, whose small words
# ("with", "in") are no relations.
COMPOUND = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")
TOKEN = re.compile(r"\x00(\d+)\x00|[a-z0-9]+(?:'[a-z]+)?")
STOPWORDS = set("""
a an the on in into at to of for from with by and or then this that these those it its is are be page
website site webpage screen window viewport click clicks clicking tap press select choose open hit go navigate type enter
input write fill user users s area section option item text labeled labelled named called which where
""".split())
# Words that say how many or how it looks, not what it is called.
LOOKS = set("""
one ones two three four five six seven eight nine ten several all both other same single only remaining sole lone
unlabelled unlabeled unnamed untitled plain blank rounded
colour color coloured colored again shown visible displayed
showing shows reads reading saying says marked current circle
""".split())
# Words for an element's size, which tell it from others of its kind when sizes differ: (measure, largest?).
SIZES = {**dict.fromkeys(("wide", "wider", "widest", "broad"), ("width", True)),
         **dict.fromkeys(("long", "longer", "longest"), ("length", True)),
         **dict.fromkeys(("short", "shorter", "shortest"), ("length", False)),
         **dict.fromkeys(("narrow", "narrower"), ("width", False)),
         # A thin bar is thin across, however long: its lesser measure.
         **dict.fromkeys(("thin", "thinner", "thinnest", "slim"), ("thickness", False)),
         **dict.fromkeys(("tall", "taller", "tallest"), ("height", True)),
         **dict.fromkeys(("big", "bigger", "biggest", "large", "larger", "largest", "huge"), ("area", True)),
         **dict.fromkeys(("small", "smaller", "smallest", "little", "tiny", "mini"), ("area", False))}
# Words for a drawing only outlined ("the star outline", "the empty heart") or filled in.
FILLS = {**dict.fromkeys(("outline", "outlined", "hollow", "empty", "unfilled"), "outline"),
         **dict.fromkeys(("filled", "solid"), "filled")}
# Fill words that may be a name ("the Outline tab").
FILLS_NAMED = {"outline", "solid"}
# Kinds that hold things rather than being drawn: "the empty box", "the empty cell" holds nothing, it
# is not a drawing only outlined.
HOLDERS = {"field", "card", "cell", "chip", "select"}
# "The right-pointing arrow", "the left-facing chevron": the way the drawing points.
POINTING = {"pointing", "facing"}
# Words for the part of an item that names it, which a page shows as a heading or its largest text
# ("the headline of the third story", "the company name"), when no text says the word itself.
TEXT_ROLES = {"headline", "heading", "title", "name", "caption"}
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, **{str(n): n for n in range(1, 11)}}
# Words before "box" that make it a box to type in ("the search box"); other boxes are clicked.
FIELD_BOXES = {"text", "search", "input", "comment", "message", "query", "entry", "edit", "note", "email"}
# "... to open it", "... to turn it off", "... without filling in the code": why, not which.
PURPOSES = set("""
go open close collapse expand turn show hide see reveal sort filter add remove start submit confirm return
switch toggle make get view read save continue proceed apply clear reset change set enable disable mark
unmark display undo load play pause stop skip move bring keep put flip check uncheck dismiss cancel like
vote rate zoom select choose pick increase decrease raise lower fill finish complete begin jump scroll
""".split())
VERBS = {"click", "tap", "press", "select", "choose", "hit", "pick", "type", "enter", "input", "write", "fill",
         "open", "toggle", "check", "uncheck", "tick", "untick", "activate", "please", "then", "now", "double",
         "doubleclick", "dblclick"}
# Verbs of switching, also nouns: a verb where the description starts with them.
SWITCHING = {"turn", "switch", "flip"}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
            "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "last": -1, "penultimate": -2}
NUMBERED = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)$")
POSITIONS = {"top": "top", "upper": "top", "topmost": "top", "uppermost": "top", "bottom": "bottom",
             "lower": "bottom", "bottommost": "bottom", "lowermost": "bottom", "left": "left", "leftmost": "left",
             "right": "right", "rightmost": "right", "middle": "middle", "center": "middle", "centre": "middle",
             "central": "middle"}
# Words saying a relation is close: "just right of the green 2" is right of it, not at its right end.
CLOSE_BY = {"just", "directly", "immediately"}
PLACE_FILLERS = {"corner", "edge", "side", "part", "half", "far", "very", "hand", "end", "just", "directly", "immediately"}
# Nouns that name a container in a landmark ("in the banner", "on the 'Buy milk' row").
REGIONS = {"row", "column", "col", "grid", "list", "table", "panel", "banner", "header", "footer", "sidebar",
           "navbar", "nav", "navigation", "menu", "toolbar", "dialog", "modal", "popup", "window", "form", "section", "drawer",
           "bar", "card", "tile", "box", "container", "group", "strip", "gallery", "palette", "carousel", "slider",
           "calendar", "month", "board"}
LINES = {"row", "column"}
# Relation words, longest first, and what they mean.
RELATIONS = [
    (("to", "the", "right", "of"), "right"), (("on", "the", "right", "of"), "right"), (("right", "of"), "right"),
    (("to", "the", "left", "of"), "left"), (("on", "the", "left", "of"), "left"), (("left", "of"), "left"),
    (("on", "top", "of"), "above"), (("above",), "above"), (("over",), "above"),
    (("below",), "below"), (("under",), "below"), (("underneath",), "below"), (("beneath",), "below"),
    (("next", "to"), "near"), (("beside",), "near"), (("alongside",), "near"), (("near",), "near"),
    (("close", "to"), "near"), (("adjacent", "to"), "near"), (("for",), "near"), (("between",), "near"),
    (("after",), "after"), (("following",), "after"), (("before",), "before"), (("preceding",), "before"),
    (("in", "front", "of"), "before"),
    (("inside",), "in"), (("within",), "in"), (("in",), "in"), (("into",), "in"), (("on",), "in"),
    (("at",), "in"), (("from",), "from"), (("of",), "of"), (("with",), "with"),
]


@dataclass
class Phrase:
    """What one part of a description says: of the target, or of a landmark."""
    text: str = ""
    quoted: list = field(default_factory=list)
    keywords: list = field(default_factory=list)
    kinds: list = field(default_factory=list)        # per kind word, the kinds it may name
    direction: str | None = None                     # the way an arrow or chevron points
    colours: list = field(default_factory=list)
    ordinal: int | None = None                       # 1-based; negative counts from the end
    positions: set = field(default_factory=set)
    regions: set = field(default_factory=set)        # container nouns (landmarks)
    count: tuple | None = None                       # (n, kinds): "with four stars"
    sizes: list = field(default_factory=list)        # (measure, largest?) per size word
    fill: str | None = None                          # "outline" or "filled"
    circular: bool = False                           # "the round box", "the circular button"
    previous: bool = False                           # "it": the element the step before acted on
    among: int | None = None                         # "of the three chips": one of a series of that many
    from_end: bool = False                           # "second from the left": counted from an end of the line
    empty: bool = False                              # "the empty cell": holding nothing, no text nor value

    @property
    def names_something(self):
        return bool(self.quoted or self.keywords or self.kinds or self.colours or self.regions or self.count
                    or self.previous or self.sizes or self.fill or self.circular)

    @property
    def only_place(self):
        return bool(self.positions) and not self.names_something and self.ordinal is None


@dataclass
class Relation:
    kind: str            # right, left, above, below, near, with, after, before, in
    landmark: Phrase


def _ordinal_runs(tokens):
    """Ordinals as one token ("#2"; "second to last", "next to last": "#-2"), before "next to" is read
    as a relation."""
    out, i = [], 0
    while i < len(tokens):
        t = tokens[i]
        n = ORDINALS.get(t) if isinstance(t, str) else None
        if isinstance(t, str) and NUMBERED.match(t):
            n = int(NUMBERED.match(t).group(1))
            if not kinds.noun(tokens[i + 1] if i + 1 < len(tokens) and isinstance(tokens[i + 1], str) else ""):
                # "the 14th in the left month": a day, the cell that reads 14; "the 3rd card" counts cards.
                out.append(f"#day{n}")
                i += 1
                continue
        rest = tokens[i + 1:i + 4]
        if t == "next" and rest[:2] == ["to", "last"]:
            out.append("#-2")
            i += 3
            continue
        if n is not None and n > 0 and rest[:2] == ["to", "last"]:
            out.append(f"#-{n + 1}")
            i += 3
            continue
        out.append(f"#{n}" if n is not None else t)
        i += 1
    return out


def _possessives(tokens):
    """"the first card's heart icon" is the heart icon in the first card; in a landmark, "on the
    second row's quantity stepper" is on the second row, which places the target well enough."""
    for i, t in enumerate(tokens):
        if not (isinstance(t, str) and t.endswith("'s") and _singular(t[:-2]) in REGIONS):
            continue
        start = next((j + 1 for j in range(i - 1, -1, -1) if _starts_relation(tokens, j)), 0)
        end = next((j for j in range(i + 1, len(tokens)) if _starts_relation(tokens, j)), len(tokens))
        owner, owned = tokens[start:i] + [t[:-2]], tokens[i + 1:end]
        rebuilt = owner if start else owned + ["in"] + owner
        return _possessives(tokens[:start] + rebuilt + tokens[end:])
    return tokens


def _starts_relation(tokens, j):
    return any(tuple(tokens[j:j + len(words)]) == words for words, _name in RELATIONS)


def _names_line_next(tokens):
    """Whether the tokens start with a row or column named by its order or place ("the third column")."""
    words = [t for t in tokens[:4] if t != "the"]
    return len(words) >= 2 and isinstance(words[0], str) and (words[0].startswith("#") or words[0] in POSITIONS) \
        and words[1] in ("row", "column", "col")


def _split(tokens):
    """[(relation or None, tokens)]: the target's tokens, then each landmark's."""
    parts, current, relation, i = [], [], None, 0
    while i < len(tokens):
        if tokens[i] == "right" and tuple(tokens[i + 1:i + 3]) == ("next", "to"):
            i += 1      # "right next to it": just next to it
            continue
        if tokens[i] == "and" and relation is not None and _names_line_next(tokens[i + 1:]):
            parts.append((relation, current))   # "in the second row and third column": two lines
            current, relation = [], "in"
            i += 1
            continue
        for words, name in RELATIONS:
            if words[0] in ("left", "right") and current[-1:] and (current[-1] == "the" or current[-1] in POSITIONS
                                                                  or current[-1] in PLACE_FILLERS - CLOSE_BY):
                continue      # "at the left of the row", "at the bottom right of the panel", "at the far right of": a place in it
            if words == ("with",) and tokens[i + 1:i + 2] and tokens[i + 1] in NUMBERS:
                continue      # "the chip with four stars": what it shows, not a landmark
            if tuple(tokens[i:i + len(words)]) == words:
                parts.append((relation, current))
                current, relation = [], name
                i += len(words)
                break
        else:
            current.append(tokens[i])
            i += 1
    parts.append((relation, current))
    return parts


def _line(phrase):
    """"row" or "column" when the phrase is a row or a column (by whatever words), else None."""
    lines = {"column" if r == "col" else r for r in phrase.regions} & LINES
    return next(iter(lines)) if len(lines) == 1 and phrase.regions <= {"row", "column", "col"} else None


def _names_line(phrase):
    """"the third row", "the bottom row": a row (column) of the targets, which "of the list" does not name."""
    # "the row of days" is a row named by what it holds: the words belong to it.
    return bool(phrase.regions) and phrase.regions <= {"row", "column", "col"} and not (phrase.quoted or phrase.keywords) \
        and (phrase.ordinal is not None or bool(phrase.positions))


def _bare_line(phrase):
    """"the row", said of no row in particular."""
    return bool(phrase.regions) and phrase.regions <= {"row", "column", "col"} and phrase.ordinal is None \
        and not (phrase.quoted or phrase.keywords or phrase.kinds or phrase.colours or phrase.positions)


def by_kind_alone(phrase):
    """"the panel", "the list": a container said by its kind, no word, place or count telling which."""
    return bool(phrase.regions) and not (phrase.quoted or phrase.keywords or phrase.kinds or phrase.colours
                                         or phrase.positions or phrase.ordinal is not None)


def _singular(word):
    for ending in ("es", "s"):
        if word.endswith(ending) and word[:-len(ending)] in REGIONS | {"box"}:
            return word[:-len(ending)]
    return word


def _points(word):
    """Whether a word names a drawing that points a way: an arrow, a chevron, a triangle."""
    return word in kinds.POINTERS or kinds.noun(word) in (("arrow",), ("chevron",))


# Words that say the element is drawn as a circle: "the round box", "the empty circle".
CIRCLES = {"round", "circular", "circle", "circles"}


def _drawing(later, said):
    """Whether a fill word says how the element is drawn: of a star, a heart, a checkbox; not of what
    holds things (a box, a cell, a field: empty, it holds nothing). `later`: the words after the fill
    word; `said`: the kinds already said ("the star outline")."""
    if any(w in CIRCLES for w in later[:2]):
        return True        # "the empty circle": drawn as a ring
    noun = next((kinds.noun(w) for w in later if kinds.noun(w)), None) or (said[-1] if said else None)
    return noun is not None and not set(noun) <= HOLDERS


def _phrase(tokens, quotes, typed_words, landmark):
    p = Phrase()
    words = [t for t in tokens if isinstance(t, str)]
    p.text = " ".join(quotes[t] if isinstance(t, int) else t for t in tokens)
    p.quoted = [quotes[t] for t in tokens if isinstance(t, int)]
    if landmark and words in (["it"], ["that", "one"], ["this", "one"]):
        p.previous = True       # "the chip right next to it"
        return p
    if landmark and [w for w in words if w not in STOPWORDS] in (["start"], ["beginning"]):
        p.positions.add("left")     # "at the start of the third episode": its left end, as a row is read
        return p
    # "Click the same plus again", "type into the same box": what the step before acted on.
    p.previous = not landmark and "same" in words
    i = 0
    while i < len(words):
        w = words[i]
        previous, following = (words[i - 1] if i else ""), (words[i + 1] if i + 1 < len(words) else "")
        i += 1
        if w.startswith("#day"):
            p.quoted.append(w[4:])
        elif w.startswith("#"):
            p.ordinal = int(w[1:])
        elif w == "with" and following in NUMBERS and i + 1 < len(words) and kinds.noun(words[i + 1]):
            # "the chip with four stars": it shows that many of them.
            p.count = (NUMBERS[following], kinds.noun(words[i + 1]))
            i += 2
        elif w in kinds.DIRECTION_WORDS and following in POINTING and i < len(words) - 1 and \
                _points(words[i + 1]):
            p.direction = kinds.DIRECTION_WORDS[w]      # "the right-pointing arrow": the way it points
            i += 1
        elif w in kinds.DIRECTION_WORDS and _points(following):
            p.direction = kinds.DIRECTION_WORDS[w]
        elif w in kinds.DRAWN_ARROWS and kinds.noun(following) == ("arrow",) \
                and not (w in CIRCLES and i + 1 < len(words) and kinds.noun(words[i + 1]) == ("button",)):
            # Not "the round arrow button": a round button with an arrow on it.
            p.kinds.append(kinds.DRAWN_ARROWS[w])     # "the circular arrow", "the crossed arrows"
            i += 1
        elif w in ("three", "3") and kinds.noun(following) == ("dot",):
            p.kinds.append(("more",))     # "the three-dot icon": a menu of more (⋮, ⋯), not a dot
            i += 1
        elif w in colours.SHADES and following in colours.WORDS:
            continue    # "dark green": the hue says it
        elif w in POSITIONS:
            p.positions.add(POSITIONS[w])
        elif w in colours.WORDS and (w not in colours.SHADES or following not in ("mode", "theme")
                                     and following not in colours.WORDS
                                     and not (p.keywords and p.keywords[-1] == previous)   # "the Ceiling light card": its name
                                     and any(kinds.noun(later) or _singular(later) in REGIONS for later in words[i:])):
            p.colours.append(w)      # "dark" is a colour in "the dark submit button", "the dark board", not in "dark mode"
        elif w in ("video", "videos"):
            p.kinds.append(("image",))      # a video is the largest picture around: its poster or frame
            p.sizes.append(("area", True))
        elif _singular(w) in ("box", "bar") and previous in FIELD_BOXES:
            p.kinds.append(("field",))             # "the search box", "the text box", "the search bar"
        elif not landmark and _singular(w) == "bar":
            p.kinds.append(("bar",))               # "the green bar": a long strip, to click or to type in
        elif landmark and _singular(w) == "box" and previous in FILLS:
            p.kinds.append(("field",))             # "below the three empty boxes": fields with nothing typed yet
        elif landmark and _singular(w) in REGIONS:
            p.regions.add(_singular(w))
        elif landmark and w == "line" and (p.ordinal is not None or p.positions):
            p.regions.add("row")      # "on the second line of the table", "the bottom line": a row of it
        elif _singular(w) == "box":
            p.kinds.append(("field", "button"))   # "the size box": a box to click, or to type in
        elif kinds.noun(w):
            p.kinds.append(kinds.noun(w))
        elif w in kinds.ICON_NAMES and p.kinds and set(kinds.ICON_NAMES[w]) & set(kinds.noun(previous) or ()):
            # "the hamburger menu", "the skip-forward button", "the thumbs-up icon": the kind said again, or
            # which of its kinds.
            p.kinds[-1] = tuple(k for k in p.kinds[-1] if k in kinds.ICON_NAMES[w])
        elif w in kinds.ICON_NAMES and following in kinds.ICON_NAMES and following not in kinds.ICON_FOLLOWERS:
            p.kinds.append(kinds.ICON_NAMES[w] + kinds.ICON_NAMES[following])   # "the play/pause button"
            i += 1
        elif w in kinds.ICON_NAMES and following in kinds.POINTERS and set(kinds.ICON_NAMES[w]) & set(kinds.noun(following)):
            # "the play triangle": the play icon, whose drawing the noun says again (not a play icon that is
            # also a triangle: one named Play may be drawn with any path).
            p.kinds.append(kinds.ICON_NAMES[w])
            i += 1
        elif w in kinds.ICON_NAMES and (following in kinds.ICON_FOLLOWERS or following in kinds.POINTERS):
            p.kinds.append(kinds.ICON_NAMES[w])     # "the search icon", "the download arrow"
        elif w in SIZES:
            p.sizes.append(SIZES[w])
        elif w in FILLS and _drawing(words[i:], p.kinds):
            p.fill = FILLS[w]      # "the empty heart", "the star outline"; not "the empty field" of a form
        elif w in FILLS and w not in FILLS_NAMED:
            p.empty = p.empty or w == "empty"  # "the empty field": holding nothing, not what it is called
        elif w in CIRCLES:
            p.circular = True      # "the little round box": drawn as a circle ("rounded" corners are not)
        elif w == "can" and kinds.noun(previous) == ("trash",):
            continue      # "the trash can", "the garbage can": one noun
        elif w == "once" and following == "more":
            i += 1
        elif w in PLACE_FILLERS or w in STOPWORDS or w in LOOKS or w in typed_words:
            continue
        else:
            p.keywords.append(w)
    if p.kinds == [("image",)] and words[-1:] and words[-1] in PICTURE_WORDS and p.ordinal is None \
            and not (p.positions or p.keywords or p.quoted or p.colours or p.sizes or p.count):
        p.sizes.append(("area", True))    # "the picture", said of no picture in particular: the main one
    return p


# A symbol written for an icon ("the + button", "the ★ next to 'Save'") is the word for it.
SYMBOL_WORDS = {**dict.fromkeys("+＋", "plus"), **dict.fromkeys("−–-", "minus"), **dict.fromkeys("★☆", "star"),
                **dict.fromkeys("♥♡❤", "heart"), **dict.fromkeys("⋮⋯", "ellipsis"), "☰": "hamburger", "✓": "check",
                "✔": "check", "⚙": "gear", "🔍": "magnifier", "🗑": "trash", "✕": "cross", "✖": "cross"}
SYMBOL = re.compile(r"(?<!\S)([" + re.escape("".join(SYMBOL_WORDS)) + r"])(?!\S)")
# A sign with no word for it ("the box with the $ sign") is a text the page shows.
SIGN = re.compile(r"(?<!\S)([$€£¥%#@&])(?!\S)")
QUOTE_MARK = re.compile(r"\x00(\d+)\x00")
PARENTHESES = re.compile(r"\(([^()]*)\)")
APPOSITION = re.compile(r",\s*((?:the|a|an)\s[^,]*)")


PICTURE_WORDS = {"picture", "image", "photo", "photograph"}
# A value said after the rest, the text the element reads: "the third showtime in the row, 20:00".
VALUE_APPOSITION = re.compile(r",\s*([$€£¥]?\d[\d:.,]*(?:\s*(?:am|pm|%))?)\s*[.!]?\s*$")


# "In the panel on the right, click the third saved item": the place said first, then the step.
PLACE_FIRST = re.compile(r"^\s*((?:in|on|at|inside|within|under|below|above|beside|next\s+to)\s[^,]+),\s*"
                         r"((?:then\s+)?(?:" + "|".join(sorted(VERBS - {"then", "now", "please"})) + r")\b.*)$",
                         re.I | re.S)


def _place_last(text):
    """The description with a place said before the verb moved after the target, where places go."""
    match = PLACE_FIRST.match(text)
    return f"{match.group(2)} {match.group(1)}" if match else text


# "In the third row of the calendar, fourth column": a second line that crosses the first.
LINE_APPOSITION = re.compile(r",\s*((?:the\s+)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|"
                             r"\d+(?:st|nd|rd|th))\s+(?:row|column|col)\b)")
# "The greyed-out day": how a day no one can pick looks, which a page draws in any shade; the place says which.
GREYED = re.compile(r"\b(?:greyed|grayed)[\s-]+out\b")
# "The month name" is a text naming a month ('April 2025'), not a container: one word for that content.
MONTH_NAME = re.compile(r"\bmonth(?:'s)?\s+(?:name|title|label)\b")


def _asides(masked):
    """(the description without its asides, the asides, the values it reads): text in parentheses,
    ", the ..." parts, and a value said last."""
    asides = PARENTHESES.findall(masked)
    main = PARENTHESES.sub(" ", masked)
    asides += APPOSITION.findall(main)
    main = APPOSITION.sub(" ", main)
    return VALUE_APPOSITION.sub(" ", main), asides, VALUE_APPOSITION.findall(main)


# "About three quarters of the way along its track", "halfway along" (half, way), "at 40% across": where on the
# element the click goes, as a share of its length. Not a word of what the element is.
ALONG = re.compile(r"\s*,?\s*\b(?:at\s+)?(?:(?:about|around|roughly|approximately|some|nearly|almost)\s+)?"
                   r"(?P<share>an?\s+quarter|one\s+quarter|an?\s+third|one\s+third|two\s+thirds|three\s+quarters|half|"
                   r"\d{1,3}\s*(?:%|per\s*cent))\s*(?:of\s+the\s+way\s+|way\s+)?(?:along|across|up|into)\b"
                   r"(?:\s+(?:its|the|their|this|that)(?:\s+\w+)?\s+(?:track|bar|line|scale|rail|length|width|slider))?", re.I)
# "The middle of the short volume bar": halfway along a bar, not a place on the page.
MIDDLE_OF = re.compile(r"\b(?:the\s+)?(?:middle|centre|center)\s+of\s+(?=(?:the|its|their)\s+(?:[\w-]+\s+){0,3}?"
                       r"(?:bar|track|slider|scale|rail|timeline|seekbar)s?\b)", re.I)
SHARES = {"quarter": 0.25, "third": 1 / 3, "two thirds": 2 / 3, "three quarters": 0.75, "half": 0.5}


def along(text):
    """(the share of its length along which a description says to click, or None; the text without it)."""
    found = ALONG.search(text)
    if found is None:
        middle = MIDDLE_OF.search(text)
        return (None, text) if middle is None else (0.5, text[:middle.start()] + text[middle.end():])
    words = " ".join(found.group("share").lower().split())
    number = re.match(r"\d+", words)
    share = int(number.group()) / 100 if number else SHARES[re.sub(r"^(?:an?|one)\s+", "", words)]
    return min(share, 1.0), text[:found.start()] + text[found.end():]


class Description:
    """An action description broken into its target and the landmarks that place it."""

    def __init__(self, text, typed_text=""):
        self.text = text or ""
        typed = (typed_text or "").strip().lower()
        quotes, spans = [], []
        self.along, said = along(self.text)
        source = SIGN.sub(r"'\1'", _place_last(said))
        for m in QUOTED.finditer(source):
            q = next(g for g in m.groups() if g is not None).strip().lower()
            spans.append((m.start(), m.end(), q))
        masked, last = [], 0
        for start, end, q in spans:
            masked.append(source[last:start].lower())
            if q and q != typed:
                masked.append(f" \x00{len(quotes)}\x00 ")
                quotes.append(q)
            last = end
        masked.append(source[last:].lower())
        main, asides, values = _asides(SYMBOL.sub(lambda m: SYMBOL_WORDS[m.group(1)], "".join(masked)))
        self.values = [Description(f"'{value}'", typed_text) for value in values]
        # "the percent key, the third key of the top row", "the archive icon (the box, first of the
        # icons)": the same element said again, another way to find it if the first finds nothing.
        self.alternatives = [Description(QUOTE_MARK.sub(lambda m: f"'{quotes[int(m.group(1))]}'", aside), typed_text)
                             for aside in asides]
        main = LINE_APPOSITION.sub(r" and \1", MONTH_NAME.sub("monthname", GREYED.sub(" ", main)))
        main = COMPOUND.sub(lambda m: " ".join(w for w in m.group().split("-") if w not in STOPWORDS), main)
        tokens = [int(m.group(1)) if m.group(1) is not None else m.group() for m in TOKEN.finditer(main)]
        typed_words = set(WORD.findall(typed))
        # The verb ("click on", "double-click", "type ... into") and what is typed are not the element.
        while tokens and isinstance(tokens[0], str) and (tokens[0] in VERBS or tokens[0] in typed_words):
            tokens.pop(0)
            if tokens and tokens[0] == "click":
                tokens.pop(0)
        if len(tokens) > 1 and tokens[0] in SWITCHING and tokens[1] in ("on", "off", "the"):
            tokens.pop(0)     # "Turn on the switch", "Flip the switch": a verb, though a switch is a noun too
        while tokens and tokens[0] in ("on", "off", "in", "into", "inside"):
            tokens.pop(0)
        for at, token in enumerate(tokens):
            after = tokens[at + 1] if at + 1 < len(tokens) else None
            # "Click the big hex code in the middle column and type a new code": the element ends where
            # the next act begins.
            if token == "without" or token == "to" and after in PURPOSES or token == "and" and after in VERBS:
                tokens = tokens[:at]
                break
        parts = _split(_possessives(_ordinal_runs(tokens)))
        target = _phrase(parts[0][1], quotes, typed_words, landmark=False)
        relations, framed = [], False
        for relation, words in parts[1:]:
            phrase = _phrase(words, quotes, typed_words, landmark=True)
            if relation == "of" and not relations and not framed and not target.names_something \
                    and (target.ordinal is not None or target.positions and "one" in parts[0][1]):
                # "the second of the fields", "the left one of the two blue seats": the target, counted
                # or placed among those.
                merged = _phrase(words, quotes, typed_words, landmark=False)
                merged.ordinal, merged.positions = target.ordinal, target.positions | merged.positions
                # One of them is one thing: "the left one of the blue seats" is a seat, not "Seats: E4".
                merged.keywords = [w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w
                                   for w in merged.keywords]
                merged.among = next((NUMBERS[w] for w in words if isinstance(w, str) and NUMBERS.get(w, 0) > 1), None)
                merged.text = f"{target.text} of {merged.text}"
                target = merged
            elif relation == "from" and phrase.only_place and target.ordinal and target.ordinal > 0:
                # "the second star from the right": counted from that end.
                if phrase.positions & {"right", "bottom"}:
                    target.ordinal = -target.ordinal
                target.from_end = True
            elif relation == "in" and phrase.only_place and phrase.positions <= {"left", "right"} and relations \
                    and by_kind_alone(relations[-1].landmark):
                # "in the panel on the right": which panel, one of two side by side.
                relations[-1].landmark.positions |= phrase.positions
                continue
            elif phrase.only_place or not phrase.names_something and phrase.ordinal is None:
                # "in the top right corner", "at the top of ...", "of the page": where the target is.
                target.positions |= phrase.positions
                framed = bool(phrase.positions)
                continue
            elif relation == "of" and relations and not framed and _bare_line(relations[-1].landmark) \
                    and phrase.regions and not (phrase.quoted or phrase.keywords):
                # "on the remaining row of the panel": a line of it, which it places the target in.
                relations[-1] = Relation(relations[-1].kind, replace(phrase, text=f"{relations[-1].landmark.text} of {phrase.text}"))
            elif relation == "of" and relations and not framed and {_line(relations[-1].landmark), _line(phrase)} == LINES:
                # "the today column of the first habit row": the cell where the column crosses the row,
                # as "in the first row and the today column" says it.
                relations.append(Relation("in", phrase))
            elif relation == "of" and relations and not framed and not _names_line(relations[-1].landmark):
                # "above the list of questions": the words belong to the landmark before.
                before = relations[-1].landmark
                for name in ("quoted", "keywords", "kinds", "colours"):
                    getattr(before, name).extend(getattr(phrase, name))
                before.regions |= phrase.regions
                before.text += f" of {phrase.text}"
            else:
                if {"one", "ones"} & {w for w in words if isinstance(w, str)} \
                        and not (phrase.quoted or phrase.keywords or phrase.kinds or phrase.regions):
                    # "the seat right of the blue one": one of what the target is, the blue seat.
                    phrase.keywords, phrase.kinds = list(target.keywords), list(target.kinds)
                relations.append(Relation("in" if relation in ("of", "from") else relation, phrase))
            framed = False
        self.target = target
        self.relations = relations
        # The words that name the target, as the text matching reads them.
        self.quoted, self.keywords = target.quoted, target.keywords
        self.kinds, self.positions = target.kinds, target.positions
