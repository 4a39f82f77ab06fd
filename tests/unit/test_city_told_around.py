"""Where the user lives, told around something else: a move dated by its arrangements ("the
flights are booked for the 14th"), a city left at a time kept as history, a move "down to"
or "up in" a city, snowed in at home, lunches brought from home in a city. Each beside a
trap: someone else's move, another event's date, a correction, a trip, a past home."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from pipeline.replay import extract_claims
from schemas.records import Claim, Transcript, Turn

AT = datetime(2026, 1, 10, 13, tzinfo=UTC)


def city_claims(text: str) -> list[Claim]:
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=(Turn(index=0, role="user", text=text, at=AT),))
    return [c for c in extract_claims(transcript, RuleExtractor()) if c.predicate == "city"
            and c.subject == "user"]


def told(text: str) -> set[tuple[str, str, str, datetime | None, datetime | None]]:
    return {(c.op, c.modality, c.object, c.valid_from, c.valid_to) for c in city_claims(text)}


@pytest.mark.parametrize(("text", "city", "day"), [
    ("So it's official: we're moving from Hanoi to Da Nang — the flights are booked for the "
     "14th of March and the lease on the new place starts that same day.", "Da Nang",
     datetime(2026, 3, 14, tzinfo=UTC)),
    ("We're moving to Leeds. The movers come on the 3rd of March.", "Leeds",
     datetime(2026, 3, 3, tzinfo=UTC)),
    ("I'm relocating to Porto, the keys are handed over on the 2nd of February.", "Porto",
     datetime(2026, 2, 2, tzinfo=UTC)),
])
def test_a_move_told_ahead_is_planned_from_its_arrangements_date(text: str, city: str,
                                                                 day: datetime) -> None:
    planned = {(c.object, c.valid_from) for c in city_claims(text) if c.modality == "planned"}
    assert planned == {(city, day)}


def test_a_move_dated_to_its_month_takes_the_arrangements_day_and_its_origin() -> None:
    claims = told("We're moving to Kelowna next month! Our flight out of Sudbury is Monday the "
                  "9th of February and we get the keys that same evening.")
    assert ("assert", "planned", "Kelowna", datetime(2026, 2, 9, tzinfo=UTC), None) in claims
    assert ("assert", "asserted", "Sudbury", AT, None) in claims


def test_a_day_in_another_month_leaves_the_months_date() -> None:
    planned = {c.valid_from for c in city_claims(
        "We're moving to Kelowna next month! The lease on the flat here ends on the 3rd of "
        "April.") if c.modality == "planned"}
    assert planned == {datetime(2026, 2, 1, tzinfo=UTC)}


def test_the_city_moved_from_is_home_until_the_move() -> None:
    claims = told("We're moving from Hanoi to Da Nang — the flights are booked for the 14th "
                  "of March.")
    assert ("assert", "asserted", "Hanoi", AT, None) in claims


@pytest.mark.parametrize("text", [
    "We're moving to Leeds; my flight to Rome for a conference is on the 3rd of March.",
    "My sister is moving to Oslo, her flights are booked for the 14th of March.",
    "Are we moving to Leeds? The lease ends on the 3rd of March.",
])
def test_another_events_date_someone_elses_move_or_a_question_plans_nothing(text: str) -> None:
    assert not any(c.modality == "planned" for c in city_claims(text))


@pytest.mark.parametrize(("text", "city", "end"), [
    ("Trondheim, not Bergen! We left Bergen at the end of August.", "Bergen",
     datetime(2025, 8, 31, tzinfo=UTC)),
    ("I left Cork in 2019 and never looked back.", "Cork", datetime(2019, 1, 1, tzinfo=UTC)),
])
def test_a_city_left_at_a_time_is_an_ended_home(text: str, city: str, end: datetime) -> None:
    assert ("assert", "ended", city, end, end) in told(text)


@pytest.mark.parametrize("text", [
    "Not Bergen, Trondheim!",
    "My sister left Bergen at the end of August.",
    "We left Bergen at 6am and drove all day.",
])
def test_a_correction_someone_elses_leaving_or_a_departure_time_ends_no_home(text: str) -> None:
    assert not any(c.modality == "ended" and c.valid_to for c in city_claims(text))


@pytest.mark.parametrize(("text", "city", "since"), [
    ("Now that we've been up in Trondheim since the start of September I need a physio.",
     "Trondheim", datetime(2025, 9, 1, tzinfo=UTC)),
    ("We've been down in Dunedin since May.", "Dunedin", datetime(2025, 5, 1, tzinfo=UTC)),
    ("Ever since we moved down to Dunedin at the start of May the heat pump clicks.",
     "Dunedin", datetime(2025, 5, 1, tzinfo=UTC)),
    ("We moved up to Inverness in March and the dog loves it.", "Inverness",
     datetime(2025, 3, 1, tzinfo=UTC)),
])
def test_a_move_up_or_down_to_a_city_is_dated_home(text: str, city: str,
                                                   since: datetime) -> None:
    assert ("assert", "asserted", city, since, None) in told(text)


@pytest.mark.parametrize("text", [
    "My sister moved down to Dunedin in May.",
    "Ever since my parents moved down to Dunedin they call less.",
    "We've been up in the mountains since Friday.",
])
def test_someone_elses_move_or_no_city_is_no_home(text: str) -> None:
    assert city_claims(text) == []


@pytest.mark.parametrize(("text", "city"), [
    ("Snowed in again in Reykjavík. I want to learn to knit.", "Reykjavík"),
    ("We're snowed in again in Tromsø, the whole street is white.", "Tromsø"),
    ("Can you suggest some vegetarian lunches I can bring from home in Hanoi?", "Hanoi"),
    ("I mostly work from home in Leeds these days.", "Leeds"),
])
def test_home_told_by_the_weather_or_from_home(text: str, city: str) -> None:
    assert {c.object for c in city_claims(text)} == {city}


@pytest.mark.parametrize("text", [
    "My parents are snowed in in Buffalo again.",
    "We got snowed in in Chamonix on our ski trip.",
    "Snowed in in Denver airport, send help.",
    "Were you snowed in in Oslo?",
    "Back home in Lagos we ate this every Sunday.",
    "Do you work from home in Leeds?",
    "My sister works from home in Leeds.",
])
def test_someone_elses_weather_a_trip_a_question_or_a_hometown_is_no_home(text: str) -> None:
    assert city_claims(text) == []
