"""What kind of thing an element is, for the kind words of a description ("the fourth star", "the trash
icon", "the orange swatch", "the toggle"), from what the page shows of it (js/candidates.js `look`).

Generated pages draw icons in many ways, so an icon is known by any of: a symbol character in its
text or CSS `content` ("★", "🗑", "+", "×", "›"), its names (aria-label, title, alt, class and id
words, an icon font's class such as "fa-trash" or its ligature text "delete", an SVG's <use> or
<title>, an image's file name), or, for a few, a shape drawn with CSS: a dot is a small round mark, a
toggle a pill with a knob, a hamburger a stack of bars, a chevron two borders of a turned square.

`fit` is 1 when the element is of that kind, 0.5 when it is an icon whose kind nothing names (an
unnamed SVG path could be the star meant), or it could be one by its layout or look (a box of a grid
drawn as rows of boxes is a cell; a label of a row drawn alike but one, the open one, is a tab), 0
otherwise: an icon known to be something else is not it. A heading is a heading element, the link in
one, or text larger than the page's body text or bold at its size.
"""
import math
import re
import unicodedata

from . import colours, drawings

WORD = re.compile(r"[a-z]+")
CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
VARIATION = re.compile("[\ufe0e\ufe0f\u200d\u20e3]")

CHEVRONS = {"right": "›»❯❭⟩〉>", "left": "‹«❮❬⟨〈<", "up": "⌃^˄︿", "down": "⌄ˇ˅﹀⌵"}
TRIANGLES = {"right": "▶►▸▹⏵", "left": "◀◄◂◃", "up": "▲△▴▵", "down": "▼▽▾▿"}
ARROWS = {"right": "→⇒➔➜➝➞➡⟶⮕", "left": "←⇐⬅⟵", "up": "↑⇑⬆", "down": "↓⇓⬇"}
DIRECTION_NAMES = {"right": {"right", "next", "forward"}, "left": {"left", "prev", "previous", "back", "backward"},
                   "up": {"up", "top"}, "down": {"down", "expand", "dropdown"}}


def _all(table):
    return "".join(table.values())


# An icon's kind: (symbol characters, words among its names). A kind word matches either.
ICONS = {
    "star": ("★☆⭐✩✪✫✬✭✮✯✰🌟", {"star", "stars"}),
    "heart": ("♥♡❤❥❣💗💖💕💓💘💝💙💚💛🧡💜🖤🤍🤎", {"heart", "like", "favorite", "favourite", "fav", "love", "wishlist"}),
    "trash": ("🗑🚮", {"trash", "bin", "delete", "remove", "garbage", "rubbish", "wastebasket", "dustbin"}),
    "bell": ("🔔🛎🔕", {"bell", "notification", "notifications", "alert", "alerts"}),
    "pin": ("📌📍", {"pin", "pushpin", "marker", "location"}),
    "plus": ("+＋➕⊕⊞", {"plus", "add", "increment", "increase"}),
    "minus": ("-−–➖⊖⊟", {"minus", "decrement", "decrease", "subtract"}),
    "close": ("×✕✖⨯✗✘╳❌❎xX", {"close", "dismiss", "x", "cross", "cancel", "remove"}),
    "chevron": (_all(CHEVRONS) + _all(TRIANGLES), {"chevron", "chev", "caret", "angle", "triangle"}),
    # A download (upload) icon is an arrow into (out of) a tray: "the download arrow".
    "arrow": (_all(ARROWS) + _all(CHEVRONS) + _all(TRIANGLES) + "↻↺⟳⟲⤓", {"arrow", "next", "prev", "previous", "forward",
                                                                          "back", "chevron", "caret", "carousel",
                                                                          "download", "upload"}),
    "hamburger": ("☰≡≣", {"hamburger", "burger", "menu", "bars", "toggler", "navicon"}),
    "dot": ("•●○◦⚫⚪◉∙·⬤", {"dot", "dots", "bullet", "indicator"}),
    "more": ("⋮⋯…", {"more", "ellipsis", "kebab", "overflow"}),
    "search": ("🔍🔎⌕", {"search", "magnifier", "magnifying", "loupe", "zoom"}),
    "gear": ("⚙⛭", {"gear", "cog", "settings", "preferences"}),
    "home": ("🏠🏡⌂", {"home", "house"}),
    "cart": ("🛒🛍", {"cart", "basket", "bag"}),
    "user": ("👤👥", {"user", "profile", "account", "avatar", "person"}),
    "edit": ("✎✏✐🖉🖊🖋", {"edit", "pencil", "pen", "rename"}),
    "play": ("⏵⏯", {"play"}),
    "pause": ("⏸", {"pause"}),
    "check": ("✓✔✅", {"check", "tick", "checkmark", "done"}),
    "info": ("ℹ", {"info", "information"}),
    "mail": ("✉📧📩📨", {"mail", "email", "envelope", "inbox"}),
    "phone": ("☎📞📱", {"phone", "call", "telephone"}),
    "lock": ("🔒🔓🔐", {"lock", "unlock", "padlock"}),
    "download": ("⤓📥", {"download"}),
    "refresh": ("↻↺⟳⟲🔄", {"refresh", "reload", "sync", "retry", "restart", "rotate"}),
    "shuffle": ("🔀", {"shuffle", "random", "randomize", "randomise"}),
    "repeat": ("🔁🔂", {"repeat", "loop"}),
    "calendar": ("📅📆🗓", {"calendar"}),
    "eye": ("👁", {"eye", "visibility"}),
    "bookmark": ("🔖", {"bookmark"}),
    "flag": ("⚑⚐🚩", {"flag"}),
    "sun": ("☀☼🌞🔆", {"sun"}),
    "moon": ("🌙☾☽", {"moon"}),
    "camera": ("📷📸", {"camera"}),
    # A mixer's or a player's mute button is drawn as a speaker; its solo or monitor button as headphones.
    "speaker": ("🔈🔉🔊🔇🕨🕩🕪", {"speaker", "volume", "mute", "unmute", "sound", "audio"}),
    "headphones": ("🎧", {"headphones", "headphone", "headset"}),
    # A "Like" is a heart on some sites and a thumb on others.
    "thumbsup": ("👍", {"upvote", "helpful", "thumbsup", "up", "like"}),
    "thumbsdown": ("👎", {"downvote", "unhelpful", "thumbsdown", "down", "dislike"}),
    # A player's "Next" and "Previous" are its skip buttons.
    "skip": ("⏭⏩", {"skip", "forward", "fastforward", "next"}),
    "rewind": ("⏮⏪", {"rewind", "backward", "previous", "prev"}),
    "multiply": ("×✕*", {"multiply", "multiplication", "times"}),
    "divide": ("÷/", {"divide", "division"}),
    "equals": ("=", {"equals", "equal"}),
    "percent": ("%", {"percent", "percentage"}),
    "archive": ("🗄📦", {"archive"}),
    # A chat's "add reaction" button is drawn as a smiley face.
    "smiley": ("☺☻🙂😀😃😊", {"smiley", "smile", "react", "reaction", "reactions", "emoji"}),
}
BESIDE_TEXT = 30        # a text this short is a label beside the pictograph it starts or ends with
# The height of a chip: more than a line of text (about 18 px at 16 px), at most a large button.
CHIP_HEIGHT = (24, 48)
CONTROL_SHARE = 0.1     # a control showing only a drawing is at most a tenth of the viewport wide
# Kinds made by structure, not by a picture.
STRUCTURES = {"button", "link", "tab", "icon", "image", "thumbnail", "field", "checkbox", "radio", "toggle",
              "select", "swatch", "card", "cell", "chip", "heading", "bar", "notch", "slider"}
CHART_BAR = 80          # px: a bar of a chart is at most this wide
BAR_SHAPE = 3          # a bar is at least this many times as wide as it is tall
SLIDER_SHAPE = 6       # a slider's track is at least this many times as long as it is thick
HEADING_TAGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
HEADING_FONT = 1.2     # text this much larger than the page's body text stands out as a heading
# Symbols and icon names of a drawing filled in or only outlined.
FILLED_SYMBOLS, OUTLINE_SYMBOLS = "★⭐♥❤●⚫⬤■▲▼◆✚", "☆✩♡○◯◦⚪□△▽◇"
FILLED_NAMES = {"filled", "fill", "solid", "fas", "full"}
OUTLINE_NAMES = {"outline", "outlined", "empty", "hollow", "border", "regular", "far", "line", "o"}

# Description words that say what kind of element is meant, whatever it is called. A word may name
# several kinds ("remove icon": a bin or a cross).
NOUNS = {
    "button": ("button",), "btn": ("button",), "link": ("link",), "hyperlink": ("link",), "tab": ("tab",),
    "icon": ("icon",), "symbol": ("icon",), "glyph": ("icon",),
    "image": ("image",), "picture": ("image",), "photo": ("image",), "img": ("image",), "logo": ("image",),
    "thumbnail": ("thumbnail",),
    "field": ("field",), "box": ("field",), "bar": ("field",), "textbox": ("field",), "searchbox": ("field",),
    "textarea": ("field",), "input": ("field",), "textfield": ("field",),
    "checkbox": ("checkbox",), "radio": ("radio",), "toggle": ("toggle",), "switch": ("toggle",),
    "dropdown": ("select",), "select": ("select",), "combobox": ("select",),
    "swatch": ("swatch",), "card": ("card",), "tile": ("card", "cell"), "cell": ("cell",), "square": ("cell",),
    "star": ("star",), "heart": ("heart",), "trash": ("trash",), "bin": ("trash",), "garbage": ("trash",),
    "trashcan": ("trash",), "wastebasket": ("trash",), "bell": ("bell",), "pin": ("pin",), "plus": ("plus",),
    "smiley": ("smiley",), "notch": ("notch",), "slider": ("slider",), "track": ("slider",),
    "minus": ("minus",), "chevron": ("chevron",), "caret": ("chevron",), "triangle": ("chevron",),
    "arrow": ("arrow",), "hamburger": ("hamburger",), "burger": ("hamburger",), "dot": ("dot",), "bullet": ("dot",),
    "ellipsis": ("more",), "kebab": ("more",), "gear": ("gear",), "cog": ("gear",), "magnifier": ("search",),
    "pencil": ("edit",), "envelope": ("mail",), "padlock": ("lock",), "checkmark": ("check",), "tick": ("check",),
    "cross": ("close",), "x": ("close",), "sign": ("icon",), "key": ("button",), "tool": ("button",), "chip": ("chip",), "pill": ("chip",), "tag": ("chip",),
    "thumb": ("thumbsup", "thumbsdown"), "thumbs": ("thumbsup", "thumbsdown"), "multiplication": ("multiply",),
    "division": ("divide",), "skip": ("skip",), "rewind": ("rewind",), "check": ("check", "checkbox"),
    "speaker": ("speaker",), "loudspeaker": ("speaker",), "headphones": ("headphones",), "headphone": ("headphones",),
    "headset": ("headphones",),
}
# Arrows named by how they are drawn: "the circular arrow" is a refresh or restart icon, "the crossed
# arrows" a shuffle, "the looping arrows" a repeat (or a refresh: both go round).
DRAWN_ARROWS = {"circular": ("refresh",), "curved": ("refresh",), "round": ("refresh",), "rotating": ("refresh",),
                "circle": ("refresh",), "crossed": ("shuffle",), "crossing": ("shuffle",),
                "looping": ("repeat", "refresh"), "looped": ("repeat", "refresh"), "loop": ("repeat", "refresh")}
# Words that are often an element's own text ("Search", "Close"), so they name a kind only before a
# word for an icon or a button: "the search icon", "the close button".
ICON_NAMES = {
    "close": ("close",), "search": ("search",), "home": ("home",), "cart": ("cart",), "basket": ("cart",),
    "bag": ("cart",), "trolley": ("cart",), "user": ("user",), "profile": ("user",), "account": ("user",),
    "avatar": ("user",), "settings": ("gear",),
    "menu": ("hamburger", "more"), "edit": ("edit",), "play": ("play", "chevron"), "pause": ("pause",),
    "info": ("info",), "mail": ("mail",), "email": ("mail",), "phone": ("phone",), "lock": ("lock",),
    "download": ("download",), "refresh": ("refresh",), "reload": ("refresh",), "calendar": ("calendar",),
    "eye": ("eye",), "bookmark": ("bookmark",), "flag": ("flag",), "like": ("heart",), "favorite": ("heart",),
    "favourite": ("heart",), "more": ("more",), "sun": ("sun",), "moon": ("moon",), "camera": ("camera",),
    "delete": ("trash", "close"), "remove": ("trash", "close", "minus"), "add": ("plus",), "next": ("arrow",),
    "previous": ("arrow",), "prev": ("arrow",), "back": ("arrow",), "expand": ("chevron", "plus"),
    "collapse": ("chevron", "minus"), "notification": ("bell",), "notifications": ("bell",),
    "forward": ("skip", "arrow"), "shuffle": ("shuffle",), "repeat": ("repeat",), "multiply": ("multiply",),
    "divide": ("divide",), "equals": ("equals",),
    "archive": ("archive",), "percent": ("percent",), "mute": ("speaker",), "volume": ("speaker",), "sound": ("speaker",), "up": ("thumbsup", "arrow"), "down": ("thumbsdown", "arrow"),
}
ZOOM_SIGNS = {"in": "plus", "out": "minus"}
ICON_FONTS = {"fa", "fas", "far", "fab", "bi", "material", "glyphicon", "symbols", "ti", "lucide", "feather", "ion"}
ICON_FOLLOWERS = {"icon", "symbol", "glyph", "button", "btn", "key"}
# Names of controls that step through something (months, photos, songs).
STEPPING = {"next", "prev", "previous", "forward", "back"}
# "the next arrow", "the left chevron": the way it points, not where it is.
DIRECTION_WORDS = {"right": "right", "next": "right", "forward": "right", "left": "left", "previous": "left",
                   "prev": "left", "back": "left", "up": "up", "down": "down"}
POINTERS = {"arrow", "chevron", "caret", "triangle"}


def _painted(paint):
    """Whether a computed background colour paints anything (not transparent)."""
    return bool(paint) and paint != "image" and not re.search(r",\s*0(?:\.0+)?\)$", paint) and paint != "transparent"


def _white(colour):
    """Whether a computed colour ("rgb(250, 250, 250)") is white as the colour names read it: light
    and of no hue."""
    channels = [float(v) for v in re.findall(r"[\d.]+", colour)[:3]]
    if len(channels) < 3:
        return False
    high, low = max(channels), min(channels)
    return (high + low) / 2 / 255 > colours.WHITE_LIGHTNESS and high - low <= colours.CHROMA_MIN


def noun(word):
    """The kinds a description word names, or None (plurals too: "the stars")."""
    return NOUNS.get(word) or (NOUNS.get(word[:-1]) if word.endswith("s") and len(word) > 3 else None)


def words_of(*texts):
    out = set()
    for text in texts:
        if text:
            out.update(WORD.findall(CAMEL.sub(" ", text).lower()))
    return out


class Look:
    """What one candidate shows, worked out once."""

    def __init__(self, c, viewport, parent=None, body_font=16, tab_row=False, drawing=None):
        """`drawing`: called at most once, what its pixels show (drawings.shape_of), for a drawing
        nothing names."""
        parent = parent or {}
        self.c, self.parent_display, self.body_font, self.tab_row = c, parent.get("display") or "", body_font, tab_row
        self._drawing, self._drawn_shape = drawing, ()
        self.parent_heading = parent.get("tag") in HEADING_TAGS or parent.get("role") == "heading"
        look = c.get("look") or {}
        self.look = look
        box = c["box"]
        self.width, self.height = box["width"], box["height"]
        text = VARIATION.sub("", c.get("text") or "").strip()
        glyph = VARIATION.sub("", look.get("glyph") or "").strip()
        # One symbol (an emoji may take two UTF-16 units but is one character here) and nothing else.
        self.symbol = text if len(text) == 1 and not text.isalnum() or text in ("x", "X") else ""
        if not text and len(glyph) == 1:
            self.symbol = glyph
        self.private = any("\ue000" <= ch <= "\uf8ff" for ch in text + glyph)   # an icon font's glyph
        self.text = text
        # A one-word text names what it is: a control's ("Close", "Delete"), an icon font's ("star"); longer
        # text says more, and a word that takes no click ("SETTINGS" over a sidebar) titles what follows it.
        self.names = words_of(c.get("aria"), c.get("title"), c.get("alt"), c.get("id"), c.get("cls"), c.get("name"),
                              look.get("names"))
        # An icon font: a class such as "fa fa-star", "bi-heart", "material-icons" (whose text is the
        # icon's name, "star"), or any class word that says icon.
        icon_font = bool(ICON_FONTS & self.names) or any(name.startswith("icon") for name in self.names)
        if (c.get("interactive", True) or icon_font) and len(text.split()) == 1 and len(text) <= 24:
            self.names = self.names | words_of(text)
        self.picture = look.get("picture", 1.0 if c.get("tag") in ("img", "svg", "canvas", "video") else 0.0)
        self.photo = look.get("photo", 1.0 if c.get("tag") in ("img", "canvas", "video") else 0.0)
        # An empty box painted or bordered is a drawing, but not an empty header cell of a table (the
        # heading of a column of icons).
        heading = c.get("tag") == "th" or c.get("role") in ("columnheader", "rowheader")
        self.graphic = (c.get("tag") in ("svg", "img", "i", "canvas") or self.picture >= 0.5 or bool(self.symbol)
                        or self.private or icon_font
                        or (not text and not heading and bool(look.get("paint") or look.get("border"))))
        self.viewport = viewport
        decoration = VARIATION.sub("", c.get("decoration") or "").strip()
        # A pictograph that leads or ends the own short label of a thing to click is drawn beside it:
        # "♡ 12", "👍 Helpful (8)"; not a row of them (a rating "★★★★☆"), nor one a child ends with,
        # nor the first letter of a message ("✓ Correct!" is not a check button).
        own = VARIATION.sub("", c.get("own") or "").strip()
        labelled = c.get("interactive", True) and len(own) <= BESIDE_TEXT and any(ch.isalnum() for ch in own)
        ends = {ch for ch in (own[:1], own[-1:]) if labelled and unicodedata.category(ch or "a") == "So"}
        shown = {ch for ch in (self.symbol, decoration if len(decoration) == 1 else "") if ch} | ends
        self.identity = {kind for kind, (glyphs, names) in ICONS.items()
                         if any(ch in glyphs for ch in shown) or names & self.names}
        if "zoom" in self.names:
            # "Zoom in" is a magnifier drawn with a plus in it, "zoom out" with a minus.
            self.identity |= {sign for word, sign in ZOOM_SIGNS.items() if word in self.names}
        if not shown and self.names & STEPPING:
            # A control named for stepping ("Next month") and showing no character is drawn as a
            # chevron as often as an arrow: a person calls it either.
            self.identity |= {"arrow", "chevron"}
        drawn = {kind for kind in ("dot", "hamburger", "chevron") if self._drawn(kind)}
        self.identity |= drawn
        # An icon is a small graphic, no larger than 64 px: a picture, a symbol, a shape drawn with CSS,
        # or a ligature word of an icon font.
        self.icon_like = ((self.graphic or bool(drawn)) and (not text or bool(self.symbol) or self.private
                                                             or icon_font and len(text.split()) == 1)
                          and max(self.width, self.height) <= 64)

    # -- shapes drawn with CSS ------------------------------------------------------------
    def circular(self):
        return self.look.get("radius", 0) >= 0.45 * min(self.width, self.height)

    def _drawn(self, kind):
        look, text = self.look, self.text
        if not look or text:
            return False
        if kind == "dot":
            # A dot is plain: a round button showing a drawing is that drawing's button. It is filled, or
            # ringed all round: a dome bordered on three sides is a drawing (a bell) of its own.
            return (self.circular() and bool(look.get("paint") or look.get("border") == "trbl") and not look.get("picture")
                    and max(self.width, self.height) <= 1.5 * min(self.width, self.height)
                    and max(self.width, self.height) <= 2 * look.get("font", 16))
        if kind == "hamburger":
            return look.get("bars", 0) >= 2
        if kind == "chevron":
            return self.pointing() is not None
        return False

    def pointing(self):
        """Where a chevron drawn as two borders of a turned square points: 'right', 'down', ... or None."""
        border, turn = self.look.get("border", ""), self.look.get("turn")
        corners = {"rb": (1, 1), "br": (1, 1), "bl": (-1, 1), "lb": (-1, 1), "lt": (-1, -1), "tl": (-1, -1),
                   "tr": (1, -1), "rt": (1, -1)}
        if turn is None or len(border) != 2 or border not in corners:
            return None
        x, y = corners[border]
        angle = math.radians(turn)
        dx, dy = x * math.cos(angle) - y * math.sin(angle), x * math.sin(angle) + y * math.cos(angle)
        if abs(abs(dx) - abs(dy)) < 0.5:
            return None   # still a corner: the square is not turned onto a point
        return ("right" if dx > 0 else "left") if abs(dx) > abs(dy) else ("down" if dy > 0 else "up")

    def drawn(self):
        """The shape its pixels show (a plus, a minus, a cross, a tick), or None."""
        if self._drawn_shape == ():
            self._drawn_shape = self._drawing() if self._drawing is not None else None
        return self._drawn_shape

    def _drawn_button(self):
        """A control bigger than an icon that shows only a drawing (the round play button over a video):
        nothing names it, so it could be any of the icons."""
        return bool(self.c.get("interactive")) and not self.text and self.graphic and self.photo < 0.5 \
            and max(self.width, self.height) <= CONTROL_SHARE * self.viewport[0]

    def _boxed(self):
        """Drawn as a box: bordered all round, or painted another colour than the page (a radio card)."""
        mark = self.c.get("mark") or self.look or {}
        return mark.get("border") == "trbl" or _painted(mark.get("paint"))

    def points(self, direction):
        """Whether a pointer (arrow, chevron, triangle) points that way, from its symbol, names or shape."""
        for table in (CHEVRONS, TRIANGLES, ARROWS):
            if self.symbol and self.symbol in table[direction]:
                return True
        return bool(DIRECTION_NAMES[direction] & self.names) or self.pointing() == direction

    # -- the kinds -------------------------------------------------------------------------
    def structure(self, kind):
        c, look = self.c, self.look
        role, tag = c.get("role") or "", c.get("tag")
        if kind == "button":
            return role == "button" or tag == "button" or bool(c.get("listener") or c.get("pointer"))
        if kind == "link":
            return role == "link"
        if kind == "tab":
            return role == "tab" or "tab" in self.names
        if kind == "icon":
            return self.icon_like
        if kind == "image":
            return self.picture >= 0.5 or role == "img"
        if kind == "thumbnail":
            # A small photo (an image, not an SVG drawing): at most a quarter of the viewport's width and a
            # third of its height.
            width, height = self.viewport
            return self.photo >= 0.5 and not self.text and self.width <= width / 4 and self.height <= height / 3
        if kind == "field":
            return bool(c.get("editable"))
        if kind == "checkbox":
            return (role == "checkbox" or bool(self.symbol and self.symbol in "☐☑☒✓✔") or "checkbox" in self.names
                    or self._mark_box())
        if kind == "radio":
            return role == "radio" or "radio" in self.names or self._mark_box() and self.circular()
        if kind == "toggle":
            return role == "switch" or bool({"toggle", "switch"} & self.names) or self._pill()
        if kind == "select":
            return role in ("combobox", "listbox") or tag == "select"
        if kind == "swatch":
            return bool({"swatch", "color", "colour"} & self.names) or (
                not self.text and self.picture < 0.5 and bool(look.get("paint")) and look.get("paint") != "image"
                and max(self.width, self.height) <= 2 * min(self.width, self.height) and not c.get("editable"))
        if kind == "notch":
            # A mark to click on a scale (the notches of a brightness bar): painted, without text or
            # picture, no larger than two letters, one side half again the other.
            return (bool(c.get("interactive")) and not self.text and self.picture < 0.5 and bool(look.get("paint"))
                    and look.get("paint") != "image" and max(self.width, self.height) <= 2 * look.get("font", 16)
                    and max(self.width, self.height) >= 1.5 * min(self.width, self.height))
        if kind == "card":
            # A box to click, bigger than an icon: what a person calls a card or a tile, whatever its class.
            return bool(c.get("interactive")) and (bool({"card", "tile"} & self.names) or min(self.width, self.height) >= 64
                                                   or self.height > CHIP_HEIGHT[1] and self._boxed())
        if kind == "chip":
            # A small box with a short text to click (a filter, a tag, a time slot): a box, taller than
            # its line of text (padded, bordered), not a bare word like a link "Clear filters". One drawn
            # so that takes no click is still one of its row (a time slot struck through as taken).
            return bool(c.get("interactive") or c.get("mark") and self._boxed()) and bool(self.text) and len(self.text) <= 40 \
                and CHIP_HEIGHT[0] <= self.height <= CHIP_HEIGHT[1]
        if kind == "slider":
            # A control set by where it is clicked: a range input, or a long thin track that takes clicks
            # and says nothing (a drawn slider, whatever it is built with).
            return role == "slider" or bool(c.get("interactive")) and not self.text and not c.get("editable") \
                and max(self.width, self.height) >= SLIDER_SHAPE * min(self.width, self.height)
        if kind == "bar":
            # A strip to click or to type in ("the green bar" over a tab bar, "the search bar"): long. A
            # line of words that takes clicks is a bar when painted as one (a green basket bar), not a
            # song's title in a list.
            worded = not c.get("editable") and any(ch.isalpha() for ch in (c.get("text") or ""))
            if not worded and self._boxed() and self.width < self.height and self.width <= CHART_BAR:
                return True     # a chart's bar: narrow, painted, standing upright (its column takes the click)
            return bool(c.get("interactive") or c.get("editable")) and self.width >= BAR_SHAPE * self.height \
                and not (worded and not self._boxed())
        if kind == "heading":
            # A heading, the link in one, or text that stands out as one: larger than the page's body
            # text, or bold at its size.
            font = c.get("font", self.body_font)
            words = c.get("own") or c.get("text") or ""    # words, not only "3." or the "|" between links
            return any(ch.isalpha() for ch in words) and (
                tag in HEADING_TAGS or role == "heading" or self.parent_heading or font >= HEADING_FONT * self.body_font
                or font >= self.body_font and c.get("weight", 400) >= 600)
        if kind == "cell":
            # A cell of a table, or one of the items a CSS grid lays out.
            return (role in ("gridcell", "cell", "columnheader", "rowheader") or tag in ("td", "th") or "cell" in self.names
                    or "grid" in self.parent_display)
        raise ValueError(kind)

    def filled(self, shape=False):
        """True when its drawing is filled in, False when only outlined, None when nothing tells: its
        symbol (★ or ☆), its names (an icon font's "star-outline", "fa-regular"), the fill of its SVG
        shapes, or a CSS shape painted or only bordered. `shape`: said of the round shape it is drawn
        as ("the filled circle"), whose paint tells, not the fill of the icon it shows (a stroked tick)."""
        round_shape = shape and self.circular() and not self.text and (self.look.get("paint") or self.look.get("border"))
        if self.symbol and not round_shape:
            return True if self.symbol in FILLED_SYMBOLS else False if self.symbol in OUTLINE_SYMBOLS else None
        if OUTLINE_NAMES & self.names:
            return False
        if FILLED_NAMES & self.names:
            return True
        if self.look.get("outline") is not None and not round_shape:
            return not self.look["outline"]
        mark = self.c.get("mark")
        if not self.text and self.picture < 0.5 and (self.look.get("paint") or self.look.get("border")):
            # Painted the colour of what it sits on (a white ring on a white page), it is not filled in;
            # nor is a ring white inside, as a form's unticked box is, on a dark page too.
            if mark:
                return _painted(mark.get("paint")) and not (mark.get("border") == "trbl" and _white(mark["paint"]))
            return bool(self.look.get("paint"))
        if self.text and mark and (_painted(mark.get("paint")) or mark.get("border")):
            return _painted(mark.get("paint"))      # a button with text: solid, or only outlined
        return None

    def _mark_box(self):
        """A box to tick drawn with CSS: no text or picture (a tick symbol at most), a border all round,
        about square, no larger than two letters of its text."""
        look = self.look
        return (bool(look) and (not self.text or self.symbol in "✓✔") and self.picture < 0.5
                and look.get("border") == "trbl" and max(self.width, self.height) <= 1.5 * min(self.width, self.height)
                and max(self.width, self.height) <= 2 * look.get("font", 16))

    def _box(self):
        """A box to click or a painted one, showing at most a short mark (a number of a board, a flag)."""
        look = self.look
        return (len(self.text) <= 4 and not self.c.get("editable")
                and bool(self.c.get("interactive") or look.get("paint") or look.get("border") or self.picture >= 0.5))

    def _pill(self):
        look = self.look
        return (bool(look) and not self.text and 1.4 <= self.width / max(self.height, 1) <= 3.5
                and look.get("radius", 0) >= 0.4 * self.height and (look.get("kids", 0) >= 1 or bool(look.get("glyph"))
                                                                    or bool(look.get("paint"))))

    def fit(self, kind, direction=None):
        """1 if it is of that kind, 0.5 if it is an icon nothing names (it could be), else 0."""
        if kind in STRUCTURES:
            if self.structure(kind):
                return 1.0
            if kind == "checkbox" and self.c.get("role") == "switch" or kind == "toggle" and self.c.get("role") == "checkbox":
                return 0.5
            if kind == "thumbnail" and self.photo >= 0.5:
                return 0.5
            if kind == "card" and {"card", "tile"} & self.names:
                return 0.5    # called a card, though nothing says it can be clicked
            if kind == "tab" and self.tab_row:
                return 0.5    # one of a row of labels drawn alike but the open one
            if kind == "cell" and self._box():
                return 0.5    # a box with at most a short mark in it: one of a grid drawn with rows of boxes
            return 0.0
        if kind in self.identity:
            if direction and not self.points(direction):
                # Drawn so that nothing here tells which way it points (a chevron in an SVG path), it
                # may be the one: which of a pair is then told by its place.
                return 0.0 if any(self.points(other) for other in DIRECTION_NAMES) else 0.5
            return 1.0
        drawing = (self.icon_like or self._drawn_button()) and not self.symbol
        if drawing and kind in drawings.SHAPES and self.identity and self.drawn() == kind:
            return 1.0    # a person sees the plus, whatever the code calls it ("One more": a menu of more)
        if drawing and not self.identity:
            drawn = self.drawn() if kind in drawings.SHAPES else None
            if drawn is not None:
                return 1.0 if drawn == kind else 0.0
            if direction and kind in POINTERS | {"arrow"} and self.names & set().union(*DIRECTION_NAMES.values()):
                # A drawing named by the way it moves things ("Move left"): it points that way.
                return 0.5 if self.points(direction) else 0.0
            return 0.5    # a picture nothing names; a character ("±") names itself
        return 0.0


# Words for what nearly anything clickable is: with a word that says which ("the trash icon"), they
# only say it is more likely an icon than a word "Delete"; alone they are the kind ("the last button").
GENERIC = {("icon",), ("button",)}


def fit(kinds, look, direction=None):
    """(fit, preference): how well a candidate is what the kind words say, the least over the words
    that say which kind (each taking the best of the kinds it may name), and the mean fit of the
    generic words beside them, which only orders those that fit. (1.0, 0.0) when there are none."""
    def one(alternatives):
        return max(look.fit(kind, direction) for kind in alternatives)
    specific = [k for k in kinds if k not in GENERIC]
    generic = [k for k in kinds if k in GENERIC]
    if not specific:
        return (min(one(k) for k in generic) if generic else 1.0), 0.0
    return min(one(k) for k in specific), (sum(one(k) for k in generic) / len(generic) if generic else 0.0)


def shows(look, n, alternatives):
    """Whether the element shows n symbols of one of the kinds ("the chip with four stars"): n of
    them in its text, or n of the first (filled) one followed by empty ones."""
    for kind in alternatives:
        glyphs = ICONS.get(kind, ("", set()))[0]
        symbols = [ch for ch in look.text if ch in glyphs]
        if symbols and (len(symbols) == n or symbols[:n] == [symbols[0]] * n and symbols[0] not in symbols[n:]):
            return True
    return False
