"""Performing one recorded action on the page: Click, Type, Press, Scroll."""
import json
import re
from dataclasses import dataclass
from importlib import resources

from . import grounding
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
# The document, or, when it cannot move that way, the largest element in view that can: generated
# pages often fix the body to the viewport and scroll an inner container.
SCROLL_BY_JS = """([dx, dy]) => {
  const can = (el) => (dy > 0 ? el.scrollTop + el.clientHeight < el.scrollHeight - 1 : dy < 0 ? el.scrollTop > 0 : false)
    || (dx > 0 ? el.scrollLeft + el.clientWidth < el.scrollWidth - 1 : dx < 0 ? el.scrollLeft > 0 : false);
  const root = document.scrollingElement || document.documentElement;
  if (can(root)) { window.scrollBy(dx, dy); return; }
  let best = null, area = 0;
  for (const el of document.querySelectorAll("*")) {
    const overflow = getComputedStyle(el);
    if (!/(auto|scroll)/.test(overflow.overflowY + overflow.overflowX) || !can(el)) continue;
    const r = el.getBoundingClientRect();
    const seen = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0)) * Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
    if (seen > area) { best = el; area = seen; }
  }
  if (best) best.scrollBy(dx, dy);
}"""
KEY_NAMES = {
    "enter": "Enter", "return": "Enter", "escape": "Escape", "esc": "Escape", "tab": "Tab", "space": "Space",
    "spacebar": "Space", "backspace": "Backspace", "delete": "Delete", "del": "Delete", "home": "Home", "end": "End",
    "up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight",
    "arrowup": "ArrowUp", "arrowdown": "ArrowDown", "arrowleft": "ArrowLeft", "arrowright": "ArrowRight",
    "pageup": "PageUp", "pagedown": "PageDown",
}
KEY_IN_TEXT = re.compile(r"\b(enter|return|escape|esc|tab|space(?:bar)?|backspace|delete|home|end|"
                         r"arrow ?(?:up|down|left|right)|page ?(?:up|down)|up|down|left|right)\b(?: key)?", re.I)
PIXELS = re.compile(r"(\d{2,5})\s*(?:px|pixels?)\b", re.I)
PAGES = re.compile(r"(\d+(?:\.\d+)?)\s*(?:pages?|screens?)\b", re.I)
DIRECTIONS = ("down", "up", "left", "right")


class StepFailure(Exception):
    def __init__(self, reason, detail, element=None):
        super().__init__(detail)
        self.reason, self.detail, self.element = reason, detail, element


@dataclass
class Grounder:
    """Picks the element an action means: offline scoring, or the LLM with a screenshot fallback."""
    backend: str
    chat: object = None          # llm.ChatClient for the llm back-end
    run_blocking: object = None  # runs a blocking call off the event loop

    async def pick(self, page, step, candidates, viewport, screenshot=None):
        """`screenshot`: the PNG of the viewport before the action (offline grounding reads colours in it)."""
        description = grounding.Description(step.description, step.parameters.get("text", ""))
        if self.backend == "offline":
            chosen, score = grounding.choose(step.type, description, candidates, viewport, screenshot=screenshot)
            if chosen is None:
                raise StepFailure(ACTION_NOT_FOUND, score)
            return chosen, round(score, 4)
        return await self._pick_llm(page, step, candidates)

    async def _pick_llm(self, page, step, candidates):
        pool = [c for c in candidates if c["visible"] and (step.type != "Type" or c["editable"])]
        listed = [{**c, "label_text": grounding.label_text(c)} for c in pool]
        tree = await page.locator("body").aria_snapshot(timeout=5000)
        index = await self.run_blocking(self.chat.ground, step.type, step.description, listed, tree)
        if index is None:
            screenshot = await page.screenshot(type="png")
            index = await self.run_blocking(self.chat.ground, step.type, step.description, listed, tree, screenshot)
        if index is None:
            raise StepFailure(ACTION_NOT_FOUND, f"the LLM found no element for {step.description!r}")
        return next(c for c in pool if c["index"] == index), None


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
    await page.mouse.click(x, y)
    return _element(candidate, score, box), f"clicked at ({round(x)}, {round(y)})"


async def type_text(page, candidate, score, text, viewport):
    x, y, box = await _act_on(page, candidate, score, viewport, "point")
    if not candidate.get("focused"):
        await page.mouse.click(x, y)
    await page.keyboard.type(text.rstrip("\n"))
    if text.endswith("\n"):
        await page.keyboard.press("Enter")
    return _element(candidate, score, box), f"typed {len(text)} characters"


def key_of(step):
    """The key a Press step means: parameters.key, else the key named in the description."""
    named = str(step.parameters.get("key") or "").strip()
    if named:
        return KEY_NAMES.get(named.lower().replace(" ", "").replace("_", ""), named)
    match = KEY_IN_TEXT.search(step.description)
    return KEY_NAMES[match.group(1).lower().replace(" ", "")] if match else None


async def press(page, step):
    key = key_of(step)
    if key is None:
        raise StepFailure(ACTION_NOT_FOUND, f"no key named in {step.description!r}")
    await page.keyboard.press(key)
    return None, f"pressed {key}"


def scroll_vector(step, viewport):
    """(dx, dy) in pixels: direction and amount when the step gives them, else half a page down."""
    width, height = viewport
    text = step.description.lower()
    direction = str(step.parameters.get("direction") or "").lower()
    if direction not in DIRECTIONS:
        direction = next((d for d in DIRECTIONS if re.search(rf"\b{d}", text)), "down")
    horizontal = direction in ("left", "right")
    page_size = width if horizontal else height
    pages = step.parameters.get("scroll_page")
    if isinstance(pages, (int, float)) and not isinstance(pages, bool) and pages > 0:
        amount = pages * page_size
    elif PIXELS.search(text):
        amount = int(PIXELS.search(text).group(1))
    elif PAGES.search(text):
        amount = float(PAGES.search(text).group(1)) * page_size
    else:
        amount = page_size / 2
    sign = -1 if direction in ("up", "left") else 1
    return (sign * amount, 0) if horizontal else (0, sign * amount)


async def scroll(page, step, viewport, settle):
    before = await scroll_state(page)
    dx, dy = scroll_vector(step, viewport)
    await page.mouse.move(viewport[0] / 2, viewport[1] / 2)
    await page.mouse.wheel(dx, dy)
    await settle()
    if await scroll_state(page) == before:
        # The element under the pointer may swallow wheel events; a user would still move the
        # page with its scroll bar, so scroll what the page scrolls with directly.
        await page.evaluate(SCROLL_BY_JS, [dx, dy])
        await settle()
        if await scroll_state(page) == before:
            raise StepFailure(ACTION_FAILED, f"scrolling by ({round(dx)}, {round(dy)}) did not move the page")
    return None, f"scrolled by ({round(dx)}, {round(dy)})"


async def collect(page, limit):
    # As one JSON string: Playwright's own serialisation of a list of objects costs several times more.
    found = json.loads(await page.evaluate(COLLECT_JS, limit))
    return grounding.Candidates(found["candidates"], found["regions"])
