"""A job won told as news, the organisation in the next sentence on its own ("I got the
postdoc!!! Aarhus University, in Denmark"): the employer, the title where the job's noun is
an occupation, planned from the start the turn dates (pipeline/extract/job_won.py)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.test_rules_support import claims_of

AT = datetime(2026, 3, 30, 17, 0, tzinfo=UTC)


def _work(text: str) -> set[tuple[str, str, str, str]]:
    return {(c.predicate, c.object, c.modality, c.valid_from.date().isoformat())
            for c in claims_of(text, at=AT)
            if c.predicate in ("employer", "job_title") and c.op == "assert"}


def test_a_won_postdoc_and_its_university_planned_from_the_start():
    text = ("I got the postdoc!!! Leiden University, in a group that studies tidal flats. "
            "It starts on the 1st of September. I defend in July.")
    assert _work(text) == {("employer", "Leiden University", "planned", "2026-09-01"),
                           ("job_title", "postdoc", "planned", "2026-09-01")}


def test_a_won_job_names_the_employer_only():
    assert _work("Landed the job! Brightwater Foods, in Leeds. I'm thrilled.") == {
        ("employer", "Brightwater Foods", "asserted", "2026-03-30")}


@pytest.mark.parametrize("text", [
    "My sister got the job! Orbis Bank, in Graz.",
    "Did I get the job? Orbis Bank never called.",
    "I got a puppy! Biscuit Farm, out past the ring road.",
    "We got the flat! Harbour Lofts, top floor.",
])
def test_no_employer_from_someone_elses_win_a_question_or_a_thing_won(text):
    assert _work(text) == set()
