"""The circuit breaker state machine: every transition, with the clock passed in."""
from __future__ import annotations

import pytest

from pipeline.breaker import Breaker, BreakerPolicy

POLICY = BreakerPolicy(failure_threshold=3, reset_timeout_s=10.0)


def _run(steps, breaker=None):
    """Apply (op, now) steps; return the breaker and what each `acquire` answered."""
    b = breaker or Breaker(POLICY)
    answers = []
    for op, now in steps:
        if op == "acquire":
            ok, b = b.acquire(now)
            answers.append(ok)
        elif op == "ok":
            b = b.on_success(now)
        else:
            b = b.on_failure(now)
    return b, answers


@pytest.mark.parametrize("steps,state,answers", [
    # Closed: calls go through; failures under the threshold keep it closed.
    ([("acquire", 0), ("fail", 0), ("acquire", 1), ("fail", 1)], "closed", [True, True]),
    # A success resets the count of consecutive failures.
    ([("fail", 0), ("fail", 1), ("ok", 2), ("fail", 3), ("fail", 4)], "closed", []),
    # The threshold opens it; an open breaker refuses.
    ([("fail", 0), ("fail", 1), ("fail", 2), ("acquire", 3), ("acquire", 11.9)], "open",
     [False, False]),
    # After the reset timeout it is half-open: exactly one probe goes through.
    ([("fail", 0), ("fail", 0), ("fail", 2), ("acquire", 12), ("acquire", 12.5)], "half_open",
     [True, False]),
    # The probe's success closes it.
    ([("fail", 0), ("fail", 0), ("fail", 2), ("acquire", 12), ("ok", 12.1), ("acquire", 12.2)],
     "closed", [True, True]),
    # The probe's failure opens it again, for a full timeout from the failure.
    ([("fail", 0), ("fail", 0), ("fail", 2), ("acquire", 12), ("fail", 12.3),
      ("acquire", 22.2), ("acquire", 22.3)], "half_open", [True, False, True]),
    # A probe that never reports is given up after the timeout: the next call probes.
    ([("fail", 0), ("fail", 0), ("fail", 0), ("acquire", 10), ("acquire", 19.9),
      ("acquire", 20)], "half_open", [True, False, True]),
    # Late results of calls let through before it opened change nothing.
    ([("fail", 0), ("fail", 0), ("fail", 1), ("ok", 1.5), ("fail", 5), ("acquire", 10.9),
      ("acquire", 11)], "half_open", [False, True]),
])
def test_transitions(steps, state, answers):
    b, got = _run(steps)
    assert got == answers
    assert b.status(steps[-1][1]) == state


def test_open_reads_half_open_only_after_the_timeout():
    b, _ = _run([("fail", 0)] * 3)
    assert b.status(9.99) == "open"
    assert b.status(10.0) == "half_open"
    assert b.state == "open"  # reading the status is not a transition


def test_transitions_return_new_states_and_never_mutate():
    b = Breaker(POLICY)
    failed = b.on_failure(0)
    assert b.failures == 0 and failed.failures == 1
    ok, after = failed.acquire(1)
    assert ok and after is failed  # closed: asking changes nothing


def test_threshold_of_one_opens_on_the_first_failure():
    b = Breaker(BreakerPolicy(failure_threshold=1, reset_timeout_s=1)).on_failure(5)
    assert b.status(5) == "open" and b.status(6) == "half_open"


@pytest.mark.parametrize("kw", [{"failure_threshold": 0}, {"reset_timeout_s": -1}])
def test_policy_is_checked(kw):
    with pytest.raises(ValueError):
        BreakerPolicy(**kw)
