"""A lease on one's own new home starting on a future day is a planned move from that day;
someone else's lease, a past start, a condition or a question plan nothing."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.test_rules_support import claims_of

OCT = datetime(2026, 10, 8, 10, 0, tzinfo=UTC)


def _city(text: str) -> list[tuple[str, str, datetime]]:
    return [(c.object, c.modality, c.valid_from) for c in claims_of(text, at=OCT)
            if c.predicate == "city"]


@pytest.mark.parametrize(("text", "place", "day"), [
    ("The lease on our new place in Ghent starts on 1 April next year.", "Ghent",
     datetime(2027, 4, 1, tzinfo=UTC)),
    ("Our lease in Utrecht begins on March 3rd.", "Utrecht", datetime(2027, 3, 3, tzinfo=UTC)),
    ("My tenancy in Leeds begins on the 20th.", "Leeds", datetime(2026, 10, 20, tzinfo=UTC)),
])
def test_own_lease_starting_is_a_planned_move_from_its_day(text, place, day) -> None:
    assert _city(text) == [(place, "planned", day)]


@pytest.mark.parametrize("text", [
    "My sister's lease in Ghent starts on 1 April.",
    "The lease on her new place in Ghent starts on 1 April.",
    "If our new lease in Ghent starts on 1 April we are fine.",
    "Should our lease in Ghent start on 1 April?",
])
def test_other_leases_past_starts_and_conditions_plan_nothing(text) -> None:
    assert _city(text) == []


def test_a_lease_that_started_is_no_plan() -> None:
    # "our place in Ghent" may still tell where we live now; it is not a move to come.
    assert all(m != "planned" for _, m, _ in _city(
        "The lease on our place in Ghent started in April."))
