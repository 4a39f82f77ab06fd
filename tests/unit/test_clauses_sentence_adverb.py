"""A sentence adverb between "and" and a new subject still starts a clause: "I started
bouldering and honestly I'm hooked" is the hobby bouldering, not "honestly I'm hooked"."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.clauses import sentences
from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 6, 2, 8, 0, tzinfo=UTC)


def _hobbies(text: str) -> list[str]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    claims = RuleExtractor().extract(Transcript(namespace="n", user_id="u", session_id="s",
                                                started_at=AT, ended_at=AT, turns=[turn]))
    return [c.object for c in claims if c.predicate == "hobby" and c.op == "assert"]


@pytest.mark.parametrize(("text", "hobby"), [
    ("I started bouldering and honestly I'm hooked.", "bouldering"),
    ("I took up fencing and frankly I'm terrible at it.", "fencing"),
    ("I started running and actually, I love it.", "running"),
])
def test_the_adverb_clause_is_no_part_of_the_hobby(text, hobby):
    assert _hobbies(text) == [hobby]


def test_the_adverb_starts_a_clause():
    assert len(sentences("I started bouldering and honestly I'm hooked.")[0].clauses) == 2
    assert len(sentences("I'm honest and hard-working.")[0].clauses) == 1
