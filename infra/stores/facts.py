"""The semantic fact store: bitemporal queries and the writes a reconcile plan asks for.

Never updates a triple in place: closing a row sets `retracted_at` (system time) with a
guard, and the closed copy with `valid_to` is a new row. Inserts use deterministic ids with
ON CONFLICT DO NOTHING, so replaying a plan after a crash is harmless.
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, or_, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from infra.db.models import DecisionRow, FactEvidenceRow, FactRow, QuarantineRow
from schemas.ids import stable_id
from schemas.plan import CloseFact, Decision, InsertFact, Plan, Quarantine, Reconfirm
from schemas.records import Fact

_FACT_FIELDS = ("fact_id", "namespace", "user_id", "subject", "predicate", "object",
                "cardinality", "valid_from", "valid_to", "asserted_at", "retracted_at",
                "source", "confidence", "session_id", "turn", "sensitive", "replaces")


def to_fact(row: FactRow) -> Fact:
    return Fact(**{f: getattr(row, f) for f in _FACT_FIELDS})


class FactStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    # ---- reads -------------------------------------------------------------------------
    def _user(self, namespace: str, user_id: str, predicate: str | None):
        q = select(FactRow).where(FactRow.namespace == namespace, FactRow.user_id == user_id)
        if predicate is not None:
            q = q.where(FactRow.predicate == predicate)
        return q

    def current(self, namespace: str, user_id: str, predicate: str | None = None) -> list[Fact]:
        """What is true now: open in world time, not retracted."""
        q = self._user(namespace, user_id, predicate).where(
            FactRow.valid_to.is_(None), FactRow.retracted_at.is_(None))
        return [to_fact(r) for r in self._s.scalars(q.order_by(FactRow.predicate,
                                                               FactRow.valid_from))]

    def as_of(self, namespace: str, user_id: str, valid_at: datetime,
              predicate: str | None = None) -> list[Fact]:
        """What was true in the world at `valid_at`, by what we know now."""
        q = self._user(namespace, user_id, predicate).where(
            FactRow.retracted_at.is_(None), FactRow.valid_from <= valid_at,
            or_(FactRow.valid_to.is_(None), FactRow.valid_to > valid_at))
        return [to_fact(r) for r in self._s.scalars(q.order_by(FactRow.valid_from))]

    def believed_as_of(self, namespace: str, user_id: str, known_at: datetime,
                       predicate: str | None = None) -> list[Fact]:
        """What we held true at `known_at`, by what we had recorded then."""
        q = self._user(namespace, user_id, predicate).where(
            FactRow.asserted_at <= known_at,
            or_(FactRow.retracted_at.is_(None), FactRow.retracted_at > known_at),
            FactRow.valid_from <= known_at,
            or_(FactRow.valid_to.is_(None), FactRow.valid_to > known_at))
        return [to_fact(r) for r in self._s.scalars(q.order_by(FactRow.valid_from))]

    def history(self, namespace: str, user_id: str, predicate: str | None = None) -> list[Fact]:
        """Every version we still believe, current and closed, in valid-time order."""
        q = self._user(namespace, user_id, predicate).where(FactRow.retracted_at.is_(None))
        return [to_fact(r) for r in self._s.scalars(q.order_by(FactRow.valid_from,
                                                               FactRow.asserted_at))]

    def all_versions(self, namespace: str, user_id: str,
                     predicate: str | None = None) -> list[Fact]:
        """Every row including retracted ones (explain, export)."""
        q = self._user(namespace, user_id, predicate)
        return [to_fact(r) for r in self._s.scalars(q.order_by(FactRow.asserted_at,
                                                               FactRow.valid_from))]

    def get(self, fact_id: str) -> Fact | None:
        row = self._s.get(FactRow, fact_id)
        return to_fact(row) if row else None

    def evidence(self, fact_ids: Sequence[str]) -> list[FactEvidenceRow]:
        if not fact_ids:
            return []
        return list(self._s.scalars(select(FactEvidenceRow).where(
            FactEvidenceRow.fact_id.in_(list(fact_ids))).order_by(FactEvidenceRow.observed_at)))

    def decisions(self, namespace: str, user_id: str,
                  predicate: str | None = None) -> list[DecisionRow]:
        q = select(DecisionRow).where(DecisionRow.namespace == namespace,
                                      DecisionRow.user_id == user_id)
        if predicate is not None:
            q = q.where(DecisionRow.predicate == predicate)
        return list(self._s.scalars(q.order_by(DecisionRow.created_at)))

    def quarantined(self, namespace: str, user_id: str) -> list[QuarantineRow]:
        return list(self._s.scalars(select(QuarantineRow).where(
            QuarantineRow.namespace == namespace, QuarantineRow.user_id == user_id)
            .order_by(QuarantineRow.created_at)))

    # ---- writes ------------------------------------------------------------------------
    def lock_user(self, namespace: str, user_id: str) -> None:
        """Serialize reconciliation per user for the rest of this transaction."""
        self._s.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:k, 0))"),
                        {"k": f"reverie-user\x1f{namespace}\x1f{user_id}"})

    def insert(self, fact: Fact, evidence: str = "") -> bool:
        values = fact.model_dump()
        values["evidence"] = evidence
        result = self._s.execute(insert(FactRow).values(**values)
                                 .on_conflict_do_nothing(index_elements=["fact_id"]))
        return result.rowcount == 1

    def close(self, change: CloseFact) -> bool:
        """Retract one version; False when an earlier run already closed it."""
        result = self._s.execute(
            update(FactRow).where(FactRow.fact_id == change.fact_id,
                                  FactRow.retracted_at.is_(None))
            .values(retracted_at=change.retracted_at))
        if result.rowcount != 1:
            return False
        if change.closed_copy is not None:
            old = self._s.get(FactRow, change.fact_id)
            self.insert(change.closed_copy, evidence=old.evidence if old else "")
        return True

    def reconfirm(self, change: Reconfirm, namespace: str, user_id: str) -> None:
        c = change.claim
        eid = stable_id("evidence", change.fact_id, c.session_id, c.turn, c.source)
        self._s.execute(insert(FactEvidenceRow).values(
            evidence_id=eid, fact_id=change.fact_id, namespace=namespace, user_id=user_id,
            session_id=c.session_id or None, turn=c.turn, source=c.source,
            confidence=c.confidence, evidence=c.evidence, observed_at=change.observed_at,
        ).on_conflict_do_nothing(index_elements=["evidence_id"]))

    def quarantine(self, q: Quarantine, namespace: str, user_id: str, now: datetime) -> None:
        c = q.claim
        self._s.execute(insert(QuarantineRow).values(
            quarantine_id=q.quarantine_id, namespace=namespace, user_id=user_id,
            session_id=c.session_id or None, predicate=c.predicate, object=c.object,
            claim=c.model_dump(mode="json"), reason=q.reason, created_at=now,
        ).on_conflict_do_nothing(index_elements=["quarantine_id"]))

    def record_decisions(self, decisions: Sequence[Decision], namespace: str, user_id: str,
                         session_id: str | None, now: datetime) -> None:
        if not decisions:
            return
        rows = [dict(decision_id=d.decision_id, namespace=namespace, user_id=user_id,
                     session_id=session_id, kind=d.kind, rule=d.rule, reason=d.reason,
                     predicate=d.predicate, fact_id=d.fact_id or d.target_fact_id,
                     inputs={"claim": d.claim.model_dump(mode="json") if d.claim else None,
                             "target_fact_id": d.target_fact_id},
                     created_at=now) for d in decisions]
        self._s.execute(insert(DecisionRow).values(rows)
                        .on_conflict_do_nothing(index_elements=["decision_id"]))

    def apply(self, plan: Plan, now: datetime) -> dict[str, int]:
        """Write a plan's ops in order, then its decisions. Returns counts per op."""
        counts = {"insert": 0, "close": 0, "reconfirm": 0, "quarantine": 0}
        for op in plan.ops:
            if isinstance(op, InsertFact):
                counts["insert"] += self.insert(op.fact, evidence=_evidence_of(plan, op))
            elif isinstance(op, CloseFact):
                counts["close"] += self.close(op)
            elif isinstance(op, Reconfirm):
                self.reconfirm(op, plan.namespace, plan.user_id)
                counts["reconfirm"] += 1
            elif isinstance(op, Quarantine):
                self.quarantine(op, plan.namespace, plan.user_id, now)
                counts["quarantine"] += 1
        self.record_decisions(plan.decisions, plan.namespace, plan.user_id, plan.session_id,
                              now)
        return counts

    def delete_where(self, namespace: str, user_id: str, condition) -> list[str]:
        """Hard delete (erasure only). Returns the deleted ids."""

        ids = list(self._s.scalars(select(FactRow.fact_id).where(
            FactRow.namespace == namespace, FactRow.user_id == user_id, condition)))
        if ids:
            self._s.execute(delete(FactRow).where(FactRow.fact_id.in_(ids)))
        return ids


def _evidence_of(plan: Plan, op: InsertFact) -> str:
    for d in plan.decisions:
        if d.fact_id == op.fact.fact_id and d.claim is not None:
            return d.claim.evidence
    return ""



