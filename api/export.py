"""Export: everything held for one user, as one JSON-able document.

It covers the same places erasure cleans (so what an erasure leaves behind shows here):
facts on both time axes with every version (retracted ones included) and their evidence,
memory items with every revision and their provenance, fragments, sessions with their
decoded transcripts and the buffers of open ones, the working set, quarantine, decisions,
the pipeline's checkpoints, extraction runs and dead letters for the user's sessions,
tombstones (kind and time only: they are keyed hashes), the profile and the audit log.
Vectors are not exported (they are derived from the statements and texts that are).
"""
from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import select

from api.memory import Memory
from infra.db.models import (
    AuditRow, BufferedClaimRow, BufferedTurnRow, CheckpointRow, DeadLetterRow, DecisionRow,
    ExtractionRunRow, FactEvidenceRow, FactRow, FragmentRow, MemoryItemRow,
    MemoryItemVersionRow, QuarantineRow, SessionRow, TombstoneRow, WorkingSetRow,
)
from infra.stores.erasure import contains, user_transcripts
from schemas.ids import check_ident, check_namespace

FORMAT = 1
_NOT_EXPORTED = {"embedding", "tsv"}


def _json(value: Any) -> Any:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_json(v) for v in value]
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    return value


def _row(row) -> dict:
    out = {c.key: getattr(row, c.key) for c in row.__table__.columns
           if c.key not in _NOT_EXPORTED}
    if "embedding" in row.__table__.columns:
        out["has_vector"] = row.embedding is not None
    return out


def _status(f: FactRow) -> str:
    if f.retracted_at is not None:
        return "retracted"
    return "current" if f.valid_to is None else "closed"


def export_user(memory: Memory, namespace: str, user_id: str) -> dict:
    """Everything held for the user (`namespace`, `user_id`) as one JSON-able document."""
    check_namespace(namespace), check_ident(user_id, "user id")
    deps = memory.deps
    now = deps.now()
    with deps.unit_of_work(namespace=namespace) as uow:
        uow.audit.record(namespace, user_id, "export", "export:user", now)
        s = uow.session

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

        facts = []
        for f in s.scalars(select(FactRow).where(
                FactRow.namespace == namespace, FactRow.user_id == user_id)
                .order_by(FactRow.predicate, FactRow.valid_from, FactRow.asserted_at)):
            facts.append({**_row(f), "status": _status(f)})
        versions: dict[str, list[dict]] = {}
        for v in of_user(MemoryItemVersionRow, MemoryItemVersionRow.item_id,
                         MemoryItemVersionRow.revision):
            versions.setdefault(v["item_id"], []).append(v)
        items = [{**i, "versions": versions.pop(i["item_id"], [])}
                 for i in of_user(MemoryItemRow, MemoryItemRow.created_at)]
        orphans = [v for vs in versions.values() for v in vs]
        dead = []
        if sids:
            dead = [_row(r) for r in s.scalars(select(DeadLetterRow).where(
                DeadLetterRow.namespace == namespace,
                contains(DeadLetterRow.payload, [x.lower() for x in sids])))]
        profile = uow.profiles.get(namespace, user_id)
        doc = {
            "format": FORMAT,
            "namespace": namespace,
            "user_id": user_id,
            "exported_at": now,
            "profile": ({"text": profile.text, "cache_version": profile.cache_version,
                         "rendered_at": profile.rendered_at,
                         "sensitive_consent": profile.sensitive_consent}
                        if profile else None),
            "facts": facts,
            "fact_evidence": of_user(FactEvidenceRow, FactEvidenceRow.observed_at),
            "memory_items": items,
            "memory_item_versions_without_item": orphans,
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
            "audit_log": of_user(AuditRow, AuditRow.at),
        }
    doc["transcripts"] = _transcripts(memory, namespace, user_id)
    return _json(doc)


def _transcripts(memory: Memory, namespace: str, user_id: str) -> list[dict]:
    """Every object under the user's prefix, decoded (decrypted when encrypted at rest)."""
    out = []
    for key, transcript, raw in user_transcripts(memory.deps.transcripts, namespace, user_id):
        if transcript is not None:
            out.append({"key": key, "transcript": transcript.model_dump(mode="json")})
        else:
            out.append({"key": key, "bytes": len(raw),
                        "text": raw.decode("utf-8", "replace")})
    return out
