"""The `llm` back-end: an OpenAI-compatible chat endpoint grounds actions, answers assertions and
scores pages on the paper's rubric. Plain urllib: the engine needs no SDK."""
import base64
import json
import re
import urllib.error
import urllib.request

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

GROUNDING_PROMPT = """You operate a web page for a user. The user's next action is:

{action}: {description}

These are the page's elements, one per line as [index] tag role "name" (x,y width x height in pixels):
{elements}

Accessibility tree of the page:
{tree}

Which element should receive this action? Answer with JSON only: {{"index": <index>}}, or {{"index": -1}} if no element fits."""


class LLMError(RuntimeError):
    """The endpoint failed or answered nonsense: a fault of the judge's set-up, not of the site."""


def data_url(png):
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _json_in(text):
    fenced = re.search(r"```(?:json)?\s*(.*?)```", text, re.S)
    candidate = fenced.group(1) if fenced else text[text.find("{"): text.rfind("}") + 1]
    try:
        return json.loads(candidate)
    except ValueError:
        return None


class ChatClient:
    def __init__(self, config):
        self.config = config

    def version(self):
        return f"openai-chat {self.config.model}"

    def ask(self, text, images=()):
        content = [{"type": "text", "text": text}]
        content += [{"type": "image_url", "image_url": {"url": data_url(png)}} for png in images]
        body = json.dumps({"model": self.config.model, "temperature": 0, "max_tokens": 1024,
                           "messages": [{"role": "user", "content": content}]}).encode()
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

    def assertion(self, assertion, previous_png, current_png):
        """(verdict, thinking, raw answer). A reply that is neither Yes nor No is an LLMError."""
        raw = self.ask(ASSERTION_PROMPT.format(assertion=assertion), [previous_png, current_png])
        parsed = _json_in(raw)
        if isinstance(parsed, dict) and parsed.get("result") in ("Yes", "No"):
            return parsed["result"] == "Yes", str(parsed.get("think", "")), raw
        words = set(re.findall(r"\b(yes|no)\b", raw.lower()))
        if len(words) == 1:
            return words == {"yes"}, "", raw
        raise LLMError(f"assertion answer is neither Yes nor No: {raw[:200]!r}")

    def rubric(self, checkpoint_png, screenshot_png):
        """(0-100 score, raw answer); the reference page is shown first, as the paper does."""
        raw = self.ask(RUBRIC_PROMPT, [checkpoint_png, screenshot_png])
        match = re.search(r"Score:.*?(\d{1,3})\s*/\s*100", raw, re.I | re.S)
        return (max(0, min(100, int(match.group(1)))) if match else 0), raw

    def ground(self, action, description, candidates, tree, screenshot_png=None):
        """Index into `candidates`, or None. The screenshot is sent only when asked (the fallback)."""
        lines = "\n".join(
            f"[{c['index']}] {c['tag']} {c['role'] or '-'} \"{c['label_text']}\" "
            f"({round(c['box']['x'])},{round(c['box']['y'])} {round(c['box']['width'])}x{round(c['box']['height'])})"
            for c in candidates)
        prompt = GROUNDING_PROMPT.format(action=action, description=description, elements=lines or "(none)",
                                         tree=tree or "(empty)")
        if screenshot_png is not None:
            prompt += "\nA screenshot of the page is attached."
        parsed = _json_in(self.ask(prompt, [screenshot_png] if screenshot_png is not None else []))
        index = parsed.get("index") if isinstance(parsed, dict) else None
        valid = {c["index"] for c in candidates}
        return index if isinstance(index, int) and index in valid else None
