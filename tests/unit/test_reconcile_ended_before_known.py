"""A value said to have ended that the memory never held ("we're done with Zagreb", told
after the move): kept as history up to where the current value starts, from as far back as
the memory knows the user; a plain removal of a value not held still changes nothing."""
from __future__ import annotations

from datetime import UTC, datetime

from pipeline.reconcile import reconcile
from schemas.plan import InsertFact
from schemas.records import Claim, Fact

NOW = datetime(2026, 4, 15, 18, 0, tzinfo=UTC)
MOVED = datetime(2026, 4, 1, tzinfo=UTC)
KNOWN = datetime(2025, 9, 1, tzinfo=UTC)


def fact(pred: str, obj: str, since: datetime) -> Fact:
    return Fact(fact_id=f"f-{pred}-{obj}", namespace="n", user_id="u", predicate=pred,
                object=obj, cardinality="single", valid_from=since, asserted_at=since,
                source="stated", confidence=0.9, session_id="s0", turn=0)


def ended(pred: str, obj: str, *, op: str = "assert") -> Claim:
    return Claim(predicate=pred, object=obj, op=op, modality="ended", valid_from=NOW,
                 valid_to=NOW, session_id="s9", turn=0)


def run(claims, current):
    return reconcile(claims, list(current), namespace="n", user_id="u", session_id="s9",
                     now=NOW)


def inserted(plan) -> list[Fact]:
    return [op.fact for op in plan.ops if isinstance(op, InsertFact)]


def test_a_city_left_before_the_record_is_kept_up_to_the_move():
    plan = run([ended("city", "Kaunas")], [fact("city", "Riga", MOVED),
                                           fact("employer", "Brightmoor", KNOWN)])
    [past] = inserted(plan)
    assert (past.object, past.valid_from, past.valid_to) == ("Kaunas", KNOWN, MOVED)
    assert [d.rule for d in plan.decisions] == ["ended-before-known"]


def test_told_again_it_is_not_kept_twice():
    first = inserted(run([ended("city", "Kaunas")], [fact("city", "Riga", MOVED),
                                                     fact("employer", "Brightmoor", KNOWN)]))
    plan = reconcile([ended("city", "Kaunas")], [fact("city", "Riga", MOVED)], namespace="n",
                     user_id="u", session_id="s9", now=NOW, history=first)
    assert inserted(plan) == []


def test_nothing_known_before_keeps_nothing():
    plan = run([ended("city", "Kaunas")], [])
    assert inserted(plan) == [] and plan.decisions[0].rule == "retract-nothing-current"


def test_a_plain_retraction_of_a_value_not_held_keeps_nothing():
    # "I'm not at Brindle, I'm at Quayside": a correction, not a past employer.
    plan = run([ended("employer", "Brindle", op="retract")], [fact("city", "Riga", KNOWN)])
    assert inserted(plan) == []


def test_the_current_value_ending_is_closed_as_before():
    plan = run([ended("city", "Riga")], [fact("city", "Riga", KNOWN)])
    assert [d.rule for d in plan.decisions] == ["explicit-removal"]


def test_a_move_that_closes_the_city_left_keeps_it_once():
    # "I've just moved from Graz to Linz": Linz closes Graz, and Graz ended is not kept twice.
    moved = Claim(predicate="city", object="Linz", valid_from=NOW, session_id="s9", turn=0)
    plan = run([moved, ended("city", "Graz")], [fact("city", "Graz", KNOWN)])
    assert [f.object for f in inserted(plan)] == ["Linz"]
    assert plan.decisions[-1].rule == "matches-history"
