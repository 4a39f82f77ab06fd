"""A sentence that opens with a condition on the world asserts nothing of its main clause;
a condition on the conversation ("if it helps") does not hold the statement back."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from pipeline.extract.rules import extract_turn
from schemas.records import Turn

AT = datetime(2026, 6, 1, 12, tzinfo=timezone.utc)


def _read(text: str) -> set[tuple[str, str]]:
    claims = extract_turn(Turn(index=0, role="user", text=text, at=AT), session_id="s")
    return {(c.predicate, c.object) for c in claims if c.op == "assert"}


@pytest.mark.parametrize("text", [
    "If we move to Oslo, I work at Equinor.",
    "If I get the job, I'm a nurse at St Olav's.",
    "Unless the visa falls through, I start at Telenor in May.",
    "Even if it rains all week, I live in the library then.",
    "So if the offer comes through, I'm moving to Lyon.",
])
def test_a_condition_on_the_world_holds_the_main_clause_back(text: str) -> None:
    assert not {p for p, _ in _read(text)} & {"employer", "job_title", "city"}


@pytest.mark.parametrize("text, fact", [
    ("If it helps, I'm vegan.", ("dietary_restriction", "vegan")),
    ("If you're wondering, I live in Bergen now.", ("city", "Bergen")),
    ("If that matters, I'm allergic to penicillin.", ("allergy", "penicillin")),
    ("I'm vegan, if that matters.", ("dietary_restriction", "vegan")),
])
def test_a_condition_on_the_conversation_asserts_the_statement(text, fact) -> None:
    assert fact in _read(text)
