"""Provider limits: calls in flight capped, the token bucket spent and settled, a
Retry-After holding every caller, and a deadline turning a wait into a TransientError."""
from __future__ import annotations

import threading
import time

import pytest

from infra.llm_limits import ProviderLimits, limits_for
from schemas.errors import TransientError


def _soon(seconds: float = 0.05) -> float:
    return time.monotonic() + seconds


def test_calls_in_flight_never_exceed_the_cap():
    limits = ProviderLimits(max_concurrency=3)
    peak, lock, now = [0], threading.Lock(), [0]

    def call() -> None:
        with limits.slot(1, _soon(10)):
            with lock:
                now[0] += 1
                peak[0] = max(peak[0], now[0])
            time.sleep(0.02)
            with lock:
                now[0] -= 1
    threads = [threading.Thread(target=call) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert peak[0] == 3 and limits.in_flight == 0


def test_a_full_cap_past_the_deadline_is_a_transient_error():
    limits = ProviderLimits(max_concurrency=1)
    with limits.slot(1, _soon(10)):
        with pytest.raises(TransientError, match="before the deadline"):
            with limits.slot(1, _soon()):
                pass
    with limits.slot(1, _soon()):  # free again once the first call ended
        pass


def test_the_token_budget_is_spent_then_settled_to_what_the_call_used():
    limits = ProviderLimits(tokens_per_minute=6000)  # 100 tokens a second
    with limits.slot(6000, _soon()) as settle:
        settle(1000)  # reserved 6000, used 1000: 5000 come back
    with limits.slot(4900, _soon()):
        pass
    with pytest.raises(TransientError):  # ~100 left (plus the trickle): 2000 must wait
        with limits.slot(2000, _soon()):
            pass


def test_a_call_larger_than_the_whole_budget_waits_for_a_full_bucket_only():
    limits = ProviderLimits(tokens_per_minute=600)
    with limits.slot(10_000, _soon()):  # full bucket: it goes (and leaves a debt)
        pass
    with pytest.raises(TransientError):
        with limits.slot(1, _soon()):
            pass


def test_retry_after_holds_every_caller():
    limits = ProviderLimits()
    # Measured from before the hold, so a slow machine between the two calls cannot make
    # the wait look short: the slot must open no earlier than the hold's end.
    started = time.monotonic()
    limits.hold_off(0.3)
    with pytest.raises(TransientError):
        with limits.slot(1, _soon()):
            pass
    with limits.slot(1, _soon(5)):
        assert time.monotonic() - started >= 0.3


class _Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def _calls(limits: ProviderLimits, n: int) -> None:
    for _ in range(n):
        with limits.slot(1, limits._clock() + 1):
            pass


def test_a_stray_429_among_many_calls_holds_no_other_caller():
    clock = _Clock()
    limits = ProviderLimits(clock=clock)
    _calls(limits, 50)
    assert limits.rate_limited(1.0) is False  # 1 in 50: only that call waits
    assert limits._wait_s(1) == 0.0


def test_a_run_of_429s_holds_every_caller_for_the_retry_after():
    clock = _Clock()
    limits = ProviderLimits(clock=clock)
    _calls(limits, 50)
    held = [limits.rate_limited(1.0) for _ in range(5)]
    assert held == [False, False, False, False, True]  # 5 in 50: a real limit
    assert limits._wait_s(1) == pytest.approx(1.0)
    clock.t += 30  # the window has passed: a lone 429 among few calls holds again
    assert limits.rate_limited(0.5) is True


def test_one_limits_object_per_provider_and_settings():
    a = limits_for("http://x|openai", 8, 0)
    assert limits_for("http://x|openai", 8, 0) is a
    assert limits_for("http://y|openai", 8, 0) is not a
    assert limits_for("http://x|openai", 4, 0).max_concurrency == 4
