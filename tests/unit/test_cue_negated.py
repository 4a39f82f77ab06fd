"""A place cue whose own words deny it ("I've never lived in Oslo") names no city; the same
cue asserted, or with an adverb of manner, still does."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from pipeline.extract.rules import extract_turn
from schemas.records import Turn

AT = datetime(2026, 6, 1, 12, tzinfo=timezone.utc)


def _cities(text: str) -> set[str]:
    claims = extract_turn(Turn(index=0, role="user", text=text, at=AT), session_id="s")
    return {c.object for c in claims if c.predicate == "city" and c.modality == "asserted"}


@pytest.mark.parametrize("text", [
    "I've never lived in Oslo.",
    "I have never lived in Perth and I've never worked for them.",
    "We've not lived in Quito, that was my cousin.",
])
def test_a_denied_stay_names_no_city(text: str) -> None:
    assert _cities(text) == set()


@pytest.mark.parametrize("text, city", [
    ("I've lived in Bergen for six years.", "Bergen"),
    ("We've happily lived in Tromsø since the spring.", "Tromsø"),
])
def test_an_asserted_stay_still_names_it(text: str, city: str) -> None:
    assert _cities(text) == {city}
