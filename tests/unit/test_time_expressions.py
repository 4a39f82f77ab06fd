"""Relative and absolute times resolved against the turn's time (timeexpr): the spoken forms
beyond the plain ones, both directions. Dates of our own, on a fixed Friday."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.timeexpr import future_in, resolve_in

FRI = datetime(2026, 5, 1, 10, 0, tzinfo=UTC)


def d(y: int, m: int, day: int) -> datetime:
    return datetime(y, m, day, tzinfo=UTC)


@pytest.mark.parametrize(("text", "expected"), [
    ("we moved here in late 2019", d(2019, 10, 1)),
    ("we moved in mid-2021", d(2021, 6, 1)),
    ("in early 2020", d(2020, 1, 1)),
    ("I moved the week before last", d(2026, 4, 17)),
    ("moved here a year and a half ago", d(2024, 11, 1)),
    ("moved two and a half years ago", d(2023, 11, 1)),
    ("about eighteen months ago", d(2024, 11, 1)),
    ("we moved in spring 2024", d(2024, 3, 1)),
    ("in January last year", d(2025, 1, 1)),
    ("in March this year", d(2026, 3, 1)),
    ("since June", d(2025, 6, 1)),
    ("ten years ago", d(2016, 5, 1)),
])
def test_past_times(text: str, expected: datetime) -> None:
    assert resolve_in(text, FRI) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("we're moving at the end of the month", d(2026, 5, 31)),
    ("moving the week after next", d(2026, 5, 11)),
    ("we relocate in the new year", d(2027, 1, 1)),
    ("a trip on June 12", d(2026, 6, 12)),        # this year's: it has not come yet
    ("the gig is on April 3", d(2027, 4, 3)),      # gone by this year: next year's
])
def test_future_times(text: str, expected: datetime) -> None:
    assert future_in(text, FRI) == expected
