"""Where the user lives, said in passing: an arrival told with the way one came ("since we
came up to Tromsø"), a place's trouble lived through ("the buses in Bristol were late
again, so I walked"), the hour or the weather of a city as the scene ("Saturday morning in
Ghent and the market is out", "Tromsø itself is darker than I expected"), the time one has
been back ("back in Porto two months now"), and a sentence adverb that leaves a third
party the subject ("Oddly enough my brother has moved to Leeds"). Each beside a trap.
Sentences of their own, not the scenarios'.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.mood import mood_at
from pipeline.extract.rules import RuleExtractor
from schemas.records import Claim, Transcript, Turn

AT = datetime(2027, 3, 2, 18, 0, tzinfo=UTC)


def claims(text: str, at: datetime = AT) -> list[Claim]:
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=at,
                            ended_at=at, turns=(Turn(index=0, role="user", text=text, at=at),))
    return [c for c in RuleExtractor().extract(transcript)
            if c.predicate == "city" and c.op == "assert" and c.modality == "asserted"]


def cities(text: str) -> list[str]:
    return [c.object for c in claims(text)]


@pytest.mark.parametrize(("text", "city", "day"), [
    ("Since we came up to Tromsø in November it has been boxes and forms every evening.",
     "Tromsø", datetime(2026, 11, 1)),
    ("Since moving down to Plymouth last month I've been unpacking in the evenings.",
     "Plymouth", datetime(2027, 2, 1)),
    ("We flew over to Calgary for good in January and the movers lost a box of plates.",
     "Calgary", datetime(2027, 1, 1)),
])
def test_an_arrival_with_the_way_one_came_is_dated_by_its_clause(text: str, city: str,
                                                                 day: datetime) -> None:
    assert [(c.object, c.valid_from.date()) for c in claims(text)] == [(city, day.date())]


@pytest.mark.parametrize("text", [
    # a journey with nothing of a move: a day out
    "We drove down to Brighton on Saturday and already I want to go back.",
    "We came over to Lisbon last spring and I still can't believe how cheap the coffee was.",
    # somebody else's move
    "My brother moved up to Inverness in May, and the boxes are still in his hall.",
])
def test_a_journey_or_someone_elses_move_is_no_arrival(text: str) -> None:
    assert cities(text) == []


@pytest.mark.parametrize(("text", "city"), [
    ("The buses in Bristol were late again, so I walked an hour to the office in the rain.",
     "Bristol"),
    ("The trams in Zagreb are cancelled again, so I'm cycling to work.", "Zagreb"),
])
def test_a_places_trouble_lived_through_is_weak_evidence_of_home(text: str, city: str) -> None:
    assert cities(text) == [city]


@pytest.mark.parametrize("text", [
    # a visit: the hotel and the airport are a traveller's
    "The trams in Lisbon were on strike again, so I took a taxi from the hotel.",
    # the past once, nothing of now
    "The trams in Lyon were on strike last year.",
    # someone else lived through it
    "The buses in Bristol were late again, so my husband walked.",
])
def test_a_trouble_of_a_visit_of_the_past_or_of_someone_else_is_no_home(text: str) -> None:
    assert cities(text) == []


@pytest.mark.parametrize(("text", "city"), [
    ("Saturday morning in Ghent and the market is already out under the windows.", "Ghent"),
    ("Another grey evening in Hull.", "Hull"),
    ("Three weeks into the new job and I like it. Tromsø itself is darker than I expected.",
     "Tromsø"),
    ("Honestly, Bergen's wetter than anyone warned me.", "Bergen"),
])
def test_the_hour_or_the_weather_of_a_city_is_the_scene(text: str, city: str) -> None:
    assert cities(text) == [city]


@pytest.mark.parametrize("text", [
    "My cousin says Oslo is freezing this week.",
    "Apparently Oslo is freezing.",
    "Oslo is colder than Bergen, by a lot.",
    "Oslo is dark in winter, everyone knows that.",
    "Is Tromsø freezing right now?",
    "Saturday night in Porto for my cousin's wedding and the band is loud.",
    "Sunday evening in Vienna, if we get there, will be the concert.",
])
def test_a_report_a_comparison_a_question_or_a_visit_is_no_scene(text: str) -> None:
    assert cities(text) == []


def test_back_in_a_city_for_a_while_dates_the_return() -> None:
    found = claims("Back in Porto two months now and the rain hasn't stopped once.")
    assert [(c.object, c.valid_from.date()) for c in found] == [
        ("Porto", datetime(2027, 1, 2).date())]
    assert cities("My sister is back in Porto two weeks and already bored.") == []


@pytest.mark.parametrize("text", [
    "Oddly enough my brother has just moved to Leeds.",
    "Funnily my aunt moved to Galway in the spring.",
    "By the way my flatmate lives in Cork now.",
])
def test_a_sentence_adverb_leaves_the_third_party_the_subject(text: str) -> None:
    assert mood_at(text, text.index(" to ") if " to " in text else text.index(" in "),
                   question=False).subject == "other"
    assert cities(text) == []


def test_a_sentence_adverb_before_the_user_keeps_the_user() -> None:
    assert cities("Honestly I moved to Leeds in May.") == ["Leeds"]
