"""A district told as where one lives is its city ("our flat in Ba Dinh": Hanoi), read from
the gazetteer's coordinates for every city (pipeline/extract/sections.py), and a big city's
short form is the city ("here in Addis": Addis Ababa; short_forms.py). Separate towns beside
a big city, another division's city and names of people stay what they are."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.gazetteer import lookup
from pipeline.extract.rules import RuleExtractor
from pipeline.extract.sections import containing_cities
from pipeline.extract.short_forms import short_forms
from pipeline.replay import extract_claims
from pipeline.values import clean_value
from schemas.records import Transcript, Turn

AT = datetime(2026, 5, 4, 18, tzinfo=UTC)


def stored_cities(text: str) -> list[str]:
    """The city values the session stores (extracted, then cleaned as replay stores them)."""
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=(Turn(index=0, role="user", text=text, at=AT),))
    return [c.object for c in extract_claims(transcript, RuleExtractor())
            if c.predicate == "city" and c.op == "assert" and c.modality == "asserted"]


@pytest.mark.parametrize(("text", "city"), [
    ("We're still in our flat in Ba Dinh until the lease runs out.", "Hanoi"),
    ("I'm a sound engineer at a recording studio in Barranco called Estudio Neblina.", "Lima"),
    ("I live in Kreuzberg now, above a bakery.", "Berlin"),
    ("We rent a tiny place in Brooklyn and the radiator bangs all night.", "New York City"),
    ("Sitting in traffic here in Miraflores again.", "Lima"),
])
def test_a_district_told_as_home_is_its_city(text: str, city: str) -> None:
    assert stored_cities(text) == [city]


@pytest.mark.parametrize(("text", "city"), [
    ("I'm a civil engineer at Abay Roadworks here in Addis, and I speak Amharic.",
     "Addis Ababa"),
    ("I live in Phnom now, it's hot.", "Phnom Penh"),
])
def test_a_big_citys_short_form_is_the_city(text: str, city: str) -> None:
    assert stored_cities(text) == [city]


@pytest.mark.parametrize("name", ["Salford", "Berkeley", "Jersey City", "Espoo", "Giza",
                                  "Hamilton", "Bergen", "Cusco", "Hanoi", "Lima"])
def test_a_city_of_its_own_stays_itself(name: str) -> None:
    assert clean_value("city", name) == name


@pytest.mark.parametrize("word", ["Gustavo", "Sadr", "Santa", "Cape", "Belo", "Fort", "New"])
def test_a_first_word_that_names_a_person_a_part_or_many_places_is_no_short_form(
        word: str) -> None:
    place = lookup(word)
    assert place is None or not place.name.startswith(word + " ")


def test_a_friend_named_like_a_borough_is_still_a_person() -> None:
    claims = [(c.predicate, c.object) for c in
              extract_claims(Transcript(namespace="n", user_id="u", session_id="s",
                                        started_at=AT, ended_at=AT, turns=(
                  Turn(index=0, role="user", text="My husband Gustavo cooks on Sundays.",
                       at=AT),)), RuleExtractor())]
    assert ("partner_name", "Gustavo") in claims


def test_other_predicates_keep_the_district() -> None:
    assert clean_value("employer", "Barranco") == "Barranco"


def _city(gid: int, name: str, pop: int, lat: float, lon: float, admin1: str = "01",
          country: str = "XX") -> dict:
    return {"geonameid": gid, "name": name, "population": pop, "latitude": lat,
            "longitude": lon, "admin1code": admin1, "countrycode": country}


def test_the_reading_is_geometric_not_a_list() -> None:
    big = _city(1, "Metropolis", 4_000_000, 10.0, 10.0)  # core radius 10 km
    cities = [
        big,
        _city(2, "Oldtown", 200_000, 10.03, 10.0),           # 3 km from the centre
        _city(3, "Farville", 150_000, 10.2, 10.0),           # 22 km out: a town of its own
        _city(4, "Acrossriver", 200_000, 10.03, 10.02, admin1="02"),  # another division
        _city(5, "Twinburg", 2_000_000, 10.0, 10.05),        # only twice as small
        _city(6, "Lane End", 20_000, 10.031, 10.001),        # beside a section: the city
        _city(7, "Capitalia", 300_000, 10.02, 9.99),         # the country's capital
        _city(8, "Smallcentre", 600_000, 20.0, 20.0),        # no big city near
        _city(9, "Nearsmall", 30_000, 20.01, 20.0),          # beside a city under a million
    ]
    within = containing_cities(cities, {("Capitalia", "XX")})
    assert within == {2: "Metropolis", 6: "Metropolis"}


def test_a_capital_that_is_a_division_of_its_own_takes_its_districts_from_around_it() -> None:
    capital = _city(1, "Capitol", 4_000_000, 0.0, 0.0, admin1="CAP")
    district = _city(2, "Quarter", 50_000, 0.05, 0.0, admin1="07")
    assert containing_cities([capital, district], {("Capitol", "XX")}) == {2: "Capitol"}
    assert containing_cities([capital, district], set()) == {}


def test_short_forms_need_a_big_city_a_word_of_its_own_and_no_other_place() -> None:
    cities = [
        _city(1, "Addis Ababa", 3_000_000, 0, 0),
        _city(2, "Belo Horizonte", 2_000_000, 1, 1), _city(3, "Belo Oriente", 20_000, 2, 2),
        _city(4, "Sadr City", 1_200_000, 3, 3),
        _city(5, "Lesser Town", 500_000, 4, 4),
        _city(6, "Cape Town", 4_000_000, 5, 5),
    ]
    assert set(short_forms(cities)) == {"Addis"}


@pytest.mark.parametrize("text", [
    "We moved from Kreuzberg to Neukölln in May.",
    "We moved from Brooklyn to Queens last year.",
])
def test_a_move_between_two_sections_of_one_city_keeps_the_city(text: str) -> None:
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=(Turn(index=0, role="user", text=text, at=AT),))
    claims = [c for c in extract_claims(transcript, RuleExtractor()) if c.predicate == "city"]
    assert [(c.modality, c.op) for c in claims] == [("asserted", "assert")]


def test_a_move_between_two_cities_still_ends_the_first() -> None:
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=(Turn(index=0, role="user", at=AT,
                                                     text="We moved from Hanoi to Da Nang."),))
    ended = [c.object for c in extract_claims(transcript, RuleExtractor())
             if c.predicate == "city" and c.modality == "ended"]
    assert ended == ["Hanoi"]


def test_a_first_word_the_city_itself_lists_as_its_name_is_a_short_form() -> None:
    # GeoNames lists "Tirg" among Tirg-Velka's own names: a short form even at 300,000
    # people and a four-letter word; not for a small town, a generic word ("Gold Coast"), or
    # a first word the city does not list.
    cities = [
        {**_city(1, "Tirg-Velka", 300_000, 0, 0), "alternatenames": ["Tirg", "Tirg-Velka"]},
        {**_city(2, "Mura-Sobota", 40_000, 1, 1), "alternatenames": ["Mura"]},
        {**_city(3, "Gold Coast", 600_000, 2, 2), "alternatenames": ["Gold"]},
        {**_city(4, "Lesser Town", 500_000, 4, 4), "alternatenames": ["Lesser"]},
        {**_city(5, "Vado Nuevo", 500_000, 5, 5), "alternatenames": ["Vado N."]},
    ]
    assert set(short_forms(cities)) == {"Tirg"}


@pytest.mark.parametrize(("text", "city"), [
    ("We rent a flat here in Cluj, near the botanical garden.", "Cluj-Napoca"),
    ("I've lived in Cluj for six years now.", "Cluj-Napoca"),
])
def test_a_listed_short_form_names_the_city(text: str, city: str) -> None:
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=(Turn(index=0, role="user", text=text, at=AT),))
    claims = [c for c in extract_claims(transcript, RuleExtractor()) if c.predicate == "city"]
    assert [lookup(c.object).name for c in claims] == [city]
    assert lookup("Gold") is None  # "Gold Coast": a generic first word
    assert lookup("Cebu") is None  # "Cebu City": the first word may be anyone's
