"""Things people name in passing, attached to the user by their clause: lists of pets and
languages, the short name a user accepts, places told through daily life or a workplace,
employers named beside the work, jobs told by their verb, pastimes without their setting.
Sentences are our own (not the dev set's); each mechanism also has its trap."""
from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 3, 10, 12, tzinfo=UTC)


def facts(*texts: str) -> set[tuple[str, str]]:
    turns = tuple(Turn(index=i, role="user", text=t, at=AT) for i, t in enumerate(texts))
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=turns)
    return {(c.predicate, c.object) for c in RuleExtractor().extract(transcript)
            if c.op == "assert" and c.modality == "asserted" and c.predicate != "access_role"}


def of(found: set[tuple[str, str]], predicate: str) -> set[str]:
    return {v for p, v in found if p == predicate}


@pytest.mark.parametrize("text, pets", [
    ("The rabbits chewed the cable again. We have three, Bun, Clover and Toffee.",
     {"rabbit named Bun", "rabbit named Clover", "rabbit named Toffee"}),
    ("We adopted two kittens called Mochi and Yuzu last week.",
     {"kitten named Mochi", "kitten named Yuzu"}),
    ("Our dogs hate the rain, they're called Biscuit and Rolo.",
     {"dog named Biscuit", "dog named Rolo"}),
])
def test_pets_named_as_a_list_are_each_a_pet_of_the_kind_said(text, pets):
    assert of(facts(text), "pet") == pets


def test_a_list_of_names_with_no_animal_in_the_turn_is_no_pet():
    assert of(facts("We have two lodgers, Ines and Marta, until June."), "pet") == set()


@pytest.mark.parametrize("text, spoken", [
    ("I can get by in Portuguese and Italian, though my Italian is shaky.",
     {"Portuguese", "Italian"}),
    ("I speak Tamil and English, and I'd love to learn Japanese one day.",
     {"Tamil", "English"}),
    ("I speak Polish, and my wife is learning Czech.", {"Polish"}),
])
def test_a_list_of_languages_ends_where_a_new_clause_or_a_wish_begins(text, spoken):
    assert of(facts(text), "language_spoken") == spoken


@pytest.mark.parametrize("text, name", [
    ("Hi, I'm Bartholomew, but nobody has called me that since school, Bart is fine.", "Bart"),
    ("I'm Ekaterina, though Katya is easier for everyone.", "Katya"),
    ("My name is Maximilian, Max works.", "Max"),
])
def test_the_short_form_a_user_accepts_after_their_name_is_the_preferred_name(text, name):
    assert of(facts(text), "preferred_name") == {name}


def test_a_place_that_is_fine_is_no_name():
    assert of(facts("I'm Jonah, and Madrid is fine for the meeting."), "preferred_name") == {
        "Jonah"}


@pytest.mark.parametrize("text, city", [
    ("The trams in Zagreb are always late when it rains.", "Zagreb"),
    ("Honestly, Leipzig rents keep going up and up.", "Leipzig"),
])
def test_daily_life_told_in_the_present_places_the_user(text, city):
    assert of(facts(text), "city") == {city}


@pytest.mark.parametrize("text", [
    "The trams in Zagreb were lovely when we visited.",
    "The trams in Zagreb are great on a weekend trip.",
])
def test_daily_life_of_a_visit_places_nobody(text):
    assert of(facts(text), "city") == set()


@pytest.mark.parametrize("text, employer, city", [
    ("I'm a backend developer at Klarna in Stockholm.", "Klarna", "Stockholm"),
    ("Everyone at Moonpig in London is on leave this week.", "Moonpig", "London"),
])
def test_a_workplace_in_a_city_gives_the_city_too(text, employer, city):
    found = facts(text)
    assert of(found, "employer") == {employer} and of(found, "city") == {city}


def test_where_one_lives_wins_over_where_one_works():
    found = facts("I work for Nimbus in Geneva but live in Annecy.")
    assert of(found, "city") == {"Annecy"}


def test_since_joining_names_the_employer():
    found = facts("Since joining Quillfeather in 2024 as their lead designer I've not had a "
                  "holiday.")
    assert of(found, "employer") == {"Quillfeather"}
    assert of(found, "job_title") == {"lead designer"}


def test_a_future_time_of_something_else_leaves_the_workplace_current():
    found = facts("My manager at Brightwell is away next week, so I'm covering.")
    assert of(found, "employer") == {"Brightwell"}


def test_a_future_change_of_workplace_is_not_current():
    assert of(facts("I'm going to join Brightwell next month."), "employer") == set()


@pytest.mark.parametrize("text, title", [
    ("I teach chemistry at a sixth-form college, so marking eats my weekends.", "teacher"),
    ("I teach piano on the side.", None),
    ("I teach my son to ride a bike on Sundays.", None),
])
def test_a_job_told_by_its_verb(text, title):
    assert of(facts(text), "job_title") == ({title} if title else set())


@pytest.mark.parametrize("text, hobby", [
    ("I've been learning the oud since the autumn.", "oud"),
    ("I took up swimming at the leisure centre near work.", "swimming"),
    ("I've started cycling with a group from work on Saturdays.", "cycling"),
])
def test_a_pastime_is_kept_without_where_and_with_whom(text, hobby):
    assert of(facts(text), "hobby") == {hobby}


def test_learning_the_ropes_is_no_pastime():
    assert of(facts("I'm learning the ropes at the new place."), "hobby") == set()
