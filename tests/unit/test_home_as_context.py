"""Where the user lives, told as context (pipeline/extract/home_place.py and the place cues of
passing.py): a home of one's own named with its city ("the canal outside our place in
Utrecht froze this weekend"), the city as the user's scenery ("classic Dundee March", "the
trams in this city"), a home that is one's own from a date still to come ("the flat in
Edinburgh is ours from the 1st of October"), a home left ("the old address in Lyon").
Each beside its traps: someone else's home, a visit, a question, a hypothetical, the past.
Sentences of their own, not the scenarios'.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Claim, Transcript, Turn

AT = datetime(2027, 3, 2, 18, 0, tzinfo=UTC)


def claims(text: str, at: datetime = AT) -> list[Claim]:
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=at,
                            ended_at=at, turns=(Turn(index=0, role="user", text=text, at=at),))
    return [c for c in RuleExtractor().extract(transcript)
            if c.predicate == "city" and c.op == "assert"]


def current(text: str, at: datetime = AT) -> list[str]:
    return [c.object for c in claims(text, at) if c.modality == "asserted"]


@pytest.mark.parametrize(("text", "city"), [
    # a home of one's own, whatever else the sentence is about and whenever it happened
    ("Evening! The radiator in our flat in Tartu died again this weekend, so I'm typing in "
     "a coat.", "Tartu"),
    ("The canal outside our place in Utrecht froze over this weekend and half the street was "
     "out skating.", "Utrecht"),
    ("Our Bergen flat has a leak in the bathroom ceiling, the landlord is coming Thursday.",
     "Bergen"),
    ("The roof of my house in Cádiz lost three tiles in last night's storm.", "Cádiz"),
    # the city as the speaker's scenery
    ("Wet, grey, windy, classic Dundee March. I had a full list at the clinic today.",
     "Dundee"),
    ("Typical Glasgow weather today, I got soaked twice on the way to the office.", "Glasgow"),
    ("Another proper Tromsø winter morning, pitch dark at nine.", "Tromsø"),
    # "this city" points back to the city the turn named
    ("My flatmate cooks the best dal in Lyon and cheese is non-negotiable in this city.",
     "Lyon"),
    ("We had a rough week in Porto; honestly the trams in this city never run on time.",
     "Porto"),
    ("The bakeries in Leipzig are dangerous. This city will be the end of my diet.", "Leipzig"),
])
def test_a_home_or_the_scenery_names_the_city(text: str, city: str) -> None:
    assert current(text) == [city]


@pytest.mark.parametrize("text", [
    # someone else's home, a home left, a visit
    "My sister has taken over our old flat in Utrecht, so she keeps sending me photos.",
    "My brother's flat in Leeds flooded this weekend.",
    "We spent the weekend at a friend's place in Bruges, this city is gorgeous.",
    "Typical London weather for our trip, we got soaked at the Tower.",
    "My sister in Lyon says the cheese in this city is unbeatable.",
    "We went to Valencia for the wedding and this city was made for eating.",
    # questions and hypotheticals
    "What if we moved to Tenerife for the winters?",
    "If the whole thing had fallen through we'd probably have ended up in Galway near her "
    "parents.",
    "I'd probably go back to Hamburg if the studio ever got bought.",
    "Is there anything to do in this city on a Sunday, Rotterdam seems dead?",
    "Would a classic Dundee March put you off visiting?",
    # backstory and comparison
    "Rent is half what it was in Hamburg, which still blows my mind.",
    "Our old house in Derby had a garden, this one has a yard.",
    "Back then our flat in Leeds had a garden, I miss it.",
    "Would our place in Lisbon be big enough for a dog?",
    "If our flat in Porto had a balcony I'd grow tomatoes.",
])
def test_traps_give_no_current_city(text: str) -> None:
    assert current(text) == []


def test_a_home_that_is_ours_from_a_date_to_come_is_planned_from_it() -> None:
    found = claims("We signed! The flat in Edinburgh is ours from the 1st of October, keys "
                   "that morning. Until then we're still in Cork, obviously.",
                   at=datetime(2026, 8, 10, 18, tzinfo=UTC))
    by_city = {c.object: c for c in found}
    assert by_city["Edinburgh"].modality == "planned"
    assert by_city["Edinburgh"].valid_from == datetime(2026, 10, 1, tzinfo=UTC)
    assert by_city["Cork"].modality == "asserted"


@pytest.mark.parametrize(("text", "city", "day"), [
    ("The house in Graz is ours from the 3rd of May, we get the keys at noon.", "Graz",
     datetime(2027, 5, 3, tzinfo=UTC)),
    ("Our new flat in Lille is ours from 1 June and I cannot wait.", "Lille",
     datetime(2027, 6, 1, tzinfo=UTC)),
    ("We get the keys to our flat in Aarhus on the 20th of April.", "Aarhus",
     datetime(2027, 4, 20, tzinfo=UTC)),
])
def test_keys_and_possession_to_come_plan_the_city(text: str, city: str,
                                                   day: datetime) -> None:
    found = claims(text)
    assert [(c.object, c.modality, c.valid_from) for c in found] == [(city, "planned", day)]


@pytest.mark.parametrize("text", [
    "Is the flat in Porto ours from June or from July?",
    "If the flat in Porto were ours from June we'd be sorted.",
    "My sister's flat in Porto is hers from the 1st of June.",
])
def test_no_plan_from_a_question_a_condition_or_someone_elses_home(text: str) -> None:
    assert claims(text) == []


def test_the_old_address_is_not_the_city_the_user_lives_in() -> None:
    text = "Ugh, it's going to the old address in Lyon, we've been in Marseille for three years."
    assert current(text) == ["Marseille"]


def test_a_move_told_late_dates_the_arrival() -> None:
    found = claims("Since we got to Aarhus three weeks ago I've been cycling to the office "
                   "along the harbour. My sister has taken over our old flat in Utrecht.")
    assert [(c.object, c.valid_from.date()) for c in found if c.modality == "asserted"] == [
        ("Aarhus", datetime(2027, 2, 9).date())]


def test_welcome_to_the_city_in_its_season_is_the_scene() -> None:
    assert current("It's dark at half three already, welcome to Vilnius in November.") == [
        "Vilnius"]
    assert current("Welcome to Vilnius in November, I told my cousin when she landed for "
                   "her visit.") == []


def test_leaving_for_the_city_of_a_new_job_plans_it_from_the_leaving_day() -> None:
    found = claims("Big news: I got an offer from Harbour Physio in Aberdeen, starting the "
                   "1st of June. So I'm leaving Glasgow at the end of May, which is wild.")
    assert [(c.object, c.op, c.modality, c.valid_from.date()) for c in found] == [
        ("Aberdeen", "assert", "planned", datetime(2027, 5, 31).date())]


@pytest.mark.parametrize("text", [
    "I'm leaving Glasgow at the end of May for a month in Lisbon, then back to work.",
    "My sister is leaving Glasgow at the end of May for a job in Aberdeen.",
    "I'm leaving Glasgow at the end of May, no idea where to yet. Aberdeen? Dundee?",
])
def test_leaving_without_one_city_of_ones_own_plans_none(text: str) -> None:
    assert [c for c in claims(text) if c.op == "assert"] == []


@pytest.mark.parametrize(("text", "city", "day"), [
    ("We arrived in Tallinn on the 3rd of February and the flat is still half empty.",
     "Tallinn", datetime(2027, 2, 3)),
    ("Two weeks since we landed in Perth for good and I still can't find decent bread.",
     "Perth", datetime(2027, 2, 16)),
    ("Three months into Copenhagen and I finally own a proper bike.", "Copenhagen",
     datetime(2026, 12, 2)),
    ("Since arriving in Kraków last month I've been eating pierogi daily.", "Kraków",
     datetime(2027, 2, 1)),
    ("We finally made it to Halifax last Tuesday, the movers come tomorrow.", "Halifax",
     datetime(2027, 2, 23)),
    ("Ever since we got to Valencia in June, the kids have been in the pool daily.",
     "Valencia", datetime(2026, 6, 1)),
])
def test_an_arrival_told_late_is_dated_by_its_clause(text: str, city: str,
                                                     day: datetime) -> None:
    assert [(c.object, c.valid_from.date()) for c in claims(text)
            if c.modality == "asserted"] == [(city, day.date())]


@pytest.mark.parametrize("text", [
    "We arrived in Rome on the 3rd for a week of sightseeing.",
    "My parents arrived in Perth two weeks ago and they love it.",
    "We landed in Oslo at midnight and the hotel had lost our booking.",
    "Did you arrive in Lima safely? We've been worried.",
])
def test_a_visit_someone_elses_arrival_or_a_question_is_no_home(text: str) -> None:
    assert current(text) == []
