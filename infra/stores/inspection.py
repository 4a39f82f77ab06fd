"""What the inspector's operator view reads: namespaces and users with counts, a user's
sessions with their stage checkpoints, dead letters, and the figures of the pipeline's health.

Read-only but for the dead letters an operator retries. Every query names the namespace it
looks at (the unit of work's row-level security narrows it again).
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import Select, delete, func, select, text
from sqlalchemy.orm import Session

from infra.db.models import (
    CheckpointRow, DeadLetterRow, DecisionRow, ExtractionRunRow, FactRow, MemoryItemRow,
    QuarantineRow, SessionRow,
)
from infra.stores.runs import to_dead_letter
from infra.stores.sessions import to_session_info
from schemas.records import DeadLetter, SessionInfo

#: A fact that is true now and still believed.
_CURRENT = (FactRow.valid_to.is_(None), FactRow.retracted_at.is_(None))


def _per_user(model, namespace: str, *where) -> Select:
    return (select(model.user_id, func.count()).where(model.namespace == namespace, *where)
            .group_by(model.user_id))


class InspectionStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    # ---- counts --------------------------------------------------------------------------
    def namespaces(self, only: Sequence[str] | None = None) -> list[dict]:
        """Each namespace with its users, sessions, current facts, live items, pending
        quarantine; `only` limits the list (an operator sees their key's namespace)."""
        q = (select(SessionRow.namespace, func.count(func.distinct(SessionRow.user_id)),
                    func.count()).group_by(SessionRow.namespace).order_by(SessionRow.namespace))
        if only is not None:
            q = q.where(SessionRow.namespace.in_(list(only)))
        out = []
        for ns, users, sessions in self._s.execute(q):
            facts = sum(n for _, n in self._s.execute(_per_user(FactRow, ns, *_CURRENT)))
            out.append({"namespace": ns, "users": users, "sessions": sessions, "facts": facts})
        for ns in only or ():
            if ns not in {o["namespace"] for o in out}:
                out.append({"namespace": ns, "users": 0, "sessions": 0, "facts": 0})
        return out

    def users(self, namespace: str) -> list[dict]:
        """Each user of the namespace: sessions (and how many failed), last activity,
        current facts, live memory items, claims held back."""
        users: dict[str, dict] = {}
        for user, sessions, failed, last in self._s.execute(
                select(SessionRow.user_id, func.count(),
                       func.count().filter(SessionRow.state == "failed"),
                       func.max(SessionRow.last_activity_at))
                .where(SessionRow.namespace == namespace).group_by(SessionRow.user_id)):
            users[user] = {"user_id": user, "sessions": sessions, "failed": failed,
                           "last_activity_at": last, "facts": 0, "items": 0, "held_back": 0}
        for key, q in (("facts", _per_user(FactRow, namespace, *_CURRENT)),
                       ("items", _per_user(MemoryItemRow, namespace,
                                           MemoryItemRow.retired.is_(False))),
                       ("held_back", _per_user(QuarantineRow, namespace,
                                               QuarantineRow.resolved_at.is_(None)))):
            for user, n in self._s.execute(q):
                users.setdefault(user, {"user_id": user, "sessions": 0, "failed": 0,
                                        "last_activity_at": None, "facts": 0, "items": 0,
                                        "held_back": 0})[key] = n
        return sorted(users.values(), key=lambda u: u["user_id"])

    # ---- one user's sessions -------------------------------------------------------------
    def sessions(self, namespace: str, user_id: str) -> list[tuple[SessionInfo, list[dict]]]:
        """The user's sessions, newest first, each with its checkpoints (stage, version,
        completed_at, and whether it is for the transcript the session holds now)."""
        rows = list(self._s.scalars(select(SessionRow).where(
            SessionRow.namespace == namespace, SessionRow.user_id == user_id)
            .order_by(SessionRow.started_at.desc())))
        marks: dict[str, list[dict]] = {r.sid: [] for r in rows}
        if rows:
            checksum = {r.sid: r.transcript_checksum or "" for r in rows}
            for c in self._s.scalars(select(CheckpointRow).where(
                    CheckpointRow.namespace == namespace, CheckpointRow.sid.in_(list(marks)))
                    .order_by(CheckpointRow.completed_at)):
                marks[c.sid].append({"stage": c.stage, "version": c.version,
                                     "completed_at": c.completed_at,
                                     "current": c.input_hash == checksum[c.sid]})
        return [(to_session_info(r), marks[r.sid]) for r in rows]

    def extractors(self, namespace: str, user_id: str) -> dict[str, str]:
        """session id -> the extractor (and prompt version) that read it, latest run."""
        q = (select(SessionRow.session_id, ExtractionRunRow.extractor)
             .join(ExtractionRunRow, ExtractionRunRow.sid == SessionRow.sid)
             .where(SessionRow.namespace == namespace, SessionRow.user_id == user_id)
             .order_by(ExtractionRunRow.created_at))
        return {session_id: extractor for session_id, extractor in self._s.execute(q)}

    # ---- dead letters --------------------------------------------------------------------
    def _dead_in(self, namespace: str):
        """Dead letters of the namespace: a session's task is recorded under its session's
        namespace (`RunStore.dead_letter`; migration 0008 for older records)."""
        return DeadLetterRow.namespace == namespace

    def dead_letters(self, namespace: str) -> list[DeadLetter]:
        return [to_dead_letter(r) for r in self._s.scalars(
            select(DeadLetterRow).where(self._dead_in(namespace))
            .order_by(DeadLetterRow.failed_at.desc()))]

    def find_dead_letter(self, namespace: str, dead_letter_id: str) -> DeadLetter | None:
        """The dead letter, locked (two operators retrying it enqueue it once)."""
        row = self._s.scalars(select(DeadLetterRow).where(
            DeadLetterRow.dead_letter_id == dead_letter_id, self._dead_in(namespace))
            .with_for_update()).first()
        return to_dead_letter(row) if row else None

    def drop_dead_letter(self, dead_letter_id: str) -> bool:
        return self._s.execute(delete(DeadLetterRow).where(
            DeadLetterRow.dead_letter_id == dead_letter_id)).rowcount == 1

    # ---- health --------------------------------------------------------------------------
    def session_states(self, namespace: str) -> dict[str, int]:
        return dict(self._s.execute(select(SessionRow.state, func.count())
                                    .where(SessionRow.namespace == namespace)
                                    .group_by(SessionRow.state)).all())

    def decision_kinds(self, namespace: str) -> dict[str, int]:
        return dict(self._s.execute(select(DecisionRow.kind, func.count())
                                    .where(DecisionRow.namespace == namespace)
                                    .group_by(DecisionRow.kind)).all())

    def memory_size(self, namespace: str, *, until: datetime, days: int) -> list[dict]:
        """Per day (end of day, UTC) over `days` days up to `until`: the facts believed then
        (asserted, not yet retracted) and the memory items that existed."""
        start = (until - timedelta(days=days - 1)).replace(hour=23, minute=59, second=59,
                                                         microsecond=0)
        rows = self._s.execute(text(
            "SELECT d.at,"
            " (SELECT count(*) FROM facts f WHERE f.namespace = :ns AND f.asserted_at <= d.at"
            "   AND (f.retracted_at IS NULL OR f.retracted_at > d.at)) AS facts,"
            " (SELECT count(*) FROM memory_items i WHERE i.namespace = :ns"
            "   AND i.created_at <= d.at) AS items"
            " FROM generate_series(CAST(:start AS timestamptz), CAST(:until AS timestamptz),"
            "   interval '1 day') AS d(at) ORDER BY d.at"),
            {"ns": namespace, "start": start, "until": start + timedelta(days=days - 1)})
        return [{"day": at.date(), "facts": facts, "items": items} for at, facts, items in rows]

