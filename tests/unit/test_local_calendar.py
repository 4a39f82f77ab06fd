"""Days count on the speaker's calendar: a turn's own UTC offset decides what "tomorrow",
"on Friday" or "next month" is, on both sides of the UTC day boundary (+13:00, -10:00,
-06:00); what leaves the extractor is in UTC, and turns said in UTC resolve as before."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from pipeline.extract.timeexpr import find_times, resolve, resolve_future
from tests.unit.test_rules_support import claims_of

TONGA = timezone(timedelta(hours=13))      # Nuku'alofa: ahead of UTC by more than half a day
HAWAII = timezone(timedelta(hours=-10))
PRAIRIE = timezone(timedelta(hours=-6))

#: Thursday evening in Winnipeg's winter: UTC is already Friday.
THU_EVENING = datetime(2026, 3, 5, 20, 0, tzinfo=PRAIRIE)
#: Thursday morning in Tonga: UTC is still Wednesday.
THU_MORNING = datetime(2026, 3, 5, 8, 0, tzinfo=TONGA)
#: The last evening of July in Honolulu: UTC is already in August.
JUL_31_EVENING = datetime(2026, 7, 31, 18, 0, tzinfo=HAWAII)


def local(at: datetime, y: int, m: int, d: int) -> datetime:
    """Midnight of that day in `at`'s offset."""
    return datetime(y, m, d, tzinfo=at.tzinfo)


def ahead(text: str, at: datetime) -> datetime | None:
    return resolve_future(find_times(text)[0], at)


def back(text: str, at: datetime) -> datetime | None:
    return resolve(find_times(text)[0], at)


@pytest.mark.parametrize(("text", "at", "day"), [
    ("tomorrow", THU_EVENING, (2026, 3, 6)),
    ("on Friday", THU_EVENING, (2026, 3, 6)),
    ("on the 6th", THU_EVENING, (2026, 3, 6)),
    ("next week", THU_EVENING, (2026, 3, 9)),
    ("tomorrow", THU_MORNING, (2026, 3, 6)),
    ("on Wednesday", THU_MORNING, (2026, 3, 11)),
    ("next month", JUL_31_EVENING, (2026, 8, 1)),
    ("in August", JUL_31_EVENING, (2026, 8, 1)),
    ("on August 2", JUL_31_EVENING, (2026, 8, 2)),
])
def test_a_future_day_is_the_next_one_on_the_speakers_calendar(text, at, day) -> None:
    assert ahead(text, at) == local(at, *day)


@pytest.mark.parametrize(("text", "at", "day"), [
    ("yesterday", THU_MORNING, (2026, 3, 4)),
    ("last Thursday", THU_MORNING, (2026, 2, 26)),
    ("on Monday", THU_MORNING, (2026, 3, 2)),
    ("yesterday", THU_EVENING, (2026, 3, 4)),
    ("this month", JUL_31_EVENING, (2026, 7, 1)),
    ("last month", JUL_31_EVENING, (2026, 6, 1)),
    ("on 30 July", JUL_31_EVENING, (2026, 7, 30)),
])
def test_a_past_day_is_counted_back_on_the_speakers_calendar(text, at, day) -> None:
    assert back(text, at) == local(at, *day)


def test_a_plan_for_tomorrow_said_late_in_the_evening_west_of_utc_is_not_a_day_late() -> None:
    claim = next(c for c in claims_of("I start at Halvorsen Dental tomorrow.", at=THU_EVENING)
                 if c.predicate == "employer")
    assert claim.modality == "planned"
    assert claim.valid_from == datetime(2026, 3, 6, 6, 0, tzinfo=UTC)  # Friday 00:00 -06:00
    assert claim.valid_from.tzinfo is UTC  # the extractor hands on UTC


def test_a_move_next_month_said_on_the_last_evening_of_the_month_is_the_coming_one() -> None:
    claim = next(c for c in claims_of("We're moving to Kailua-Kona next month.",
                                      at=JUL_31_EVENING) if c.predicate == "city")
    assert (claim.modality, claim.valid_from) == ("planned",
                                                  datetime(2026, 8, 1, 10, 0, tzinfo=UTC))


def test_a_start_on_monday_said_on_monday_morning_east_of_utc_is_today() -> None:
    monday = datetime(2026, 3, 9, 7, 0, tzinfo=TONGA)  # UTC is still Sunday
    claim = next(c for c in claims_of("I started at Vaiola Hospital on Monday.", at=monday)
                 if c.predicate == "employer")
    assert claim.valid_from == local(monday, 2026, 3, 9)


def test_yesterday_in_the_morning_east_of_utc_is_not_two_days_back() -> None:
    claim = next(c for c in claims_of("I moved to Neiafu yesterday.", at=THU_MORNING)
                 if c.predicate == "city")
    assert claim.valid_from == local(THU_MORNING, 2026, 3, 4)


def test_a_present_fact_holds_from_the_turns_instant_in_utc() -> None:
    claim = next(c for c in claims_of("I live in Hilo.", at=JUL_31_EVENING)
                 if c.predicate == "city")
    assert claim.valid_from == JUL_31_EVENING and claim.valid_from.tzinfo is UTC


def test_the_same_words_in_utc_resolve_on_the_utc_calendar() -> None:
    """The trap: without an offset nothing moves ("tomorrow" at 02:00Z Friday is Saturday)."""
    at = THU_EVENING.astimezone(UTC)
    assert ahead("tomorrow", at) == datetime(2026, 3, 7, tzinfo=UTC)
    assert ahead("tomorrow", at.replace(tzinfo=None)) == datetime(2026, 3, 7, tzinfo=UTC)
    claim = next(c for c in claims_of("I start at Halvorsen Dental tomorrow.", at=at)
                 if c.predicate == "employer")
    assert claim.valid_from == datetime(2026, 3, 7, tzinfo=UTC)


def test_in_the_middle_of_the_day_the_offset_changes_no_date() -> None:
    """The other trap: at noon -10:00 UTC has the same date, so the day is the same one."""
    noon = datetime(2026, 7, 20, 12, 0, tzinfo=HAWAII)
    assert ahead("tomorrow", noon).date() == ahead("tomorrow", noon.astimezone(UTC)).date()
    assert back("last Monday", noon).date() == back("last Monday", noon.astimezone(UTC)).date()
