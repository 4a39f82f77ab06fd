"""A job told by its first days ("First week as a full-time roaster!"),
pipeline/extract/first_as.py through the rule extractor."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 11, 3, 8, 0, tzinfo=UTC)


def _titles(text: str) -> list[str]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    claims = RuleExtractor().extract(Transcript(namespace="n", user_id="u", session_id="s",
                                                started_at=AT, ended_at=AT, turns=[turn]))
    return [c.object for c in claims if c.predicate == "job_title" and c.subject == "user"
            and c.op == "assert"]


@pytest.mark.parametrize(("text", "title"), [
    ("First week as a full-time roaster! The beans arrived yesterday.", "roaster"),
    ("It's my first shift as a qualified midwife and I'm terrified.", "midwife"),
    ("Just survived my first month as a junior doctor, barely.", "junior doctor"),
    ("First day as a part-time upholsterer tomorrow, wish me luck.", "upholsterer"),
])
def test_first_days_tell_the_title(text, title):
    assert _titles(text) == [title]


@pytest.mark.parametrize("text", [
    "My sister's first week as a nurse went really well.",
    "Her first day as a teacher is on Monday.",
    "First week as a vegetarian and I miss bacon.",
    "My first month as a mum has been a blur.",
    "First week as a full-time parent, send coffee.",
    "Was your first week as a nurse hard?",
])
def test_no_title_for_others_or_for_what_is_no_job(text):
    assert _titles(text) == []


@pytest.mark.parametrize(("text", "title"), [
    ("Two months into the sous chef job and I've burnt myself twice.", "sous chef"),
    ("Ten days into the postdoc and the lab already feels like home.", "postdoc"),
])
def test_the_span_spent_in_a_job_tells_the_title(text, title):
    assert _titles(text) == [title]


@pytest.mark.parametrize("text", [
    "Two weeks into the new job and I'm exhausted.",
    "A month into the diet and I've lost nothing.",
    "Three weeks into my sister's residency she already hates it.",
    "Are you two weeks into the postdoc yet?",
])
def test_no_title_from_the_span_of_a_job_unnamed_a_diet_or_someone_elses(text):
    assert _titles(text) == []
