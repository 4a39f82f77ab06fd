"""Someone else's fact stays theirs. A rule pattern that names no subject of its own ("three
months without a cigarette", "no more cigarettes") used to fire on any clause, so "my brother
is three months without a cigarette" made the user a non-smoker. The clause's own subject now
decides (pipeline/extract/matching.py); the user's own spans, and a day as the opening
("Today is ..."), still count. Sentences of their own, several wordings and predicates.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.test_rules_support import claims_of

AT = datetime(2027, 5, 12, 18, 0, tzinfo=UTC)
_FACTS = ("smoking_status", "dietary_restriction", "employer", "job_title", "allergy", "city",
          "hobby", "language_spoken", "relationship_status")


def facts(text: str) -> set[tuple[str, str, str]]:
    return {(c.op, c.predicate, c.object) for c in claims_of(text, at=AT)
            if c.predicate in _FACTS}


@pytest.mark.parametrize("text", [
    "My brother is three months without a cigarette.",
    "My dad has been two years without a cigarette now, I'm so proud.",
    "My uncle is ten days off the cigarettes and climbing the walls.",
    "Honestly my flatmate is six weeks without smoking and it shows.",
    "Big news from home: my sister is a year without cigarettes.",
    "My friend Dana has been two weeks off sugar and dairy.",
    "My sister just got a job as a nurse at St Mary's.",
    "My mum is fluent in Italian.",
    "My cousin has been vegan for ten years.",
    "My sister gave up meat in January.",
    "My neighbour quit smoking.",
    "My friend took up pottery last month.",
])
def test_someone_elses_fact_is_not_the_users(text: str) -> None:
    assert facts(text) == set()


@pytest.mark.parametrize("text", [
    "Three months without a cigarette and I feel great.",
    "I'm three months without a cigarette today.",
    "My wife and I are three weeks without a cigarette.",
    "So proud of myself, six weeks without a cigarette.",
])
def test_the_users_own_span_still_counts(text: str) -> None:
    assert ("assert", "smoking_status", "non-smoker") in facts(text)


def test_the_user_beside_someone_else_keeps_their_own() -> None:
    # The brother's span is his; the user's own clause still says the user smokes.
    found = facts("My brother is three months without a cigarette, I'm still smoking though.")
    assert ("assert", "smoking_status", "non-smoker") not in found
    assert ("assert", "smoking_status", "smoker") in found


@pytest.mark.parametrize("text", [
    "Is my brother three months without a cigarette yet?",
    "If my brother is three months without a cigarette by June, I'll buy him dinner.",
])
def test_questions_and_conditions_about_others_give_nothing(text: str) -> None:
    assert facts(text) == set()


@pytest.mark.parametrize("text", [
    "My brother, three months without a cigarette!",
    "So proud of my sister: a year without cigarettes.",
    "My dad is doing brilliantly, two years off the cigarettes.",
])
def test_a_span_after_someone_else_named_before_it_is_theirs(text: str) -> None:
    assert facts(text) == set()


@pytest.mark.parametrize("text", [
    "My wife is so proud of me, three months without a cigarette.",
    "Update: three months without a cigarette.",
    "I'm thrilled, three months without a cigarette.",
])
def test_a_span_after_the_user_or_nobody_is_the_users(text: str) -> None:
    assert ("assert", "smoking_status", "non-smoker") in facts(text)
