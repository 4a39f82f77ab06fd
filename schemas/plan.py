"""What the reconcile stage decides and the consolidate stage writes."""
from __future__ import annotations

from datetime import datetime
from typing import Literal

from schemas.records import Claim, Fact, Frozen

DecisionKind = Literal[
    "asserted", "reconfirmed", "superseded", "retracted", "rejected", "quarantined",
    "closed_dependent", "unrelated", "erased", "edited",
]


class Decision(Frozen):
    """One reconcile decision with its inputs, the rule that fired, and why."""

    decision_id: str
    kind: DecisionKind
    rule: str
    reason: str
    predicate: str
    claim: Claim | None = None
    fact_id: str | None = None          # the fact written (new version) or affected
    target_fact_id: str | None = None   # the existing fact it was compared with


class InsertFact(Frozen):
    op: Literal["insert"] = "insert"
    fact: Fact


class CloseFact(Frozen):
    """Retract a current row (system time) and, when it held for a while, insert its closed
    copy with `valid_to` (world time). Together: the row is closed, never edited."""

    op: Literal["close"] = "close"
    fact_id: str
    predicate: str
    object: str
    retracted_at: datetime
    closed_copy: Fact | None
    successor_fact_id: str | None = None


class Reconfirm(Frozen):
    op: Literal["reconfirm"] = "reconfirm"
    fact_id: str
    claim: Claim
    observed_at: datetime


class Quarantine(Frozen):
    op: Literal["quarantine"] = "quarantine"
    quarantine_id: str
    claim: Claim
    reason: str


Op = InsertFact | CloseFact | Reconfirm | Quarantine


class Plan(Frozen):
    """The reconcile stage's output: ordered writes plus the decision log."""

    namespace: str
    user_id: str
    session_id: str | None
    ops: tuple[Op, ...] = ()
    decisions: tuple[Decision, ...] = ()
