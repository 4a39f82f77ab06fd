"""Small towns and trades told in passing: a town of 5,000 people named by a residence or work
cue (gazetteer.lookup_town), capitals of any Latin script, a trade told by what one makes at
an organisation, the role a notice ends, the day of a move when the things and the people go
on different days, languages from CLDR and one denied in the list, and a pastime told by
whom it is done with. The traps: a town outside such a cue, someone else's home, one's own
things mended somewhere, a language said not to be spoken. Sentences of our own."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.gazetteer import lookup, lookup_town
from pipeline.extract.rules import RuleExtractor
from schemas.records import Claim, Transcript, Turn

AT = datetime(2026, 5, 6, 19, 0, tzinfo=UTC)  # a Wednesday


def _claims(text: str, at: datetime = AT) -> list[Claim]:
    turn = Turn(index=0, role="user", text=text, at=at)
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=at,
                            ended_at=at, turns=[turn])
    return [c for c in RuleExtractor().extract(transcript) if c.subject == "user"]


def _now(text: str, predicate: str, at: datetime = AT) -> list[str]:
    return [c.object for c in _claims(text, at) if c.predicate == predicate
            and c.op == "assert" and c.modality == "asserted" and c.valid_from <= at]


def test_towns_are_a_tier_of_their_own() -> None:
    assert lookup("Arnprior") is None  # under 15,000: not in the main index
    town = lookup_town("Arnprior")
    assert town is not None and town.kind == "city" and town.country == "CA"
    assert lookup_town("Paris") == lookup("Paris")  # the main index first
    for word in ("the", "Home", "May", "Ab", ""):
        assert lookup_town(word) is None


@pytest.mark.parametrize(("text", "city"), [
    ("We finally got the keys and moved to Arnprior last month, the river is lovely.",
     "Arnprior"),
    ("Life here in Waitara is slow but I like it.", "Waitara"),
    ("I'm a lab technician at the creamery in Ballina, mostly night shifts.", "Ballina"),
])
def test_a_town_in_a_residence_or_work_cue_is_the_city(text: str, city: str) -> None:
    assert city in _now(text, "city")


def test_a_title_in_a_town_is_no_employer() -> None:
    text = "I work as a ferry pilot in Waitara these days."
    assert "Waitara" in _now(text, "city")
    assert "Waitara" not in _now(text, "employer")
    assert "ferry pilot" in _now(text, "job_title")


@pytest.mark.parametrize("text", [
    "My sister moved to Arnprior last month.",
    "Have you ever been to Ballina?",
    "We might move to Waitara one day, who knows.",
])
def test_a_town_outside_the_users_own_cue_is_no_home(text: str) -> None:
    assert _now(text, "city") == []


def test_a_capital_of_another_latin_script_starts_a_name() -> None:
    assert "Egilsstaðir" in _now("We moved to Egilsstaðir in March and it's still snowing.",
                                 "city")


@pytest.mark.parametrize(("text", "org"), [
    ("These days I fix outboard motors at Kvarnholm Marine, which is greasy but fun.",
     "Kvarnholm Marine"),
    ("I bake the sourdough at Brødhuset Vik now, four in the morning starts.",
     "Brødhuset Vik"),
])
def test_a_trade_at_an_organisation_is_the_employer(text: str, org: str) -> None:
    assert org in _now(text, "employer")


@pytest.mark.parametrize("text", [
    "I fix my bike at Pedal Point Cycles when it breaks.",
    "I cut her fringe at Salon Verde last time.",
    "Do you think I should fix boats at Kvarnholm Marine?",
])
def test_ones_own_things_mended_somewhere_is_no_job(text: str) -> None:
    assert _now(text, "employer") == []


def test_the_role_of_the_years_ends_with_the_notice() -> None:
    claims = _claims("After nine years as a lock keeper at Ruskin Waterways, I handed in my "
                     "notice yesterday, my last day is the 29th of May.")
    held = {(c.predicate, c.object) for c in claims if c.op == "assert"}
    assert {("employer", "Ruskin Waterways"), ("job_title", "lock keeper")} <= held
    ends = {(c.predicate, c.object, c.valid_from.date().isoformat()) for c in claims
            if c.op == "retract" and c.modality == "planned"}
    assert ("job_title", "lock keeper", "2026-05-30") in ends
    assert ("employer", "Ruskin Waterways", "2026-05-30") in ends


def test_a_move_is_dated_by_the_peoples_going_not_the_vans() -> None:
    claims = _claims("We're moving to Arnprior. The removal van comes on the 2nd of June and "
                     "we take the train on the 4th.")
    planned = [c for c in claims if c.predicate == "city" and c.modality == "planned"]
    assert [(c.object, c.valid_from.date().isoformat()) for c in planned] == [
        ("Arnprior", "2026-06-04")]


@pytest.mark.parametrize(("text", "spoken"), [
    ("I speak Kyrgyz and Russian at work.", {"Kyrgyz", "Russian"}),
    ("I speak Aromanian with my gran every Sunday.", {"Aromanian"}),
])
def test_languages_cldr_names(text: str, spoken: set[str]) -> None:
    assert spoken <= set(_now(text, "language_spoken"))


def test_a_language_denied_in_the_list_is_not_spoken() -> None:
    spoken = _now("I speak French and no German, sadly.", "language_spoken")
    assert "French" in spoken and "German" not in spoken


@pytest.mark.parametrize(("text", "hobby"), [
    ("Football with the boys on Saturdays, as ever, then a long lunch.", "football"),
    ("Chess with my neighbours every Sunday morning keeps me sharp.", "chess"),
])
def test_a_pastime_told_by_whom_and_how_often(text: str, hobby: str) -> None:
    assert hobby in _now(text, "hobby")


def test_a_pastime_someone_else_had_is_none() -> None:
    assert _now("Football with the boys on Saturdays was my dad's whole life.", "hobby") == []
