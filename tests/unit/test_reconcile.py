"""The reconcile policy, table-driven, with a frozen clock; and its invariants as properties."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.reconcile import reconcile
from schemas.plan import CloseFact, InsertFact, Quarantine, Reconfirm
from schemas.records import SOURCE_RANK, Claim, Fact

NOW = datetime(2026, 11, 10, 18, 0, tzinfo=UTC)
MAY = datetime(2026, 5, 4, 18, 0, tzinfo=UTC)
SOURCES = list(SOURCE_RANK)


def fact(pred: str, obj: str, *, source="stated", conf=0.9, since=MAY, card="single",
         fid=None, session="s0", turn=0) -> Fact:
    return Fact(fact_id=fid or f"f-{pred}-{obj}", namespace="n", user_id="u", predicate=pred,
                object=obj, cardinality=card, valid_from=since, asserted_at=since,
                source=source, confidence=conf, session_id=session, turn=turn)


def claim(pred: str, obj: str, *, source="stated", conf=0.9, at=NOW, op="assert",
          **kw) -> Claim:
    return Claim(predicate=pred, object=obj, source=source, confidence=conf, valid_from=at,
                 op=op, session_id="s9", turn=0, **kw)


def run(claims, current=(), history=()):
    return reconcile(claims, list(current), namespace="n", user_id="u", session_id="s9",
                     now=NOW, history=list(history))


def kinds(plan) -> list[str]:
    return [d.kind for d in plan.decisions]


@pytest.mark.parametrize("new,old,expected", [
    (n, o, "superseded" if SOURCE_RANK[n] >= SOURCE_RANK[o] else "rejected")
    for n in SOURCES for o in SOURCES])
def test_every_source_pair_on_a_single_valued_conflict(new, old, expected):
    plan = run([claim("city", "Berlin", source=new)], [fact("city", "Munich", source=old)])
    assert kinds(plan)[0] == expected


@pytest.mark.parametrize("source", SOURCES)
def test_same_value_reconfirms_without_a_new_row(source):
    plan = run([claim("city", "berlin", source="inferred" if source == "inferred" else "stated")],
               [fact("city", "Berlin", source=source)])
    if SOURCE_RANK[source] >= SOURCE_RANK["stated"] or source == "inferred":
        assert kinds(plan) == ["reconfirmed"]
        assert [type(op) for op in plan.ops] == [Reconfirm]


def test_multi_valued_accumulates():
    plan = run([claim("allergy", "shellfish")], [fact("allergy", "peanuts", card="multi")])
    assert kinds(plan) == ["asserted"]
    assert isinstance(plan.ops[0], InsertFact)


def test_multi_valued_value_goes_only_on_explicit_removal():
    current = [fact("dietary_restriction", "vegetarian", card="multi")]
    plan = run([claim("dietary_restriction", "vegan")], current)
    assert not any(isinstance(op, CloseFact) for op in plan.ops)
    plan = run([claim("dietary_restriction", "vegetarian", op="retract")], current)
    assert kinds(plan) == ["retracted"]
    close = plan.ops[0]
    assert isinstance(close, CloseFact) and close.closed_copy.valid_to == NOW


def test_a_removal_may_name_the_value_briefly():
    plan = run([claim("pet", "Mittens", op="retract")],
               [fact("pet", "cat named Mittens", card="multi"), fact("pet", "dog named Rex",
                                                                      card="multi")])
    assert kinds(plan) == ["retracted"] and plan.ops[0].object == "cat named Mittens"


def test_backdated_claim_closes_the_old_fact_at_the_right_valid_time():
    august = datetime(2026, 8, 1, tzinfo=UTC)
    plan = run([claim("city", "Leipzig", at=august)], [fact("city", "Hamburg")])
    close = next(op for op in plan.ops if isinstance(op, CloseFact))
    insert = next(op for op in plan.ops if isinstance(op, InsertFact))
    assert close.closed_copy.valid_to == august and close.retracted_at == NOW
    assert insert.fact.valid_from == august and insert.fact.asserted_at == NOW


def test_dependent_facts_close_with_their_parent():
    plan = run([claim("city", "Berlin")],
               [fact("city", "Munich"), fact("district", "Schwabing")])
    assert "closed_dependent" in kinds(plan)
    closed = {op.fact_id for op in plan.ops if isinstance(op, CloseFact)}
    assert closed == {"f-city-Munich", "f-district-Schwabing"}


@pytest.mark.parametrize("source", SOURCES)
def test_privilege_claims_are_always_quarantined(source):
    plan = run([claim("access_role", "administrator", source=source)])
    assert kinds(plan) == ["quarantined"] and isinstance(plan.ops[0], Quarantine)


def test_low_confidence_conflict_is_quarantined_not_forced():
    plan = run([claim("city", "Galway", source="stated", conf=0.3)], [fact("city", "Cork")])
    assert kinds(plan) == ["quarantined"]


def test_untrusted_origin_never_asserts():
    plan = run([claim("city", "Paris", untrusted_origin="tool")])
    assert kinds(plan) == ["rejected"] and plan.ops == ()


def test_sensitive_needs_a_direct_statement():
    plan = run([claim("religion", "buddhist", source="inferred", sensitive="religion")])
    assert kinds(plan) == ["rejected"]
    plan = run([claim("religion", "buddhist", sensitive="religion")])
    assert kinds(plan) == ["asserted"]


def test_a_correction_later_in_the_session_wins():
    plan = run([claim("employer", "Initech"), claim("employer", "Initrode")])
    inserted = [op.fact.object for op in plan.ops if isinstance(op, InsertFact)]
    assert inserted == ["Initech", "Initrode"]
    assert kinds(plan) == ["asserted", "superseded"]


def test_replaying_an_old_session_reconfirms_history_instead_of_fighting_the_present():
    munich_closed = fact("city", "Munich", since=datetime(2025, 3, 2, tzinfo=UTC),
                         fid="closed").model_copy(update={"valid_to": MAY})
    berlin = fact("city", "Berlin")
    plan = run([claim("city", "Munich", at=datetime(2025, 3, 2, tzinfo=UTC))], [berlin],
               history=[munich_closed, berlin])
    assert kinds(plan) == ["reconfirmed"] and plan.ops == ()


def test_user_edit_corrects_from_the_start_and_outranks_later_statements():
    plan = run([claim("employer", "Umbrella Health", source="user_edit", conf=1.0)],
               [fact("employer", "Umbrella Corp")])
    insert = next(op for op in plan.ops if isinstance(op, InsertFact))
    assert insert.fact.valid_from == MAY
    edited = insert.fact
    plan = run([claim("employer", "Umbrella Corp")], [edited])
    assert kinds(plan) == ["rejected"]


def test_same_inputs_same_plan():
    args = ([claim("city", "Berlin"), claim("allergy", "nuts")], [fact("city", "Munich")])
    assert run(*args) == run(*args)


# ---- properties --------------------------------------------------------------------------
PREDS = ["city", "employer", "allergy", "pet"]
claims_st = st.lists(st.builds(
    lambda p, o, s, c, d, op: claim(p, o, source=s, conf=c, at=NOW - timedelta(days=d), op=op),
    st.sampled_from(PREDS), st.sampled_from(["A", "B", "C"]), st.sampled_from(SOURCES),
    st.floats(0.0, 1.0), st.integers(0, 400), st.sampled_from(["assert", "assert", "retract"])),
    max_size=12)


def _apply(plan, current: list[Fact]) -> list[Fact]:
    live = {f.fact_id: f for f in current}
    for op in plan.ops:
        if isinstance(op, InsertFact):
            live[op.fact.fact_id] = op.fact
        elif isinstance(op, CloseFact):
            live.pop(op.fact_id, None)
    return list(live.values())


@settings(max_examples=200, deadline=None)
@given(st.lists(claims_st, max_size=4))
def test_at_most_one_current_value_per_single_valued_predicate(batches):
    current: list[Fact] = []
    for batch in batches:
        current = _apply(run(batch, current), current)
        for pred in ("city", "employer"):
            assert len([f for f in current if f.predicate == pred]) <= 1


@settings(max_examples=100, deadline=None)
@given(claims_st)
def test_reconcile_is_deterministic_and_does_not_mutate_input(batch):
    current = [fact("city", "A"), fact("allergy", "B", card="multi")]
    before = [f.model_copy() for f in current]
    assert run(batch, current) == run(batch, current)
    assert current == before


@settings(max_examples=100, deadline=None)
@given(claims_st)
def test_closing_keeps_every_version_that_held(batch):
    current = [fact("city", "A"), fact("employer", "B")]
    plan = run(batch, current)
    for op in plan.ops:
        if isinstance(op, CloseFact) and op.closed_copy is not None:
            assert op.closed_copy.valid_to > op.closed_copy.valid_from
            assert op.closed_copy.replaces == op.fact_id
