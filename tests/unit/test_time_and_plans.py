"""Time in the fact model: future dates, dated plans, planned facts and what holds when.

Table-driven over the pure functions, on a frozen clock; sentences and dates of their own
(not the dev scenarios').
"""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from pipeline.extract.planned import dated_plan, plan_of, shift_to_past
from pipeline.extract.timeexpr import future_in, resolve_in
from pipeline.profile import render_profile
from pipeline.reconcile import advance, reconcile
from pipeline.valid_time import holds_at
from schemas.plan import InsertFact
from schemas.records import Claim, Fact
from tests.unit.test_rules_support import claims_of

WED = datetime(2027, 9, 8, 16, 0, tzinfo=UTC)    # a Wednesday in September
JAN = datetime(2027, 1, 20, 9, 0, tzinfo=UTC)    # a Wednesday in January


def d(y: int, m: int, day: int) -> datetime:
    return datetime(y, m, day, tzinfo=UTC)


@pytest.mark.parametrize(("text", "at", "expected"), [
    ("I begin at Norwind on the 20th", WED, d(2027, 9, 20)),
    ("I begin at Norwind on the 3rd", WED, d(2027, 10, 3)),
    ("first day is Thursday the 14th", WED, d(2027, 10, 14)),   # the next 14th on a Thursday
    ("we fly out on October 2", WED, d(2027, 10, 2)),
    ("the gig is on 30 August", WED, d(2028, 8, 30)),           # gone by: next year's
    ("a checkup on March 9", JAN, d(2027, 3, 9)),               # this year's, not last year's
    ("we relocate next spring", WED, d(2028, 3, 1)),
    ("we relocate next spring", JAN, d(2027, 3, 1)),
    ("from November", WED, d(2027, 11, 1)),
    ("in February", WED, d(2028, 2, 1)),
    ("at the end of October", WED, d(2027, 10, 31)),
    ("next month", WED, d(2027, 10, 1)),
    ("next week", WED, d(2027, 9, 13)),
    ("next Tuesday", WED, d(2027, 9, 14)),
    ("on Friday", WED, d(2027, 9, 10)),
    ("tomorrow", WED, d(2027, 9, 9)),
    ("in ten days", WED, d(2027, 9, 18)),
    ("in three months", WED, d(2027, 12, 8)),
    ("in 2029", WED, d(2029, 1, 1)),
    ("this winter", WED, d(2027, 12, 1)),
])
def test_future_dates_resolve_against_the_turn(text: str, at: datetime,
                                               expected: datetime) -> None:
    assert future_in(text, at) == expected


@pytest.mark.parametrize("text", [
    "soon", "some day", "one day", "in the future", "later this year", "by the summer",
    "two weeks ago", "last Friday", "I live in Graz",
])
def test_vague_or_past_times_date_no_plan(text: str) -> None:
    assert future_in(text, WED) is None


@pytest.mark.parametrize(("text", "at", "expected"), [
    ("I started on the 2nd", WED, d(2027, 9, 2)),
    ("I started on the 20th", WED, d(2027, 8, 20)),
    ("we arrived on Monday", WED, d(2027, 9, 6)),
    ("since March", JAN, d(2026, 3, 1)),
    ("three weeks ago", WED, d(2027, 8, 18)),
])
def test_past_days_resolve_back(text: str, at: datetime, expected: datetime) -> None:
    assert resolve_in(text, at) == expected


@pytest.mark.parametrize(("clause", "shifted"), [
    ("I start at Norwind on the 20th", "I started at Norwind on the 20th"),
    ("I'm starting at Norwind next month", "I started at Norwind next month"),
    ("we're moving to Graz in February", "we moved to Graz in February"),
    ("we move to Graz next spring", "we moved to Graz next spring"),
    ("I'll be working at Norwind from November", "I work at Norwind from November"),
    ("I'm going to move to Graz next year", "I moved to Graz next year"),
    ("I'm leaving Pellwood at the end of October", "I left Pellwood at the end of October"),
])
def test_future_tense_is_shifted_for_the_rules(clause: str, shifted: str) -> None:
    assert shift_to_past(clause) == shifted


@pytest.mark.parametrize("clause", [
    "I work at Norwind from Monday to Friday",   # a routine, not a plan
    "if I move to Graz next year I'd need a car",
    "I might start at Norwind in November",
    "should I move to Graz next spring",
    "I love moving house",
    "my brother is moving to Graz next month",
])
def test_no_plan_without_a_real_future_change(clause: str) -> None:
    assert plan_of(clause, WED) is None


@pytest.mark.parametrize(("text", "predicate", "obj", "starts"), [
    ("I start at Norwind Labs on the 20th.", "employer", "Norwind Labs", d(2027, 9, 20)),
    ("We're moving to Graz in February.", "city", "Graz", d(2028, 2, 1)),
    ("I'll be working at Norwind Labs from November.", "employer", "Norwind Labs",
     d(2027, 11, 1)),
])
def test_dated_changes_are_planned_from_their_date(text: str, predicate: str, obj: str,
                                                   starts: datetime) -> None:
    found = [c for c in claims_of(text, at=WED) if c.predicate == predicate]
    assert [(c.object, c.modality, c.valid_from) for c in found] == [(obj, "planned", starts)]


def test_a_dated_plan_keeps_its_date_and_ends_after_it() -> None:
    plan = Claim(predicate="plan", object="trip to Split", valid_from=d(2026, 10, 2))
    dated = dated_plan(plan, "We're flying to Split on October 2", WED)
    assert (dated.valid_from, dated.valid_to) == (WED, d(2027, 10, 3))
    undated = dated_plan(plan, "We're planning a trip to Split", WED)
    assert (undated.valid_from, undated.valid_to) == (WED, None)
    other = Claim(predicate="city", object="Graz")
    assert dated_plan(other, "on October 2", WED) is other


def _fact(predicate: str, obj: str, start: datetime, end: datetime | None = None) -> Fact:
    return Fact(fact_id=f"{predicate}-{obj}", namespace="ns", user_id="u", predicate=predicate,
                object=obj, cardinality="single", valid_from=start, valid_to=end,
                asserted_at=start, source="stated", confidence=0.9)


def _after(claims: list[Claim], facts: list[Fact], now: datetime) -> list[Fact]:
    plan = reconcile(claims, [f for f in facts if f.valid_to is None], namespace="ns",
                     user_id="u", session_id="s9", now=now, history=facts)
    return advance(facts, plan)


def test_a_planned_job_supersedes_nothing_until_it_starts() -> None:
    old = _fact("employer", "Pellwood", d(2021, 5, 1))
    planned = Claim(predicate="employer", object="Norwind", modality="planned",
                    valid_from=d(2027, 9, 20), session_id="s9", turn=0)
    rows = _after([planned], [old], WED)
    held = {at: [f.object for f in rows if holds_at(f, at)]
            for at in (WED, d(2027, 9, 19), d(2027, 9, 20), d(2028, 1, 1))}
    assert held == {WED: ["Pellwood"], d(2027, 9, 19): ["Pellwood"],
                    d(2027, 9, 20): ["Norwind"], d(2028, 1, 1): ["Norwind"]}
    # The profile at each moment follows, with no new session.
    assert "Pellwood" in render_profile(rows, now=WED)
    assert "Norwind" in render_profile(rows, now=d(2027, 10, 1))
    assert "Pellwood" not in render_profile(rows, now=d(2027, 10, 1))


def test_a_value_told_after_its_planned_successor_holds_until_the_switch() -> None:
    planned = Claim(predicate="job_title", object="team lead", modality="planned",
                    valid_from=d(2027, 9, 20), session_id="s9", turn=0)
    before = Claim(predicate="job_title", object="analyst", valid_from=d(2022, 1, 1),
                   session_id="s9", turn=1)
    rows = _after([planned, before], [], WED)
    assert [(f.object, f.valid_from, f.valid_to) for f in rows if f.retracted_at is None] == [
        ("analyst", d(2022, 1, 1), d(2027, 9, 20)), ("team lead", d(2027, 9, 20), None)]


def test_moving_back_is_a_new_version() -> None:
    first = _fact("city", "Graz", d(2024, 1, 1))
    rows = _after([Claim(predicate="city", object="Linz", valid_from=d(2025, 3, 1),
                         session_id="s9", turn=0)], [first], d(2025, 4, 1))
    rows = _after([Claim(predicate="city", object="Graz", valid_from=d(2026, 6, 1),
                         session_id="s10", turn=0)], rows, d(2026, 7, 1))
    believed = sorted((f for f in rows if f.retracted_at is None), key=lambda f: f.valid_from)
    assert [f.object for f in believed] == ["Graz", "Linz", "Graz"]


def test_a_plan_told_again_is_not_stored_twice() -> None:
    plan = Claim(predicate="plan", object="trip to Split", valid_from=WED,
                 valid_to=d(2027, 10, 3), session_id="s9", turn=0)
    rows = _after([plan], [], WED)
    later = WED + timedelta(days=5)
    again = plan.model_copy(update={"session_id": "s10", "valid_from": later})
    plan2 = reconcile([again], [], namespace="ns", user_id="u", session_id="s10", now=later,
                      history=rows)
    assert not [op for op in plan2.ops if isinstance(op, InsertFact)]
    assert [f.object for f in rows if holds_at(f, d(2027, 10, 2))] == ["trip to Split"]
    assert [f.object for f in rows if holds_at(f, d(2027, 10, 3))] == []


@pytest.mark.parametrize(("text", "predicate", "obj", "when"), [
    # The job is taken now; it starts on the date of the other clause.
    ("I took the job at the Marlowe Clinic, I start there on the 1st of October.",
     "employer", "Marlowe Clinic", d(2027, 10, 1)),
    ("I accepted the offer from Halden Foods and I begin there on the 20th.",
     "employer", "Halden Foods", d(2027, 9, 20)),
    ("We bought a flat in Tartu, we move on the 4th of October.", "city", "Tartu",
     d(2027, 10, 4)),
])
def test_a_start_date_in_another_clause_makes_the_change_planned(
        text: str, predicate: str, obj: str, when: datetime) -> None:
    found = [c for c in claims_of(text, at=WED) if c.predicate == predicate]
    assert [(c.object, c.modality, c.valid_from) for c in found] == [(obj, "planned", when)]


@pytest.mark.parametrize("text", [
    "I took the job at the Marlowe Clinic, my sister starts there on the 1st of October.",
    "I took the job at the Marlowe Clinic, I started there on the 1st of September.",
    "I took the job at the Marlowe Clinic, should I start there on the 1st of October?",
])
def test_a_start_that_is_not_the_users_plan_dates_nothing_ahead(text: str) -> None:
    found = [c for c in claims_of(text, at=WED) if c.predicate == "employer"]
    assert [c.modality for c in found] == ["asserted"]
    assert all(c.valid_from is not None and c.valid_from <= WED for c in found)


def test_a_start_clause_dates_work_not_a_move_in_the_same_sentence() -> None:
    found = {c.predicate: c for c in claims_of("I moved to Oslo and I start at Kiwi on Monday.",
                                               at=WED)}
    assert found["employer"].modality == "planned"
    assert found["city"].modality == "asserted" and found["city"].valid_from <= WED


@pytest.mark.parametrize(("text", "obj", "until"), [
    ("I'm also going to a dental nursing congress in Leipzig on the 22nd, my first.",
     "dental nursing congress in Leipzig", d(2027, 9, 23)),
    ("We're going to my cousin's wedding in Koper on October 2.", "cousin's wedding in Koper",
     d(2027, 10, 3)),
])
def test_an_event_the_user_goes_to_is_a_plan_until_its_day(
        text: str, obj: str, until: datetime) -> None:
    found = [c for c in claims_of(text, at=WED) if c.predicate == "plan"]
    assert [(c.object, c.valid_to) for c in found] == [(obj, until)]


@pytest.mark.parametrize("text", [
    "My boss is going to a conference in Lyon next week.",
    "Should I go to a conference in Lyon?",
    "I'm not going to the reunion in October.",
])
def test_someone_elses_event_a_question_or_a_refusal_is_no_plan(text: str) -> None:
    assert [c for c in claims_of(text, at=WED) if c.predicate == "plan"] == []


@pytest.mark.parametrize(("text", "start"), [
    # told on Wednesday 8 September 2027: the month is the aim's target, not its start
    ("I hope to start at Lumen in November.", WED),
    ("My goal is to run a half marathon in October.", WED),
    # a past time still dates it
    ("Since January I've been trying to save for a house.", d(2027, 1, 1)),
])
def test_a_goal_with_a_date_still_to_come_is_held_from_when_it_is_told(
        text: str, start: datetime) -> None:
    found = [c for c in claims_of(text, at=WED) if c.predicate == "current_goal"]
    assert [c.valid_from for c in found] == [start]
