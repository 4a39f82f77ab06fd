"""The online path: a cheap per-turn pass into a short-lived working set.

It serves the rest of the session (and, in mode `online`, is all the memory there is); the
end-of-session consolidation supersedes it and discards the session's entries.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, select, tuple_

from infra.db.models import WorkingSetRow
from infra.deps import Deps, UnitOfWork
from pipeline.extract.rules import extract_turn
from pipeline.values import clean_value
from pipeline.vocabulary import PRIVILEGE_PREDICATES
from schemas.ids import stable_id
from schemas.records import SessionInfo, Turn, changes_user_facts, removes

#: Working-set entries live this long unless consolidation discards them first.
WORKING_SET_TTL = timedelta(days=2)


def write_working_set(uow: UnitOfWork, deps: Deps, info: SessionInfo, turn: Turn) -> int:
    claims = [c for c in extract_turn(turn, session_id=info.session_id)
              if c.predicate not in PRIVILEGE_PREDICATES and changes_user_facts(c)
              and c.modality != "planned"]  # the working set has no future: consolidation
    for seq, c in enumerate(claims):
        uow.session.add(WorkingSetRow(
            entry_id=stable_id("ws", info.sid, turn.index, seq), namespace=info.namespace,
            user_id=info.user_id, session_id=info.session_id, predicate=c.predicate,
            object=clean_value(c.predicate, c.object), op="retract" if removes(c) else "assert",
            turn=turn.index, at=turn.at,
            expires_at=turn.at + WORKING_SET_TTL))
    return len(claims)


def working_set(uow: UnitOfWork, namespace: str, user_id: str, now: datetime,
                *, include_expired: bool = False) -> list[WorkingSetRow]:
    q = select(WorkingSetRow).where(WorkingSetRow.namespace == namespace,
                                    WorkingSetRow.user_id == user_id)
    if not include_expired:
        q = q.where(WorkingSetRow.expires_at > now)
    return list(uow.session.scalars(q.order_by(WorkingSetRow.at, WorkingSetRow.turn)))


def discard_session(uow: UnitOfWork, namespace: str, session_id: str, user_id: str) -> None:
    discard_sessions(uow, namespace, [(user_id, session_id)])


def discard_sessions(uow: UnitOfWork, namespace: str,
                     sessions: list[tuple[str, str]]) -> None:
    """Drop the working-set entries of consolidated (user, session) pairs, one statement."""
    if sessions:
        uow.session.execute(delete(WorkingSetRow).where(
            WorkingSetRow.namespace == namespace,
            tuple_(WorkingSetRow.user_id, WorkingSetRow.session_id).in_(sessions)))
