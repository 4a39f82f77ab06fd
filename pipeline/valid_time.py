"""Valid time: whether a fact version holds at a moment of world time.

A fact holds from its `valid_from` up to (not including) its `valid_to`. "Current" is
"holds now", not "has no end": a planned fact (a job from its start date, a move next
spring) is not current before its `valid_from` and becomes current at it with no new
session, and the version it replaces stays current until then (its `valid_to` is the
switch); a dated plan is current until its own date.
"""
from __future__ import annotations

from datetime import datetime

from schemas.records import Fact


def holds_at(fact: Fact, at: datetime) -> bool:
    """True when `fact` is believed (not retracted) and true in the world at `at`."""
    return (fact.retracted_at is None and fact.valid_from <= at
            and (fact.valid_to is None or fact.valid_to > at))


def is_current(fact: Fact, now: datetime | None) -> bool:
    """`holds_at(fact, now)`; without a `now`, an open, believed version."""
    if now is None:
        return fact.valid_to is None and fact.retracted_at is None
    return holds_at(fact, now)
