"""A circuit breaker as a pure state machine: closed -> open -> half-open -> closed.

Every transition takes the current state and `now` (seconds on any monotonic scale, passed
in by the caller: nothing here reads a clock) and returns a new state; states are frozen.

- closed: calls go through; `failure_threshold` consecutive failures open the breaker.
- open: calls are refused until `reset_timeout_s` has passed since it opened.
- half-open: exactly one trial call (a probe) goes through; its success closes the breaker,
  its failure opens it again for another `reset_timeout_s`. A probe that never reports (its
  thread hung) is given up after `reset_timeout_s`, and the next call probes again.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

State = Literal["closed", "open", "half_open"]


@dataclass(frozen=True)
class BreakerPolicy:
    #: Consecutive failures that open the breaker.
    failure_threshold: int = 3
    #: Seconds the breaker stays open before it lets one probe through.
    reset_timeout_s: float = 10.0

    def __post_init__(self) -> None:
        if self.failure_threshold < 1:
            raise ValueError("failure_threshold must be at least 1")
        if self.reset_timeout_s < 0:
            raise ValueError("reset_timeout_s must not be negative")


@dataclass(frozen=True)
class Breaker:
    """One breaker's state. `opened_at` is when it last opened; `probe_at` when the
    half-open probe in flight was let through (None: no probe in flight)."""

    policy: BreakerPolicy = BreakerPolicy()
    state: State = "closed"
    failures: int = 0
    opened_at: float | None = None
    probe_at: float | None = None

    def status(self, now: float) -> State:
        """The state as seen at `now`: an open breaker past its timeout reads half-open."""
        if self.state == "open" and now - (self.opened_at or 0.0) >= self.policy.reset_timeout_s:
            return "half_open"
        return self.state

    def acquire(self, now: float) -> tuple[bool, Breaker]:
        """May a call go through at `now`? Returns the answer and the state after asking
        (letting a probe through is itself a transition)."""
        status = self.status(now)
        if status == "closed":
            return True, self
        if status == "open":
            return False, self
        probe_stale = (self.probe_at is not None
                       and now - self.probe_at >= self.policy.reset_timeout_s)
        if self.probe_at is None or probe_stale:
            return True, replace(self, state="half_open", probe_at=now)
        return False, self

    def on_success(self, now: float) -> Breaker:
        """A call succeeded: a probe's success closes the breaker; in the closed state the
        failure count restarts. A late success of a call let through before the breaker
        opened proves nothing about now, and changes nothing."""
        if self.state == "open":
            return self
        if self.state == "closed" and self.failures == 0:
            return self
        return replace(self, state="closed", failures=0, opened_at=None, probe_at=None)

    def on_failure(self, now: float) -> Breaker:
        """A call failed: count it; open at the threshold, or again when the probe failed."""
        failures = self.failures + 1
        if self.state == "half_open":
            return replace(self, state="open", failures=failures, opened_at=now, probe_at=None)
        if self.state == "open":
            # A late failure of a call let through before the breaker opened: the outage is
            # already known; the opening time stays.
            return replace(self, failures=failures)
        if failures >= self.policy.failure_threshold:
            return replace(self, state="open", failures=failures, opened_at=now, probe_at=None)
        return replace(self, failures=failures)
