"""Pets named after the fact (a bare name, several at once, after a colon) and languages by
how the user lives in them (fronted, thought in, home, given by years somewhere), each beside
its trap. Sentences of our own, not from any scenario."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from pipeline.extract.rules import extract_turn
from schemas.records import Turn

AT = datetime(2026, 6, 1, 12, tzinfo=timezone.utc)


def _read(text: str) -> set[tuple[str, str]]:
    claims = extract_turn(Turn(index=0, role="user", text=text, at=AT), session_id="s")
    return {(c.predicate, c.object) for c in claims if c.op == "assert"}


@pytest.mark.parametrize("text, language", [
    ("Portuguese is what I think in, and the rest comes after.", "Portuguese"),
    ("Dutch is home for me.", "Dutch"),
    ("Ten years in Kraków gave me Polish.", "Polish"),
    ("French I use all day at the office.", "French"),
])
def test_a_language_the_user_lives_in(text: str, language: str) -> None:
    assert ("language_spoken", language) in _read(text)


@pytest.mark.parametrize("text", [
    "Portuguese is what my husband thinks in.",
    "Is German what they speak in Zurich?",
])
def test_someone_elses_language_or_a_question_gives_none(text: str) -> None:
    assert not {p for p, _ in _read(text)} & {"language_spoken"}


def test_several_pets_named_at_once_by_someone_else() -> None:
    got = _read("We adopted two hamsters last week. The kids named them Pip and Squeak.")
    assert {("pet", "hamster named Pip"), ("pet", "hamster named Squeak")} <= got
    assert ("pet", "two hamsters") not in got


def test_a_bare_name_after_the_pet_names_it() -> None:
    got = _read("We took in a stray kitten. Mochi, because she is round.")
    assert ("pet", "stray kitten named Mochi") in got


def test_a_bare_name_without_a_pet_before_names_nothing() -> None:
    assert not _read("Mochi.") and not _read("I went home early. Mochi, because she is round.")


def test_a_pet_after_a_colon() -> None:
    got = _read("We have a new member of the family: a rescue puppy called Biscuit.")
    assert ("pet", "puppy named Biscuit") in got


def test_someone_elses_new_pet_after_a_colon_is_not_the_users() -> None:
    assert not {p for p, _ in _read("My sister has a new pet: a hamster called Toffee.")} & {"pet"}
