"""The city of a workplace named by its common noun places the user, in a sentence that
tells their own job (pipeline/extract/workplace_city.py)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 2, 3, 16, 0, tzinfo=UTC)


def _cities(text: str) -> list[str]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    claims = RuleExtractor().extract(Transcript(namespace="n", user_id="u", session_id="s",
                                                started_at=AT, ended_at=AT, turns=[turn]))
    return [c.object for c in claims
            if c.predicate == "city" and c.subject == "user" and c.modality == "asserted"]


@pytest.mark.parametrize(("text", "city"), [
    ("Quick intro: Mira, 29, physiotherapist at the sports clinic in Leeds.", "Leeds"),
    ("I teach at a primary school in Ghent, mostly maths.", "Ghent"),
    ("I'm a nurse on the renal ward of the hospital in Bristol.", "Bristol"),
    ("I'm a baker at a tiny bakery in Porto and the hours are brutal.", "Porto"),
])
def test_a_workplace_in_a_city_places_the_user(text, city):
    assert _cities(text) == [city]


@pytest.mark.parametrize("text", [
    "My mum is a nurse at the hospital in Leeds.",
    "I'm a nurse, on secondment at the hospital in Leeds until May.",
    "Are you a nurse at the hospital in Leeds?",
    "I work remotely as a developer for an agency in Berlin.",
    "I was a teacher at a primary school in Ghent before the move.",
    "If I were a nurse at the hospital in Leeds I'd quit.",
])
def test_no_home_from_someone_elses_or_away_work(text):
    assert _cities(text) == []


@pytest.mark.parametrize(("text", "city"), [
    ("I'm a line cook and I work at our Lyon restaurant, mostly on the grill.", "Lyon"),
    ("I'm an analyst in the Rotterdam office of a shipping broker.", "Rotterdam"),
    ("I'm a cashier at the Utrecht store on weekdays.", "Utrecht"),
    ("Halden Freight shut the Aberdeen depot and my last shift was on Friday.", "Aberdeen"),
    ("They closed our Dundee branch, so my last day was yesterday.", "Dundee"),
])
def test_a_city_before_the_workplace_places_the_user(text, city):
    assert _cities(text) == [city]


@pytest.mark.parametrize("text", [
    "I'm a developer at Acme; the Berlin office does all the hiring.",
    "I'm a developer at Acme and I'm flying to our Lyon office next week.",
    "I was a baker at the Ghent bakery for years.",
    "I quit my job at the Leeds office last week.",
    "My brother is a nurse at the Leeds hospital.",
    "I'm a nurse at the Prairie Crown clinic.",
])
def test_no_home_from_another_office_a_trip_a_past_or_someone_elses_job(text):
    assert _cities(text) == []
