"""Home told by a landmark first: "I live two blocks from the rambla in Montevideo", "we live
right next to the station in Ghent" name the city after the landmark. Someone else's home, a
question and a wish name none. Sentences of their own.
"""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.test_rules_support import claims_of

AT = datetime(2027, 1, 12, 9, 0, tzinfo=UTC)


def cities(text: str) -> list[tuple[str, str]]:
    return [(c.op, c.object) for c in claims_of(text, at=AT) if c.predicate == "city"]


@pytest.mark.parametrize(("text", "city"), [
    ("I live two blocks from the beach in Valparaíso and swim most mornings.", "Valparaíso"),
    ("We live right next to the old tram depot in Ghent, which is noisy.", "Ghent"),
    ("I live five minutes from work in Cardiff now, bliss.", "Cardiff"),
    ("Context: we live above a bakery in Tartu, so breakfast is sorted.", "Tartu"),
])
def test_a_landmark_then_the_city_is_home(text: str, city: str) -> None:
    assert cities(text) == [("assert", city)]


@pytest.mark.parametrize("text", [
    "My mum lives near the park in Leeds.",
    "Do you live near the sea in Porto?",
    "I'd love to live near the sea in Porto one day.",
    "If we lived near the station in Ghent, I'd cycle.",
])
def test_someone_elses_home_a_question_or_a_wish_is_none(text: str) -> None:
    assert cities(text) == []
