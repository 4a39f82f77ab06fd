"""A new job (or move) whose start is told with the weekday before its date ("on Tuesday,
October 13") and its title in an apposition (", as a clinical lead"): the change is planned
from the date itself, not from the next such weekday, and the old employer holds until then.
Sentences of their own, beside the traps: a question, a condition, someone else's start.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.timeexpr import future_in, resolve_in
from pipeline.reconcile import advance, reconcile
from pipeline.valid_time import holds_at
from schemas.records import Claim, Fact
from tests.unit.test_rules_support import claims_of

FRI = datetime(2027, 8, 27, 22, 0, tzinfo=UTC)  # a Friday at the end of August


def d(y: int, m: int, day: int) -> datetime:
    return datetime(y, m, day, tzinfo=UTC)


@pytest.mark.parametrize(("text", "expected"), [
    ("on Tuesday, October 12", d(2027, 10, 12)),
    ("on Monday October 4", d(2027, 10, 4)),
    ("from Wednesday, 1 December", d(2027, 12, 1)),
    ("on Friday the 3rd of September", d(2027, 9, 3)),
])
def test_a_weekday_before_a_date_is_the_dates(text: str, expected: datetime) -> None:
    assert future_in(text, FRI) == expected


def test_a_past_weekday_and_date_resolve_back_to_the_date() -> None:
    assert resolve_in("I moved on Saturday, July 3", FRI) == d(2027, 7, 3)


@pytest.mark.parametrize(("text", "employer", "title", "starts"), [
    ("I start at Halvard Systems on Tuesday, October 12, as a platform architect.",
     "Halvard Systems", "platform architect", d(2027, 10, 12)),
    ("Signed today: I begin at Otterburn Labs on the 20th, as a research scientist.",
     "Otterburn Labs", "research scientist", d(2027, 9, 20)),
    ("My notice runs out soon and I start at Kestrel Foods on Monday, November 1, "
     "as head of quality.", "Kestrel Foods", "head of quality", d(2027, 11, 1)),
])
def test_a_start_dated_with_its_weekday_and_a_title_apart_is_planned(
        text: str, employer: str, title: str, starts: datetime) -> None:
    found = {c.predicate: (c.object, c.modality, c.valid_from)
             for c in claims_of(text, at=FRI) if c.predicate in ("employer", "job_title")}
    assert found == {"employer": (employer, "planned", starts),
                     "job_title": (title, "planned", starts)}


@pytest.mark.parametrize("text", [
    "Do I start at Halvard Systems on Tuesday, October 12, as a platform architect?",
    "If I start at Halvard Systems on Tuesday, October 12, as an architect, I lose my bonus.",
    "My brother starts at Halvard Systems on Tuesday, October 12, as a platform architect.",
])
def test_a_question_a_condition_or_someone_elses_start_plans_nothing(text: str) -> None:
    assert [c for c in claims_of(text, at=FRI)
            if c.predicate in ("employer", "job_title")] == []


def test_as_i_said_still_starts_a_clause() -> None:
    # ", as I said" is a new clause; ", as a nurse" is the role of the one before it.
    found = [(c.predicate, c.object) for c in claims_of(
        "I'm vegan, as I said before, and I work at Brindle Cafe.", at=FRI)]
    assert ("dietary_restriction", "vegan") in found and ("employer", "Brindle Cafe") in found


def test_the_old_employer_holds_until_the_weekday_dated_start() -> None:
    text = ("My last day at Corrib Freight is Friday, October 1, and I start at Halvard "
            "Systems on Tuesday, October 12, as a platform architect.")
    told = claims_of(text, at=FRI)
    old = Fact(fact_id="employer-corrib", namespace="ns", user_id="u", predicate="employer",
               object="Corrib Freight", cardinality="single", valid_from=d(2022, 3, 1),
               asserted_at=d(2022, 3, 1), source="stated", confidence=0.9)
    claims = [c.model_copy(update={"session_id": "s9"}) for c in told
              if c.predicate == "employer"]
    assert any(isinstance(c, Claim) and c.modality == "planned" for c in claims)
    plan = reconcile(claims, [old], namespace="ns", user_id="u", session_id="s9", now=FRI,
                     history=[old])
    rows = advance([old], plan)
    held = {at: [f.object for f in rows if holds_at(f, at) and f.retracted_at is None]
            for at in (d(2027, 9, 15), d(2027, 10, 20))}
    assert held == {d(2027, 9, 15): ["Corrib Freight"], d(2027, 10, 20): ["Halvard Systems"]}
