"""An end dated by its own clause: "the vegan thing lasted until January" beside "back on
meat" ends in January, not at the turn. Sentences of our own; someone else's phase beside.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.test_rules_support import claims_of

MARCH = datetime(2027, 3, 10, 12, 0, tzinfo=UTC)


def end_of(text: str, diet: str) -> list[datetime | None]:
    return [c.valid_from for c in claims_of(text, at=MARCH)
            if c.predicate == "dietary_restriction" and c.op == "retract" and c.object == diet]


@pytest.mark.parametrize(("text", "diet", "month"), [
    ("The vegan thing lasted until January.", "vegan", 1),
    ("The vegan thing lasted until January, I'm back on meat now.", "vegan", 1),
    ("I was vegetarian until February, now I'm back on meat.", "vegetarian", 2),
])
def test_the_end_is_when_its_clause_says(text: str, diet: str, month: int) -> None:
    assert end_of(text, diet) == [datetime(2027, month, 1, tzinfo=UTC)]


def test_someone_elses_phase_dates_nothing_of_the_users() -> None:
    assert end_of("My sister's vegan thing lasted until January, I'm back on meat though.",
                  "vegan") == [MARCH]


def test_back_on_meat_alone_ends_at_the_turn() -> None:
    assert end_of("I'm back on meat.", "vegetarian") == [MARCH]
