"""The `llm` back-end: OpenAI-compatible chat endpoints asked what the official evaluation asks them.

Two models, as there: the grounding model finds the element an action means (from the page's
accessibility tree and its numbered interactive elements, then, if it gives no index, from a
screenshot with the indices drawn on it), and the judging model answers assertions and scores each
visual point on the paper's rubric. Prompts, temperatures, token limits and the reading of answers
are the official ones. Plain urllib: the engine needs no SDK.
"""
import base64
import json
import re
import urllib.error
import urllib.request

from .official import ERROR, NO, YES

CLICK_PROMPT = """You need to determine the click index of the action.
The browser Accessibility Tree: {axtree}
The browser State: {state}
The action description is: {description}
If you cannot find the click index, return -1.
Only return the click index, no other text."""

CLICK_VISION_PROMPT = """You need to determine the click index of the action by the screenshot.
The action description is: {description}
If you cannot find the click index, return -1.
Only return the click index, no other text."""

TYPE_PROMPT = """You need to determine the element index and the text to input.
The browser Accessibility Tree: {axtree}
The browser State: {state}
The action description is: {description}
Format your response as: element_index,"text_to_type"
If you cannot find the element index, return -1,""
Only return the index and text in the specified format, no other text."""

TYPE_VISION_PROMPT = """You need to determine the element index and text to input from the screenshot.
The action description is: {description}
Format your response as: element_index,"text_to_type"
If you cannot find the element index, return -1,""
Only return the index and text in the specified format, no other text."""

KEY_PROMPT = """You are a helpful assistant.
You are given a description of a press key action.
You need to determine which key should be pressed.
Common keys include: Enter, Escape, Tab, Backspace, ArrowUp, ArrowDown, ArrowLeft, ArrowRight, etc.

The action description is: {description}
Only return the key name, no other text.
If you cannot determine the key, return "UNKNOWN" """

ASSERTION_PROMPT = """Please compare two webpage screenshots (Image 1 is the previous step, Image 2 is the current step) and determine whether the following assertion is true:

Assertion: {assertion}

Return JSON format without any additional information:
{{
    "think": "the simple thinking process within 100 words",
    "result": "Yes|No"
}}
"""

RUBRIC_PROMPT = """You are an expert Webpage Evaluator. Your task is to provide a quantitative and qualitative assessment of the similarity between a generated webpage and a reference webpage.
The default score is 0.
Evaluation Format:
---
Comments:
-Layout (10 points): ${comment and subscore}
-Elements (15 points): ${comment and subscore}
-Content and Text (40 points): ${comment and subscore}
-Style (15 points): ${comment and subscore}
-Overall (20 points): ${comment and subscore}

Score: ${final score}/100
---"""

# As the official code reads them: no DOTALL, so the score must be on the "Score:" line.
SCORE = re.compile(r"Score:.*?(\d{1,3})/100", re.IGNORECASE)
ASSERTION_MAX_TOKENS = 4096
RUBRIC_MAX_TOKENS = 16384


class LLMError(RuntimeError):
    """The endpoint failed: a fault of the judge's set-up, not of the site (the run is retried)."""


def data_url(image, media_type="image/png"):
    return f"data:{media_type};base64," + base64.b64encode(image).decode("ascii")


def parse_index(answer):
    """The official reading of a click answer: digits only; -1, words or nothing give no index."""
    text = (answer or "").strip()
    return int(text) if text.isdigit() else None


def parse_type(answer):
    """The official reading of `index,"text"`: (index, text), or None for -1 or another shape.
    A malformed index raises ValueError, which fails the action as it does there."""
    if not answer or ',"' not in answer:
        return None
    head, tail = answer.split(',"')[:2]
    index = int(head)
    return (index, tail.rstrip('"')) if index >= 0 else None


def parse_key(answer):
    key = (answer or "").strip()
    return key if key and key != "UNKNOWN" else None


def _fenced(text):
    for fence in ("```json", "```"):
        if fence in text:
            start = text.find(fence) + len(fence)
            end = text.find("```", start)
            return text[start:end if end >= 0 else len(text)].strip()
    return text


def parse_assertion(answer):
    """(YES|NO|ERROR, thinking): JSON first (a fenced block, else the whole answer), its "result" kept
    only when it is exactly Yes or No; an answer that is not JSON is read by the words "Yes", then "No"
    anywhere in it (case-sensitive, as the official code reads it)."""
    text = (answer or "").strip()
    try:
        parsed = json.loads(_fenced(text))
        result, thinking = parsed.get("result", ERROR), str(parsed.get("think", ""))
    except (ValueError, AttributeError):
        return (YES if "Yes" in text else NO if "No" in text else ERROR), ""
    return (result if result in (YES, NO) else ERROR), thinking


def parse_score(answer):
    match = SCORE.search(answer or "")
    return max(0, min(100, int(match.group(1)))) if match else 0


class ChatClient:
    """One model on one endpoint."""

    def __init__(self, config):
        self.config = config

    def version(self):
        return f"openai-chat {self.config.model}"

    def ask(self, text, images=(), **params):
        """The answer's text. `images` are (bytes, media type) pairs; `params` go into the request
        as given (temperature, max_tokens), so that a call sends exactly what the official one does."""
        content = [{"type": "text", "text": text}]
        content += [{"type": "image_url", "image_url": {"url": data_url(data, media)}} for data, media in images]
        body = json.dumps({"model": self.config.model, "messages": [{"role": "user", "content": content}],
                           **params}).encode()
        request = urllib.request.Request(
            self.config.base_url.rstrip("/") + "/chat/completions", data=body, method="POST",
            headers={"Content-Type": "application/json",
                     **({"Authorization": f"Bearer {self.config.api_key}"} if self.config.api_key else {})})
        try:
            with urllib.request.urlopen(request, timeout=self.config.timeout) as response:
                answer = json.load(response)
            return answer["choices"][0]["message"]["content"] or ""
        except (urllib.error.URLError, OSError, ValueError, KeyError, IndexError, TypeError) as error:
            raise LLMError(f"chat endpoint {self.config.base_url}: {error}") from error


class Grounding(ChatClient):
    """The grounding model (the official OPENAI_MODEL_NAME)."""

    def click(self, description, axtree, state):
        return self.ask(CLICK_PROMPT.format(axtree=axtree, state=state, description=description), temperature=0)

    def click_by_screenshot(self, description, jpeg):
        return self.ask(CLICK_VISION_PROMPT.format(description=description), [(jpeg, "image/jpeg")])

    def type(self, description, axtree, state):
        return self.ask(TYPE_PROMPT.format(axtree=axtree, state=state, description=description), temperature=0)

    def type_by_screenshot(self, description, jpeg):
        return self.ask(TYPE_VISION_PROMPT.format(description=description), [(jpeg, "image/jpeg")])

    def key(self, description):
        return self.ask(KEY_PROMPT.format(description=description), temperature=0)


class Judging(ChatClient):
    """The judging model (the official MODEL_FOR_EVAL)."""

    def assertion(self, assertion, previous_png, current_png):
        """(YES|NO|ERROR, thinking, raw answer); the previous screenshot first, as there."""
        raw = self.ask(ASSERTION_PROMPT.format(assertion=assertion),
                       [(previous_png, "image/png"), (current_png, "image/png")],
                       temperature=0, max_tokens=ASSERTION_MAX_TOKENS).strip()
        verdict, thinking = parse_assertion(raw)
        return verdict, thinking, raw

    def rubric(self, checkpoint_png, screenshot_png):
        """(0-100 score, raw answer); the reference page is shown first, as the paper does."""
        raw = self.ask(RUBRIC_PROMPT, [(checkpoint_png, "image/png"), (screenshot_png, "image/png")],
                       temperature=0.0, max_tokens=RUBRIC_MAX_TOKENS)
        return parse_score(raw), raw
