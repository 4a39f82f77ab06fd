"""Time expressions resolve against the turn's time, to the start of the period named."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.timeexpr import find_times, has_future, resolve_in
from tests.unit.test_rules_support import claims_of

NOV = datetime(2026, 11, 10, 18, 0, tzinfo=UTC)   # a Tuesday
FEB = datetime(2026, 2, 10, 18, 0, tzinfo=UTC)
MAY = datetime(2026, 5, 1, 10, 0, tzinfo=UTC)


def d(y: int, m: int, day: int) -> datetime:
    return datetime(y, m, day, tzinfo=UTC)


@pytest.mark.parametrize(("text", "at", "expected"), [
    ("I moved to Leipzig in August", NOV, d(2026, 8, 1)),
    ("I moved to Leipzig in August", FEB, d(2025, 8, 1)),
    ("back in June", NOV, d(2026, 6, 1)),
    ("last week", NOV, d(2026, 11, 2)),
    ("last month", MAY, d(2026, 4, 1)),
    ("last month", FEB, d(2026, 1, 1)),
    ("two years ago", NOV, d(2024, 11, 10)),
    ("a few weeks ago", NOV, d(2026, 10, 20)),
    ("since 2019", NOV, d(2019, 1, 1)),
    ("on 3 March", NOV, d(2026, 3, 3)),
    ("on 3 March", FEB, d(2025, 3, 3)),
    ("on March 3rd, 2024", NOV, d(2024, 3, 3)),
    ("2024-03-05", NOV, d(2024, 3, 5)),
    ("yesterday", NOV, d(2026, 11, 9)),
    ("last Tuesday", NOV, d(2026, 11, 3)),
    ("in May 2024", NOV, d(2024, 5, 1)),
    ("last summer", NOV, d(2026, 6, 1)),
    ("last summer", FEB, d(2025, 6, 1)),
    ("last year", NOV, d(2025, 1, 1)),
    ("this year", NOV, d(2026, 1, 1)),
    ("I've been vegetarian for five years", NOV, d(2021, 11, 10)),
    ("I've been vegetarian for about five years", NOV, d(2021, 11, 10)),
    ("roughly three months ago", NOV, d(2026, 8, 10)),
])
def test_resolution(text: str, at: datetime, expected: datetime) -> None:
    assert resolve_in(text, at) == expected


@pytest.mark.parametrize("text", [
    "I live in Berlin", "I'm vegetarian for ethical reasons", "I may be late",
    "I have 2 kids", "I'm in Paris for a conference",
])
def test_no_time_expression(text: str) -> None:
    assert resolve_in(text, NOV) is None


@pytest.mark.parametrize(("text", "future"), [
    ("next month", True), ("tomorrow", True), ("in two weeks", True),
    ("last month", False), ("two weeks ago", False), ("in August", False),
])
def test_future(text: str, future: bool) -> None:
    assert has_future(text) is future


def test_time_tokens_gate_the_search() -> None:
    assert find_times("I live in Berlin with my partner") == []


def test_claim_valid_from_is_the_turn_time_without_a_time_expression() -> None:
    claim = claims_of("I live in Oslo.", at=NOV)[0]
    assert claim.valid_from == NOV and claim.valid_from.tzinfo is not None


def test_quit_smoking_last_month() -> None:
    claim = [c for c in claims_of("Good news, I quit smoking last month!", at=MAY)
             if c.predicate == "smoking_status"][0]
    assert (claim.object, claim.valid_from) == ("non-smoker", d(2026, 4, 1))


def test_late_report_of_move() -> None:
    claim = claims_of("By the way, I moved to Leipzig in August.", at=NOV)[0]
    assert (claim.object, claim.valid_from) == ("Leipzig", d(2026, 8, 1))


def test_time_from_a_lead_in_clause_carries_over() -> None:
    claim = claims_of("In August, I moved to Leipzig.", at=NOV)[0]
    assert claim.valid_from == d(2026, 8, 1)


def test_time_stays_with_its_own_clause() -> None:
    found = {c.predicate: c.valid_from
             for c in claims_of("I live in Prague and I quit smoking last month.", at=MAY)}
    assert found == {"city": MAY, "smoking_status": d(2026, 4, 1)}


def test_naive_turn_time_is_taken_as_utc() -> None:
    claim = claims_of("I live in Oslo.", at=datetime(2026, 1, 1, 12, 0))[0]
    assert claim.valid_from == datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def test_future_states_are_not_asserted_as_current() -> None:
    employer = [c for c in claims_of("I start at Google next month.", at=NOV)
                if c.predicate == "employer"]
    # A dated change is planned: true from its date, not now.
    assert [(c.modality, c.valid_from) for c in employer] == [("planned", d(2026, 12, 1))]
