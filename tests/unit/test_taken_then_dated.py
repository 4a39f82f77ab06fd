"""A home or a job taken in one sentence and dated in the next: "We signed the lease on a
flat in Bergen today! It starts on 1 April next year, so that's when we move" is Bergen
planned from April 1, not Bergen now; "I accepted the offer from X. I start there on the
1st" is X planned. Meanwhile "we're in Stavanger until the end of March" is home now, its
end still to come, and the current home is no destination for a bare dated move. Sentences
of their own, beside someone else's lease, a question and a condition.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.test_rules_support import claims_of

AT = datetime(2027, 10, 11, 18, 0, tzinfo=UTC)  # a Monday in October


def d(y: int, m: int, day: int) -> datetime:
    return datetime(y, m, day, tzinfo=UTC)


def of(predicate: str, text: str) -> list[tuple[str, str, str, datetime | None]]:
    return [(c.op, c.object, c.modality, c.valid_from) for c in claims_of(text, at=AT)
            if c.predicate == predicate]


@pytest.mark.parametrize(("text", "predicate", "obj", "when"), [
    ("We signed the lease on a flat in Kraków today! It starts on 1 March next year, so "
     "that's when we move.", "city", "Kraków", d(2028, 3, 1)),
    ("We bought a house in Tartu. We move in on the 4th of November.", "city", "Tartu",
     d(2027, 11, 4)),
    ("I accepted the offer from Halvard Systems. I start there on the 1st of November.",
     "employer", "Halvard Systems", d(2027, 11, 1)),
    ("I finally landed the job at Brightwater Labs. I start on Monday, November 8.", "employer",
     "Brightwater Labs", d(2027, 11, 8)),
])
def test_a_home_or_job_taken_then_dated_is_planned(text: str, predicate: str, obj: str,
                                                   when: datetime) -> None:
    assert of(predicate, text) == [("assert", obj, "planned", when)]


@pytest.mark.parametrize("text", [
    "We signed the lease on a flat in Kraków. Should we move on 1 March?",
    "I got the job at Halvard Systems. If I start there on the 1st of November, I lose my bonus.",
])
def test_a_question_or_a_condition_dates_nothing(text: str) -> None:
    assert all(modality == "asserted" for _, _, modality, _ in
               of("city", text) + of("employer", text))


def test_someone_elses_lease_is_theirs() -> None:
    assert of("city", "My sister signed a lease on a flat in Kraków. She moves on 1 March.") == []


@pytest.mark.parametrize(("text", "city"), [
    ("Not yet, we're in Stavanger until the end of March.", "Stavanger"),
    ("I'm still in Leeds until the move.", "Leeds"),
    ("We're in Ghent until next summer, then who knows.", "Ghent"),
])
def test_a_stay_with_an_end_still_to_come_is_home_now(text: str, city: str) -> None:
    assert of("city", text) == [("assert", city, "asserted", AT)]


@pytest.mark.parametrize("text", [
    "I'm in Paris until Friday.",
    "We're in Lisbon until June for a course.",
    "My sister is in Oslo until March.",
    "Are we in Stavanger until March?",
])
def test_a_visit_someone_else_or_a_question_is_no_home(text: str) -> None:
    assert of("city", text) == []


def test_a_past_state_until_a_month_still_ends_then() -> None:
    # An ended state, not only a removal (move_times.py): kept as history if never held.
    assert of("city", "I lived in Cork until the end of March.") == [
        ("assert", "Cork", "ended", d(2027, 3, 31))]


def test_the_current_home_is_no_destination_of_a_dated_move() -> None:
    found = of("city", "I live in Stavanger. We move on 1 April next year.")
    assert ("assert", "Stavanger", "asserted", AT) in found
    assert ("assert", "Stavanger", "planned", d(2028, 4, 1)) not in found


@pytest.mark.parametrize(("text", "employer"), [
    ("I'll keep my job at Nordvik Maps, I'm fully remote, so only the flat changes.",
     "Nordvik Maps"),
    ("I'm staying on at Pellwood after the merger, whatever happens.", "Pellwood"),
    ("We're moving but I'm keeping my job with Ardent Health.", "Ardent Health"),
])
def test_a_job_kept_through_a_change_is_the_employer(text: str, employer: str) -> None:
    assert of("employer", text) == [("assert", employer, "asserted", AT)]


@pytest.mark.parametrize("text", [
    "If I keep my job at Pellwood I'll be bored.",
    "Should I keep my job at Pellwood?",
    "My wife is keeping her job at Pellwood.",
    "We'll stay at the Hilton on the way.",
])
def test_a_job_kept_only_maybe_or_by_someone_else_is_no_employer(text: str) -> None:
    assert of("employer", text) == []
