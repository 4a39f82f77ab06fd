"""Titles outside the occupation list and employers named with "the": an agent noun said as
who one is ("I'm a hydrologist"), a post that is "the" one at a named place, a role after a
date that splits its clause, and the traps: a way of being ("a worrier"), kin, a pastime, a
branch named by its city ("the Tromsø office"), a student's "as students at". Sentences of
our own (other names and places than any scenario set)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.lexicon import occupation_shaped
from pipeline.extract.rules import RuleExtractor
from schemas.records import Transcript, Turn

AT = datetime(2026, 9, 16, 18, 0, tzinfo=UTC)


def _now(text: str, predicate: str) -> list[str]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    transcript = Transcript(namespace="n", user_id="u", session_id="s", started_at=AT,
                            ended_at=AT, turns=[turn])
    return [c.object for c in RuleExtractor().extract(transcript)
            if c.predicate == predicate and c.subject == "user" and c.op == "assert"]


@pytest.mark.parametrize(("text", "title"), [
    ("I'm a hydrologist, so the floods are my busy season.", "hydrologist"),
    ("Honestly I'm a glass blower and the furnace never sleeps.", "glass blower"),
    ("I'm the harbour foreman now, which means the rota is mine.", "harbour foreman"),
    ("I've been the ornithologist at the Mirnyi Reserve for six years.", "ornithologist"),
])
def test_an_agent_noun_said_as_who_one_is_is_a_title(text: str, title: str) -> None:
    assert title in _now(text, "job_title")


@pytest.mark.parametrize("text", [
    "I'm a worrier, always have been.",
    "I'm a grandmother now, can you believe it!",
    "I'm a big believer in long walks.",
    "I'm a commuter again since the bridge closed.",
    "I'm the worst cook at the Sunday lunch.",
    "We met in Tbilisi, as students at Ilia.",
])
def test_a_way_of_being_or_a_pastime_is_no_title(text: str) -> None:
    assert _now(text, "job_title") == []
    assert _now(text, "employer") == []


@pytest.mark.parametrize(("text", "org"), [
    ("I'm a sampler at the Vardar Grain Terminal, mostly nights.", "Vardar Grain Terminal"),
    ("I'm a welder with the Kestrel Yards crew since spring.", "Kestrel Yards"),
    ("I'm an analyst at the Banco Rural del Sur office downtown.", "Banco Rural del Sur"),
    ("I started two weeks ago, Monday the 31st of August, as crane operator at Portuaria "
     "Lenga, and I love it.", "Portuaria Lenga"),
])
def test_an_employer_after_the_title_and_the(text: str, org: str) -> None:
    assert _now(text, "employer") == [org]


def test_a_branch_named_by_its_city_is_no_employer() -> None:
    assert _now("I'm not moving to Bodø, I'm at the Tromsø office, that was the whole point "
                "of taking the job.", "employer") == []


@pytest.mark.parametrize(("word", "shaped"), [
    ("limnologist", True), ("grader", True), ("foreman", True), ("nurse", True),
    ("worrier", False), ("mother", False), ("cyclist", False), ("vegetarian", False),
])
def test_occupation_shaped(word: str, shaped: bool) -> None:
    assert occupation_shaped(word) is shaped
