"""Readings a new user's own introductions need: a named workplace's city, a time that
dates only its own topic, lists after "grew up with", a title that is no job, a pet named in
the next sentence, and values that are no values (pipeline/extract/)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Claim, Transcript, Turn

AT = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)


def _claims(text: str) -> list[Claim]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    return [c for c in RuleExtractor().extract(Transcript(
        namespace="n", user_id="u", session_id="s", started_at=AT, ended_at=AT, turns=[turn]))
        if c.subject == "user" and c.modality == "asserted"]


def _values(text: str, predicate: str) -> list[str]:
    return [c.object for c in _claims(text) if c.predicate == predicate and c.op == "assert"]


@pytest.mark.parametrize(("text", "city"), [
    ("I'm a midwife at the Geburtshaus Auenwald in Leipzig.", "Leipzig"),
    ("Quick intro: I'm a sous-chef at Casa Marisol in Valencia, mostly fish.", "Valencia"),
    ("I'm a paralegal at Brandt Okafor in Rotterdam and the hours are long.", "Rotterdam"),
])
def test_a_named_workplace_in_a_city_places_the_user(text, city):
    assert _values(text, "city") == [city]


@pytest.mark.parametrize("text", [
    "My sister is a midwife at the Geburtshaus Auenwald in Leipzig.",
    "I used to be a nurse at Klinikum Mitte in Bremen.",
    "I'm a consultant at Brandt Okafor, on secondment in Rotterdam until May.",
])
def test_someone_elses_or_a_past_or_an_away_workplace_places_nobody(text):
    assert _values(text, "city") == []


def test_a_move_in_the_next_clause_dates_the_city_not_the_job():
    claims = _claims("I'm a midwife at the Geburtshaus Auenwald in Leipzig; we moved here from "
                     "Dresden two years ago when my wife got a job at the university.")
    dated = {c.predicate: c.valid_from.year for c in claims if c.op == "assert"}
    assert dated["job_title"] == dated["employer"] == 2026
    assert dated["city"] == 2024


@pytest.mark.parametrize("text", [
    "I'm a nurse at Saint Jude's; started there three years ago.",
    "In 2023, I joined Harbourline as a data engineer.",
])
def test_a_time_of_the_same_topic_still_dates_the_job(text):
    claims = _claims(text)
    assert {c.valid_from.year for c in claims if c.predicate == "employer"} == {2023}


@pytest.mark.parametrize(("text", "languages"), [
    ("I grew up with German and Polish, so speaking is easy.", ["German", "Polish"]),
    ("We were raised speaking Tamil, English and Malay at home.", ["Tamil", "English", "Malay"]),
    ("I'm bilingual in Catalan and Spanish.", ["Catalan", "Spanish"]),
])
def test_every_language_of_a_list_is_kept(text, languages):
    assert sorted(_values(text, "language_spoken")) == sorted(languages)


@pytest.mark.parametrize("text", [
    "I quit smoking when I was pregnant with Ole.",
    "I was a regular at Cafe Monteverde for years.",
    "I'm a member at Kestrel Climbing, which keeps me sane.",
])
def test_a_word_that_is_no_job_names_no_employer(text):
    assert _values(text, "employer") == [] and _values(text, "job_title") == []


def test_a_real_title_before_a_name_still_names_the_employer():
    assert _values("I'm a senior nurse at Royal Darwin Hospital.", "employer") == [
        "Royal Darwin Hospital"]


@pytest.mark.parametrize(("text", "name"), [
    ("We've adopted a soi dog, a brown mongrel who kept sleeping on our step. "
     "We call him Noodle.", "Noodle"),
    ("I took in a stray cat last week. The kids call her Mochi.", "Mochi"),
])
def test_a_pet_named_in_the_next_sentence_takes_the_name(text, name):
    pets = _values(text, "pet")
    assert len(pets) == 1 and name in pets[0]


@pytest.mark.parametrize(("text", "predicate", "meant"), [
    # The word that points back is never the value; what it points to may be
    # (passing_tastes.py: the object noun of the sentence before).
    ("Phrases for ordering without coriander? I can't stand the stuff.", "dislikes",
     ["coriander"]),
    ("Olives everywhere here. I can't stand the things.", "dislikes", []),
])
def test_a_word_that_points_back_is_no_value(text, predicate, meant):
    assert _values(text, predicate) == meant


def test_a_verb_after_the_allergen_is_no_allergen():
    assert _values("I'm allergic to bee stings and carry an EpiPen.", "allergy") == [
        "bee stings"]
    assert sorted(_values("I'm allergic to peanuts and shellfish.", "allergy")) == [
        "peanuts", "shellfish"]


@pytest.mark.parametrize(("text", "pet"), [
    ("Our son wants to know why our dog Kalle eats grass on every walk.", "dog named Kalle"),
    ("My sister said our cat Miso is too fat, which is rude.", "cat named Miso"),
])
def test_our_pet_in_someone_elses_clause_is_still_ours(text, pet):
    assert _values(text, "pet") == [pet]


def test_someone_elses_pet_is_not_ours():
    assert _values("My neighbour's dog Rex keeps visiting our garden.", "pet") == []


@pytest.mark.parametrize(("text", "title", "employer"), [
    ("Work news: I've been made senior hydrologist at Avonmere, which means more meetings.",
     "senior hydrologist", "Avonmere"),
    ("I got made senior analyst in March.", "senior analyst", None),
])
def test_being_made_a_title_is_the_new_title(text, title, employer):
    assert _values(text, "job_title") == [title]
    assert _values(text, "employer") == ([employer] if employer else [])


@pytest.mark.parametrize("text", [
    "I was made to feel welcome at Kestrel.",
    "We were named the best bakery in town.",
])
def test_being_made_to_do_something_is_no_title(text):
    assert _values(text, "job_title") == [] and _values(text, "employer") == []
