"""Facts told across the sentences of one turn: a date in the next sentence, a list that a
follow-up extends, reconfirmations and introductions, identity in other words, back
references, family, hobbies and needs, and their look-alikes."""
from __future__ import annotations

import pytest

from tests.unit.test_rules_support import (
    asserted,
    claims_of,
    session,
)


@pytest.mark.parametrize(("text", "expected"), [
    ("Oh by the way - we moved! Leipzig, since August.", [("city", "Leipzig", "2026-08-01")]),
    ("We moved to Leipzig. That was back in August.", [("city", "Leipzig", "2026-08-01")]),
    ("I live in Leipzig now. Moved there in August.", [("city", "Leipzig", "2026-08-01")]),
    ("I quit smoking. That was in March.", [("smoking_status", "non-smoker", "2026-03-01")]),
    ("I'm vegan. I went to Paris last week.", [("dietary_restriction", "vegan", "2026-11-10")]),
    ("We moved. It was hard.", []),
    ("New city, new me: I'm in Leipzig since August.", [("city", "Leipzig", "2026-08-01")]),
    ("In August we packed our bags and headed to Leipzig.", [("city", "Leipzig", "2026-08-01")]),
    ("We've been Leipzig residents since August.", [("city", "Leipzig", "2026-08-01")]),
    ("Since August I've called Leipzig home.", [("city", "Leipzig", "2026-08-01")]),
    ("I'm in Paris since Monday for a conference.", []),
])
def test_sentences_of_a_turn_together(text: str, expected: list) -> None:
    assert [(c.predicate, c.object, c.valid_from.date().isoformat())
            for c in session(("user", text))] == expected


@pytest.mark.parametrize(("text", "predicate", "expected"), [
    ("Yep, still Prague-based.", "city", "Prague"),
    ("Prague's still home.", "city", "Prague"),
    ("Nothing's changed, still in Prague.", "city", "Prague"),
    ("I'm still in Prague.", "city", "Prague"),
    ("Madrid-based designer here.", "city", "Madrid"),
    ("Born and raised in Leeds, still live there.", "city", "Leeds"),
    ("Hey there! A bit about me: I'm Tomás, I live in Porto.", "preferred_name", "Tomás"),
    ("I used to be a smoker but quit years ago.", "smoking_status", "non-smoker"),
])
def test_reconfirmations_and_introductions(text: str, predicate: str, expected: str) -> None:
    assert expected in asserted(text, predicate)


@pytest.mark.parametrize(("text", "predicate"), [
    ("I'm still in Python 2.", "city"), ("I work for a London-based startup.", "city"),
    ("I'm Irish.", "full_name"), ("I'm Fine.", "full_name"),
    ("I'm from Cork but I don't live there anymore.", "city"),
])
def test_reconfirmation_look_alikes(text: str, predicate: str) -> None:
    assert asserted(text, predicate) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm allergic to penicillin. Oh, and bee stings too.", ["penicillin", "bee stings"]),
    ("Also cats - I'm allergic to them as well.", ["cats"]),
    ("I'm allergic to a few things: peanuts, cats and dust.", ["peanuts", "cats", "dust"]),
    ("Allergic to: latex, ibuprofen.", ["latex", "ibuprofen"]),
    ("I'm vegan. Oh, and thanks!", []),
])
def test_allergies_over_sentences(text: str, expected: list) -> None:
    assert [c.object for c in session(("user", text)) if c.predicate == "allergy"] == expected


def test_a_follow_up_extends_a_list_but_not_with_pleasantries() -> None:
    assert [c.object for c in session(("user", "I love jazz. Oh, and thanks!"))
            if c.predicate == "likes"] == ["jazz"]
    assert [c.object for c in session(("user", "I speak French. And a little German too."))
            ] == ["French", "German"]


@pytest.mark.parametrize(("text", "predicate", "expected"), [
    ("They/them pronouns, please.", "pronouns", "they/them"),
    ("I'm a she/her.", "pronouns", "she/her"),
    ("I'm based on the US east coast, so Eastern time.", "timezone", "Eastern time"),
    ("I'm GMT+1.", "timezone", "GMT+1"),
    ("I'm in Sydney, so AEST.", "timezone", "AEST"),
    ("Could you switch to Spanish?", "language", "Spanish"),
    ("Spanish from now on, please.", "language", "Spanish"),
    ("Can we do this in German?", "language", "German"),
])
def test_identity_in_other_words(text: str, predicate: str, expected: str) -> None:
    assert asserted(text, predicate) == [expected]


@pytest.mark.parametrize(("text", "predicate"), [
    ("I'm OK.", "timezone"), ("I'm in London, so it's raining.", "timezone"),
    ("Italian food only, please.", "language"), ("My partner uses she/her pronouns.", "pronouns"),
])
def test_identity_look_alikes(text: str, predicate: str) -> None:
    assert asserted(text, predicate) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("We moved! Lisbon, as of June.", [("city", "Lisbon", "2026-06-01")]),
    ("We moved! Finally.", []), ("We moved! Honestly, it was chaos.", []),
    ("We moved! Monday was chaos.", []),
    ("I live in Berlin. My sister visited last week, it was fun.",
     [("city", "Berlin", "2026-11-10")]),
    ("I live in Berlin. I moved there two years ago.", [("city", "Berlin", "2024-11-10")]),
    ("I work at Globex. Been there since March.", [("employer", "Globex", "2026-03-01")]),
])
def test_back_references(text: str, expected: list) -> None:
    assert [(c.predicate, c.object, c.valid_from.date().isoformat())
            for c in session(("user", text))] == expected


def test_someone_elses_dated_news_does_not_date_the_users_fact() -> None:
    found = claims_of("I live in Leipzig and my sister came last week.")
    assert [(c.object, c.valid_from.date().isoformat()) for c in found] == [
        ("Leipzig", "2026-11-10")]


@pytest.mark.parametrize(("text", "predicate", "expected", "op"), [
    ("Subtitles are a must for me, I'm hard of hearing.", "accessibility_need", "subtitles",
     "assert"),
    ("I've got a 3-year-old named Luca.", "child_name", "Luca", "assert"),
    ("We had twins in May: Ada and Ivy.", "child_name", "Ivy", "assert"),
    ("I stopped playing tennis.", "hobby", "tennis", "retract"),
    ("I gave up the piano years ago.", "hobby", "piano", "retract"),
    ("I've forgotten most of my French.", "language_spoken", "French", "retract"),
    ("I love playing tennis.", "hobby", "tennis", "assert"),
    ("I started playing golf.", "hobby", "golf", "assert"),
])
def test_family_hobbies_and_needs(text: str, predicate: str, expected: str, op: str) -> None:
    assert (expected, op) in [(c.object, c.op) for c in claims_of(text)
                              if c.predicate == predicate]


@pytest.mark.parametrize("text", ["I've lost my German accent.", "I lost my keys."])
def test_losing_things_is_no_language_loss(text: str) -> None:
    assert [c for c in claims_of(text) if c.predicate == "language_spoken"] == []
