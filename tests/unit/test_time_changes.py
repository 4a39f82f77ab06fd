"""Changes of state told with their time (pipeline.extract.changes), sentence by sentence and
over short conversations of our own played through extraction and reconcile.

The sentences, people and places are written for these tests (not the dev scenarios').
"""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from pipeline.extract.changes import month_day
from pipeline.extract.rules import RuleExtractor
from pipeline.extract.timeexpr import span_before
from pipeline.reconcile import advance, reconcile
from pipeline.valid_time import holds_at
from schemas.records import Claim, Fact, Transcript, Turn
from tests.unit.test_rules_support import claims_of

FRI = datetime(2026, 5, 1, 10, 0, tzinfo=UTC)   # a Friday in May


def d(y: int, m: int, day: int) -> datetime:
    return datetime(y, m, day, tzinfo=UTC)


def _told(text: str, at: datetime = FRI) -> list[tuple[str, str, str, str, datetime | None]]:
    return [(c.predicate, c.object, c.op, c.modality, c.valid_from)
            for c in claims_of(text, at=at)]


@pytest.mark.parametrize(("text", "predicate", "obj", "start", "end"), [
    ("I went pescatarian in January but gave it up in March.", "dietary_restriction",
     "pescatarian", d(2026, 1, 1), d(2026, 3, 1)),
    ("I was keto from February, gave it up in April.", "dietary_restriction", "keto",
     d(2026, 2, 1), d(2026, 4, 1)),
    ("I took up archery in February and dropped it in April.", "hobby", "archery",
     d(2026, 2, 1), d(2026, 4, 1)),
    ("I was vegetarian for four years until last summer.", "dietary_restriction",
     "vegetarian", d(2021, 6, 1), d(2025, 6, 1)),
])
def test_a_state_told_with_its_end_is_asserted_then_ended(
        text: str, predicate: str, obj: str, start: datetime, end: datetime) -> None:
    found = [t for t in _told(text) if t[0] == predicate]
    assert (predicate, obj, "assert", "asserted", start) in found
    assert (predicate, obj, "retract", "ended", end) in found


@pytest.mark.parametrize("text", [
    "My brother was vegan until last year.",          # someone else's
    "I'm vegetarian until Easter, for Lent.",         # an end still to come
    "What if I just gave it up in March?",            # a question
    "I was vegan for a while.",                       # no end told
])
def test_no_end_is_read_where_none_of_the_users_is_told(text: str) -> None:
    assert not [t for t in _told(text) if t[2] == "retract"]


def test_a_last_day_still_to_come_ends_the_job_after_it() -> None:
    assert ("employer", "Pellwood Foods", "retract", "planned", d(2026, 5, 16)) in _told(
        "My last day at Pellwood Foods is the 15th.")
    # Without the employer named, the current one ends; a bare weekday is the day.
    assert ("employer", "", "retract", "planned", d(2026, 5, 9)) in _told(
        "I handed in my notice, my last day is Friday.")


def test_a_last_day_gone_by_has_ended() -> None:
    # Told on a Monday: last Friday was the 1st, so the job ended when the 2nd began.
    assert ("employer", "Pellwood", "retract", "ended", d(2026, 5, 2)) in _told(
        "Last Friday was my last day at Pellwood.", at=FRI + timedelta(days=3))


@pytest.mark.parametrize(("text", "predicate", "place"), [
    ("I lived in Dundee for twelve years before moving here to Inverness.", "city",
     "Inverness"),
    ("We rented in Porto for ages until we moved to Braga, and it's quieter.", "city",
     "Braga"),
])
def test_the_place_a_backstory_led_to_is_where_the_user_lives(text: str, predicate: str,
                                                              place: str) -> None:
    found = _told(text)
    assert [t[1] for t in found if t[0] == predicate and t[2] == "assert"] == [place]


@pytest.mark.parametrize("text", [
    "My aunt lived in Dundee for years before moving to Inverness.",
    "I lived in Dundee before moving to Inverness for a conference week.",
])
def test_someone_elses_or_a_visits_arrival_places_nobody(text: str) -> None:
    assert not [t for t in _told(text) if t[0] == "city"]


def test_a_stay_counted_up_to_now_dates_the_move() -> None:
    found = _told("About two months in Lisbon now and the hills still kill me.")
    assert ("city", "Lisbon", "assert", "asserted", d(2026, 3, 1)) in found
    assert not [t for t in _told("We spent two weeks in Lisbon now and then.")
                if t[0] == "city"]


@pytest.mark.parametrize(("text", "value"), [
    ("My birthday's on the 3rd of July, so plan something.", "July 3"),
    ("I was born on 12 March 1990.", "March 12, 1990"),
    ("My birthday is next Thursday!", "May 7"),
])
def test_a_birthday_is_kept_by_its_date(text: str, value: str) -> None:
    assert [t[1] for t in _told(text) if t[0] == "birthday"] == [value]


@pytest.mark.parametrize(("text", "obj", "until"), [
    ("I have a dentist appointment on June 12.", "dentist appointment", d(2026, 6, 13)),
    ("I've got my annual check-up next Tuesday.", "annual check-up", d(2026, 5, 6)),
])
def test_an_appointment_is_a_plan_that_expires_by_its_date(text: str, obj: str,
                                                           until: datetime) -> None:
    found = [c for c in claims_of(text, at=FRI) if c.predicate == "plan"]
    assert [(c.object, c.valid_from, c.valid_to) for c in found] == [(obj, FRI, until)]


def test_span_and_day_helpers() -> None:
    assert span_before("for six years", d(2025, 6, 1)) == d(2019, 6, 1)
    assert span_before("no span here", FRI) is None
    assert month_day("on the 9th of November", FRI) == "November 9"
    assert month_day("in the spring", FRI) is None


# --- conversations of our own, played through extraction and reconcile ----------------------

def _play(sessions: list[tuple[datetime, list[str]]]) -> list[Fact]:
    """The user's fact rows after each session's claims are reconciled in order."""
    rows: list[Fact] = []
    for n, (at, texts) in enumerate(sessions):
        sid = f"s{n + 1}"
        turns = tuple(Turn(index=i, role="user", text=t, at=at + timedelta(seconds=40 * i))
                      for i, t in enumerate(texts))
        claims: list[Claim] = RuleExtractor().extract(Transcript(
            namespace="ns", user_id="u", session_id=sid, started_at=at,
            ended_at=at + timedelta(minutes=20), turns=turns))
        plan = reconcile(claims, [f for f in rows if f.valid_to is None], namespace="ns",
                         user_id="u", session_id=sid, now=at + timedelta(minutes=30),
                         history=rows)
        rows = advance(rows, plan)
    return rows


def _at(rows: list[Fact], predicate: str, when: datetime) -> list[str]:
    return sorted(f.object for f in rows if f.predicate == predicate and holds_at(f, when))


def test_a_diet_started_and_dropped_holds_only_in_between() -> None:
    rows = _play([
        (d(2025, 11, 3), ["Honestly the commute is fine. I've been vegan since September and "
                          "I feel great, any quick lunch ideas?"]),
        (d(2026, 4, 20), ["Quick one: I went back to eating cheese, gave up being vegan in "
                          "February. Cheese toastie recipes please."]),
    ])
    assert _at(rows, "dietary_restriction", d(2025, 12, 1)) == ["vegan"]
    assert _at(rows, "dietary_restriction", d(2026, 4, 21)) == []


def test_a_notice_period_keeps_the_job_until_the_last_day() -> None:
    rows = _play([
        (d(2026, 3, 2), ["I'm a buyer at Harrowgate Mills, been there six years."]),
        (d(2026, 3, 10), ["I finally handed in my notice! My last day at Harrowgate Mills is "
                          "the 27th, then a month off before anything new."]),
    ])
    assert _at(rows, "employer", d(2026, 3, 20)) == ["Harrowgate Mills"]
    assert _at(rows, "employer", d(2026, 3, 27)) == ["Harrowgate Mills"]
    assert _at(rows, "employer", d(2026, 4, 2)) == []


def test_backstory_then_the_present_place() -> None:
    rows = _play([
        (d(2026, 6, 1), ["I lived in Dundee for twelve years before moving over to Inverness, "
                         "and the light up here is something else. What should I plant in a "
                         "north-facing garden?"]),
    ])
    assert _at(rows, "city", d(2026, 6, 2)) == ["Inverness"]


@pytest.mark.parametrize("text", [
    "We decided to move to Perth.",                  # a decision without a date: no move yet
    "I'm going to join Globex, I think.",
    "What if we moved to Denver next year?",
    "If I moved to Perth I'd miss the rain.",
    "I was supposed to move to Perth but it fell through.",   # what nearly happened
    "We nearly moved to Perth last year.",
    "I was going to take the job at Globex, but no.",
])
def test_an_intention_or_a_what_if_changes_no_place_or_job(text: str) -> None:
    assert not [t for t in _told(text) if t[0] in ("city", "employer") and t[2] == "assert"
                and t[3] == "asserted"]


def test_a_dated_decision_is_planned_from_its_date() -> None:
    assert ("city", "Perth", "assert", "planned", d(2026, 7, 1)) in _told(
        "We've decided to move to Perth in July.")


def test_a_dated_move_without_a_destination_goes_where_the_turn_named() -> None:
    found = _told("I didn't get the Hobart job. But my wife got offered a post in Darwin and "
                  "we've said yes. We move on the 4th of June, so help me pack.")
    assert ("city", "Darwin", "assert", "planned", d(2026, 6, 4)) in found
    assert not [t for t in found if t[1] == "Hobart"]


def test_a_promotion_dates_the_title_told_beside_it() -> None:
    assert ("job_title", "senior buyer", "assert", "asserted", d(2026, 3, 1)) in _told(
        "I got promoted in March, senior buyer now, same team.")
    assert not [t for t in _told("My sister got promoted in March, team lead now.")
                if t[0] == "job_title"]


@pytest.mark.parametrize(("text", "predicate", "obj", "when"), [
    ("My squash days are over, the knee says no.", "hobby", "squash", FRI),
    ("My keto days are over.", "dietary_restriction", "keto", FRI),
    ("I haven't played chess since March, no time.", "hobby", "chess", d(2026, 3, 1)),
    ("I'm not at Harrowgate anymore, left in February.", "employer", "Harrowgate",
     d(2026, 2, 1)),
    ("I quit my job last Friday and I feel great.", "employer", "", d(2026, 4, 24)),
    ("I'm done with woodturning.", "hobby", "woodturning", FRI),
])
def test_endings_said_in_passing(text: str, predicate: str, obj: str, when: datetime) -> None:
    assert (predicate, obj, "retract", "ended", when) in _told(text)


@pytest.mark.parametrize("text", [
    "What if I quit my job?", "My brother was laid off in March.",
    "My dad's golf days are over.", "I'm not with Harrowgate, I'm with Pellwood.",
])
def test_no_ending_for_questions_others_or_contrasts(text: str) -> None:
    assert not [t for t in _told(text) if t[2] == "retract" and t[0] in (
        "employer", "hobby")]


def test_an_appointment_told_by_its_own_date_and_a_subjectless_stay() -> None:
    found = [c for c in claims_of("My eye test appointment is on the 14th.", at=FRI)
             if c.predicate == "plan"]
    assert [(c.object, c.valid_to) for c in found] == [("eye test appointment", d(2026, 5, 15))]
    assert not [c for c in claims_of("My sister's surgery is on Monday.", at=FRI)
                if c.predicate == "plan"]
    assert ("city", "Lisbon", "assert", "asserted", d(2026, 4, 10)) in _told(
        "Nearly three weeks in Lisbon now.")
    assert not [t for t in _told("She's three weeks in Lisbon now.") if t[0] == "city"]


def test_a_stay_or_a_job_counted_in_the_perfect_or_up_to_now() -> None:
    assert ("city", "Galway", "assert", "asserted", d(2023, 5, 1)) in _told(
        "We've been in Galway three years now.")
    assert ("employer", "Pellwood", "assert", "asserted", d(2024, 5, 1)) in _told(
        "Two years at Pellwood now and still no raise.")
    assert not [t for t in _told("We've been in Galway two weeks now on holiday.")
                if t[0] == "city"]
    assert not [t for t in _told("My sister has two years at Pellwood now.")
                if t[0] == "employer"]


def test_done_with_a_city_without_a_move_keeps_no_history() -> None:
    rows = _play([
        (d(2026, 1, 12), ["I work as a sound engineer at Kellwick Audio."]),
        (d(2026, 4, 20), ["My sister moved to Aarhus three weeks ago.",
                          "She's done with Odense, she says."]),
    ])
    assert [f for f in rows if f.predicate == "city"] == []


def test_a_denied_city_beside_a_move_is_no_history() -> None:
    rows = _play([
        (d(2026, 1, 12), ["I work as a sound engineer at Kellwick Audio."]),
        (d(2026, 4, 20), ["We moved back to Aarhus three weeks ago.",
                          "I don't live in Odense, that was only where the gig was."]),
    ])
    assert [f.object for f in rows if f.predicate == "city"] == ["Aarhus"]


def test_a_planned_move_told_again_with_a_new_date_moves_the_switch() -> None:
    rows = _play([
        (d(2026, 1, 12), ["We live in Tampere and I teach maths at a lukio there."]),
        (d(2026, 2, 2), ["Big news: we're moving to Oulu on the 1st of May."]),
        (d(2026, 3, 9), ["The landlord pushed it back, we're now moving to Oulu on the 20th "
                         "of May."]),
    ])
    assert _at(rows, "city", d(2026, 5, 10)) == ["Tampere"]
    assert _at(rows, "city", d(2026, 5, 21)) == ["Oulu"]
    assert len([f for f in rows if f.predicate == "city" and f.object == "Oulu"
                and f.retracted_at is None]) == 1


def test_a_planned_move_told_again_with_the_same_date_is_reconfirmed() -> None:
    rows = _play([
        (d(2026, 1, 12), ["We live in Tampere and I teach maths at a lukio there."]),
        (d(2026, 2, 2), ["Big news: we're moving to Oulu on the 1st of May."]),
        (d(2026, 3, 9), ["Still on track, we're moving to Oulu on the 1st of May."]),
    ])
    assert _at(rows, "city", d(2026, 4, 30)) == ["Tampere"]
    assert _at(rows, "city", d(2026, 5, 2)) == ["Oulu"]


def test_a_date_for_the_move_alone_re_dates_the_planned_move() -> None:
    rows = _play([
        (d(2026, 1, 12), ["We live in Tampere and I teach maths at a lukio there."]),
        (d(2026, 2, 2), ["Big news: we're moving to Oulu next spring, once the flat is sold."]),
        (d(2026, 2, 23), ["We finally have a date for the move: the 20th of March."]),
    ])
    assert _at(rows, "city", d(2026, 3, 10)) == ["Tampere"]
    assert _at(rows, "city", d(2026, 3, 21)) == ["Oulu"]


def test_a_bare_move_date_with_nothing_planned_changes_nothing() -> None:
    rows = _play([
        (d(2026, 1, 12), ["We live in Tampere and I teach maths at a lukio there."]),
        (d(2026, 2, 23), ["My sister is in a state, the move is on the 20th of March."]),
    ])
    assert _at(rows, "city", d(2026, 3, 21)) == ["Tampere"]
    assert all(f.object for f in rows)


@pytest.mark.parametrize(("text", "day"), [
    ("I turn forty on the 9th of July, send help.", "July 9"),
    ("I'll be 30 on 2 May, which is terrifying.", "May 2"),
])
def test_an_age_reached_on_a_day_is_the_birthday(text: str, day: str) -> None:
    assert [c.object for c in claims_of(text, at=FRI) if c.predicate == "birthday"] == [day]


@pytest.mark.parametrize("text", [
    "My son turns ten on the 9th of July.", "I'll be away on the 9th of July.",
    "Will I be 30 on 2 May?",
])
def test_someone_elses_age_or_a_day_away_is_no_birthday(text: str) -> None:
    assert [c for c in claims_of(text, at=FRI) if c.predicate == "birthday"] == []


def test_an_appointment_moved_to_another_day_expires_by_the_new_one() -> None:
    rows = _play([
        (d(2026, 5, 1), ["I have a dentist appointment on the 12th and I'm dreading it."]),
        (d(2026, 5, 8), ["Reprieve: my dentist appointment got moved to the 19th."]),
    ])
    assert _at(rows, "plan", d(2026, 5, 15)) == ["dentist appointment"]
    assert _at(rows, "plan", d(2026, 5, 21)) == []


def test_someone_elses_appointment_moved_leaves_the_users_day() -> None:
    rows = _play([
        (d(2026, 5, 1), ["I have a dentist appointment on the 12th and I'm dreading it."]),
        (d(2026, 5, 8), ["My sister's dentist appointment got moved to the 19th."]),
    ])
    assert _at(rows, "plan", d(2026, 5, 11)) == ["dentist appointment"]
    assert _at(rows, "plan", d(2026, 5, 15)) == []
