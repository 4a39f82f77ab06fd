"""Appointments, trips, birthdays and holidays told with their dates, in many shapes.

Sentences of our own (no scenario's names or places), told on a frozen Wednesday: a dated
plan or appointment is kept from when it is said until the end of the day it ends (its own
date, or the trip's return), never by when it was processed; a trip changes no city; other
people's, asked, past, negated and hypothetical ones give nothing.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.timeexpr import resolve_in
from tests.unit.test_rules_support import claims_of

WED = datetime(2027, 5, 12, 15, 0, tzinfo=UTC)   # Wednesday 12 May 2027


def d(y: int, m: int, day: int) -> datetime:
    return datetime(y, m, day, tzinfo=UTC)


def plans(text: str, at: datetime = WED) -> list[tuple[str, datetime | None]]:
    return [(c.object.lower(), c.valid_to) for c in claims_of(text, at=at)
            if c.predicate == "plan" and c.op == "assert"]


@pytest.mark.parametrize(("text", "word", "until"), [
    ("Dentist on Thursday at 10, wish me luck.", "dentist", d(2027, 5, 14)),
    ("I'm seeing the dentist on the 14th.", "dentist", d(2027, 5, 15)),
    ("The dentist is on Monday the 17th, so no coffee that morning.", "dentist",
     d(2027, 5, 18)),
    ("My appointment with the orthodontist is on the 20th.", "orthodontist", d(2027, 5, 21)),
    ("Vet appointment for Mochi at 4 tomorrow.", "vet", d(2027, 5, 14)),
    ("Got the GP next Tuesday about my knee.", "gp", d(2027, 5, 19)),
    ("Booked the physio for the 2nd of June, finally.", "physio", d(2027, 6, 3)),
    ("I have a hair appointment on Saturday.", "hair", d(2027, 5, 16)),
    ("Long week ahead: the kids have swimming, and I'm at the optician on Friday morning.",
     "optician", d(2027, 5, 15)),
])
def test_an_appointment_is_kept_until_its_own_day(text: str, word: str,
                                                  until: datetime) -> None:
    found = plans(text)
    assert any(word in obj and to == until for obj, to in found), found


@pytest.mark.parametrize(("text", "place", "until"), [
    ("We fly to Hanoi on the 14th and back on the 28th.", "hanoi", d(2027, 5, 29)),
    ("We're off to Kyoto on June 12 for two weeks.", "kyoto", d(2027, 6, 27)),
    ("Booked flights to Lima for the 3rd to the 17th of July!", "lima", d(2027, 7, 18)),
    ("Our trip to Porto is on June 12.", "porto", d(2027, 6, 13)),
    ("Flying to Oslo on Friday, back on Sunday night.", "oslo", d(2027, 5, 17)),
    ("I'm going to Lisbon on June 12.", "lisbon", d(2027, 6, 13)),
    ("We head to Marrakesh on the 1st of June until the 9th.", "marrakesh", d(2027, 6, 10)),
])
def test_a_trip_is_kept_until_it_ends(text: str, place: str, until: datetime) -> None:
    found = plans(text)
    assert any(place in obj and to == until for obj, to in found), found


def test_a_trip_changes_no_city() -> None:
    claims = claims_of("We fly to Hanoi on the 14th and back on the 28th.", at=WED)
    assert not [c for c in claims if c.predicate in ("city", "country")]


@pytest.mark.parametrize("text", [
    "My sister has the dentist on Thursday.",
    "Should I see the dentist on Thursday?",
    "I saw the dentist on Thursday and my teeth are fine.",
    "I'm a dentist at a clinic near the station.",
    "If the vet is free on Friday I'll take Mochi in.",
    "I didn't go to the dentist on Monday.",
    "Mum's appointment with the cardiologist is on the 20th.",
    "My parents fly to Hanoi on the 14th.",
    "What if we flew to Hanoi on the 14th?",
    "We flew to Hanoi on the 14th of April and loved it.",
    "I'd love a trip to Kyoto in June.",
    "My doctor says I should rest until Friday.",
])
def test_no_plan_from_others_questions_past_or_wishes(text: str) -> None:
    assert plans(text) == []


@pytest.mark.parametrize(("text", "day"), [
    ("My birthday is on the 9th of May.", "May 9"),
    ("It's my birthday on Saturday!", "May 15"),
    ("It's my birthday tomorrow, so no diet talk.", "May 13"),
    ("my birthday's next Tuesday and I'm turning 40", "May 18"),
])
def test_a_birthday_is_kept_by_its_day(text: str, day: str) -> None:
    found = [c.object for c in claims_of(text, at=WED) if c.predicate == "birthday"]
    assert found == [day]


@pytest.mark.parametrize("text", [
    "It's my sister's birthday on Saturday.",
    "My husband's birthday is on the 3rd.",
    "Is it my birthday on Saturday?",
])
def test_someone_elses_birthday_is_not_the_users(text: str) -> None:
    assert [c for c in claims_of(text, at=WED) if c.predicate == "birthday"] == []


@pytest.mark.parametrize(("text", "at", "expected"), [
    ("since Easter", WED, d(2027, 3, 28)),                         # Easter 2027: 28 March
    ("since Easter", datetime(2026, 6, 1, tzinfo=UTC), d(2026, 4, 5)),
    ("since Easter", datetime(2027, 3, 30, tzinfo=UTC), d(2027, 3, 28)),
    ("just after Easter", datetime(2026, 4, 20, tzinfo=UTC), d(2026, 4, 5)),
    ("over Christmas", WED, d(2026, 12, 20)),
])
def test_holidays_are_their_own_dates(text: str, at: datetime, expected: datetime) -> None:
    assert resolve_in(text, at) == expected


def _dated(text: str, predicate: str) -> list[tuple[str, str, datetime | None]]:
    return [(c.object, c.modality, c.valid_from) for c in claims_of(text, at=WED)
            if c.predicate == predicate and c.op == "assert"]


@pytest.mark.parametrize(("text", "predicate", "value", "start"), [
    ("My new job at Kestrel starts on the 3rd.", "employer", "Kestrel", d(2027, 6, 3)),
    ("We're in the new flat in Bristol from the 15th.", "city", "Bristol", d(2027, 5, 15)),
    ("We get the keys to the new place in Utrecht on the 1st.", "city", "Utrecht",
     d(2027, 6, 1)),
    ("From the 1st of June I'm a senior nurse at St Olav's.", "job_title", "senior nurse",
     d(2027, 6, 1)),
    ("Our move to Ghent is on the 20th.", "city", "Ghent", d(2027, 5, 20)),
    ("The move to Ghent is booked for the 20th.", "city", "Ghent", d(2027, 5, 20)),
])
def test_a_start_in_the_present_is_the_next_such_day(text: str, predicate: str, value: str,
                                                     start: datetime) -> None:
    assert _dated(text, predicate) == [(value, "planned", start)]


@pytest.mark.parametrize(("text", "predicate", "value", "start"), [
    ("I started at Kestrel on the 3rd.", "employer", "Kestrel", d(2027, 5, 3)),
    ("We moved to Ghent on the 20th.", "city", "Ghent", d(2027, 4, 20)),
    ("I've lived in Bristol since the 15th.", "city", "Bristol", d(2027, 4, 15)),
    ("The lease on our flat in Leeds started on the 1st.", "city", "Leeds", d(2027, 5, 1)),
])
def test_a_start_in_the_past_keeps_its_past_day(text: str, predicate: str, value: str,
                                                start: datetime) -> None:
    assert _dated(text, predicate) == [(value, "asserted", start)]


@pytest.mark.parametrize("text", [
    "My sister's new job at Kestrel starts on the 3rd.",
    "I work at Orbis from Monday to Friday.",
    "I'm in Berlin on the 3rd for a conference.",
])
def test_no_planned_change_from_others_schedules_or_visits(text: str) -> None:
    assert [c for c in claims_of(text, at=WED) if c.modality == "planned"] == []


@pytest.mark.parametrize(("text", "predicate", "start"), [
    # A day still to come by the tense dates nothing told beside it.
    ("The party's on the 18th of April at the beach, and I'm an accountant so I do the "
     "budget.", "job_title", WED),
    ("My wife Ines wants a weekend in Sintra for my birthday in March.", "partner_name", WED),
    ("I speak Dutch and French, so wish me luck at the dinner on Sunday.", "language_spoken",
     WED),
    # ... and a day told in the past keeps its past day.
    ("Ines and I got engaged on Saturday, on the beach at Sintra.", "partner_name",
     d(2027, 5, 8)),
    ("Our daughter Maud arrived on the 3rd and she is perfect.", "child_name", d(2027, 5, 3)),
])
def test_a_day_still_to_come_dates_nothing_told_beside_it(text: str, predicate: str,
                                                          start: datetime) -> None:
    found = [c.valid_from for c in claims_of(text, at=WED)
             if c.predicate == predicate and c.op == "assert"]
    assert found and all(v == start for v in found), found


def test_a_move_told_in_the_progressive_is_planned_from_its_day() -> None:
    # The second conjunct has no auxiliary of its own: it takes the first one's tense.
    found = _dated("I'm packing up the flat and moving to York on the 25th of June.", "city")
    assert found == [("York", "planned", d(2027, 6, 25))]


THU = datetime(2026, 3, 5, 19, 0, tzinfo=UTC)   # Thursday 5 March 2026


@pytest.mark.parametrize(("text", "past", "ahead"), [
    ("I started on the first of the month", d(2026, 3, 1), d(2026, 4, 1)),
    ("I stopped on New Year's Day", d(2026, 1, 1), d(2027, 1, 1)),
    ("we met on Christmas Eve", d(2025, 12, 24), d(2026, 12, 24)),
    ("from the first of April", d(2025, 4, 1), d(2026, 4, 1)),
    ("on March first", d(2026, 3, 1), d(2027, 3, 1)),
    ("on the twenty-second", d(2026, 2, 22), d(2026, 3, 22)),
    ("on Boxing Day", d(2025, 12, 26), d(2026, 12, 26)),
    ("three weeks today since my last cigarette", d(2026, 2, 12), None),
    ("two years since we moved", d(2024, 3, 5), None),
])
def test_days_said_in_words(text: str, past: datetime, ahead: datetime | None) -> None:
    from pipeline.extract.timeexpr import future_in
    assert (resolve_in(text, THU), future_in(text, THU)) == (past, ahead)


@pytest.mark.parametrize("text", [
    "I was the first to know", "the first time I went", "I may first check",
    "he came second", "on the second floor", "on the second day of the trip",
])
def test_ordinals_that_are_no_day(text: str) -> None:
    assert resolve_in(text, THU) is None


OCT = datetime(2026, 10, 14, 12, 0, tzinfo=UTC)   # Wednesday 14 October 2026


@pytest.mark.parametrize(("text", "past"), [
    ("we split up last Christmas", d(2025, 12, 20)),
    ("since last Easter", d(2026, 4, 5)),
    ("this time last year", d(2025, 10, 14)),
    ("I've been off sugar since Monday", d(2026, 10, 12)),
    ("since Saturday", d(2026, 10, 10)),
])
def test_backdated_forms(text: str, past: datetime) -> None:
    from pipeline.extract.timeexpr import future_in
    assert (resolve_in(text, OCT), future_in(text, OCT)) == (past, None)
