"""A real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions API with scripted answers in
the official evaluation's formats."""
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ScriptedChat:
    """Grounding: the listed element whose text is the description's first quoted phrase, as the bare
    index the official prompt asks for; a phrase in `needs_screenshot` is found only once the marked
    screenshot is attached. Type answers `index,"text"`. Assertions: "No" for texts in
    `false_assertions`, the raw answer given in `answers` for others listed there, else "Yes" as fenced
    JSON. Rubric: `rubric` (a format string with the score) for `score`. `click_reply`: every click
    answer, as given (a malformed one)."""

    def __init__(self, score=73, false_assertions=(), needs_screenshot=(), answers=None,
                 rubric="Comments:\n-Layout (10 points): fine\n\nScore: {score}/100", key="Enter", click_reply=None):
        self.score, self.false_assertions, self.needs_screenshot = score, set(false_assertions), set(needs_screenshot)
        self.answers, self.rubric_format, self.key, self.click_reply = dict(answers or {}), rubric, key, click_reply
        self.requests, self.found = [], {}
        handler = type("Handler", (_Handler,), {"chat": self})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def of(self, kind):
        return [r for r in self.requests if r["kind"] == kind]

    @staticmethod
    def _kind(text):
        for marker, kind in (("determine the click index of the action by the screenshot", "click-vision"),
                             ("determine the click index", "click"),
                             ("element index and text to input from the screenshot", "type-vision"),
                             ("element index and the text to input", "type"),
                             ("description of a press key action", "key"),
                             ("determine whether the following assertion is true", "assertion"),
                             ("expert Webpage Evaluator", "rubric")):
            if marker in text:
                return kind
        return "unknown"

    def answer(self, body):
        content = body["messages"][0]["content"]
        text = content if isinstance(content, str) else content[0]["text"]
        images = 0 if isinstance(content, str) else len(content) - 1
        kind = self._kind(text)
        self.requests.append({"model": body["model"], "kind": kind, "text": text, "images": images,
                              "params": {k: v for k, v in body.items() if k not in ("model", "messages")}})
        description = re.search(r"The action description is: (.*)", text)
        description = description.group(1) if description else ""
        if kind.startswith("click") and self.click_reply is not None:
            return self.click_reply
        if kind in ("click", "click-vision", "type", "type-vision"):
            wanted = re.search(r"'([^']+)'", description)
            wanted = wanted.group(1) if wanted else ""
            if kind in ("click", "type"):
                state = json.loads(re.search(r"The browser State: (\[.*\])\n", text).group(1))
                self.found[wanted] = next((e["index"] for e in state if wanted and wanted.lower() in e["text"].lower()), -1)
                index = -1 if wanted in self.needs_screenshot else self.found[wanted]
            else:  # the marked screenshot shows the number seen in the list before
                index = self.found.get(wanted, -1)
            return str(index) if kind.startswith("click") else f'{index},"{wanted}"'
        if kind == "key":
            return self.key
        if kind == "assertion":
            assertion = re.search(r"Assertion: (.*)", text).group(1)
            if assertion in self.answers:
                return self.answers[assertion]
            verdict = "No" if assertion in self.false_assertions else "Yes"
            return f'```json\n{{"think": "scripted", "result": "{verdict}"}}\n```'
        return self.rubric_format.format(score=self.score)


class _Handler(BaseHTTPRequestHandler):
    chat = None

    def do_POST(self):
        if self.path != "/v1/chat/completions" or self.headers.get("Authorization") != "Bearer test-key":
            self.send_error(404 if self.path != "/v1/chat/completions" else 401)
            return
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        reply = json.dumps({"id": "x", "object": "chat.completion", "model": body["model"], "choices": [
            {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": self.chat.answer(body)}}]})
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(reply.encode())

    def log_message(self, *args):
        pass
