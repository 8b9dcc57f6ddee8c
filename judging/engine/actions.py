"""Performing one recorded action on the page: Click, Type, Press, Scroll."""
import io
import json
import re
from dataclasses import dataclass
from importlib import resources

from . import grounding, llm, official
from .result import ACTION_FAILED, ACTION_NOT_FOUND, Element

CANDIDATES_JS = resources.files(__package__).joinpath("js/candidates.js").read_text(encoding="utf-8")
COLLECT_JS = f"(limit) => JSON.stringify(({CANDIDATES_JS.strip().rstrip(';')})(limit))"
# One round trip for what Playwright's handle API would take four: find the candidate again, choose
# an <option> the way its <select> would, or scroll the element into view (unless it is wholly in
# view already) and give its box. null: the element left the page.
TARGET_JS = """([index, what]) => {
  const el = window.__iwrJudge.candidates[index];
  if (!el || !el.isConnected) return null;
  if (what === "select") {
    const select = el.closest("select");
    select.value = el.value;
    select.dispatchEvent(new Event("input", {bubbles: true}));
    select.dispatchEvent(new Event("change", {bubbles: true}));
    return el.value;
  }
  if (el.getClientRects().length === 0) return "no box";
  let r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
    el.scrollIntoView({block: "center", inline: "center", behavior: "instant"});
    r = el.getBoundingClientRect();
  }
  return {x: r.left, y: r.top, width: r.width, height: r.height};
}"""
SCROLL_STATE_JS = """() => {
  let inner = 0;
  for (const el of document.querySelectorAll('*')) if (el.scrollTop || el.scrollLeft) inner += el.scrollTop + el.scrollLeft;
  return [window.scrollX, window.scrollY, inner];
}"""
# Clear a field the way a user does before typing into it: select what it holds and delete it, so
# that the page hears the same input events as from a keyboard. `index` null: the field that has the
# focus, null when the focus is in no field.
SELECT_CONTENT_JS = """(index) => {
  const el = index === null ? document.activeElement : window.__iwrJudge.candidates[index];
  if (!el || !el.isConnected) return null;
  const field = el.isContentEditable || el.tagName === "TEXTAREA" || el.tagName === "INPUT"
    && !["button", "checkbox", "radio", "submit", "reset", "range", "color", "file", "image"].includes(el.type);
  if (index === null && !field) return null;
  if (el.isContentEditable) {
    const range = document.createRange();
    range.selectNodeContents(el);
    const selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString().length > 0;
  }
  if (typeof el.select === "function" && el.value) { el.select(); return true; }
  return false;
}"""
# Whether the page hears keys typed with no field to type in: a listener added for them, or an
# on-key handler set on the window, the document or an element.
HEARS_KEYS_JS = """() => Boolean(window.__iwrJudge && window.__iwrJudge.hearsKeys)
  || [window, document, document.body].some((t) => t && (t.onkeydown || t.onkeypress || t.onkeyup))
  || document.querySelector("[onkeydown], [onkeypress], [onkeyup]") !== null"""
KEY_NAMES = {
    "enter": "Enter", "return": "Enter", "escape": "Escape", "esc": "Escape", "tab": "Tab", "space": "Space",
    "spacebar": "Space", "backspace": "Backspace", "delete": "Delete", "del": "Delete", "home": "Home", "end": "End",
    "up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight",
    "arrowup": "ArrowUp", "arrowdown": "ArrowDown", "arrowleft": "ArrowLeft", "arrowright": "ArrowRight",
    "pageup": "PageUp", "pagedown": "PageDown",
}
# "Click the grey 'Untitled' name of the new row and type a category name": a click, then typing.
CLICK_THEN_TYPE = re.compile(r"^\s*(?:click|tap|double[- ]click)\b.*?\band\s+(?:then\s+)?(?:type|enter|write)\b", re.I | re.S)
KEY_IN_TEXT = re.compile(r"\b(enter|return|escape|esc|tab|space(?:bar)?|backspace|delete|home|end|"
                         r"arrow ?(?:up|down|left|right)|page ?(?:up|down)|up|down|left|right)\b(?: key)?", re.I)
# Interactive elements this far outside the viewport are still numbered for the grounding model.
LISTED_MARGIN = 500
MARK_COLOURS = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#008080", "#9a6324", "#800000")


class StepFailure(Exception):
    def __init__(self, reason, detail, element=None):
        super().__init__(detail)
        self.reason, self.detail, self.element = reason, detail, element


def listed(candidates, viewport):
    """The interactive elements as the grounding model is given them, numbered from 0 in document
    order: visible, not covered where they are in view, in or near the viewport. `element_index` of
    a Type step counts in this list too, whatever the back-end."""
    width, height = viewport
    chosen = []
    for c in candidates:
        box = c["box"]
        near = box["y"] + box["height"] > -LISTED_MARGIN and box["y"] < height + LISTED_MARGIN \
            and box["x"] + box["width"] > 0 and box["x"] < width
        if c["interactive"] and c["visible"] and near and (c.get("onTop") or not c["inViewport"]):
            chosen.append(c)
    return chosen


def browser_state(elements):
    """The numbered list shown to the grounding model: tag, text, placeholder and href, as JSON."""
    rows = []
    for number, c in enumerate(elements):
        row = {"index": number, "tag": c["tag"], "text": grounding.label_text(c)[:100]}
        if c.get("placeholder"):
            row["placeholder"] = c["placeholder"]
        if c.get("href"):
            row["href"] = c["href"]
        rows.append(row)
    return json.dumps(rows, ensure_ascii=False)


def flatten_axtree(tree):
    """The accessibility tree as indented lines `role 'name', property=value`, ignored and `none`
    nodes left out with their children lifted, as the official evaluation shows it to the model."""
    nodes = {node["nodeId"]: node for node in tree.get("nodes", [])}
    if not nodes:
        return ""
    root = tree["nodes"][0]
    lines = []

    def walk(node, depth):
        role = (node.get("role") or {}).get("value", "")
        if node.get("ignored") or role == "none":
            for child in node.get("childIds", []):
                if child in nodes:
                    walk(nodes[child], depth)
            return
        name = (node.get("name") or {}).get("value", "")
        props = []
        for prop in node.get("properties", []):
            value = prop.get("value")
            props.append(f"{prop.get('name', '')}={value.get('value') if isinstance(value, dict) and 'value' in value else value!r}")
        lines.append("    " * depth + f"{role} {name!r}" + (", " + ", ".join(props) if props else ""))
        for child in node.get("childIds", []):
            if child in nodes:
                walk(nodes[child], depth + 1)

    walk(root, 0)
    return "\n".join(lines)


def marked_screenshot(png, elements):
    """A JPEG of the viewport with each listed element outlined and its number drawn, for the
    grounding model's second look."""
    from PIL import Image, ImageDraw, ImageFont

    image = Image.open(io.BytesIO(png)).convert("RGB")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=14)
    for number, c in enumerate(elements):
        box = c["box"]
        if not c["inViewport"]:
            continue
        colour = MARK_COLOURS[number % len(MARK_COLOURS)]
        left, top = box["x"], box["y"]
        draw.rectangle((left, top, left + box["width"], top + box["height"]), outline=colour, width=2)
        label = str(number)
        width = draw.textlength(label, font=font) + 6
        draw.rectangle((left, max(0, top - 16), left + width, max(16, top)), fill=colour)
        draw.text((left + 3, max(0, top - 16)), label, fill="white", font=font)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85)
    return out.getvalue()


@dataclass
class Grounder:
    """Picks the element an action means: offline rules, or the grounding model as the official
    evaluation asks it (element list + accessibility tree, then a marked screenshot)."""
    backend: str
    chat: object = None          # llm.Grounding for the llm back-end
    run_blocking: object = None  # runs a blocking call off the event loop
    cues: object = None          # awaitable of {step number: recording.Cue}, for the offline back-end

    async def pick(self, page, step, candidates, viewport, screenshot):
        """(candidate, score, text to type). A Type step's `element_index` skips the choice."""
        elements = listed(candidates, viewport)
        text = step.parameters.get("text")
        index = step.parameters.get("element_index")
        if step.type == "Type" and isinstance(index, int) and not isinstance(index, bool) and text:
            if not 0 <= index < len(elements):
                raise StepFailure(ACTION_NOT_FOUND, f"element_index {index} is not among the "
                                                    f"{len(elements)} interactive elements")
            return elements[index], None, str(text)
        if self.backend == "offline":
            description = grounding.Description(step.description, text or "")
            cue = (await self.cues).get(step.number) if self.cues is not None else None
            chosen, score = grounding.choose(step.type, description, candidates, viewport, screenshot=screenshot, cue=cue)
            if chosen is None:
                raise StepFailure(ACTION_NOT_FOUND, score)
            return chosen, round(score, 4), typed_text(step) if step.type == "Type" else ""
        return await self._pick_llm(page, step, elements, text)

    async def _pick_llm(self, page, step, elements, text):
        cdp = await page.context.new_cdp_session(page)
        try:
            axtree = flatten_axtree(await cdp.send("Accessibility.getFullAXTree"))
        finally:
            await cdp.detach()
        state = browser_state(elements)
        ask, ask_again, parse = ((self.chat.click, self.chat.click_by_screenshot, _click_answer) if step.type == "Click"
                                 else (self.chat.type, self.chat.type_by_screenshot, llm.parse_type))
        try:
            answer = parse(await self.run_blocking(ask, step.description, axtree, state))
            if answer is None:
                marked = marked_screenshot(await page.screenshot(type="png"), elements)
                answer = parse(await self.run_blocking(ask_again, step.description, marked))
        except ValueError as error:  # an index that is not a number: the official action fails too
            raise StepFailure(ACTION_FAILED, f"the grounding model's answer is malformed ({error})") from None
        if answer is None:
            raise StepFailure(ACTION_NOT_FOUND, f"the grounding model found no element for {step.description!r}")
        index, typed = answer
        if not 0 <= index < len(elements):
            raise StepFailure(ACTION_FAILED, f"the grounding model answered element {index}, which does not exist")
        return elements[index], None, str(text) if text is not None else typed


def _click_answer(answer):
    index = llm.parse_index(answer)
    return None if index is None else (index, None)


def _element(candidate, score, box=None):
    return Element(index=candidate["index"], tag=candidate["tag"], role=candidate["role"],
                   name=grounding.label_text(candidate), score=score,
                   box={k: round(v, 1) for k, v in (box or candidate["box"]).items()})


async def scroll_state(page):
    return await page.evaluate(SCROLL_STATE_JS)


async def _act_on(page, candidate, score, viewport, what):
    """Ready the chosen element in one call to the page and return what it says (see TARGET_JS)."""
    answer = await page.evaluate(TARGET_JS, [candidate["index"], what])
    if answer is None:
        raise StepFailure(ACTION_FAILED, "the chosen element left the page")
    if what == "select":
        return _element(candidate, score), f"selected option {answer!r}"
    if answer == "no box":
        raise StepFailure(ACTION_FAILED, "the chosen element has no box", _element(candidate, score))
    width, height = viewport
    left, top = max(answer["x"], 0), max(answer["y"], 0)
    right, bottom = min(answer["x"] + answer["width"], width), min(answer["y"] + answer["height"], height)
    if right <= left or bottom <= top:
        raise StepFailure(ACTION_FAILED, "the chosen element is outside the viewport", _element(candidate, score, answer))
    return (left + right) / 2, (top + bottom) / 2, answer


async def click(page, candidate, score, viewport):
    if candidate["tag"] == "option":
        # A native <select> opens a menu outside the page: choose the option the way it would.
        return await _act_on(page, candidate, score, viewport, "select")
    x, y, box = await _act_on(page, candidate, score, viewport, "point")
    if "at" in candidate:
        # Where the recording clicked it, or as far along it as the step says, moved as the element moved
        # when it was brought into view.
        x = min(max(candidate["at"][0] + box["x"] - candidate["box"]["x"], box["x"]), box["x"] + box["width"])
        y = min(max(candidate["at"][1] + box["y"] - candidate["box"]["y"], box["y"]), box["y"] + box["height"])
    await page.mouse.click(x, y)
    return _element(candidate, score, box), f"clicked at ({round(x)}, {round(y)})"


async def type_text(page, candidate, score, text, viewport):
    """Click into the field, clear it, type the text (a final newline is an Enter)."""
    x, y, box = await _act_on(page, candidate, score, viewport, "point")
    if not candidate.get("focused"):
        await page.mouse.click(x, y)
    if await page.evaluate(SELECT_CONTENT_JS, candidate["index"]):
        await page.keyboard.press("Backspace")
    await _keys(page, text)
    return _element(candidate, score, box), f"typed {len(text)} characters"


async def _keys(page, text):
    """The text on the keyboard, a final newline as an Enter."""
    await page.keyboard.type(text.rstrip("\n"))
    if text.endswith("\n"):
        await page.keyboard.press("Enter")


def typed_text(step):
    """What a Type step types: its parameters.text, else the text its description quotes."""
    text = step.parameters.get("text")
    if text is None:
        quoted = grounding.Description(step.description).quoted
        if not quoted:
            raise StepFailure(ACTION_FAILED, f"no text to type: the step has no parameters.text and "
                                             f"{step.description!r} quotes none")
        text = quoted[0]
    return str(text)


def clicks_first(step):
    """Whether a Type step says to click something before typing (a cell that opens a field when
    clicked): the click is what puts the caret where the text goes."""
    return step.type == "Type" and bool(CLICK_THEN_TYPE.search(step.description))


async def type_where_focused(page, text):
    """Type into the field that has the focus, cleared first; None when no field has it."""
    selected = await page.evaluate(SELECT_CONTENT_JS, None)
    if selected is None:
        return None
    if selected:
        await page.keyboard.press("Backspace")
    await _keys(page, text)
    return f"typed {len(text)} characters where the click put the caret"


async def type_on_keyboard(page, text):
    """Type where the page listens: a page with no field to type in (a word grid, a game) takes the keys
    as a person's keyboard gives them, to whatever the last step left focused."""
    if not await page.evaluate(HEARS_KEYS_JS):
        raise StepFailure(ACTION_NOT_FOUND, "no editable field on the page, and nothing on it listens for keys")
    await _keys(page, text)
    return None, f"typed {len(text)} characters on the keyboard: the page has no field and listens for keys"


def key_of(step):
    """The key a Press step means: parameters.key, else the key named in the description."""
    named = str(step.parameters.get("key") or "").strip()
    if named:
        return KEY_NAMES.get(named.lower().replace(" ", "").replace("_", ""), named)
    match = KEY_IN_TEXT.search(step.description)
    return KEY_NAMES[match.group(1).lower().replace(" ", "")] if match else None


async def press(page, step, ask_model=None):
    """Press parameters.key; without one, the key the description names (offline) or the grounding
    model names (`ask_model`, llm)."""
    key = key_of(step) if ask_model is None or step.parameters.get("key") else llm.parse_key(await ask_model())
    if key is None:
        raise StepFailure(ACTION_NOT_FOUND, f"no key named in {step.description!r}")
    await page.keyboard.press(KEY_NAMES.get(key.lower().replace(" ", ""), key))
    return None, f"pressed {key}"


async def scroll(page, viewport, settle):
    """iwr-v1: the window half a viewport down, whatever the step says; done only if it moved."""
    before = await page.evaluate("() => window.scrollY")
    await page.evaluate("(share) => window.scrollBy(0, window.innerHeight * share)", official.SCROLL_SHARE)
    await settle()
    moved = await page.evaluate("() => window.scrollY") - before
    if abs(moved) <= official.SCROLL_MIN_MOVE:
        raise StepFailure(ACTION_FAILED, f"scrolling the window half a viewport down moved it {moved:g} px "
                                         f"(more than {official.SCROLL_MIN_MOVE} px needed)")
    return None, f"scrolled the window down {moved:g} px"


async def collect(page, limit):
    # As one JSON string: Playwright's own serialisation of a list of objects costs several times more.
    found = json.loads(await page.evaluate(COLLECT_JS, limit))
    return grounding.Candidates(found["candidates"], found["regions"])
