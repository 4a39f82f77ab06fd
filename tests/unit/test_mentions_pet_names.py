"""A pet named after it was mentioned (pipeline/extract/naming.py): later in the sentence, in
the next sentence, or in the user's next turn after the assistant's reply."""
from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 5, 4, 18, tzinfo=UTC)


def pets(*turns: tuple[str, str]) -> set[str]:
    made = tuple(Turn(index=i, role=role, text=text, at=AT)
                 for i, (role, text) in enumerate(turns))
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=made)
    return {c.object for c in RuleExtractor().extract(transcript)
            if c.predicate == "pet" and c.op == "assert"}


@pytest.mark.parametrize("text, pet", [
    ("We rescued a rabbit last weekend, his name is Clover.", "rabbit named Clover"),
    ("Got a hamster for my birthday. We named her Nutmeg.", "hamster named Nutmeg"),
    ("We've got a parrot now. He's called Captain.", "parrot named Captain"),
])
def test_a_pet_named_in_the_same_turn(text, pet):
    assert pets(("user", text)) == {pet}


def test_a_pet_named_in_the_next_turn_after_the_assistants_reply():
    assert pets(("user", "We adopted a greyhound from the track charity on Saturday!"),
                ("assistant", "How lovely! How is settling in going?"),
                ("user", "Her name is Juno and she has claimed the sofa already.")) == {
        "greyhound named Juno"}


def test_the_name_goes_to_the_pet_of_the_kind_said():
    assert pets(("user", "We have a dog and a tortoise. The tortoise is called Kevin.")) == {
        "dog", "tortoise named Kevin"}


def test_someone_elses_pet_or_person_takes_no_name():
    assert pets(("user", "We got a puppy. My manager is called Greta.")) == {"puppy"}
    assert pets(("user", "My neighbour got a dog, his name is Rufus.")) == set()


def test_a_name_three_turns_later_names_nothing():
    assert pets(("user", "We adopted a kitten."), ("assistant", "Congratulations!"),
                ("user", "Thanks! Anyway, the plan for Saturday."),
                ("assistant", "Go on."),
                ("user", "Her name is Mabel, my new colleague, and she is running it.")) == {
        "kitten"}


@pytest.mark.parametrize("text, pet", [
    ("We adopted a beagle mix that the rescue had named Pepper.", "beagle named Pepper"),
    ("Last week we got a collie someone at the farm called Bran, he is lovely.",
     "collie named Bran"),
    ("We have a second dog now, a whippet the breeder named Dash.", "whippet named Dash"),
])
def test_a_pet_named_in_a_relative_clause(text, pet):
    assert pets(("user", text)) == {pet}


def test_a_name_given_by_a_relative_clause_about_someone_else_names_no_pet_of_ours():
    assert pets(("user", "My friend has a dog she named Rex.")) == set()
    assert pets(("user", "We adopted a cat. My boss named her daughter Ivy.")) == {"cat"}
