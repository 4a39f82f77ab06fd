"""Work and home changes told in the middle of other news: a last day dated in its own clause
after another date ("I started four weeks ago, ..., and my last day at X was Friday the 30th
of October"), a resignation letter handed to the boss at a named organisation, months of life
in a city opening a sentence, a move whose destination the same sentence named before it;
the traps: a stay of weeks, a memory ("three months in Rome was ..."). Sentences of our own."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Claim, Transcript, Turn


def _claims(text: str, at: datetime) -> list[Claim]:
    turn = Turn(index=0, role="user", text=text, at=at)
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=at,
                            ended_at=at, turns=[turn])
    return [c for c in RuleExtractor().extract(transcript) if c.subject == "user"]


def test_a_last_day_is_dated_by_its_own_clause() -> None:
    at = datetime(2026, 12, 2, 15, 0, tzinfo=UTC)
    claims = _claims("I started four weeks ago, Monday the 2nd of November, as crane operator "
                     "at Portuaria Lenga, and my last day at Frigorífico Austral was Friday the "
                     "30th of October.", at)
    ends = [c for c in claims if c.predicate == "employer" and c.op == "retract"]
    assert [(c.object, c.valid_from.date().isoformat()) for c in ends] == [
        ("Frigorífico Austral", "2026-10-31")]
    assert ["Portuaria Lenga"] == [c.object for c in claims
                                   if c.predicate == "employer" and c.op == "assert"]


def test_a_letter_handed_to_the_boss_keeps_the_employer_until_the_last_day() -> None:
    at = datetime(2026, 4, 24, 12, 0, tzinfo=UTC)
    claims = _claims("This morning I walked into my manager's office at Volta Grain Traders "
                     "and handed him my letter, after six years there. My last day there is "
                     "Friday the 29th of May.", at)
    now = [c.object for c in claims if c.predicate == "employer" and c.op == "assert"
           and c.modality == "asserted"]
    ends = [c.valid_from.date().isoformat() for c in claims
            if c.predicate == "employer" and c.op == "retract" and c.modality == "planned"]
    assert now == ["Volta Grain Traders"]
    assert ends == ["2026-05-30"]


@pytest.mark.parametrize(("text", "city"), [
    ("Three months in Taraz and I can report: the wind never stops.", "Taraz"),
    ("Six months in Tartu, and my sister still hasn't visited.", "Tartu"),
    ("Three months in Rome was the best year of my life.", None),
    ("Two weeks in Lisbon and I'm exhausted.", None),
])
def test_months_of_life_in_a_city(text: str, city: str | None) -> None:
    at = datetime(2026, 7, 8, 12, 0, tzinfo=UTC)
    cities = [c.object for c in _claims(text, at) if c.predicate == "city"]
    assert cities == ([city] if city else [])


def test_a_move_goes_to_the_city_named_before_it_in_the_sentence() -> None:
    at = datetime(2026, 3, 24, 12, 0, tzinfo=UTC)
    claims = _claims("Kestrel Acoustics is opening an office in Shymkent and they want me to "
                     "run it, so we're moving: the van takes our things on Saturday.", at)
    planned = [(c.object, c.valid_from.date().isoformat()) for c in claims
               if c.predicate == "city" and c.modality == "planned"]
    assert planned == [("Shymkent", "2026-03-28")]


@pytest.mark.parametrize(("text", "city"), [
    ("Every week I drive out from Morogoro to the dig site and back.", "Morogoro"),
    ("I take the train in from Tartu every morning, two hours of emails.", "Tartu"),
    ("The first weeks I took the bus from Osorno to Puerto Montt every morning.", None),
    ("We drive from Porto to Braga for the wedding on Saturday.", None),
    ("My brother drives in from Tema every day.", None),
])
def test_a_commute_out_from_home(text: str, city: str | None) -> None:
    at = datetime(2026, 1, 26, 12, 0, tzinfo=UTC)
    cities = [c.object for c in _claims(text, at) if c.predicate == "city"]
    assert cities == ([city] if city else [])


def test_a_stop_planned_for_a_day_is_a_smoker_until_then() -> None:
    at = datetime(2026, 1, 22, 12, 0, tzinfo=UTC)
    claims = [c for c in _claims("I'm going to stop smoking on Monday the 2nd of February, my "
                                 "fortieth birthday.", at) if c.predicate == "smoking_status"]
    assert [(c.object, c.modality) for c in claims] == [("smoker", "asserted"),
                                                        ("non-smoker", "planned")]
