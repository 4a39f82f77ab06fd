"""A work title said to continue across an employer change is kept; one not mentioned is
closed with the old employer, as before (pipeline/extract/carry_over.py, reconcile)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.extract.carry_over import says_title_continues
from pipeline.extract.rules import RuleExtractor
from pipeline.reconcile import reconcile
from schemas.plan import CloseFact
from schemas.records import Claim, Fact, Transcript, Turn

AT = datetime(2026, 3, 9, 10, 0, tzinfo=UTC)
MAY = datetime(2025, 5, 4, tzinfo=UTC)


def _claims(text: str) -> list[Claim]:
    turn = Turn(index=0, role="user", text=text, at=AT)
    return RuleExtractor().extract(Transcript(namespace="n", user_id="u", session_id="s9",
                                              started_at=AT, ended_at=AT, turns=[turn]))


def _employer(text: str) -> list[Claim]:
    return [c for c in _claims(text) if c.predicate == "employer" and c.subject == "user"]


@pytest.mark.parametrize("text", [
    "I'm joining Halcyon Freight in April, same job title, bigger budget.",
    "I joined Peregrine Maps last week. Same role, much nicer people.",
    "I moved over to Quillon Bank in January, doing the same job for more money.",
    "Started at Tessellate Studio on Monday, keeping my title.",
    "I work at Orrin Analytics now, in the same position as before.",
])
def test_an_employer_change_said_to_keep_the_title_carries_it(text):
    jobs = _employer(text)
    assert jobs and all("job_title" in c.carries_over for c in jobs)


@pytest.mark.parametrize("text", [
    "I'm joining Halcyon Freight in April, but not the same role.",
    "I joined Peregrine Maps last week, a totally different title.",
    "My brother joined Quillon Bank, same job title.",
    "If I joined Tessellate Studio, would I keep the same role?",
    "I work at Orrin Analytics now. Same title?",
    "I started at Orrin Analytics last week, same team as my friend Ana.",
])
def test_no_carry_over_without_the_users_own_statement(text):
    assert all(not c.carries_over for c in _employer(text))


def test_the_phrase_alone():
    assert says_title_continues("same job title, better team")
    assert says_title_continues("My title stays the same")
    assert not says_title_continues("it's not the same role at all")
    assert not says_title_continues("the same company as my sister")


def _fact(pred: str, obj: str) -> Fact:
    return Fact(fact_id=f"f-{pred}", namespace="n", user_id="u", predicate=pred, object=obj,
                cardinality="single", valid_from=MAY, asserted_at=MAY, source="stated",
                confidence=0.9, session_id="s0", turn=0)


def _closed(claims: list[Claim]) -> set[str]:
    plan = reconcile(claims, [_fact("employer", "Kobber"), _fact("job_title", "data engineer")],
                     namespace="n", user_id="u", session_id="s9", now=AT)
    return {op.fact_id for op in plan.ops if isinstance(op, CloseFact)}


def test_reconcile_keeps_a_carried_title_and_closes_an_unmentioned_one():
    kept = _claims("I started at Nordlys Energi last week, same job title, better team.")
    assert _closed(kept) == {"f-employer"}
    plain = _claims("I started at Nordlys Energi last week, better team.")
    assert _closed(plain) == {"f-employer", "f-job_title"}
