"""A pastime ended by its negated habit, dated by its "since"; its traps beside it.

Sentences of our own.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.test_rules_support import claims_of

MARCH = datetime(2027, 3, 10, 12, 0, tzinfo=UTC)


def ended(text: str) -> list[tuple[str, datetime | None]]:
    return [(c.object, c.valid_from) for c in claims_of(text, at=MARCH)
            if c.predicate == "hobby" and c.op == "retract"]


@pytest.mark.parametrize(("text", "hobby"), [
    ("I don't paint anymore.", "painting"),
    ("We don't really go climbing these days, the knees.", "climbing"),
    ("I no longer play the cello.", "cello"),
    ("I don't play the piano anymore, no time.", "piano"),
])
def test_a_negated_habit_ends_the_pastime(text: str, hobby: str) -> None:
    assert ended(text) == [(hobby, MARCH)]


def test_not_been_since_a_month_ends_it_then() -> None:
    assert ended("I haven't been to choir since October.") == [
        ("choir", datetime(2026, 10, 1, tzinfo=UTC))]


@pytest.mark.parametrize("text", [
    "I don't paint on weekdays.",
    "My son doesn't go to choir anymore.",
    "I haven't been to choir this week.",
    "I haven't been to choir since Tuesday, I had a cold.",
    "Do I paint anymore? Not really.",
])
def test_a_gap_or_someone_elses_habit_ends_nothing(text: str) -> None:
    assert ended(text) == []


@pytest.mark.parametrize(("text", "hobby", "since"), [
    ("I haven't painted since October.", "painting", datetime(2026, 10, 1, tzinfo=UTC)),
    ("I haven't climbed since last summer, the shoulder.", "climbing",
     datetime(2026, 6, 1, tzinfo=UTC)),
    ("I haven't swum since January, the pool closed.", "swimming",
     datetime(2027, 1, 1, tzinfo=UTC)),
])
def test_the_pastimes_own_verb_not_done_since_a_month_ends_it_then(
        text: str, hobby: str, since: datetime) -> None:
    assert ended(text) == [(hobby, since)]


@pytest.mark.parametrize("text", [
    "I haven't painted the fence since October.",
    "My son hasn't painted since October.",
    "I haven't baked since Tuesday, too busy.",
    "Have I sung since Christmas? No idea.",
    "If I haven't knitted since March by then, I'll sell the yarn.",
])
def test_a_chore_a_gap_or_someone_elses_verb_ends_nothing(text: str) -> None:
    assert ended(text) == []
