"""A pet taken over from someone is the user's pet: the animal, not "neighbour's spaniel".

Sentences of our own; beside them the trap of someone else's pet told as scenery.
"""
from __future__ import annotations

import pytest

from tests.unit.test_rules_support import asserted


@pytest.mark.parametrize(("text", "pet"), [
    ("We've taken on my neighbour's old spaniel, Suki.", "spaniel named Suki"),
    ("We adopted my aunt's cat.", "cat"),
    ("I inherited my gran's budgie, Kiwi.", "budgie named Kiwi"),
    ("We took in a friend's rabbit called Biscuit when she moved abroad.",
     "rabbit named Biscuit"),
])
def test_a_pet_taken_over_is_the_users(text: str, pet: str) -> None:
    assert asserted(text, "pet") == [pet]


@pytest.mark.parametrize("text", [
    "My neighbour's spaniel Suki barks all night.",
    "My aunt adopted my gran's cat.",
    "Should we adopt my aunt's cat?",
    "I inherited my gran's piano.",
])
def test_someone_elses_pet_is_not_the_users(text: str) -> None:
    assert asserted(text, "pet") == []
