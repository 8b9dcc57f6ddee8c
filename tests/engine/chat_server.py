"""A real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions API with scripted answers."""
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ScriptedChat:
    """Grounding: the listed element whose name is the description's first quoted phrase, but only
    once a screenshot is attached when the phrase is in `needs_screenshot`. Assertions: "No" for
    texts in `false_assertions`, else "Yes". Rubric: `score`/100."""

    def __init__(self, score=73, false_assertions=(), needs_screenshot=()):
        self.score, self.false_assertions, self.needs_screenshot = score, set(false_assertions), set(needs_screenshot)
        self.requests = []
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

    def answer(self, body):
        content = body["messages"][0]["content"]
        text = content[0]["text"]
        images = len(content) - 1
        self.requests.append({"model": body["model"], "text": text, "images": images})
        if "Which element should receive this action?" in text:
            wanted = re.search(r"'([^']+)'", text.split("\n\n")[1]).group(1)
            if wanted in self.needs_screenshot and not images:
                return '{"index": -1}'
            line = next((l for l in text.splitlines() if re.match(rf'\[\d+\] \S+ \S+ "{re.escape(wanted)}', l)), None)
            return json.dumps({"index": int(line[1:line.index("]")]) if line else -1})
        if "determine whether the following assertion is true" in text:
            assertion = re.search(r"Assertion: (.*)", text).group(1)
            verdict = "No" if assertion in self.false_assertions else "Yes"
            return f'```json\n{{"think": "scripted", "result": "{verdict}"}}\n```'
        return f"Comments:\n-Layout (10 points): fine\n\nScore: {self.score}/100"


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
