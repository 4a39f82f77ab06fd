"""Values end where their words do. A list of likes or dislikes ends where a clause begins
("I just hate glasses of milk, cheese is fine" dislikes the milk, not "cheese is fine"); an
employer ends before the filler after it ("at Sankofa Audit Group here in Accra").
Sentences of their own.
"""
from __future__ import annotations

import pytest

from tests.unit.test_rules_support import claims_of


def of(predicate: str, text: str) -> set[str]:
    return {c.object for c in claims_of(text) if c.predicate == predicate and c.op == "assert"}


@pytest.mark.parametrize(("text", "predicate", "values"), [
    ("I just hate raw onion, cooked onion is fine.", "dislikes", {"raw onion"}),
    ("I can't stand coriander, mint was never a problem.", "dislikes", {"coriander"}),
    ("I love olives, capers, the salty stuff is my weakness.", "likes", {"olives", "capers"}),
    ("I hate olives, capers and anchovies.", "dislikes", {"olives", "capers", "anchovies"}),
])
def test_the_list_stops_at_a_clause(text: str, predicate: str, values: set[str]) -> None:
    assert of(predicate, text) == values


@pytest.mark.parametrize(("text", "employer"), [
    ("I'm a senior auditor at Nkwanta Audit Group here in Accra, buried in files.",
     "Nkwanta Audit Group"),
    ("I'm a controls engineer at Kisen Robotics there in Kobe, at least until June.",
     "Kisen Robotics"),
    ("I work at Here Technologies.", "Here Technologies"),
])
def test_an_employer_ends_before_here_or_there(text: str, employer: str) -> None:
    assert of("employer", text) == {employer}


@pytest.mark.parametrize(("text", "title"), [
    ("I joined Orrery Labs last spring as their only data engineer.", "data engineer"),
    ("I'm the new head of data at Orrery Labs.", "head of data"),
    ("I joined Orrery Labs as a new grad.", "new grad"),  # the title itself
])
def test_a_title_loses_its_count_not_its_words(text: str, title: str) -> None:
    assert of("job_title", text) == {title}
