"""A part of a month said in the past dates by that part: "I left at the end of August" ends
a job on August 31, not on the 1st (an `as_of` in mid-August still sees the job); "in late
May" is its last third, "mid-June" its middle, a bare month still its start. Sentences of
their own, with the end of a job and of a stay.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.timeexpr import resolve_in
from schemas.records import removes
from tests.unit.test_rules_support import claims_of

AT = datetime(2027, 10, 6, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "expected"), [
    ("at the end of August", "2027-08-31"),
    ("end of February", "2027-02-28"),
    ("in late May", "2027-05-21"),
    ("mid-June", "2027-06-15"),
    ("in mid-March", "2027-03-15"),
    ("in August", "2027-08-01"),
    ("at the start of September", "2027-09-01"),
    ("at the end of October", "2027-10-06"),  # not over yet: today
])
def test_a_part_of_a_past_month_dates_by_the_part(text: str, expected: str) -> None:
    value = resolve_in(text, AT)
    assert value is not None and value.date().isoformat() == expected


@pytest.mark.parametrize(("text", "predicate", "obj", "day"), [
    ("I left Corrib Freight at the end of August and took some time off.", "employer",
     "Corrib Freight", "2027-08-31"),
    ("We moved out of Galway at the end of July, it was time.", "city", "Galway",
     "2027-07-31"),
])
def test_an_end_at_the_end_of_a_month_is_dated_at_its_last_day(
        text: str, predicate: str, obj: str, day: str) -> None:
    ended = [c for c in claims_of(text, at=AT) if c.predicate == predicate and removes(c)]
    assert [(c.object, c.valid_from.date().isoformat()) for c in ended] == [(obj, day)]
