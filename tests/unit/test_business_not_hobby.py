"""An activity told as a business stores no hobby (pipeline/extract/business.py): a wrong
fact is worse than a missing one."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 6, 21, 8, 0, tzinfo=UTC)


def _hobbies(text: str) -> list[str]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    claims = RuleExtractor().extract(Transcript(namespace="n", user_id="u", session_id="s",
                                                started_at=AT, ended_at=AT, turns=[turn]))
    return [c.object for c in claims if c.predicate == "hobby" and c.op == "assert"]


@pytest.mark.parametrize("text", [
    "My side hustle is going well: I started brewing kombucha in my garage and we sold out at "
    "the farmers market.",
    "Priya and I started printing tote bags last spring, we're called Inkwell Totes now.",
    "I started making candles in March and now I have paying customers.",
    "I picked up woodturning and it's my little business now, bowls for three cafés.",
    "I took up pottery, and the wholesale orders from the gift shop pay my rent.",
])
def test_an_activity_that_earns_is_no_hobby(text):
    assert _hobbies(text) == []


@pytest.mark.parametrize(("text", "hobby"), [
    ("I started knitting last month, just for fun.", "knitting"),
    ("I took up pottery in the spring.", "pottery"),
    ("I started bouldering in April, twice a week at the gym.", "bouldering"),
])
def test_a_pastime_stays_a_hobby(text, hobby):
    assert _hobbies(text) == [hobby]
