"""Offline grounding: which element of the page an action description means.

Candidates come from the page (js/candidates.js: role, accessible name, own and visible text,
placeholder, label, aria-label, title, alt, id/class words, whether it is visible, enabled, on
top, in the viewport, and whether it behaves like a button). Evidence is fuzzy text matching,
quoted words weighted most; priors prefer what a user would click: interactive, `btn`-classed,
visible, enabled, in-viewport elements. Ties go to document order, so the choice is reproducible.
"""
import re

from rapidfuzz import fuzz

QUOTED = re.compile(r"\"([^\"]{1,80})\"|“([^”]{1,80})”|‘([^’]{1,80})’|(?:(?<=\s)|^|(?<=\())'([^']{1,80})'(?=[\s.,;:!?)]|$)")
WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
STOPWORDS = set("""
a an the on in into at to of for from with by and or then this that these those it its is are be page
website site webpage screen click clicks clicking tap press select choose open hit go navigate type enter
input write fill user users s area section option item text labeled labelled named called which where
""".split())
POSITION_WORDS = {"top", "bottom", "left", "right", "upper", "lower", "corner", "middle", "center", "centre"}
# Words that say what kind of element is meant, not which one.
KIND_WORDS = {
    "button": "button", "btn": "button", "link": "link", "hyperlink": "link", "tab": "tab", "icon": "icon",
    "image": "image", "picture": "image", "photo": "image", "logo": "image", "thumbnail": "image",
    "field": "field", "box": "field", "bar": "field", "textbox": "field", "searchbox": "field", "textarea": "field",
    "checkbox": "check", "radio": "check", "toggle": "check", "switch": "check",
    "dropdown": "select", "select": "select", "arrow": "icon",
}
# Kind words that never name a particular element; the others ("logo", "tab") may also be its name.
GENERIC_KIND_WORDS = {"button", "btn", "link", "hyperlink", "icon", "image", "picture", "field", "box", "bar",
                      "textbox", "searchbox", "textarea", "checkbox", "dropdown"}
MIN_EVIDENCE = 0.3
# "the 'Warranty' checkbox above the 'Buy now' button": words after these name a landmark, not the target.
RELATION = re.compile(r"\b(?:above|below|under|beneath|over|next to|beside|near|inside|within|in|on|of|at|"
                      r"for|left of|right of|after|before|between)\b", re.I)
LANDMARK_WEIGHT = 0.15      # a candidate that is itself the landmark loses this much
CONTEXT_WEIGHT = 0.3        # a candidate inside the landmark (its card, its row) gains up to this much


class Description:
    """An action description broken into what identifies the element."""

    def __init__(self, text, typed_text=""):
        self.text = text or ""
        typed = (typed_text or "").strip().lower()
        quoted = [(m.start(), m.end(), next(g for g in m.groups() if g is not None).strip().lower())
                  for m in QUOTED.finditer(self.text)]
        quoted = [(at, q) for at, end, q in quoted if q and q != typed]
        # The target is named first; a relation word after that ("on", "next to", "above") starts a landmark.
        content = [m.end() for m in WORD.finditer(self.text.lower()) if m.group() not in STOPWORDS]
        start = quoted[0][0] + 1 if quoted else (content[0] if content else 0)
        relation = RELATION.search(self.text, start)
        cut = relation.start() if relation else len(self.text)
        self.quoted = [q for at, q in quoted if at < cut] or [q for _at, q in quoted[:1]]
        self.landmarks = [q for _at, q in quoted if q not in self.quoted]
        words = WORD.findall(self.text.lower())
        target_words = WORD.findall(self.text[:cut].lower())
        self.kinds = {KIND_WORDS[w] for w in target_words if w in KIND_WORDS}
        self.positions = POSITION_WORDS & set(words)
        quoted_words = set(WORD.findall(" ".join(self.quoted + self.landmarks)))
        typed_words = set(WORD.findall(typed))
        self.keywords = sorted({w for w in target_words if w not in STOPWORDS and w not in POSITION_WORDS
                                and w not in GENERIC_KIND_WORDS and w not in typed_words} - quoted_words)


def _split_identifier(text):
    return " ".join(WORD.findall(CAMEL.sub(" ", text or "").replace("_", " ").replace("-", " ").lower()))


def label_text(candidate):
    """The name a user sees or a screen reader says for a candidate (also shown to the LLM)."""
    for key in ("aria", "label", "own", "placeholder", "title", "alt", "value"):
        if candidate.get(key):
            return candidate[key][:80]
    return (candidate.get("text") or "")[:80]


def _match(phrase, field):
    """How well `phrase` names `field`: 1 for equal, less for fuzzy or when the field says much more."""
    if not phrase or not field:
        return 0.0
    if phrase == field:
        return 1.0
    share = min(1.0, len(phrase) / len(field))
    whole = fuzz.ratio(phrase, field) / 100
    part = fuzz.partial_ratio(phrase, field) / 100 if len(phrase) >= 3 else float(phrase in field.split())
    return max(whole, part * (0.6 + 0.4 * share)) if part >= 0.8 else whole


class Features:
    """The words of one candidate, normalised once."""

    def __init__(self, c):
        self.primary = [s.lower() for s in (c.get("aria"), c.get("label"), c.get("own"), c.get("text"),
                                            c.get("placeholder"), c.get("title"), c.get("alt"), c.get("value")) if s]
        self.secondary = [s for s in (_split_identifier(c.get("id")), _split_identifier(c.get("cls")),
                                      _split_identifier(c.get("name")), _split_identifier(c.get("href"))) if s]
        self.context = (c.get("context") or "").lower()
        self.primary_words = set(WORD.findall(" ".join(self.primary)))
        self.secondary_words = set(" ".join(self.secondary).split())
        self.classes = set((c.get("cls") or "").lower().split())


def _word_hit(word, words):
    if word in words:
        return True
    return len(word) >= 4 and any(len(w) >= 4 and fuzz.ratio(word, w) >= 85 for w in words)


def evidence(description, features):
    """Text evidence in [0, 1] that the description names this candidate."""
    quoted = 0.0
    if description.quoted:
        quoted = sum(max([_match(q, f) for f in features.primary] + [0.6 * _match(q, f) for f in features.secondary] + [0.0])
                     for q in description.quoted) / len(description.quoted)
    if description.landmarks:
        # A landmark's words inside the candidate mean it is the landmark (or contains it), not the target.
        landmark = max(_match(q, f) for q in description.landmarks for f in features.primary or [""])
        quoted -= LANDMARK_WEIGHT * landmark
        if features.context:
            quoted += CONTEXT_WEIGHT * max(fuzz.partial_ratio(q, features.context) / 100 >= 0.9 for q in description.landmarks)
    keywords = 0.0
    if description.keywords:
        keywords = sum(1.0 if _word_hit(w, features.primary_words) else 0.7 if _word_hit(w, features.secondary_words) else 0.0
                       for w in description.keywords) / len(description.keywords)
    if description.quoted and description.keywords:
        return 0.75 * quoted + 0.25 * keywords
    return quoted if description.quoted else keywords


def _kind_fits(kind, c):
    role, tag = c.get("role") or "", c.get("tag")
    return {
        "button": role == "button" or tag == "button" or c.get("listener") or c.get("pointer"),
        "link": role == "link",
        "tab": role == "tab",
        "icon": tag in ("svg", "i", "img") or (c["box"]["width"] <= 64 and c["box"]["height"] <= 64),
        "image": tag in ("img", "svg") or role == "img",
        "field": c.get("editable"),
        "check": role in ("checkbox", "radio", "switch"),
        "select": role in ("combobox", "listbox") or tag == "select",
    }[kind]


def prior(description, c, viewport):
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
    score += 0.15 * sum(1 for kind in description.kinds if _kind_fits(kind, c))
    if description.positions:
        width, height = viewport
        box = c["box"]
        cx, cy = (box["x"] + box["width"] / 2) / width, (box["y"] + box["height"] / 2) / height
        place = {"top": 1 - cy, "upper": 1 - cy, "bottom": cy, "lower": cy, "left": 1 - cx, "right": cx}
        score += 0.1 * sum(place.get(p, 0.0) for p in description.positions) / len(description.positions)
    return score


def rank(description, candidates, viewport, editable_only=False):
    """[(total, evidence, candidate)] best first, over visible candidates (document order breaks ties)."""
    ranked = []
    for c in candidates:
        if not c.get("visible") or (editable_only and not c.get("editable")):
            continue
        e = evidence(description, Features(c))
        ranked.append((2.0 * e + prior(description, c, viewport), e, c))
    ranked.sort(key=lambda item: (-item[0], item[2]["index"]))
    return ranked


def choose(action, description, candidates, viewport, screenshot=None):
    """(candidate, score) for the action, or (None, reason) when nothing on the page fits.
    `screenshot`: PNG of the viewport as it is before the action."""
    if action == "Type":
        ranked = rank(description, candidates, viewport, editable_only=True)
        if not ranked:
            return None, "no editable field on the page"
        if ranked[0][1] < MIN_EVIDENCE:
            # Descriptions of typing often name no field ("type the query"): the focused field,
            # else the most likely one, is where a user would type.
            focused = [item for item in ranked if item[2].get("focused")]
            if focused:
                return focused[0][2], focused[0][0]
        return ranked[0][2], ranked[0][0]
    ranked = rank(description, candidates, viewport)
    if not ranked:
        return None, "no visible element on the page"
    total, found, best = ranked[0]
    needs_words = bool(description.quoted or description.keywords)
    if needs_words and found < MIN_EVIDENCE:
        return None, f"nothing matches {description.text!r} (best evidence {found:.2f})"
    if not needs_words and not any(_kind_fits(k, best) for k in description.kinds):
        return None, f"{description.text!r} names no element"
    return best, total
