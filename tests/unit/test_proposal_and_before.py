"""Two statuses told indirectly. An accepted proposal across the sentences of a turn ("She
said yes! I asked on the pier ... the ring") is engaged, beside an ask that is not a proposal,
someone else's proposal and a condition. "Before Dundee I lived in Inverness" puts the user
in the place the backstory leads to, for any gazetteer city of some size, not for an event.
Sentences of their own.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.test_rules_support import claims_of

AT = datetime(2027, 4, 18, 15, 0, tzinfo=UTC)


def of(predicate: str, text: str) -> list[tuple[str, str]]:
    return [(c.op, c.object) for c in claims_of(text, at=AT) if c.predicate == predicate]


@pytest.mark.parametrize("text", [
    "She said yes!! I asked her on the pier at sunset and nearly dropped the ring in the sea.",
    "He said yes. I got down on one knee in the middle of the market and people clapped.",
    "Big news: they said yes! I finally proposed at the lake, with my gran's ring.",
    "Tomás proposed on Saturday at the top of the hill. I said yes, obviously!",
    "He popped the question over dinner. And I said yes! Now help me plan a party.",
])
def test_an_accepted_proposal_across_sentences_is_engaged(text: str) -> None:
    assert of("relationship_status", text) == [("assert", "engaged")]


@pytest.mark.parametrize("text", [
    # an ask that is no proposal
    "She said yes! I asked my manager for Fridays off and she agreed on the spot.",
    # someone else's proposal
    "My sister's boyfriend proposed at the beach. She said yes, and I cried.",
    # a condition, a question
    "If she said yes I would faint. I'm planning to propose with my gran's ring.",
    "Do you think she'll say yes? I want to propose with my gran's ring.",
])
def test_no_engagement_from_another_ask_someone_else_or_a_condition(text: str) -> None:
    assert of("relationship_status", text) == []


@pytest.mark.parametrize(("text", "city"), [
    ("Before Dundee I lived in Inverness for twelve years.", "Dundee"),
    ("Before Tartu we lived in Riga, which I still miss.", "Tartu"),
    ("Before moving to Aarhus I lived in Odense for a decade.", "Aarhus"),
])
def test_the_place_the_backstory_leads_to_is_home(text: str, city: str) -> None:
    assert ("assert", city) in of("city", text)


@pytest.mark.parametrize("text", [
    "Before Christmas I lived in Leeds for a month.",
    "Before University I lived in Leeds.",     # a small town of that name is no cue
    "Before Easter we lived in Riga.",
])
def test_a_time_or_an_event_before_the_backstory_is_no_place(text: str) -> None:
    assert [v for op, v in of("city", text) if op == "assert"
            and v in ("Christmas", "University", "Easter")] == []
