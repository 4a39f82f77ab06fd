"""People and names told without the usual words: the name the user goes by after the
official one ("my ID says ..., but ... it's X"), a partner told by what a couple is ("we've
been together since ...", a proposal the user said yes to), a child named by age after "my
son", names in any Latin script ("Bắp", "Łucja"); the traps: a proposal refused, someone
else's couple, someone else's opinion ("he thinks my job is gross" is no dislike of the
user's). Sentences of our own (other names and places than any scenario set)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 10, 7, 18, 0, tzinfo=UTC)


def _now(text: str, predicate: str) -> list[str]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=[turn])
    return [c.object for c in RuleExtractor().extract(transcript)
            if c.predicate == predicate and c.subject == "user" and c.op == "assert"]


@pytest.mark.parametrize(("text", "name"), [
    ("My passport says Gulshan, but, honestly, nobody says that, it's Gul, just Gul.", "Gul"),
    ("My papers say Anna Teodora, but I've been Dora since primary school.", "Dora"),
    ("So my name on paper is Bolormaa, but, like, just Bolor, everyone says Bolor.", "Bolor"),
    ("It's Tancredi on my licence, after my grandfather, but nobody says that, it's Teddy.",
     "Teddy"),
])
def test_the_name_gone_by_after_the_official_one(text: str, name: str) -> None:
    assert _now(text, "preferred_name") == [name]


@pytest.mark.parametrize("text", [
    "My passport says Kwabena, but Ama is my sister.",
    "My passport says Kwabena but it's fine.",
])
def test_no_used_name_without_one(text: str) -> None:
    assert _now(text, "preferred_name") == []


@pytest.mark.parametrize(("text", "name"), [
    ("Matteo, he runs the bakery on the corner, and we've been together since the 3rd of "
     "August, when he gave me a free croissant.", "Matteo"),
    ("At the lantern festival Sindri asked me to marry him, right by the harbour, and I said "
     "yes.", "Sindri"),
])
def test_a_partner_told_by_what_a_couple_is(text: str, name: str) -> None:
    assert _now(text, "partner_name") == [name]


def test_a_proposal_said_yes_to_is_an_engagement() -> None:
    assert "engaged" in _now("At the lantern festival Sindri asked me to marry him, right by "
                             "the harbour, and I said yes.", "relationship_status")


@pytest.mark.parametrize("text", [
    "Tomas asked me to marry him and I said no.",
    "My sister Hanna and her husband have been together since school.",
    "Would you believe Pavel, he says we've been together too long to argue?",
])
def test_no_partner_from_a_refusal_or_someone_elses_couple(text: str) -> None:
    assert _now(text, "partner_name") == []


def test_a_child_named_by_age_after_my_son() -> None:
    text = ("I fix clocks in a shop by the old bridge, and that's what I tell my son. Arben is "
            "seven and he thinks my job is boring.")
    assert _now(text, "child_name") == ["Arben"]
    assert _now(text, "dislikes") == []


@pytest.mark.parametrize("text", [
    "My sister has a son. Tomek is nine.",
    "My son and my daughter are at camp. Ilir is nine.",
])
def test_no_child_from_someone_elses_or_from_two(text: str) -> None:
    assert _now(text, "child_name") == []


@pytest.mark.parametrize(("text", "predicate", "name"), [
    ("My wife Łucja says hi.", "partner_name", "Łucja"),
    ("We brought home a puppy, a little brown dog we named Đậu.", "pet", "Đậu"),
    ("My husband Ömer cooks on Sundays.", "partner_name", "Ömer"),
])
def test_names_in_any_latin_script(text: str, predicate: str, name: str) -> None:
    assert any(name in v for v in _now(text, predicate))
