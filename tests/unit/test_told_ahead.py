"""A month or weekday read from the verb's aspect: told ahead, it is still to come.

"we're getting married in June" told in March is this June's wedding: what holds now
(engaged) holds from the turn, not from last June. Past tense, a past mark and someone
else's news keep their past reading or claim nothing. Sentences of our own.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.planned import told_ahead
from tests.unit.test_rules_support import claims_of

MARCH = datetime(2027, 3, 10, 12, 0, tzinfo=UTC)


def status(text: str) -> list[tuple[str, datetime | None]]:
    return [(c.object, c.valid_from) for c in claims_of(text, at=MARCH)
            if c.predicate == "relationship_status" and c.op == "assert"]


@pytest.mark.parametrize("text", [
    "We're getting married in June, I can't wait.",
    "I'm getting married in May to Tom.",
    "We are finally getting married in July, at her parents' farm.",
])
def test_a_wedding_told_ahead_is_engaged_from_the_turn(text: str) -> None:
    assert status(text) == [("engaged", MARCH)]


def test_a_past_wedding_keeps_its_past_month() -> None:
    assert status("We got married in June.") == [("married", datetime(2026, 6, 1, tzinfo=UTC))]


def test_engaged_since_a_month_is_dated_back() -> None:
    assert status("I've been engaged since June.") == [
        ("engaged", datetime(2026, 6, 1, tzinfo=UTC))]


def test_someone_elses_wedding_is_not_the_users() -> None:
    assert status("My sister is getting married in June.") == []


@pytest.mark.parametrize(("text", "ahead"), [
    ("we're getting married in June", True),
    ("I'm going to paint the kitchen on Saturday", True),
    ("we'll move the piano in April", True),
    ("we got married in June", False),
    ("I'm living in Leeds since June", False),
    ("I'm reading a lot, started last June", False),
    ("I'm getting married soon", False),        # no date to read forward
])
def test_told_ahead(text: str, ahead: bool) -> None:
    assert told_ahead(text, MARCH) is ahead
