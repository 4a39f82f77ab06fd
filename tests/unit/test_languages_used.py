"""Languages told by what the user does in them ("I cook in Czech", "read recipes in
Polish"), by what they know or keep up ("I know enough German", "I practise my Spanish"), by
where they got them ("the English from my exchange"), by their work ("Work is French with the
team"), and languages outside ISO 639-1 (Dagbani, Dholuo, Maya, K'iche'), each beside its trap.
Maya is also a given name: it stays one. Sentences of our own, not from any scenario."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from pipeline.extract.rules import extract_turn
from schemas.records import Turn

AT = datetime(2026, 6, 1, 12, tzinfo=timezone.utc)


def _read(text: str) -> set[tuple[str, str]]:
    claims = extract_turn(Turn(index=0, role="user", text=text, at=AT), session_id="s")
    return {(c.predicate, c.object) for c in claims if c.op == "assert"}


def _languages(text: str) -> set[str]:
    return {o for p, o in _read(text) if p == "language_spoken"}


@pytest.mark.parametrize("text, expected", [
    ("I journal in Welsh and read the news in Danish, my father taught me.", {"Welsh", "Danish"}),
    ("I know enough Portuguese from a year of surfing in Ericeira.", {"Portuguese"}),
    ("On Mondays I practise my Japanese with a tutor.", {"Japanese"}),
    ("Greek, Arabic, and the French from my exchange year in Lyon: I cover all the calls.",
     {"Greek", "Arabic", "French"}),
    ("My work is Dutch with the staff and German with the suppliers.", {"Dutch", "German"}),
    ("At the market we speak Dagbani, and I text my cousins in Hausa.", {"Dagbani", "Hausa"}),
    ("I speak Dholuo with my grandmother.", {"Dholuo"}),
    ("We speak Maya at home and Spanish at work.", {"Maya", "Spanish"}),
    ("I speak K'iche' and Spanish.", {"K'iche", "Spanish"}),
])
def test_a_language_the_user_uses(text: str, expected: set[str]) -> None:
    assert expected <= _languages(text)


@pytest.mark.parametrize("text", [
    "I know a German guy who fixes bikes.",
    "I don't know Swedish at all.",
    "I want to practise my Italian before the trip.",
    "My brother cooks in Thai restaurants and reads novels in Korean.",
    "I majored in Spanish but never used it.",
    "Her work is French with everyone.",
    "Arabic, Farsi and the Urdu from his childhood in Karachi: he is the translator.",
    "I got a letter in Dutch from my landlord.",
])
def test_someone_elses_or_no_language_gives_none(text: str) -> None:
    assert not _languages(text)


def test_maya_the_person_is_no_language() -> None:
    assert not _languages("I speak to Maya in Norwegian most days.") - {"Norwegian"}
    assert not _languages("Maya is home with the kids today.")
    assert ("child_name", "Maya") in _read("My daughter Maya turns six next week.")
    assert ("partner_name", "Maya") in _read("My wife Maya is a teacher.")
    assert ("preferred_name", "Maya") in _read("Call me Maya.")
