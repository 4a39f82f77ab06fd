"""A partner named without the word for them, beside what only a couple shares ("our
anniversary", "our honeymoon"): pipeline/extract/passing_people.couple. Each with traps:
someone named as who they are, another couple's anniversary, a guest, a question, two names."""
from __future__ import annotations

import pytest

from tests.unit.test_rules_support import claims_of


def _partners(text: str) -> set[str]:
    return {c.object for c in claims_of(text) if c.predicate == "partner_name"
            and c.op == "assert" and c.subject == "user"}


@pytest.mark.parametrize(("text", "name"), [
    ("Anselmo opened the sparkling wine we were keeping for our anniversary, so now we need "
     "another bottle.", "Anselmo"),
    ("Rui and I celebrated our tenth wedding anniversary in Porto.", "Rui"),
    ("Then Dagny booked the same cabin we had on our honeymoon, the sweetheart.", "Dagny"),
])
def test_a_name_beside_the_couples_anniversary_is_the_partner(text, name):
    assert _partners(text) == {name}


@pytest.mark.parametrize("text", [
    "My brother Anselmo came round for our anniversary.",
    "Anselmo, our neighbour, brought a cake for our anniversary.",
    "Anselmo and Rita celebrated their anniversary.",
    "Did Anselmo forget our anniversary?",
    "Anselmo came to our anniversary party.",
    "Anselmo and Rita came to see us on our anniversary.",
    "Anselmo opened the wine we were keeping for his anniversary.",
])
def test_no_partner_from_a_relative_another_couple_a_guest_or_a_question(text):
    assert _partners(text) == set()
