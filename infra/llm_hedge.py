"""Hedged model calls: when a call has run past a high percentile of the recent answered
calls' latency, a second identical call is sent, and the first answer is used ("The Tail
at Scale", Dean & Barroso, 2013).

Why: a batch of calls finishes with its slowest. Thirty sessions extracted at once wait
for the slowest of thirty answers, and a provider's tail is long (a hung call costs the
whole client timeout and a retry). A second call sent once the first is late cuts that
tail at the price of the calls sent twice: hedging past the 90th percentile sends about a
tenth more calls. The answer not used is still paid for; its tokens and cost are counted
(`reverie_llm_hedge_tokens_total`, `reverie_llm_hedge_cost_usd_total`, for the process:
the call does not know the session's namespace).

A hedge takes a call slot and token budget like any call, but never waits for them: with
the provider's limits reached it is not sent (outcome "skipped"). Off by default
(`Settings.llm_hedge_percentile` 0).
"""
from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import TypeVar

from infra import metrics
from infra.llm_limits import ProviderLimits

T = TypeVar("T")


class HedgeSkipped(Exception):  # noqa: N818 — an outcome, not a failure
    """The hedge was not sent: the provider's limits had no room for it at once."""


class Hedger:
    """Runs one attempt of a model call, hedged past the `percentile`th latency."""

    def __init__(self, percentile: float, limits: ProviderLimits, *,
                 max_threads: int = 256) -> None:
        self.percentile = percentile
        self._limits = limits
        # Threads for the calls and their hedges (made on demand): a loser keeps its
        # thread until its answer or its timeout, so leave room beyond the calls in flight.
        self._pool = ThreadPoolExecutor(max_workers=max_threads,
                                        thread_name_prefix="llm-hedge")

    def threshold_s(self) -> float | None:
        """Seconds after which a call is hedged; None: not yet (too few answers seen)."""
        return self._limits.latency_percentile(self.percentile)

    def run(self, call: Callable[[bool], T], wasted: Callable[[T], None]) -> T:
        """`call(hedge)` once, and again (`hedge=True`) if the first is late; the first
        answer wins, `wasted(answer)` gets the other's when it comes. Both failing raises
        the first call's error (its retry is the caller's)."""
        after = self.threshold_s()
        if after is None:
            return call(False)
        first = self._pool.submit(call, False)
        if wait([first], timeout=after).done:
            return first.result()
        second = self._pool.submit(call, True)
        pending, sent = {first, second}, True
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=lambda f: f is second):  # the first call's, first
                if isinstance(fut.exception(), HedgeSkipped):
                    metrics.LLM_HEDGES.labels("skipped").inc()
                    sent = False
                elif fut.exception() is None:
                    other = second if fut is first else first
                    if other.done():
                        _waste(other, wasted)
                    else:
                        other.add_done_callback(lambda f: _waste(f, wasted))
                    if sent:
                        metrics.LLM_HEDGES.labels("won" if fut is second else "lost").inc()
                    return fut.result()
        if sent:
            metrics.LLM_HEDGES.labels("failed").inc()
        raise first.exception()  # type: ignore[misc]


def _waste(fut: Future, wasted: Callable) -> None:
    if not fut.cancelled() and fut.exception() is None:
        wasted(fut.result())
