"""Export reads: every row held for one user, as plain column dicts (vectors left out)."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from infra.db.models import (
    AuditRow, BufferedClaimRow, BufferedTurnRow, CheckpointRow, DeadLetterRow, DecisionRow,
    ExtractionRunRow, FactEvidenceRow, FactRow, FragmentRow, MemoryItemRow,
    MemoryItemVersionRow, QuarantineRow, SessionRow, TombstoneRow, WorkingSetRow,
)
from infra.stores.erasure_target import contains

#: Columns never exported: vectors and the full-text index are derived from what is.
_NOT_EXPORTED = {"embedding", "tsv"}


def _row(row) -> dict[str, Any]:
    out = {c.key: getattr(row, c.key) for c in row.__table__.columns
           if c.key not in _NOT_EXPORTED}
    if "embedding" in row.__table__.columns:
        out["has_vector"] = row.embedding is not None
    return out


def _status(f: FactRow) -> str:
    if f.retracted_at is not None:
        return "retracted"
    return "current" if f.valid_to is None else "closed"


class ExportReads:
    def __init__(self, session: Session) -> None:
        self._s = session

    def user_rows(self, namespace: str, user_id: str) -> dict[str, list[dict[str, Any]]]:
        """The user's rows of every table, by section: facts (every version, with its
        status), items with their versions, fragments, sessions and their buffers, the
        working set, quarantine, decisions, tombstones (kind and time only), checkpoints,
        extraction runs, the dead letters of their sessions and the audit log."""
        s = self._s

        def of_user(model, *order):
            return [_row(r) for r in s.scalars(select(model).where(
                model.namespace == namespace, model.user_id == user_id).order_by(*order))]

        sessions = list(s.scalars(select(SessionRow).where(
            SessionRow.namespace == namespace, SessionRow.user_id == user_id)
            .order_by(SessionRow.started_at)))
        sids = [r.sid for r in sessions]

        def of_sessions(model, *order):
            if not sids:
                return []
            return [_row(r) for r in s.scalars(select(model).where(
                model.namespace == namespace, model.sid.in_(sids)).order_by(*order))]

        facts = [{**_row(f), "status": _status(f)} for f in s.scalars(select(FactRow).where(
            FactRow.namespace == namespace, FactRow.user_id == user_id)
            .order_by(FactRow.predicate, FactRow.valid_from, FactRow.asserted_at))]
        versions: dict[str, list[dict]] = {}
        for v in of_user(MemoryItemVersionRow, MemoryItemVersionRow.item_id,
                         MemoryItemVersionRow.revision):
            versions.setdefault(v["item_id"], []).append(v)
        items = [{**i, "versions": versions.pop(i["item_id"], [])}
                 for i in of_user(MemoryItemRow, MemoryItemRow.created_at)]
        dead = []
        if sids:
            dead = [_row(r) for r in s.scalars(select(DeadLetterRow).where(
                DeadLetterRow.namespace == namespace,
                contains(DeadLetterRow.payload, [x.lower() for x in sids])))]
        return {
            "facts": facts,
            "fact_evidence": of_user(FactEvidenceRow, FactEvidenceRow.observed_at),
            "memory_items": items,
            "memory_item_versions_without_item": [v for vs in versions.values() for v in vs],
            "fragments": of_user(FragmentRow, FragmentRow.session_id, FragmentRow.turn_start),
            "sessions": [_row(r) for r in sessions],
            "buffered_turns": of_sessions(BufferedTurnRow, BufferedTurnRow.sid,
                                          BufferedTurnRow.idx),
            "buffered_claims": of_sessions(BufferedClaimRow, BufferedClaimRow.sid,
                                           BufferedClaimRow.seq),
            "working_set": of_user(WorkingSetRow, WorkingSetRow.at),
            "quarantine": of_user(QuarantineRow, QuarantineRow.created_at),
            "decisions": of_user(DecisionRow, DecisionRow.created_at),
            "tombstones": [{"kind": t["kind"], "created_at": t["created_at"]}
                           for t in of_user(TombstoneRow, TombstoneRow.created_at)],
            "checkpoints": of_sessions(CheckpointRow, CheckpointRow.sid,
                                       CheckpointRow.completed_at),
            "extraction_runs": of_sessions(ExtractionRunRow, ExtractionRunRow.created_at),
            "dead_letters": dead,
            "audit_log": of_user(AuditRow, AuditRow.at, AuditRow.audit_id),
        }
