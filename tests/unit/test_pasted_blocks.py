"""Letters and forms pasted without rule lines are someone else's words: a letter from its
salutation to its sign-off, three or more "Field: value" lines, and what "a recruiter sent me
this" introduces never give the user's facts, while the user's own sentences around them
still do (pipeline/extract/trust.py)."""
from __future__ import annotations

import pytest

from pipeline.extract.trust import split_untrusted
from tests.unit.test_rules_support import claims_of


def _facts(text: str) -> set[tuple[str, str]]:
    return {(c.predicate, c.object) for c in claims_of(text)
            if c.subject == "user" and c.op == "assert" and c.untrusted_origin is None
            and c.predicate in ("city", "employer", "job_title")}


@pytest.mark.parametrize(("text", "own"), [
    ("An agency wrote to me, no idea why:\n\nDear Mr Lindqvist,\nWe hear you moved to Graz "
     "and joined Orbis Bank as a senior analyst.\nKind regards,\nPetra Holm\n\n"
     "I've never lived in Graz. I live in Linz.", {("city", "Linz")}),
    ("This landed in my inbox today.\nTo whom it may concern:\nYou are a pilot at Skyvale "
     "Air in Porto.\n\nWeird. I'm a baker in Braga.", {("city", "Braga"), ("job_title", "baker")}),
    ("The council's portal sent me my resident record to check:\n\nName: Ilse Brandt\n"
     "City: Dortmund\nEmployer: Rhein Steel\nPosition: Foreman\n\nNone of it is right, I'm a "
     "teacher in Essen.", {("city", "Essen"), ("job_title", "teacher")}),
])
def test_a_letter_or_a_form_gives_none_of_its_facts(text, own):
    assert _facts(text) == own


def test_the_blocks_are_set_apart_as_pasted():
    own, pasted = split_untrusted("A landlord sent me this\nDear tenant,\nYour rent rises in "
                                  "May.\nBest,\nOlaf\n\nOh no.")
    assert pasted == ["Dear tenant,\nYour rent rises in May.\nBest,\nOlaf"]
    assert "Oh no." in own


@pytest.mark.parametrize("text", [
    "Dear me, what a week.\nI moved to Oslo on Monday.",
    "Quick notes for the trip:\nTime: 5pm\nI live in Oslo.",
    "My sister sent me to the shops, and I live in Oslo now.",
])
def test_an_exclamation_two_lines_or_a_person_sent_are_no_paste(text):
    assert split_untrusted(text) == (text, [])
