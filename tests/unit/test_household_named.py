"""Pets and partners named the way people tell them: a pet named by someone in the household
("my son named her Pixie", "Ilse named him Bruno", a two-word name), the household's kids given
a pet, one pet told twice ("a kitten, a little tabby"), pets named by their ages after "the
cats"; a partner set off after "seeing someone" or named by the next sentence. Each beside its
trap. Sentences of our own, not from any scenario."""
from __future__ import annotations

from datetime import datetime, timezone

from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 6, 1, 12, tzinfo=timezone.utc)


def _read(*texts: str) -> set[tuple[str, str]]:
    turns = tuple(Turn(index=i, role="user", text=t, at=AT) for i, t in enumerate(texts))
    transcript = Transcript(session_id="s", namespace="n", user_id="u", started_at=AT,
                            ended_at=AT, turns=turns)
    return {(c.predicate, c.object) for c in RuleExtractor().extract(transcript)
            if c.op == "assert"}


def _of(predicate: str, *texts: str) -> set[str]:
    return {o for p, o in _read(*texts) if p == predicate}


def test_a_pet_named_by_someone_in_the_household() -> None:
    assert _of("pet", "We took in a rabbit from a farm near Gdynia, and my son named her "
                      "Pixie, after a cartoon.") == {"rabbit named Pixie"}
    assert _of("pet", "We have a dog now! Ilse named him Bruno, because he is huge.") == {
        "dog named Bruno"}


def test_a_two_word_name() -> None:
    assert _of("pet", "The kids got a hamster for Christmas and named him Captain Biscuit.") == {
        "hamster named Captain Biscuit"}


def test_a_pet_told_twice_is_one_pet() -> None:
    assert _of("pet", "On Friday we brought home a puppy from the rescue, a little beagle, and "
                      "my wife named her Tosca.") == {"beagle named Tosca"}


def test_other_species_in_a_list_stay_apart() -> None:
    assert _of("pet", "We have a dog, a cat and a rabbit.") == {"dog", "cat", "rabbit"}


def test_someone_elses_kids_pet_is_not_the_users() -> None:
    assert not _of("pet", "My sister's kids got a puppy for Christmas.")
    assert not _of("pet", "My neighbour got a kitten and named her Mitzi.")


def test_pets_named_by_their_ages_after_the_households_animals() -> None:
    got = _of("pet", "The heatwave is here, so the dogs are lying on the tiles all day. "
                     "Rufus is twelve and snores; Nelly is three and digs holes.")
    assert got == {"dog named Rufus", "dog named Nelly"}


def test_ages_after_someone_elses_animals_name_no_pet() -> None:
    assert not _of("pet", "The cats next door fight every night. Tiger is four and huge.")
    assert not _of("pet", "My brother's dogs are loud. Max is two and barks at everything.")


def test_a_partner_set_off_after_seeing_someone() -> None:
    assert "Halvard" in _of("partner_name", "I've been seeing someone since the spring: "
                                            "Halvard, he builds boats.")
    assert "Ines" in _of("partner_name", "I'm seeing someone, Ines, and it's going well.")


def test_a_partner_named_by_the_next_sentence() -> None:
    assert "Noor" in _of("partner_name", "Big news: I'm seeing someone. Noor, she teaches "
                                         "chemistry at the school next to mine.")


def test_someone_elses_partner_or_a_name_saying_something_is_not_the_users() -> None:
    assert not _of("partner_name", "My cousin is seeing someone: Pavel, a pilot.")
    assert not _of("partner_name", "I'm seeing someone, Lotte says it shows.")
