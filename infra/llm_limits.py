"""Provider limits shared by every model call of a process: a cap on calls in flight and
a tokens-per-minute budget, per provider, and a provider's `Retry-After` holding back
every caller, not only the one that got the 429, once 429s are more than a stray share
of the recent calls (`HOLD_SHARE`).

A thread pool runs dozens of extractions at once; without a shared limit each of them
would find the provider's rate limit on its own, retry on its own, and make it worse.
The token budget is a bucket refilled continuously (`tokens_per_minute / 60` a second):
a call reserves its estimated tokens (prompt estimate plus the completion cap) before it
is sent and settles to what the provider reported afterwards.

Why not hold everyone on every 429: providers answer a small share of calls with a 429
even well under the account's limits (a busy shard). With 64 calls in flight and 2% of
them refused, a one-second hold per 429 kept the pool stalled most of the time (a fifth
to a third of the throughput lost in `reverie bench consolidate --llm-sim`). A stray 429
makes its own call wait its Retry-After; a run of them means a real limit, and then
every caller waits.

The process also keeps the latency of its recent answered calls, from which a hedged call
(`infra.llm`, `Settings.llm_hedge_percentile`) takes its threshold.
"""
from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from schemas.errors import TransientError

#: Answered calls whose latency the hedge threshold is taken from, and how many answers a
#: process waits for before it hedges at all.
LATENCY_WINDOW = 256
HEDGE_MIN_SAMPLES = 20
#: 429s among the calls started in the last `WINDOW_S` seconds past which one 429 holds
#: every caller (a real rate limit), not only the call that got it.
HOLD_SHARE = 0.1
WINDOW_S = 10.0


class ProviderLimits:
    """Calls in flight and tokens per minute for one provider (0: no limit)."""

    def __init__(self, max_concurrency: int = 0, tokens_per_minute: int = 0, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.max_concurrency = max_concurrency
        self.tokens_per_minute = tokens_per_minute
        self._clock = clock
        self._cond = threading.Condition()
        self._in_flight = 0
        self._tokens = float(tokens_per_minute)
        self._refilled_at = clock()
        self._hold_until = 0.0
        self._started: deque[float] = deque()  # call start times within WINDOW_S
        self._refused: deque[float] = deque()  # 429 times within WINDOW_S
        self._latencies: deque[float] = deque(maxlen=LATENCY_WINDOW)  # answered calls
        self._ranked: list[float] | None = None  # sorted copy, made on demand

    @property
    def in_flight(self) -> int:
        return self._in_flight

    def hold_off(self, seconds: float) -> None:
        """Send nothing to this provider for `seconds` (its Retry-After)."""
        with self._cond:
            self._hold_until = max(self._hold_until, self._clock() + seconds)

    def rate_limited(self, seconds: float) -> bool:
        """A call got a 429 asking for `seconds`: hold every caller that long when 429s
        are at least `HOLD_SHARE` of the recent calls (True), else only that call waits."""
        with self._cond:
            now = self._clock()
            self._refused.append(now)
            self._forget_before(now - WINDOW_S)
            if len(self._refused) < HOLD_SHARE * max(1, len(self._started)):
                return False
            self._hold_until = max(self._hold_until, now + seconds)
            return True

    def observe(self, seconds: float) -> None:
        """An answered call took `seconds` (for the hedge threshold)."""
        with self._cond:
            self._latencies.append(seconds)
            self._ranked = None

    def latency_percentile(self, q: float) -> float | None:
        """The `q`th percentile (0-100) of the recent answered calls' latency; None while
        fewer than `HEDGE_MIN_SAMPLES` have been answered."""
        with self._cond:
            if len(self._latencies) < HEDGE_MIN_SAMPLES:
                return None
            if self._ranked is None:
                self._ranked = sorted(self._latencies)
            ranked = self._ranked
        return ranked[min(len(ranked) - 1, int(q / 100 * len(ranked)))]

    def _forget_before(self, cutoff: float) -> None:
        for times in (self._started, self._refused):
            while times and times[0] < cutoff:
                times.popleft()

    @contextmanager
    def slot(self, tokens: int, deadline: float) -> Iterator[Callable[[int], None]]:
        """Wait for a free call and `tokens` of budget (TransientError if that would pass
        `deadline`, a `clock` time); yields `settle(actual_tokens)`."""
        with self._cond:
            while True:
                wait = self._wait_s(tokens)
                if wait <= 0:
                    break
                left = deadline - self._clock()
                if left <= 0:
                    raise TransientError(
                        f"provider limits: no call slot or token budget before the deadline "
                        f"({self._in_flight} in flight, {int(self._tokens)} tokens left)")
                self._cond.wait(min(wait, left, 1.0))
            self._in_flight += 1
            self._started.append(self._clock())
            if len(self._started) > 4096:  # a busy window: its share is what matters
                self._forget_before(self._clock() - WINDOW_S)
            if self.tokens_per_minute:
                self._tokens -= tokens
        settled = [False]

        def settle(actual: int) -> None:
            if settled[0] or not self.tokens_per_minute:
                return
            settled[0] = True
            with self._cond:
                self._tokens += tokens - actual  # a debt when the call used more
                self._cond.notify_all()
        try:
            yield settle
        finally:
            with self._cond:
                self._in_flight -= 1
                self._cond.notify_all()

    def _wait_s(self, tokens: int) -> float:
        """Seconds until a call of `tokens` may go (0: now). Caller holds the condition."""
        now = self._clock()
        held = self._hold_until - now
        if held > 0:
            return held
        if self.max_concurrency and self._in_flight >= self.max_concurrency:
            return 1.0  # woken when a call ends
        if not self.tokens_per_minute:
            return 0.0
        rate = self.tokens_per_minute / 60.0
        self._tokens = min(float(self.tokens_per_minute),
                           self._tokens + (now - self._refilled_at) * rate)
        self._refilled_at = now
        # A call larger than the whole budget goes once the bucket is full.
        need = min(tokens, self.tokens_per_minute)
        return 0.0 if self._tokens >= need else (need - self._tokens) / rate


_registry: dict[str, ProviderLimits] = {}
_registry_lock = threading.Lock()


def limits_for(provider: str, max_concurrency: int, tokens_per_minute: int) -> ProviderLimits:
    """The process's one `ProviderLimits` for `provider` (made on first use)."""
    with _registry_lock:
        limits = _registry.get(provider)
        if limits is None or (limits.max_concurrency, limits.tokens_per_minute) != (
                max_concurrency, tokens_per_minute):
            limits = _registry[provider] = ProviderLimits(max_concurrency, tokens_per_minute)
        return limits
