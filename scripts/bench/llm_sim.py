"""A simulated LLM provider: an OpenAI-compatible chat-completions server on a loopback
port, for `reverie bench consolidate --llm-sim` and the tests.

It answers the LLM extractor's prompt (`pipeline/extract/llm_prompt.py`: the transcript as
"[index] role @ time: text" lines) with valid claims for the benchmark's generated
sessions (`scripts/bench/conversations.py`: moves, jobs, allergies, smoking, hobbies), in
the extractor's response format, after a latency drawn from a log-normal distribution
(median `latency_ms`, a long tail set by `sigma`), with usage counted like a real call
(prompt tokens from the prompt's size, completion tokens from the answer's). A share of
the calls is answered with a 429 and a Retry-After, and a share hangs past the client's
timeout, as providers do under load.
"""
from __future__ import annotations

import json
import math
import random
import re
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from scripts.bench.services import free_port

#: Characters per token of the simulated tokenizer (English prose with some JSON).
CHARS_PER_TOKEN = 4
_TURN = re.compile(r"^\[(\d+)\] (\w+) @ \S+: (.*)$")
#: The benchmark's factual sentences -> (predicate, object) per match group, in order.
_PATTERNS: tuple[tuple[re.Pattern, tuple[tuple[str, str], ...]], ...] = (
    (re.compile(r"I (?:just )?moved from \w+ to (\w+)"), (("city", "{0}"),)),
    (re.compile(r"I moved to (\w+)"), (("city", "{0}"),)),
    (re.compile(r"I live in (\w+)"), (("city", "{0}"),)),
    (re.compile(r"I (?:work|started a new job) at (\w+) as an? ([\w ]+?)\."),
     (("employer", "{0}"), ("job_title", "{1}"))),
    (re.compile(r"I quit smoking"), (("smoking_status", "non-smoker"),)),
    (re.compile(r"I smoke"), (("smoking_status", "smoker"),)),
    (re.compile(r"I'm (?:also )?allergic to (\w+)"), (("allergy", "{0}"),)),
    (re.compile(r"I love (\w+)"), (("hobby", "{0}"),)),
)


@dataclass(frozen=True)
class SimOptions:
    """How the simulated provider behaves."""

    latency_ms: float = 1200.0
    #: Log-normal spread: 0.4 puts p99 at about 2.5x the median.
    sigma: float = 0.4
    #: No answer comes faster than this, or later than `max_latency_ms`.
    min_latency_ms: float = 150.0
    max_latency_ms: float = 15_000.0
    rate_limit_share: float = 0.02
    retry_after_s: float = 1.0
    timeout_share: float = 0.005
    #: How long a "timed out" call hangs (longer than the client's timeout).
    hang_s: float = 12.0
    seed: int = 7


def claims_for(user_message: str) -> list[dict]:
    """The extractor-format items the benchmark's sentences in a rendered transcript hold."""
    items = []
    for line in user_message.splitlines():
        m = _TURN.match(line)
        if not m or m.group(2) != "user":
            continue
        turn, text = int(m.group(1)), m.group(3)
        said: set[str] = set()
        for pattern, outputs in _PATTERNS:
            found = pattern.search(text)
            if found is None or outputs[0][0] in said:  # a move is not also "I live in"
                continue
            said.update(p for p, _ in outputs)
            for predicate, template in outputs:
                items.append({"predicate": predicate,
                              "object": template.format(*found.groups()),
                              "op": "assert", "valid_from": None, "confidence": 0.95,
                              "turn": turn, "evidence": text, "sensitive": None,
                              "relation": None})
    return items


@dataclass
class SimulatedProvider:
    """The server's state: options, its random source and what it answered."""

    options: SimOptions = field(default_factory=SimOptions)
    port: int = 0
    outcomes: Counter = field(default_factory=Counter)
    tokens: Counter = field(default_factory=Counter)
    in_flight: int = 0
    peak_in_flight: int = 0
    #: Seconds spent answering (all calls): over a wall time, the mean calls in flight.
    call_seconds: float = 0.0
    #: CPU seconds the server's connection threads spent (parsing, answering, sending).
    cpu_seconds: float = 0.0
    #: [prompt key, start, end, fate] of every call, perf_counter times (end and fate None
    #: while it runs): one session's calls (retries, hedges) share the key (its prompt's).
    calls: list = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.options.seed)

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def draw(self) -> tuple[str, float]:
        """The next call's fate ("ok", "429" or "timeout") and its latency in seconds."""
        o = self.options
        with self._lock:
            r, z = self._rng.random(), self._rng.gauss(0.0, 1.0)
        latency = o.latency_ms * math.exp(o.sigma * z)
        latency = min(o.max_latency_ms, max(o.min_latency_ms, latency)) / 1000
        if r < o.rate_limit_share:
            return "429", 0.02
        if r < o.rate_limit_share + o.timeout_share:
            return "timeout", o.hang_s
        return "ok", latency

    def answer(self, body: dict) -> tuple[dict, int, int]:
        """The completion for a request body, with its prompt and completion tokens."""
        messages = body.get("messages") or []
        prompt_chars = sum(len(str(m.get("content", ""))) for m in messages)
        user = next((str(m.get("content", "")) for m in reversed(messages)
                     if m.get("role") == "user"), "")
        content = json.dumps({"items": claims_for(user)})
        prompt, completion = -(-prompt_chars // CHARS_PER_TOKEN), -(-len(content) // CHARS_PER_TOKEN)
        return ({"id": "chatcmpl-sim", "object": "chat.completion", "created": int(time.time()),
                 "model": body.get("model", "sim"),
                 "choices": [{"index": 0, "finish_reason": "stop",
                              "message": {"role": "assistant", "content": content}}],
                 "usage": {"prompt_tokens": prompt, "completion_tokens": completion,
                           "total_tokens": prompt + completion}}, prompt, completion)

    def count(self, outcome: str | None, prompt: int = 0, completion: int = 0) -> None:
        with self._lock:
            if outcome is not None:
                self.outcomes[outcome] += 1
            self.tokens["prompt"] += prompt
            self.tokens["completion"] += completion

    def enter(self, delta: int) -> None:
        with self._lock:
            self.in_flight += delta
            self.peak_in_flight = max(self.peak_in_flight, self.in_flight)

    def took(self, seconds: float) -> None:
        with self._lock:
            self.call_seconds += seconds

    def spent(self, cpu_seconds: float) -> None:
        with self._lock:
            self.cpu_seconds += cpu_seconds

    def started(self, key: int) -> list:
        """A call came in: its record, finished by `ended` (a hung call's start counts
        while it hangs)."""
        call = [key, time.perf_counter(), None, None]
        with self._lock:
            self.calls.append(call)
        return call

    def ended(self, call: list, fate: str) -> None:
        with self._lock:
            call[2:] = [time.perf_counter(), fate]

    def sessions(self) -> dict[int, tuple[float, float | None]]:
        """Per prompt (a session): its first call's start and its first answer's end
        (None: never answered)."""
        out: dict[int, tuple[float, float | None]] = {}
        with self._lock:
            calls = [tuple(c) for c in self.calls]
        for key, start, end, fate in sorted(calls, key=lambda c: c[1]):
            first, answered = out.get(key, (start, None))
            if fate == "ok" and (answered is None or end < answered):
                answered = end
            out[key] = (first, answered)
        return out

    def reset(self) -> None:
        """Zero the counters (between two measured runs)."""
        with self._lock:
            self.calls.clear()
            self.outcomes.clear()
            self.tokens.clear()
            self.call_seconds = 0.0
            self.cpu_seconds = 0.0
            self.peak_in_flight = self.in_flight


def _handler(sim: SimulatedProvider) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive: clients reuse their connections

        def handle_one_request(self) -> None:
            """One request on this connection, its thread's CPU counted (a keep-alive
            connection's wait for the next request is not CPU)."""
            start = time.thread_time()
            try:
                super().handle_one_request()
            finally:
                sim.spent(time.thread_time() - start)

        def do_POST(self) -> None:  # noqa: N802 — http.server's naming
            raw = self.rfile.read(int(self.headers.get("content-length", 0)))
            if self.path not in ("/v1/chat/completions", "/chat/completions"):
                return self._send(404, {"error": {"message": "no such route"}})
            try:
                body = json.loads(raw)
            except ValueError:
                return self._send(400, {"error": {"message": "body is not JSON"}})
            fate, delay = sim.draw()
            if fate == "timeout":  # counted now: a hang outlives the run that caused it
                sim.count("timeout")
            call = sim.started(hash(json.dumps(body.get("messages"), sort_keys=True)))
            sim.enter(1)
            try:
                time.sleep(delay)
            finally:
                sim.enter(-1)
                sim.took(delay)
                sim.ended(call, fate)
            if fate == "429":
                sim.count("429")
                return self._send(429, {"error": {"message": "rate limited (simulated)",
                                                  "type": "rate_limit_error"}},
                                  {"Retry-After": f"{sim.options.retry_after_s:g}"})
            payload, prompt, completion = sim.answer(body)
            sim.count(None if fate == "timeout" else fate, prompt, completion)
            try:
                self._send(200, payload)
            except OSError:  # the client gave up (a simulated timeout): nothing to do
                pass

        def _send(self, status: int, payload: dict, headers: dict | None = None) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *_args) -> None:  # quiet
            pass
    return Handler


@contextmanager
def simulated_provider(options: SimOptions | None = None) -> Iterator[SimulatedProvider]:
    """A running simulated provider on a free loopback port, for the block."""
    sim = SimulatedProvider(options or SimOptions(), port=free_port())
    server = ThreadingHTTPServer(("127.0.0.1", sim.port), _handler(sim))
    server.daemon_threads = True
    server.request_queue_size = 256
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield sim
    finally:
        server.shutdown()
        server.server_close()


def main() -> None:
    """`python -m scripts.bench.llm_sim [latency_ms]`: serve until interrupted."""
    import sys
    latency = float(sys.argv[1]) if len(sys.argv) > 1 else 1200.0
    with simulated_provider(SimOptions(latency_ms=latency)) as sim:
        print(f"simulated provider at {sim.api_base} (median {latency:g} ms)", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
