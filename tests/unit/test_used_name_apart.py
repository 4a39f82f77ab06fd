"""The name the user goes by, told apart from the official one: later in the sentence, past
a clause that disowns the official name, or in another sentence of the turn (a sign-off asked
for, "call me ...", "everyone calls me ..."). Sentences of their own, several wordings each,
beside the traps: someone else's names, a question, an official name with no used one.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.used_name import used_name
from tests.unit.test_rules_support import claims_of

AT = datetime(2027, 6, 14, 12, 0, tzinfo=UTC)


def preferred(text: str) -> list[str]:
    return [c.object for c in claims_of(text, at=AT) if c.predicate == "preferred_name"]


@pytest.mark.parametrize(("text", "name"), [
    ("Officially I'm Bartholomew on every form, but nobody has used that in decades, it's "
     "Barty to everyone.", "Barty"),
    ("On paper I'm Wilhelmina, which only the bank still uses, and everyone calls me Mina.",
     "Mina"),
    ("My passport says Oluwaseun, long story, but I go by Seun.", "Seun"),
    ("I'm Evangeline on all my documents, though honestly it's Evie to my friends.", "Evie"),
])
def test_the_used_name_later_in_the_sentence(text: str, name: str) -> None:
    assert used_name(text, question=False) == name
    assert preferred(text) == [name]


@pytest.mark.parametrize(("text", "name"), [
    ("Can you draft a thank-you card for my neighbours? Sign it Tolu, by the way. My passport "
     "says Tolulope but nobody has called me that since I was nine.", "Tolu"),
    ("My birth certificate says Alexandrina. No one uses it. Just call me Sandy in the email.",
     "Sandy"),
    ("Sign off as Rafa please. Officially I'm Rafael, but nobody calls me that.", "Rafa"),
    ("Legally I'm Margaretha on the forms. Everyone at work calls me Greet, use that.",
     "Greet"),
])
def test_the_used_name_in_another_sentence_of_the_turn(text: str, name: str) -> None:
    assert preferred(text) == [name]


@pytest.mark.parametrize("text", [
    # someone else's names
    "My son's passport says Maximilian but everyone calls him Max. Sign it from both of us.",
    "Her passport says Katarzyna. Sign it Kasia, she'll love that.",
    # a question
    "Should I sign it Tolu? My passport says Tolulope.",
    # an official name, and nothing said of using another
    "My passport says Tolulope and it expires in May.",
    # a sign-off without any official name: the card may be from anyone
    "Write a birthday card for my aunt and sign it Mum.",
])
def test_no_used_name_from_someone_else_a_question_or_one_name_alone(text: str) -> None:
    assert preferred(text) == []


def test_the_official_name_is_not_taken_for_the_used_one() -> None:
    text = "Sign it Tolulope. My passport says Tolulope but nobody calls me that."
    assert preferred(text) == []
