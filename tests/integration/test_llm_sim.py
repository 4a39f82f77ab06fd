"""The simulated provider (scripts/bench/llm_sim.py) through the real litellm client: it
answers valid claims for the benchmark's sessions, the provider limits hold across threads,
its 429s are retried after their Retry-After, and a worker process extracts with it."""
from __future__ import annotations

import threading

import pytest

from infra.llm import LiteLLMClient
from infra.llm_limits import ProviderLimits
from pipeline.extract.llm import LLMExtractor
from schemas.errors import TransientError
from scripts.bench.conversations import generate
from scripts.bench.llm_sim import SimOptions, simulated_provider
from tests.integration.test_worker import (  # noqa: F401  (broker_env is a fixture)
    _finished, _publisher, _start_worker, _stop, _story, _wait, broker_env)

FAST = SimOptions(latency_ms=40, sigma=0.2, min_latency_ms=5, rate_limit_share=0.0,
                  timeout_share=0.0)


def _client(sim, **kw) -> LiteLLMClient:
    return LiteLLMClient("openai/sim", api_base=sim.api_base, api_key="sim",
                         backoff_base_s=0.01, **kw)


def test_it_answers_valid_claims_for_generated_sessions_with_usage():
    sessions = generate(7, "acme", users=2, sessions=2, turns=12)
    with simulated_provider(FAST) as sim:
        extractor = LLMExtractor(_client(sim))
        runs = [extractor.extract_with_run(t) for t in sessions]
    first, run = runs[0]
    said = {t.text for t in sessions[0].turns if t.role == "user"}
    assert ("city", next(s.split()[-1].rstrip(".") for s in said if s.startswith("I live in"))
            ) in {(c.predicate, c.object) for c in first}
    assert all(not r.drops for _, r in runs)  # every item passes the extractor's checks
    assert sum(len(c) for c, _ in runs) >= 2 * len(sessions)
    assert run.prompt_tokens > 500 and run.completion_tokens > 20  # a real prompt's size
    assert sim.outcomes["ok"] == len(sessions)


def test_the_concurrency_cap_holds_across_threads():
    with simulated_provider(FAST) as sim:
        client = _client(sim, limits=ProviderLimits(max_concurrency=3))
        extractor = LLMExtractor(client)
        t = generate(7, "acme", users=1, sessions=1, turns=6)[0]
        threads = [threading.Thread(target=extractor.extract_with_run, args=(t,))
                   for _ in range(12)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(30)
    assert sim.outcomes["ok"] == 12
    assert sim.peak_in_flight == 3


def test_429s_wait_their_retry_after_then_fail_as_transient():
    options = SimOptions(latency_ms=10, rate_limit_share=1.0, retry_after_s=0.2)
    sleeps: list[float] = []
    with simulated_provider(options) as sim:
        client = _client(sim, max_retries=2, sleep=sleeps.append)
        with pytest.raises(TransientError, match="after 3 attempts"):
            client.complete([{"role": "user", "content": "hi"}], response_schema=None)
    assert sim.outcomes["429"] == 3
    assert len(sleeps) == 2 and all(s >= 0.2 for s in sleeps)


def test_the_time_budget_stops_retrying():
    options = SimOptions(latency_ms=10, rate_limit_share=1.0, retry_after_s=5)
    with simulated_provider(options) as sim:
        client = _client(sim, max_retries=5, deadline_s=1.0)
        with pytest.raises(TransientError):
            client.complete([{"role": "user", "content": "hi"}], response_schema=None)
    assert sim.outcomes["429"] == 1  # a 5 s Retry-After does not fit in a 1 s budget


def test_a_threaded_worker_extracts_with_the_simulated_model(broker_env, tmp_path, ns):
    with simulated_provider(FAST) as sim:
        env = dict(broker_env, REVERIE_EXTRACTOR="llm", REVERIE_LLM_MODEL="openai/sim",
                   REVERIE_LLM_API_BASE=sim.api_base, REVERIE_LLM_API_KEY="sim")
        worker = _start_worker(env, tmp_path, "llm",
                               options=("--pool=threads", "--concurrency=8"))
        rt = _publisher(env)
        try:
            _story(rt, ns)
            _wait(lambda: _finished(rt, ns), 90, "the LLM pipeline", [tmp_path / "llm.log"])
            facts = {(f.predicate, f.object) for f in rt.reader.current(ns, "u1")}
            assert ("city", "Munich") in facts and ("allergy", "peanuts") in facts
            assert sim.outcomes["ok"] == 1
        finally:
            _stop(worker)
            rt.deps.dispose()
