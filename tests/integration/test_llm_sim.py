"""The simulated provider (scripts/bench/llm_sim.py) through the real litellm client: it
answers valid claims for the benchmark's sessions, the provider limits hold across threads,
its 429s are retried after their Retry-After, and a worker process extracts with it."""
from __future__ import annotations

import threading
import time
import urllib.request

import pytest
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text

from infra.llm import LiteLLMClient
from infra.llm_limits import ProviderLimits
from pipeline.extract.llm import LLMExtractor
from schemas.errors import TransientError
from scripts.bench.conversations import generate
from scripts.bench.llm_sim import SimOptions, simulated_provider
from scripts.bench.services import free_port
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


def _sample(name: str, **labels) -> float:
    return REGISTRY.get_sample_value(name, labels or None) or 0.0


def test_a_hung_call_is_hedged_and_its_late_answer_counted():
    """Past the 90th percentile of the answers seen, a second call goes; the first answer
    is used, and the hung call's answer, when it comes, is counted as paid and unused.
    The provider's fates are set per call here (a hang, then an answer)."""
    with simulated_provider(FAST) as sim:
        fates = iter([("ok", 0.02)] * 20 + [("timeout", 4.0), ("ok", 0.02)])
        sim.draw = lambda: next(fates)
        client = _client(sim, timeout_s=5, hedge_percentile=90)
        messages = [{"role": "user", "content": "[0] user @ 2025-01-06T09:00:00Z: I live in Oslo."}]
        for _ in range(20):
            client.complete(messages, response_schema=None)
        won, wasted = _sample("reverie_llm_hedges_total", outcome="won"), \
            _sample("reverie_llm_hedge_tokens_total")
        started = time.monotonic()
        done = client.complete(messages, response_schema=None)
        # A deadline, not a speed: the hedge answers in ~0.05 s, the hung call takes 4 s; the
        # wide margin keeps a loaded machine from deciding the outcome.
        assert time.monotonic() - started < 3.0
        assert "Oslo" in done.text
        assert _sample("reverie_llm_hedges_total", outcome="won") == won + 1
        deadline = time.monotonic() + 10
        while _sample("reverie_llm_hedge_tokens_total") == wasted and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _sample("reverie_llm_hedge_tokens_total") - wasted == \
            done.prompt_tokens + done.completion_tokens  # the same prompt, the same answer
    assert sim.outcomes == {"ok": 21, "timeout": 1}


def test_a_threaded_worker_extracts_with_the_simulated_model(broker_env, tmp_path, ns):
    with simulated_provider(FAST) as sim:
        port = free_port()
        env = dict(broker_env, REVERIE_EXTRACTOR="llm", REVERIE_LLM_MODEL="openai/sim",
                   REVERIE_LLM_API_BASE=sim.api_base, REVERIE_LLM_API_KEY="sim",
                   REVERIE_METRICS_PORT=str(port))
        worker = _start_worker(env, tmp_path, "llm",
                               options=("--pool=threads", "--concurrency=8"))
        rt = _publisher(env)
        try:
            _story(rt, ns)
            _wait(lambda: _finished(rt, ns), 90, "the LLM pipeline", [tmp_path / "llm.log"])
            facts = {(f.predicate, f.object) for f in rt.reader.current(ns, "u1")}
            assert ("city", "Munich") in facts and ("allergy", "peanuts") in facts
            assert sim.outcomes["ok"] == 1
            # The tokens the provider billed, counted per namespace by the worker and per
            # session in extraction_runs.
            billed = sim.tokens["prompt"] + sim.tokens["completion"]
            with rt.deps.engine.connect() as c:
                run = c.execute(text("SELECT prompt_tokens + completion_tokens FROM "
                                     "extraction_runs WHERE namespace = :ns"), {"ns": ns}).one()
            assert run[0] == billed > 500
            scraped = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics").read().decode()
            counted = sum(s.value for fam in text_string_to_metric_families(scraped)
                          for s in fam.samples if s.name == "reverie_llm_tokens_total"
                          and s.labels.get("namespace") == ns)
            assert counted == billed
        finally:
            _stop(worker)
            rt.deps.dispose()


def test_the_provider_sees_each_sessions_first_call_and_first_answer():
    """The 900-turn row's split of its wall time: one record per prompt (a session), from
    its first call (a 429 here) to its first answer (after the Retry-After)."""
    with simulated_provider(FAST) as sim:
        fates = iter([("429", 0.0), ("ok", 0.05), ("ok", 0.01)])
        sim.draw = lambda: next(fates)
        client = _client(sim, rand=lambda: 0.0)
        sim.options = SimOptions(retry_after_s=0.3)  # the Retry-After header's value
        client.complete([{"role": "user", "content": "one"}], response_schema=None)
        client.complete([{"role": "user", "content": "two"}], response_schema=None)
    seen = sorted(sim.sessions().values())
    assert len(seen) == 2
    (first, answered), (second, quick) = seen
    assert answered - first >= 0.35  # the 429, its 0.3 s Retry-After, then 0.05 s
    assert 0.01 <= quick - second < 0.3
