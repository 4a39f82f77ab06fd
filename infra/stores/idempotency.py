"""Idempotency records: the first response a write gave under a client's key.

`claim` inserts a pending record (ON CONFLICT DO NOTHING), so of two concurrent requests
with one key exactly one runs; the other sees the pending record. `complete` stores the
response for replay; `release` drops a pending record whose request failed, so the client's
retry runs afresh.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from infra.db.models import IdempotencyRow
from schemas.records import IdempotentResponse


class IdempotencyStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    def claim(self, namespace: str, key: str, fingerprint: str, at: datetime) -> bool:
        """True when this call took the key (no record existed)."""
        # RETURNING, not rowcount: an ORM-enabled insert reports no rowcount.
        return self._s.execute(insert(IdempotencyRow).values(
            namespace=namespace, key=key, fingerprint=fingerprint, created_at=at)
            .on_conflict_do_nothing().returning(IdempotencyRow.key)).first() is not None

    def find(self, namespace: str, key: str) -> IdempotentResponse | None:
        row = self._s.scalars(select(IdempotencyRow).where(
            IdempotencyRow.namespace == namespace, IdempotencyRow.key == key)).first()
        if row is None:
            return None
        return IdempotentResponse(fingerprint=row.fingerprint, status_code=row.status_code,
                                  body=row.body, created_at=row.created_at)

    def complete(self, namespace: str, key: str, status_code: int, body, at: datetime) -> None:
        self._s.execute(update(IdempotencyRow).where(
            IdempotencyRow.namespace == namespace, IdempotencyRow.key == key)
            .values(status_code=status_code, body=body, completed_at=at))

    def release(self, namespace: str, key: str) -> None:
        self._s.execute(delete(IdempotencyRow).where(
            IdempotencyRow.namespace == namespace, IdempotencyRow.key == key,
            IdempotencyRow.completed_at.is_(None)))

    def restart(self, namespace: str, key: str, fingerprint: str, at: datetime, *,
                created_before: datetime, pending_only: bool) -> bool:
        """Make a record created before `created_before` stand for a new, pending request:
        an expired one, or (`pending_only`) one abandoned by a process that died."""
        q = update(IdempotencyRow).where(
            IdempotencyRow.namespace == namespace, IdempotencyRow.key == key,
            IdempotencyRow.created_at < created_before)
        if pending_only:
            q = q.where(IdempotencyRow.completed_at.is_(None))
        return self._s.execute(q.values(
            fingerprint=fingerprint, created_at=at, status_code=None, body=None,
            completed_at=None).returning(IdempotencyRow.key)).first() is not None
