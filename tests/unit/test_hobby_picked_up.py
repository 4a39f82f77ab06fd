"""'Picked up' starts a pastime only when what is picked up is one; kids, milk and a puppy
are fetched. Sentences of our own."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.test_rules_support import claims_of

AT = datetime(2027, 3, 10, 12, 0, tzinfo=UTC)


def hobbies(text: str) -> list[str]:
    return [c.object for c in claims_of(text, at=AT) if c.predicate == "hobby" and c.op == "assert"]


@pytest.mark.parametrize(("text", "hobby"), [
    ("I picked up knitting in lockdown.", "knitting"),
    ("I picked up the guitar again last year.", "guitar"),
    ("I've picked up bouldering this spring.", "bouldering"),
])
def test_a_pastime_picked_up_is_one(text: str, hobby: str) -> None:
    assert hobbies(text) == [hobby]


@pytest.mark.parametrize("text", [
    "I picked up the kids from school.",
    "We picked up a puppy from the shelter.",
    "I picked up some milk on the way.",
    "Pepper has a little sister now, we picked up another terrier on Sunday.",
])
def test_a_thing_fetched_is_no_pastime(text: str) -> None:
    assert hobbies(text) == []
