"""A diet started, a smoke-free span counted to today, an allergy disproved: told in passing."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import extract_turn
from schemas.records import Turn

AT = datetime(2025, 9, 24, 10, 0, tzinfo=UTC)


def claims(text: str) -> list:
    return extract_turn(Turn(index=0, role="user", text=text, at=AT), session_id="s")


def facts(text: str) -> set[tuple[str, str, str]]:
    return {(c.predicate, c.object, c.op) for c in claims(text)}


@pytest.mark.parametrize("text,value,start", [
    ("I started keto two weeks ago and the first days were rough.", "keto",
     datetime(2025, 9, 10, tzinfo=UTC)),
    ("Honestly I began paleo last month, mostly for my knees.", "paleo", None),
    ("We started low carb in June, so no pasta nights anymore.", "low-carb", None),
])
def test_a_regimen_started_is_held_from_its_start(text, value, start):
    [claim] = [c for c in claims(text) if c.predicate == "dietary_restriction"]
    assert (claim.object, claim.op) == (value, "assert")
    if start is not None:
        assert claim.valid_from == start


@pytest.mark.parametrize("text", [
    "My flatmate started keto two weeks ago and talks about nothing else.",
    "Should I start keto before the wedding?",
    "I might start paleo if the doctor agrees.",
    "I started keto recipes for my husband's birthday dinner.",
])
def test_someone_elses_or_a_wondered_regimen_is_not_held(text):
    assert not {f for f in facts(text) if f[0] == "dietary_restriction"}, facts(text)


@pytest.mark.parametrize("text", [
    "Six weeks today without a cigarette, and I stopped on a Tuesday.",
    "Ten days now without a smoke, feeling rough but proud.",
])
def test_a_smoke_free_span_counted_to_today(text):
    assert ("smoking_status", "non-smoker", "assert") in facts(text), facts(text)


@pytest.mark.parametrize("text", [
    "My uncle is three months today without a cigarette.",
    "Two weeks today without my phone, it's bliss.",
])
def test_someone_elses_span_or_another_habit_is_no_smoking_status(text):
    assert not {f for f in facts(text) if f[0] == "smoking_status"}, facts(text)


def test_an_allergy_disproved_after_all_is_removed():
    assert ("allergy", "amoxicillin", "retract") in facts(
        "The clinic retested me and I'm not allergic to amoxicillin after all.")


@pytest.mark.parametrize("text", [
    "My daughter isn't allergic to amoxicillin after all.",
    "I'm not allergic to horses, just dust.",
])
def test_a_disproved_allergy_adds_none(text):
    assert not {f for f in facts(text) if f[0] == "allergy" and f[2] == "assert"}, facts(text)


def test_a_bare_quit_in_the_turn_dates_the_smoke_free_span():
    [claim] = [c for c in claims("Five weeks today without a cigarette. I stopped on August 20th.")
               if c.predicate == "smoking_status"]
    assert (claim.object, claim.valid_from) == ("non-smoker", datetime(2025, 8, 20, tzinfo=UTC))


@pytest.mark.parametrize("text", [
    "Five weeks today without a cigarette. My brother stopped on August 20th.",
    "Five weeks today without a cigarette. I stopped at the chemist on August 20th.",
    "Five weeks today without a cigarette. I stopped drinking on August 20th too.",
])
def test_another_stop_leaves_the_span_undated(text):
    [claim] = [c for c in claims(text) if c.predicate == "smoking_status"]
    assert claim.valid_from is not None and claim.valid_from.date() == AT.date()


def test_a_bare_stop_alone_asserts_nothing():
    assert not facts("I stopped on August 20th.")


@pytest.mark.parametrize("text,value", [
    ("Confession time: I gave up on keto at the end of October.", "keto"),
    ("We dropped paleo over the summer, too much meat.", "paleo"),
    ("I quit low carb in the end, I missed bread.", "low-carb"),
])
def test_a_regimen_given_up_ends_it(text, value):
    assert ("dietary_restriction", value, "retract") in facts(text)


@pytest.mark.parametrize("text", [
    "My wife gave up on keto at the end of October.",
    "Should I give up keto before the holidays?",
    "I never gave up on keto, not once.",
])
def test_someone_elses_or_a_questioned_end_is_no_end_of_mine(text):
    assert not {f for f in facts(text) if f[0] == "dietary_restriction" and f[2] == "retract"}
