"""Where the user writes from or is back in (pipeline/extract/speaking_from.py), each beside
its trap: writing about a place, someone else back there, a stay, a question, the past."""
from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 5, 4, 18, tzinfo=UTC)


def cities(text: str) -> dict[str, datetime | None]:
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=(Turn(index=0, role="user", text=text, at=AT),))
    return {c.object: c.valid_from for c in RuleExtractor().extract(transcript)
            if c.predicate == "city" and c.op == "assert"}


@pytest.mark.parametrize("text, city", [
    ("Writing from Lisbon! The company sent me over and I rent a little room.", "Lisbon"),
    ("Hi! Typing this from Graz, where it is snowing again.", "Graz"),
    ("Quick update, I'm messaging you from Bergen tonight.", "Bergen"),
    ("The baker at Kruh here in Maribor gave me a loaf for free.", "Maribor"),
])
def test_the_city_one_writes_from_or_is_here_in(text, city):
    assert set(cities(text)) == {city}


def test_a_friends_stay_makes_no_stay_of_the_users():
    text = ("Back in Plovdiv since the 5th of October, in my old flat. My friend Desi took "
            "over my room in Varna, she's doing the winter season at the same hotel.")
    assert set(cities(text)) == {"Plovdiv"}


def test_back_in_a_city_since_a_day_dates_it():
    assert cities("Back in Porto since the 2nd of April, and the flat is unpacked.") == {
        "Porto": datetime(2026, 4, 2, tzinfo=UTC)}
    assert set(cities("We're finally back in Aarhus for good.")) == {"Aarhus"}


@pytest.mark.parametrize("text", [
    "I'm writing about Lisbon for the travel column.",
    "My brother is back in Porto since June.",
    "Writing from Lisbon! We're here for a week on holiday.",
    "Back in Porto for the wedding, then home on Sunday.",
    "Are you writing from Lisbon?",
    "Back in 2019 I was a student.",
    "Typing this from Graz, the conference wifi is awful.",
    "If I were here in Maribor I would go to the market.",
])
def test_writing_about_someone_elses_return_a_stay_a_question_or_a_year_is_no_city(text):
    assert cities(text) == {}


@pytest.mark.parametrize("text, city", [
    ("Before Leeds I lived in York for years.", "Leeds"),
    ("Before moving to Tartu we lived in Riga.", "Tartu"),
    ("Before Bergen, I spent six years in Oslo.", "Bergen"),
    ("The rent is cheap, but before Leeds I lived in York.", "Leeds"),
])
def test_the_place_a_backstory_leads_up_to_is_where_one_lives(text, city):
    assert set(cities(text)) == {city}


@pytest.mark.parametrize("text", [
    "Before I visited Leeds I lived in York.",
    "I loved it, but before I visited Leeds I lived in York.",
    "Before Leeds my sister lived in York.",
    "Before Christmas I lived in York.",
    "Before COVID we lived in Riga.",
])
def test_a_visit_someone_elses_backstory_or_a_time_is_no_current_city(text):
    assert "Leeds" not in cities(text) and "Christmas" not in cities(text)
    assert "COVID" not in cities(text)


@pytest.mark.parametrize("text", [
    "Zadar was lovely. On the train back I decided: I'm staying in Osijek. Moving would be crazy.",
    "We thought about moving to Split, but we're staying in Osijek after all.",
])
def test_staying_put_after_weighing_a_move(text):
    assert set(cities(text)) == {"Osijek"}


@pytest.mark.parametrize("text", [
    "I'm staying in Lisbon for a week, then moving on.",
    "Should we move? Maybe we're staying in Osijek.",
    "I'm staying in Osijek at my aunt's.",
])
def test_a_stay_a_maybe_or_no_move_talk_is_no_staying_put(text):
    assert cities(text) == {}
