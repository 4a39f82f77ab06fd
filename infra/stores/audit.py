"""The audit log: who read, wrote, revised or erased what, and when, per user.

Targets name things by kind and id ("facts.current", "session:s2", "erase:text"), never by
content: the log must not become a copy of what a user asked us to forget.
"""
from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from infra.db.models import AuditRow

#: Who is acting in this context: "api" (default), "cli" or "worker".
_ACTOR: ContextVar[str] = ContextVar("reverie_actor", default="api")


def current_actor() -> str:
    return _ACTOR.get()


@contextmanager
def acting_as(actor: str) -> Iterator[None]:
    """Attribute the audit rows written inside this block to `actor`."""
    token = _ACTOR.set(actor)
    try:
        yield
    finally:
        _ACTOR.reset(token)


class AuditStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    def record(self, namespace: str, user_id: str, action: str, target: str, at: datetime,
               *, actor: str | None = None) -> None:
        """One audit row in the caller's transaction (written only if it commits)."""
        actor = actor or current_actor()
        self._s.add(AuditRow(
            audit_id=str(uuid.uuid4()),  # an event, not a derivation: never deduplicated
            namespace=namespace, user_id=user_id, actor=actor[:64], action=action[:32],
            target=target, at=at))

    def for_user(self, namespace: str, user_id: str) -> list[AuditRow]:
        return list(self._s.scalars(select(AuditRow).where(
            AuditRow.namespace == namespace, AuditRow.user_id == user_id)
            .order_by(AuditRow.at)))
