"""Pets named in shapes beyond "a dog called Rex" (naming.py, patterns pet.colon) and
languages told by the parse's relations (parse_families._languages): fronted objects,
"X is what I speak", "gave me X", "it's X at work". Each with variants and traps."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

T0 = datetime(2026, 6, 1, 12, tzinfo=timezone.utc)


def _session(*texts: str) -> list[tuple[str, str, str]]:
    turns = []
    for t in texts:
        turns.append(Turn(index=len(turns), role="user", text=t, at=T0 + timedelta(minutes=len(turns))))
        turns.append(Turn(index=len(turns), role="assistant", text="OK.",
                          at=T0 + timedelta(minutes=len(turns))))
    tr = Transcript(namespace="n", user_id="u", session_id="s", started_at=T0, ended_at=T0,
                    turns=tuple(turns))
    return [(c.predicate, c.object, c.op) for c in RuleExtractor().extract(tr)]


def _pets(*texts: str) -> list[str]:
    return [o for p, o, op in _session(*texts) if p == "pet" and op == "assert"]


def _languages(*texts: str) -> set[str]:
    return {o for p, o, op in _session(*texts) if p == "language_spoken" and op == "assert"}


@pytest.mark.parametrize("text,names", [
    ("Last week we adopted two guinea pigs. My partner named them Cartof and Fasole.",
     ["Cartof", "Fasole"]),
    ("We got two kittens last month. The kids call them Pip, Pop and Squeak.",
     ["Pip", "Pop", "Squeak"]),
    ("We rescued two hens in spring, and Ada named them Dot and Dash.", ["Dot", "Dash"]),
])
def test_several_pets_named_by_anyone(text, names):
    pets = _pets(text)
    assert all(any(p.endswith(f"named {n}") for p in pets) for n in names), pets
    assert not any(p.startswith(("two ", "2 ")) for p in pets), pets


def test_someone_elses_pets_named_are_not_the_users():
    assert _pets("My sister got two rabbits. She named them Flopsy and Mopsy.") == []


@pytest.mark.parametrize("text,name", [
    ("In September we adopted a street puppy. Laddoo, because he's round and golden.",
     "Laddoo"),
    ("We adopted a kitten from next door's litter, a little black and white one called Pepita.",
     "Pepita"),
    ("We have a new member of the household: a rescue kitten called Pandan, grey with a sock.",
     "Pandan"),
    ("We've got a new flatmate: a grumpy old tortoise named Bertie.", "Bertie"),
])
def test_a_pet_takes_the_name_said_around_it(text, name):
    pets = _pets(text)
    assert any(p.endswith(f"named {name}") for p in pets), pets


def test_traps_name_no_pet():
    assert _pets("We adopted a dog. Thanks, because that helped.") == ["dog"]
    assert _pets("We don't have a pet yet: a kitten called Miso is what the kids want.") == []
    assert _pets("My sister has a new addition: a kitten called Miso.") == []


@pytest.mark.parametrize("text,expected", [
    ("Romanian is what I think in, and English I use all day at work.", {"Romanian", "English"}),
    ("I grew up in Chennai, so Tamil is home, twenty years in Nashik gave me Marathi, and it's "
     "Hindi and English at work.", {"Tamil", "Marathi", "Hindi", "English"}),
    ("Polish is what we speak at home.", {"Polish"}),
    ("Greek is what I dream in.", {"Greek"}),
    ("French is my first language.", {"French"}),
    ("At work I switch between Kinyarwanda and Luganda, so I speak both every day.",
     {"Kinyarwanda", "Luganda"}),
])
def test_languages_by_their_relation_to_the_user(text, expected):
    assert expected <= _languages(text)


@pytest.mark.parametrize("text", [
    "Telugu I'll have to learn from scratch.",
    "Arabic is what my mother speaks, not me.",
    "Portuguese is what we'd speak if we moved.",
    "Italian is my sister's first language.",
    "My sister gave me French lessons.",
])
def test_language_traps(text):
    assert _languages(text) == set()
