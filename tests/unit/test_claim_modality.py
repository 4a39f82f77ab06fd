"""The claim record's subject and mood: which claims may change the user's facts, and how an
ended state becomes a removal (schemas.records helpers and the reconcile gate)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipeline.reconcile import reconcile
from schemas.plan import CloseFact, InsertFact
from schemas.records import Claim, Fact, changes_user_facts, ends_at, removes

NOW = datetime(2026, 11, 10, 18, 0, tzinfo=UTC)
MAY = datetime(2026, 5, 4, tzinfo=UTC)
AUG = datetime(2026, 8, 1, tzinfo=UTC)


def claim(**kw) -> Claim:
    base = {"predicate": "dietary_restriction", "object": "vegetarian", "valid_from": NOW,
            "session_id": "s9", "turn": 0}
    return Claim(**(base | kw))


@pytest.mark.parametrize("kw,changes", [
    ({}, True),
    ({"modality": "planned"}, True),
    ({"modality": "ended"}, True),
    ({"modality": "question"}, False),
    ({"modality": "hypothetical"}, False),
    ({"modality": "negated"}, False),
    ({"modality": "quoted"}, False),
    ({"subject": "sister"}, False),
    ({"subject": "sister", "modality": "ended"}, False),
    ({"untrusted_origin": "tool"}, False),
    ({"untrusted_origin": "user"}, True),
    ({"untrusted_origin": "assistant", "modality": "asserted"}, False),
])
def test_only_the_users_own_asserted_planned_or_ended_claims_change_facts(kw, changes):
    assert changes_user_facts(claim(**kw)) is changes


@pytest.mark.parametrize("kw,removal,end", [
    ({}, False, NOW),
    ({"op": "retract"}, True, NOW),
    ({"modality": "ended"}, True, NOW),
    ({"modality": "ended", "valid_from": MAY, "valid_to": AUG}, True, AUG),
    ({"modality": "planned"}, False, NOW),
])
def test_ended_maps_to_a_removal_at_its_end(kw, removal, end):
    c = claim(**kw)
    assert removes(c) is removal
    assert ends_at(c) == end


def _held() -> Fact:
    return Fact(fact_id="f1", namespace="n", user_id="u", predicate="dietary_restriction",
                object="vegetarian", cardinality="multi", valid_from=MAY, asserted_at=MAY,
                source="stated", confidence=0.9, session_id="s0", turn=0)


def _plan(c: Claim):
    return reconcile([c], [_held()], namespace="n", user_id="u", session_id="s9", now=NOW)


def test_an_ended_diet_closes_the_fact_at_its_end():
    plan = _plan(claim(modality="ended", valid_to=AUG))
    assert [d.kind for d in plan.decisions] == ["retracted"]
    close = next(op for op in plan.ops if isinstance(op, CloseFact))
    assert close.closed_copy is not None and close.closed_copy.valid_to == AUG


@pytest.mark.parametrize("kw,rule", [
    ({"subject": "sister", "object": "vegan"}, "other-subject"),
    ({"modality": "question", "object": "vegan"}, "not-asserted"),
    ({"modality": "negated", "op": "retract"}, "not-asserted"),
    ({"modality": "quoted", "untrusted_origin": "quoted"}, "untrusted-origin"),
])
def test_claims_that_stay_episodic_write_nothing(kw, rule):
    plan = _plan(claim(**kw))
    assert not [op for op in plan.ops if isinstance(op, InsertFact | CloseFact)]
    assert [d.rule for d in plan.decisions] == [rule]
