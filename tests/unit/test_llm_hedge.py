"""Hedged calls: a late call gets a second one and the first answer wins, the unused
answer is handed over once it comes, a call answering in time is never doubled, nothing is
hedged before the process has seen enough answers, and a hedge never waits for a slot."""
from __future__ import annotations

import threading
import time

import pytest

from infra.llm_hedge import Hedger, HedgeSkipped
from infra.llm_limits import HEDGE_MIN_SAMPLES, ProviderLimits
from schemas.errors import TransientError


def _limits(latency_s: float, n: int = HEDGE_MIN_SAMPLES, **kw) -> ProviderLimits:
    limits = ProviderLimits(**kw)
    for _ in range(n):
        limits.observe(latency_s)
    return limits


class _Calls:
    """What each call does, in order: (seconds, answer or exception)."""

    def __init__(self, *plan) -> None:
        self.plan, self.sent, self.lock = list(plan), [], threading.Lock()

    def __call__(self, hedge: bool):
        with self.lock:
            seconds, out = self.plan[len(self.sent)]
            self.sent.append(hedge)
        time.sleep(seconds)
        if isinstance(out, BaseException):
            raise out
        return out


def test_a_late_call_is_hedged_and_the_first_answer_wins():
    calls, wasted, done = _Calls((1.0, "slow"), (0.02, "fast")), [], threading.Event()
    hedger = Hedger(90, _limits(0.05))
    started = time.monotonic()
    answer = hedger.run(calls, lambda a: (wasted.append(a), done.set()))
    took = time.monotonic() - started
    assert answer == "fast" and calls.sent == [False, True]
    assert took < 0.5  # the threshold (0.05 s) plus the hedge, not the slow call's second
    assert wasted == []  # the slow answer is not there yet ...
    assert done.wait(3) and wasted == ["slow"]  # ... and handed over when it comes


def test_a_call_answering_before_the_threshold_is_not_doubled():
    calls = _Calls((0.01, "quick"))
    assert Hedger(90, _limits(0.5)).run(calls, lambda a: None) == "quick"
    assert calls.sent == [False]


def test_nothing_is_hedged_until_enough_answers_were_seen():
    calls = _Calls((0.2, "only"))
    hedger = Hedger(90, _limits(0.01, n=HEDGE_MIN_SAMPLES - 1))
    assert hedger.threshold_s() is None
    assert hedger.run(calls, lambda a: None) == "only" and calls.sent == [False]


def test_the_threshold_is_the_percentile_of_recent_answers():
    limits = ProviderLimits()
    for ms in range(1, 101):  # 1 .. 100 ms
        limits.observe(ms / 1000)
    assert limits.latency_percentile(90) == pytest.approx(0.091)
    assert limits.latency_percentile(50) == pytest.approx(0.051)


def test_the_first_calls_error_is_raised_when_both_fail():
    first, second = TransientError("first timed out"), TransientError("hedge refused")
    calls = _Calls((0.2, first), (0.01, second))
    with pytest.raises(TransientError, match="first timed out"):
        Hedger(90, _limits(0.02)).run(calls, lambda a: None)
    assert calls.sent == [False, True]


def test_a_failed_first_call_is_covered_by_its_hedge():
    calls = _Calls((0.2, TransientError("first timed out")), (0.01, "hedge"))
    assert Hedger(90, _limits(0.02)).run(calls, lambda a: None) == "hedge"


def test_a_hedge_never_waits_for_a_slot():
    """With the provider's cap reached the hedge is not sent: the first call's answer is
    waited for, and the call is not counted twice against the cap."""
    limits = _limits(0.02, max_concurrency=1)
    sent = []

    def call(hedge: bool) -> str:
        try:
            with limits.slot(1, time.monotonic() + (0 if hedge else 5)):
                sent.append(hedge)
                time.sleep(0.3)
                return "hedge" if hedge else "first"
        except TransientError as exc:
            if hedge:
                raise HedgeSkipped(str(exc)) from exc
            raise
    assert Hedger(90, limits).run(call, lambda a: None) == "first"
    assert sent == [False] and limits.in_flight == 0
