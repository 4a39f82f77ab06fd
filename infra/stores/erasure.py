"""Erasure: the SQL work that makes content gone, not merely closed.

Everything here runs in the caller's transaction and never commits. What a request removes
and how it is matched (content needles, erased turns) is `infra.stores.erasure_target`.
Tombstones hold keyed hashes only.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy import and_, bindparam, delete, false, func, or_, select, tuple_, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from infra.db.models import (
    AuditRow, BufferedClaimRow, BufferedTurnRow, CheckpointRow, DeadLetterRow, DecisionRow,
    ExtractionRunRow, FactEvidenceRow, FactRow, FragmentRow, MemoryItemRow,
    MemoryItemVersionRow, ProfileRow, QuarantineRow, SessionRow, TombstoneRow, WorkingSetRow,
)
from infra.stores.erasure_target import (
    BufferedTurn, Counts, ErasableFact, Target, Turns, at_turns, claim_erased, contains,
    covering,
)
from infra.stores.sessions import to_session_info
from pipeline.redact import REDACTED
from pipeline.tombstones import Tombstone
from schemas.errors import NotFound
from schemas.ids import stable_id
from schemas.records import InlineClaim, SessionInfo


def tombstone_id(namespace: str, user_id: str, stone: Tombstone) -> str:
    """The id a tombstone is stored under (deterministic: one per user, kind and digest)."""
    return stable_id("tombstone", namespace, user_id, stone.kind, stone.digest)


#: `tombstones`' statement, built once, and its columns rather than ORM rows: replay reads
#: them for every session before its model call (see `sessions._WITH_CHECKPOINTS`).
_T = TombstoneRow.__table__
_TOMBSTONES = select(_T.c.user_id, _T.c.kind, _T.c.digest, _T.c.words).where(
    _T.c.namespace == bindparam("ns"), _T.c.user_id.in_(bindparam("users", expanding=True)))


class ErasureStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    # ---- selection ---------------------------------------------------------------------
    def lock_sessions(self, namespace: str, user_id: str) -> list[SessionInfo]:
        """The user's sessions, their rows locked: no session of theirs ends (writing a
        transcript from unredacted buffered turns) while the erasure runs."""
        return [to_session_info(r) for r in self._s.scalars(select(SessionRow).where(
            SessionRow.namespace == namespace, SessionRow.user_id == user_id)
            .order_by(SessionRow.started_at).with_for_update())]

    def buffered_turns(self, sids: Sequence[str]) -> list[BufferedTurn]:
        if not sids:
            return []
        return [BufferedTurn(r.sid, r.idx, r.text) for r in self._s.scalars(
            select(BufferedTurnRow).where(BufferedTurnRow.sid.in_(list(sids)))
            .order_by(BufferedTurnRow.sid, BufferedTurnRow.idx))]

    def _user(self, model, namespace: str, user_id: str):
        return and_(model.namespace == namespace, model.user_id == user_id)

    def _facts(self, q) -> list[ErasableFact]:
        return [ErasableFact(r.fact_id, r.predicate, r.object, r.session_id, r.turn, r.item_id)
                for r in self._s.scalars(q)]

    def fact(self, namespace: str, user_id: str, fact_id: str) -> ErasableFact:
        rows = self._facts(select(FactRow).where(self._user(FactRow, namespace, user_id),
                                                 FactRow.fact_id == fact_id))
        if not rows:
            raise NotFound(f"no fact {fact_id!r} for user {user_id!r} in namespace "
                           f"{namespace!r}")
        return rows[0]

    def facts_by_value(self, namespace: str, user_id: str, predicate: str | None,
                       obj: str | None) -> list[ErasableFact]:
        """Every version (current, closed, retracted) of the chosen predicate / value."""
        q = select(FactRow).where(self._user(FactRow, namespace, user_id))
        if predicate is not None:
            q = q.where(FactRow.predicate == predicate)
        if obj is not None:
            q = q.where(func.lower(func.btrim(FactRow.object)) == obj.strip().lower())
        return self._facts(q)

    def facts_by_content(self, namespace: str, user_id: str, needles: Sequence[str],
                         turns: Turns) -> list[ErasableFact]:
        """Facts that carry the text, or were derived from a turn that did."""
        return self._facts(select(FactRow).where(
            self._user(FactRow, namespace, user_id),
            or_(contains(FactRow.object, needles), contains(FactRow.evidence, needles),
                at_turns(FactRow.session_id, FactRow.turn, turns))))

    def evidence_turns(self, fact_ids: Sequence[str]) -> set[tuple[str, int]]:
        if not fact_ids:
            return set()
        rows = self._s.execute(select(FactEvidenceRow.session_id, FactEvidenceRow.turn).where(
            FactEvidenceRow.fact_id.in_(list(fact_ids)))).all()
        return {(s, t) for s, t in rows if s and t is not None}

    # ---- the semantic layer ------------------------------------------------------------
    def delete_facts(self, t: Target, counts: Counts) -> None:
        ids = sorted(t.fact_ids)
        if ids:
            counts.add("fact_evidence", self._s.execute(delete(FactEvidenceRow).where(
                FactEvidenceRow.fact_id.in_(ids))).rowcount)
            counts.add("facts", self._s.execute(delete(FactRow).where(
                self._user(FactRow, t.namespace, t.user_id), FactRow.fact_id.in_(ids)))
                .rowcount)
        # Restatements elsewhere that carried the text or came from an erased turn.
        counts.add("fact_evidence", self._s.execute(delete(FactEvidenceRow).where(
            self._user(FactEvidenceRow, t.namespace, t.user_id),
            or_(contains(FactEvidenceRow.evidence, t.needles),
                at_turns(FactEvidenceRow.session_id, FactEvidenceRow.turn, t.turns))))
            .rowcount)
        # Facts that stay (chosen by value, not by text) lose the erased words they quote.
        counts.add("fact_evidence_redacted", self._s.execute(update(FactRow).where(
            self._user(FactRow, t.namespace, t.user_id),
            or_(contains(FactRow.evidence, t.needles),
                at_turns(FactRow.session_id, FactRow.turn, t.turns)),
            FactRow.evidence != REDACTED).values(evidence=REDACTED)).rowcount)

    def delete_items(self, t: Target, item_ids: Iterable[str], counts: Counts) -> list[str]:
        """Items of the erased facts or carrying the text: the item and every version."""
        by_version = select(MemoryItemVersionRow.item_id).where(
            self._user(MemoryItemVersionRow, t.namespace, t.user_id),
            or_(contains(MemoryItemVersionRow.statement, t.needles),
                MemoryItemVersionRow.fact_id.in_(sorted(t.fact_ids))))
        ids = set(item_ids) | set(self._s.scalars(by_version))
        ids |= set(self._s.scalars(select(MemoryItemRow.item_id).where(
            self._user(MemoryItemRow, t.namespace, t.user_id),
            or_(contains(MemoryItemRow.statement, t.needles),
                MemoryItemRow.item_id.in_(sorted(ids))))))
        ids_sorted = sorted(ids)
        if ids_sorted:
            # A quota merge that carried the content goes; the items it had absorbed come
            # back (those that do not carry it): a merge is lossy, an erasure is not wider.
            merged = sorted(self._s.scalars(select(MemoryItemRow.item_id).where(
                MemoryItemRow.item_id.in_(ids_sorted), MemoryItemRow.tags.contains(["merged"]))))
            if merged:
                self._s.execute(update(MemoryItemRow).where(
                    self._user(MemoryItemRow, t.namespace, t.user_id),
                    MemoryItemRow.superseded_by.in_(merged),
                    MemoryItemRow.item_id.not_in(ids_sorted))
                    .values(retired=False, superseded_by=None))
            counts.add("memory_item_versions", self._s.execute(delete(MemoryItemVersionRow)
                       .where(self._user(MemoryItemVersionRow, t.namespace, t.user_id),
                              MemoryItemVersionRow.item_id.in_(ids_sorted))).rowcount)
            counts.add("memory_items", self._s.execute(delete(MemoryItemRow).where(
                self._user(MemoryItemRow, t.namespace, t.user_id),
                MemoryItemRow.item_id.in_(ids_sorted))).rowcount)
            self._s.execute(update(MemoryItemRow).where(
                self._user(MemoryItemRow, t.namespace, t.user_id),
                MemoryItemRow.superseded_by.in_(ids_sorted)).values(superseded_by=None))
        self._strip_sources(t)
        return ids_sorted

    def _strip_sources(self, t: Target) -> None:
        """Provenance refs that point at erased turns are dropped from the items that stay."""
        refs = {f"{s}#{n}" for s, n in t.turns}
        if not refs:
            return
        for model in (MemoryItemRow, MemoryItemVersionRow):
            for row in self._s.scalars(select(model).where(
                    self._user(model, t.namespace, t.user_id))):
                kept = [r for r in (row.sources or []) if r not in refs]
                if len(kept) != len(row.sources or []):
                    row.sources = kept
        self._s.flush()

    def delete_fragments(self, t: Target, counts: Counts) -> set[str]:
        """Episodic chunks with the text or covering an erased turn; returns their sessions."""
        cond = and_(self._user(FragmentRow, t.namespace, t.user_id),
                    or_(contains(FragmentRow.text, t.needles), covering(t.turns)))
        sessions = set(self._s.scalars(select(FragmentRow.session_id).where(cond)))
        counts.add("fragments", self._s.execute(delete(FragmentRow).where(cond)).rowcount)
        return sessions

    def delete_decisions(self, t: Target, counts: Counts) -> None:
        ids = sorted(t.fact_ids)
        claim_turn = DecisionRow.inputs["claim"]["turn"].astext
        counts.add("decisions", self._s.execute(delete(DecisionRow).where(
            self._user(DecisionRow, t.namespace, t.user_id),
            or_(DecisionRow.fact_id.in_(ids),
                DecisionRow.inputs["target_fact_id"].astext.in_(ids),
                contains(DecisionRow.inputs, t.needles), contains(DecisionRow.reason, t.needles),
                at_turns(DecisionRow.session_id, claim_turn,
                         {(s, str(n)) for s, n in t.turns})))).rowcount)

    def delete_quarantine(self, t: Target, counts: Counts) -> None:
        claim_turn = QuarantineRow.claim["turn"].astext
        counts.add("quarantine", self._s.execute(delete(QuarantineRow).where(
            self._user(QuarantineRow, t.namespace, t.user_id),
            or_(contains(QuarantineRow.object, t.needles), contains(QuarantineRow.claim, t.needles),
                contains(QuarantineRow.reason, t.needles),
                tuple_(QuarantineRow.predicate, func.lower(func.btrim(QuarantineRow.object)))
                .in_(sorted((p, o.strip().lower()) for p, o in t.values)) if t.values
                else false(),
                at_turns(QuarantineRow.session_id, claim_turn,
                         {(s, str(n)) for s, n in t.turns})))).rowcount)

    def delete_working_set(self, t: Target, counts: Counts) -> None:
        counts.add("working_set", self._s.execute(delete(WorkingSetRow).where(
            self._user(WorkingSetRow, t.namespace, t.user_id),
            or_(contains(WorkingSetRow.object, t.needles),
                at_turns(WorkingSetRow.session_id, WorkingSetRow.turn, t.turns)))).rowcount)

    def scrub_buffers(self, t: Target, open_sessions: dict[str, str], counts: Counts) -> None:
        """Open sessions: erased turns keep their index with the marker as text; inline claims
        that carry the text or came from such a turn are dropped (and the rest renumbered, so
        the next claim's sequence number stays free)."""
        if not open_sessions:
            return
        sids = sorted(open_sessions)
        turn_cond = or_(*[and_(BufferedTurnRow.sid == sid,
                               BufferedTurnRow.idx.in_(sorted(n for s, n in t.turns
                                                              if s == open_sessions[sid])))
                          for sid in sids])
        counts.add("buffered_turns", self._s.execute(update(BufferedTurnRow).where(
            BufferedTurnRow.sid.in_(sids), BufferedTurnRow.text != REDACTED,
            or_(contains(BufferedTurnRow.text, t.needles), turn_cond))
            .values(text=REDACTED)).rowcount)
        for sid in sids:
            rows = list(self._s.scalars(select(BufferedClaimRow).where(
                BufferedClaimRow.sid == sid).order_by(BufferedClaimRow.seq)))
            keep = [r.payload for r in rows
                    if not claim_erased(InlineClaim.model_validate(r.payload),
                                        open_sessions[sid], t)]
            if len(keep) == len(rows):
                continue
            counts.add("buffered_claims", len(rows) - len(keep))
            namespace = rows[0].namespace
            self._s.execute(delete(BufferedClaimRow).where(BufferedClaimRow.sid == sid))
            self._s.flush()
            for seq, payload in enumerate(keep):
                self._s.add(BufferedClaimRow(sid=sid, seq=seq, namespace=namespace,
                                             payload=payload))
            self._s.flush()

    def delete_checkpoints(self, sids: Iterable[str], needles: Sequence[str],
                           user_sids: Sequence[str], counts: Counts) -> set[str]:
        """Checkpoint outputs hold claims and plans: every checkpoint of an affected session,
        and of any session of the user whose output carries the text, goes."""
        sids = set(sids)
        if user_sids:
            sids |= set(self._s.scalars(select(CheckpointRow.sid).where(
                CheckpointRow.sid.in_(list(user_sids)), contains(CheckpointRow.output, needles))))
        if sids:
            counts.add("checkpoints", self._s.execute(delete(CheckpointRow).where(
                CheckpointRow.sid.in_(sorted(sids)))).rowcount)
        return sids

    def delete_dead_letters(self, namespace: str, needles: Sequence[str],
                            sids: Sequence[str], counts: Counts) -> None:
        """Failed tasks of the user's sessions whose payload or reason carries the text."""
        if not sids or not needles:
            return
        counts.add("dead_letters", self._s.execute(delete(DeadLetterRow).where(
            or_(DeadLetterRow.namespace == namespace, DeadLetterRow.namespace.is_(None)),
            contains(DeadLetterRow.payload, [s.lower() for s in sids]),
            or_(contains(DeadLetterRow.payload, needles),
                contains(DeadLetterRow.reason, needles)))).rowcount)

    def delete_audit(self, namespace: str, user_id: str, needles: Sequence[str],
                     counts: Counts) -> None:
        counts.add("audit_log", self._s.execute(delete(AuditRow).where(
            self._user(AuditRow, namespace, user_id), contains(AuditRow.target, needles)))
            .rowcount)

    def tombstones(self, namespace: str, user_ids: Sequence[str]) -> dict[str, list[Tombstone]]:
        """Each user's tombstones (what replay must keep out), in one query."""
        out: dict[str, list[Tombstone]] = {u: [] for u in user_ids}
        for user, kind, digest, words in self._s.execute(_TOMBSTONES, {
                "ns": namespace, "users": list(user_ids)}):
            out[user].append(Tombstone(kind, digest, words))
        return out

    def add_tombstones(self, namespace: str, user_id: str, stones: Iterable[Tombstone],
                       now: datetime) -> int:
        rows = [dict(tombstone_id=tombstone_id(namespace, user_id, s),
                     namespace=namespace, user_id=user_id, kind=s.kind, digest=s.digest,
                     words=s.words, created_at=now) for s in stones]
        if not rows:
            return 0
        return len(self._s.execute(insert(TombstoneRow).values(rows)
                                   .on_conflict_do_nothing(index_elements=["tombstone_id"])
                                   .returning(TombstoneRow.tombstone_id)).all())

    def record_erasure(self, namespace: str, user_id: str, rule: str, counts: dict[str, int],
                       now: datetime) -> str:
        """The one decision that keeps *that* an erasure happened, never *what* it erased."""
        decision_id = stable_id("erased", namespace, user_id, rule, now.isoformat(),
                                sorted(counts.items()))
        removed = ", ".join(f"{v} {k}" for k, v in sorted(counts.items()) if v)
        self._s.execute(insert(DecisionRow).values(
            decision_id=decision_id, namespace=namespace, user_id=user_id, session_id=None,
            kind="erased", rule=rule, reason=f"erasure requested by the user; removed "
                                               f"{removed or 'nothing'}",
            predicate=None, inputs={"counts": counts}, fact_id=None, created_at=now,
        ).on_conflict_do_nothing(index_elements=["decision_id"]))
        return decision_id

    # ---- the whole user ----------------------------------------------------------------
    def erase_user(self, namespace: str, user_id: str, counts: Counts) -> list[str]:
        """Every row of every table for this namespace + user. Returns the session keys."""
        sids = [r.sid for r in self.lock_sessions(namespace, user_id)]
        if sids:
            for model in (BufferedTurnRow, BufferedClaimRow, CheckpointRow, ExtractionRunRow):
                counts.add(model.__tablename__, self._s.execute(
                    delete(model).where(model.sid.in_(sids))).rowcount)
            counts.add("dead_letters", self._s.execute(delete(DeadLetterRow).where(
                or_(DeadLetterRow.namespace == namespace, DeadLetterRow.namespace.is_(None)),
                contains(DeadLetterRow.payload, [s.lower() for s in sids]))).rowcount)
        for model in (FactEvidenceRow, FactRow, MemoryItemVersionRow, MemoryItemRow,
                      FragmentRow, DecisionRow, QuarantineRow, WorkingSetRow, TombstoneRow,
                      ProfileRow, AuditRow, SessionRow):
            counts.add(model.__tablename__, self._s.execute(
                delete(model).where(self._user(model, namespace, user_id))).rowcount)
        return sids
