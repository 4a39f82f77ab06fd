"""examples/chat_loop.py against a running Reverie server and a local OpenAI-compatible
server the test starts (it answers from the system prompt it was sent, so the test sees
what memory reached the model)."""
from __future__ import annotations

import importlib.util
import json
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from api.keys import create_key
from reverie_client import Reverie
from scripts.bench.services import free_port
from tests.conftest import ROOT
from tests.integration.service import served


def _load_example():
    spec = importlib.util.spec_from_file_location("chat_loop", ROOT / "examples" / "chat_loop.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _ModelServer(BaseHTTPRequestHandler):
    prompts: list[list[dict]] = []

    def do_POST(self):  # noqa: N802 (http.server's name)
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        _ModelServer.prompts.append(body["messages"])
        system = body["messages"][0]["content"]
        said = "You live in Berlin." if "Berlin" in system else "I don't know yet."
        reply = json.dumps({"id": "c1", "object": "chat.completion", "created": 0,
                            "model": body["model"], "choices": [{
                                "index": 0, "finish_reason": "stop",
                                "message": {"role": "assistant", "content": said}}],
                            "usage": {"prompt_tokens": 1, "completion_tokens": 1,
                                      "total_tokens": 2}}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *_args):
        pass


def test_the_chat_loop_puts_memory_in_the_prompt_and_captures_the_turns(runtime, clock, ns):
    chat = _load_example()
    port = free_port()
    llm = ThreadingHTTPServer(("127.0.0.1", port), _ModelServer)
    threading.Thread(target=llm.serve_forever, daemon=True).start()
    _, key = create_key(runtime.deps, ns)
    try:
        with served(runtime) as base, Reverie(base, key) as memory:
            kw = dict(model="openai/test-model", api_base=f"http://127.0.0.1:{port}/v1",
                      api_key="test")
            first = chat.chat_session(memory, "maria", ["I just moved to Berlin."],
                                      session_id="one", **kw)
            assert first == ["I don't know yet."]
            clock.set(clock.now() + timedelta(days=3))
            second = chat.chat_session(memory, "maria", ["Where do I live?",
                                                         "Thanks!"], session_id="two", **kw)
            assert second == ["You live in Berlin.", "You live in Berlin."]
            system = _ModelServer.prompts[1][0]["content"]
            assert "## What you know about the user" in system and "Berlin" in system
            assert "## Since the last conversation" in system  # three days later
            later = _ModelServer.prompts[2][0]["content"]
            assert "## Since the last conversation" not in later  # only at the start
            assert _ModelServer.prompts[2][-1] == {"role": "user", "content": "Thanks!"}
            export = memory.export("maria")
            said = [t["text"] for s in export["transcripts"]
                    for t in s["transcript"]["turns"]]
            assert said == ["I just moved to Berlin.", "I don't know yet.", "Where do I live?",
                            "You live in Berlin.", "Thanks!", "You live in Berlin."]
    finally:
        llm.shutdown()
