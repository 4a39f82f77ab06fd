"""What the simulated provider alone allows a burst, beside the issue's bound.

The issue's bound, `sessions x median latency / calls in flight`, is the wall time of a
model that always answers in its median, never refuses and never hangs. The simulated
provider does not behave so (`scripts/bench/llm_sim.py`): its latency is log-normal, whose
mean is exp(sigma^2 / 2) times the median (1.083x at sigma 0.4), 2% of its calls are 429s
(the client waits the Retry-After, 1 s, and calls again) and 0.5% hang (the client gives
up at its timeout, backs off and calls again). So the issue's bound understates even the
provider's own time, and a burst of a few rounds ends with its slowest calls.

Two figures, with no pipeline time at all, from the same options as the simulator and the
client's timeout and backoff (`infra.llm.backoff_delay`):

- `mean_session_s`: the expected time a session holds its slot (its attempts and the
  waits between them); `sessions x mean_session_s / slots` is the work bound.
- `provider_alone_s`: the median wall time of simulated bursts: `sessions` sessions, all
  ready at once, on `slots` slots, each taken by the next session as it frees (as the
  worker threads take messages). Seeded: the same options give the same figure.
"""
from __future__ import annotations

import heapq
import math
import random
import statistics

from infra.llm import BACKOFF_BASE_S, BACKOFF_CAP_S, backoff_delay
from scripts.bench.llm_sim import SimOptions

#: Simulated bursts behind `provider_alone_s` (its median).
RUNS = 400
#: Attempts per session the client makes at most (`LiteLLMClient(max_retries=4)`).
MAX_ATTEMPTS = 5


def mean_session_s(o: SimOptions, timeout_s: float) -> float:
    """Expected seconds a session holds its slot: attempts until one answers, with the
    waits between them (first-retry waits: a second failure in a row is rare)."""
    ok = 1.0 - o.rate_limit_share - o.timeout_share
    latency = o.latency_ms / 1000 * math.exp(o.sigma ** 2 / 2)  # the log-normal's mean
    floor = min(o.retry_after_s, BACKOFF_CAP_S)  # E[max(U x base, floor)], U uniform
    wait = floor if floor >= BACKOFF_BASE_S else \
        floor + (BACKOFF_BASE_S - floor) ** 2 / (2 * BACKOFF_BASE_S)
    refused = 0.02 + wait
    hung = min(o.hang_s, timeout_s) + 0.5 * BACKOFF_BASE_S  # mean full-jitter wait
    failed = (o.rate_limit_share * refused + o.timeout_share * hung) / ok
    return latency + failed


def session_s(o: SimOptions, timeout_s: float, rng: random.Random) -> float:
    """One session's time on its slot, drawn as the simulator draws its calls."""
    total = 0.0
    for attempt in range(MAX_ATTEMPTS):
        r, z = rng.random(), rng.gauss(0.0, 1.0)
        if r < o.rate_limit_share:
            total += 0.02 + backoff_delay(attempt, rng.random(), retry_after_s=o.retry_after_s)
        elif r < o.rate_limit_share + o.timeout_share:
            total += min(o.hang_s, timeout_s) + backoff_delay(attempt, rng.random())
        else:
            latency = o.latency_ms * math.exp(o.sigma * z)
            return total + min(o.max_latency_ms, max(o.min_latency_ms, latency)) / 1000
    return total  # the client gave up: the session's slot is free again


def burst_s(o: SimOptions, timeout_s: float, sessions: int, slots: int,
            rng: random.Random) -> float:
    """One simulated burst's wall time: `sessions` on `slots`, each slot taking the next."""
    free = [0.0] * max(1, min(slots, sessions))
    for _ in range(sessions):
        heapq.heappush(free, heapq.heappop(free) + session_s(o, timeout_s, rng))
    return max(free)


def provider_alone_s(o: SimOptions, timeout_s: float, sessions: int, slots: int, *,
                     runs: int = RUNS) -> float:
    """The median wall time of `runs` simulated bursts (seeded by the options' seed)."""
    rng = random.Random(f"{o.seed}:{sessions}:{slots}")
    return statistics.median(burst_s(o, timeout_s, sessions, slots, rng) for _ in range(runs))
