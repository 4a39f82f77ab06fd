"""The online path's working set: per-turn claims of open sessions, short-lived."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, select, tuple_
from sqlalchemy.orm import Session

from infra.db.models import WorkingSetRow
from schemas.records import WorkingSetEntry

_FIELDS = tuple(WorkingSetEntry.model_fields)


class WorkingSetStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    def add(self, entries: Sequence[WorkingSetEntry]) -> None:
        for e in entries:
            self._s.add(WorkingSetRow(**e.model_dump()))

    def entries(self, namespace: str, user_id: str, now: datetime, *,
                include_expired: bool = False) -> list[WorkingSetEntry]:
        """The user's entries in the order they were written (live ones only, unless
        `include_expired`)."""
        q = select(WorkingSetRow).where(WorkingSetRow.namespace == namespace,
                                        WorkingSetRow.user_id == user_id)
        if not include_expired:
            q = q.where(WorkingSetRow.expires_at > now)
        return [WorkingSetEntry(**{f: getattr(r, f) for f in _FIELDS})
                for r in self._s.scalars(q.order_by(WorkingSetRow.at, WorkingSetRow.turn))]

    def discard(self, namespace: str, sessions: Sequence[tuple[str, str]]) -> None:
        """Drop the entries of consolidated (user, session) pairs, in one statement."""
        if sessions:
            self._s.execute(delete(WorkingSetRow).where(
                WorkingSetRow.namespace == namespace,
                tuple_(WorkingSetRow.user_id, WorkingSetRow.session_id).in_(list(sessions))))
