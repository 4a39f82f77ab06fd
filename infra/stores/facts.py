"""The semantic fact store: bitemporal queries and the writes a reconcile plan asks for.

Never updates a triple in place: closing a row sets `retracted_at` (system time) with a
guard, and the closed copy with `valid_to` is a new row. Inserts use deterministic ids with
ON CONFLICT DO NOTHING, so replaying a plan after a crash is harmless.
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import or_, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from infra.db.models import DecisionRow, FactEvidenceRow, FactRow, QuarantineRow
from schemas.ids import stable_id, user_scope
from schemas.plan import CloseFact, Decision, InsertFact, Plan, Quarantine, Reconfirm
from schemas.records import Fact, QuarantinedClaim

_FACT_FIELDS = ("fact_id", "namespace", "user_id", "subject", "predicate", "object",
                "cardinality", "valid_from", "valid_to", "asserted_at", "retracted_at",
                "source", "confidence", "session_id", "turn", "sensitive", "replaces")


def to_fact(row: FactRow) -> Fact:
    return Fact(**{f: getattr(row, f) for f in _FACT_FIELDS})


def _held(row: QuarantineRow) -> QuarantinedClaim:
    return QuarantinedClaim.model_validate(row, from_attributes=True)


class FactStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    # ---- reads -------------------------------------------------------------------------
    def _user(self, namespace: str, user_id: str, predicate: str | None):
        q = select(FactRow).where(FactRow.namespace == namespace, FactRow.user_id == user_id)
        if predicate is not None:
            q = q.where(FactRow.predicate == predicate)
        return q

    def current(self, namespace: str, user_id: str, predicate: str | None = None, *,
                at: datetime | None = None) -> list[Fact]:
        """What is true now (`at`, the caller's clock): holding in world time, not retracted.
        A planned fact is not current before its `valid_from`; the version it replaces is
        until then. Without `at`, the open versions (planned ones included)."""
        q = self._user(namespace, user_id, predicate).where(
            FactRow.retracted_at.is_(None), *_holding(at))
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

    def versions_by_user(self, namespace: str, user_ids: Sequence[str]) -> dict[str, list[Fact]]:
        """Every row of each user, retracted ones included, in `history` order (valid
        time, then system time): what a dream batch plans its users' sessions against."""
        out: dict[str, list[Fact]] = {u: [] for u in user_ids}
        if user_ids:
            q = select(FactRow).where(FactRow.namespace == namespace,
                                      FactRow.user_id.in_(list(user_ids)))
            for row in self._s.scalars(q.order_by(FactRow.valid_from, FactRow.asserted_at)):
                out[row.user_id].append(to_fact(row))
        return out

    def current_by_user(self, namespace: str, user_ids: Sequence[str], *,
                        at: datetime | None = None) -> dict[str, list[Fact]]:
        """`current` for several users in one query."""
        out: dict[str, list[Fact]] = {u: [] for u in user_ids}
        if user_ids:
            q = select(FactRow).where(FactRow.namespace == namespace,
                                      FactRow.user_id.in_(list(user_ids)),
                                      FactRow.retracted_at.is_(None), *_holding(at))
            for row in self._s.scalars(q.order_by(FactRow.predicate, FactRow.valid_from)):
                out[row.user_id].append(to_fact(row))
        return out

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

    def quarantined(self, namespace: str, user_id: str) -> list[QuarantinedClaim]:
        return [_held(r) for r in self._s.scalars(select(QuarantineRow).where(
            QuarantineRow.namespace == namespace, QuarantineRow.user_id == user_id)
            .order_by(QuarantineRow.created_at))]

    def find_quarantined(self, namespace: str, user_id: str,
                         quarantine_id: str) -> QuarantinedClaim | None:
        """The held claim, locked (two reviewers resolving it at once resolve it once)."""
        row = self._s.scalars(select(QuarantineRow).where(
            QuarantineRow.namespace == namespace, QuarantineRow.user_id == user_id,
            QuarantineRow.quarantine_id == quarantine_id).with_for_update()).first()
        return _held(row) if row else None

    def resolve_quarantined(self, quarantine_id: str, resolution: str, at: datetime) -> None:
        self._s.execute(update(QuarantineRow).where(
            QuarantineRow.quarantine_id == quarantine_id)
            .values(resolution=resolution, resolved_at=at))

    # ---- writes ------------------------------------------------------------------------
    def lock_user(self, namespace: str, user_id: str) -> None:
        """Serialize reconciliation per user for the rest of this transaction."""
        self._s.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:k, 0))"),
                        {"k": "reverie-user\x1f" + user_scope(namespace, user_id)})

    def lock_users_of(self, sids: Sequence[str]) -> None:
        """`lock_user` for the owner of every session in `sids`, in one statement.

        The locks are taken in (namespace, user) order, so two batches sharing users wait
        for each other instead of deadlocking. It is its own statement, before anything is
        read: a statement's snapshot predates the locks it waits for."""
        self._s.execute(text(
            "SELECT pg_advisory_xact_lock(hashtextextended("
            "'reverie-user' || chr(31) || u.namespace || chr(31) || u.user_id, 0)) FROM "
            "(SELECT DISTINCT namespace, user_id FROM sessions WHERE sid = ANY(:sids) "
            "ORDER BY namespace, user_id) u"), {"sids": list(sids)})

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
        _insert_many(self._s, FactEvidenceRow, "evidence_id",
                     [self._evidence_row(change, namespace, user_id)])

    def quarantine(self, q: Quarantine, namespace: str, user_id: str, now: datetime) -> None:
        _insert_many(self._s, QuarantineRow, "quarantine_id",
                     [self._quarantine_row(q, namespace, user_id, now)])

    @staticmethod
    def _decision_rows(decisions: Sequence[Decision], namespace: str, user_id: str,
                       session_id: str | None, now: datetime) -> list[dict]:
        rows = {d.decision_id: dict(
            decision_id=d.decision_id, namespace=namespace, user_id=user_id,
            session_id=session_id, kind=d.kind, rule=d.rule, reason=d.reason,
            predicate=d.predicate, fact_id=d.fact_id or d.target_fact_id,
            inputs={"claim": d.claim.model_dump(mode="json") if d.claim else None,
                    "target_fact_id": d.target_fact_id},
            created_at=now) for d in reversed(decisions)}  # the first of a duplicate id wins
        return list(reversed(rows.values()))

    def get_many(self, fact_ids: Sequence[str]) -> dict[str, Fact]:
        """The stored versions among `fact_ids` (absent ids are left out), in one query."""
        if not fact_ids:
            return {}
        return {r.fact_id: to_fact(r) for r in self._s.scalars(
            select(FactRow).where(FactRow.fact_id.in_(set(fact_ids))))}

    def apply_many(self, plans: Sequence[Plan], now: datetime) -> list[dict[str, int]]:
        """Write plans' ops, then their decisions, in a fixed handful of statements.

        The ops of every plan are played in order (plan after plan) against the stored
        state of the rows they name (read once), so the result is what writing the plans
        one by one, op by op, leaves: inserting an existing id does nothing, closing a
        closed row does nothing and keeps no closed copy, and a row inserted and closed by
        the same plans is written closed. Closes of stored rows go before the inserts, so
        no step breaks the one-current-value indexes. Returns counts per op, per plan."""
        named = set()
        for plan in plans:
            for op in plan.ops:
                if isinstance(op, InsertFact):
                    named.add(op.fact.fact_id)
                elif isinstance(op, CloseFact):
                    named.add(op.fact_id)
                    if op.closed_copy:
                        named.add(op.closed_copy.fact_id)
        stored = {fid: (retracted, evidence) for fid, retracted, evidence in self._s.execute(
            select(FactRow.fact_id, FactRow.retracted_at, FactRow.evidence)
            .where(FactRow.fact_id.in_(named)))} if named else {}
        new: dict[str, dict] = {}
        closes: dict[str, datetime] = {}
        proofs: dict[str, dict] = {}
        held: dict[str, dict] = {}

        def add(fact: Fact, evidence: str) -> bool:
            if fact.fact_id in stored or fact.fact_id in new:
                return False  # ON CONFLICT DO NOTHING
            new[fact.fact_id] = {**fact.model_dump(), "evidence": evidence}
            return True

        all_counts = []
        for plan in plans:
            counts = {"insert": 0, "close": 0, "reconfirm": 0, "quarantine": 0}
            evidence_of = {d.fact_id: d.claim.evidence for d in reversed(plan.decisions)
                           if d.fact_id and d.claim is not None}
            for op in plan.ops:
                if isinstance(op, InsertFact):
                    counts["insert"] += add(op.fact, evidence_of.get(op.fact.fact_id, ""))
                elif isinstance(op, CloseFact):
                    if op.fact_id in new and new[op.fact_id]["retracted_at"] is None:
                        new[op.fact_id]["retracted_at"] = op.retracted_at
                        evidence = new[op.fact_id]["evidence"]
                    elif op.fact_id in stored and stored[op.fact_id][0] is None:
                        evidence = stored[op.fact_id][1]
                        stored[op.fact_id] = (op.retracted_at, evidence)
                        closes[op.fact_id] = op.retracted_at
                    else:
                        continue  # already closed, or never stored: nothing to do
                    counts["close"] += 1
                    if op.closed_copy is not None:
                        add(op.closed_copy, evidence)
                elif isinstance(op, Reconfirm):
                    row = self._evidence_row(op, plan.namespace, plan.user_id)
                    proofs.setdefault(row["evidence_id"], row)
                    counts["reconfirm"] += 1
                elif isinstance(op, Quarantine):
                    held.setdefault(op.quarantine_id, self._quarantine_row(
                        op, plan.namespace, plan.user_id, now))
                    counts["quarantine"] += 1
            all_counts.append(counts)
        for at in sorted(set(closes.values())):
            self._s.execute(update(FactRow).where(
                FactRow.fact_id.in_([f for f, t in closes.items() if t == at]),
                FactRow.retracted_at.is_(None)).values(retracted_at=at))
        _insert_many(self._s, FactRow, "fact_id", list(new.values()))
        _insert_many(self._s, FactEvidenceRow, "evidence_id", list(proofs.values()))
        _insert_many(self._s, QuarantineRow, "quarantine_id", list(held.values()))
        _insert_many(self._s, DecisionRow, "decision_id", [
            row for plan in plans for row in self._decision_rows(
                plan.decisions, plan.namespace, plan.user_id, plan.session_id, now)])
        return all_counts

    @staticmethod
    def _evidence_row(change: Reconfirm, namespace: str, user_id: str) -> dict:
        c = change.claim
        return dict(evidence_id=stable_id("evidence", change.fact_id, c.session_id, c.turn,
                                          c.source),
                    fact_id=change.fact_id, namespace=namespace, user_id=user_id,
                    session_id=c.session_id or None, turn=c.turn, source=c.source,
                    confidence=c.confidence, evidence=c.evidence,
                    observed_at=change.observed_at)

    @staticmethod
    def _quarantine_row(q: Quarantine, namespace: str, user_id: str, now: datetime) -> dict:
        c = q.claim
        return dict(quarantine_id=q.quarantine_id, namespace=namespace, user_id=user_id,
                    session_id=c.session_id or None, predicate=c.predicate, object=c.object,
                    claim=c.model_dump(mode="json"), reason=q.reason, created_at=now)


def _holding(at: datetime | None) -> tuple:
    """Conditions of a version true in the world at `at` (None: an open version)."""
    if at is None:
        return (FactRow.valid_to.is_(None),)
    return (FactRow.valid_from <= at, or_(FactRow.valid_to.is_(None), FactRow.valid_to > at))


def _insert_many(session: Session, entity, key: str, rows: list[dict]) -> None:
    """One INSERT ... ON CONFLICT (key) DO NOTHING for all `rows` (a cached statement, sent
    as a single multi-row round trip)."""
    if rows:
        session.execute(insert(entity.__table__).on_conflict_do_nothing(index_elements=[key]),
                        rows)



