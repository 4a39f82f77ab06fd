"""The online path: a cheap per-turn pass into a short-lived working set.

It serves the rest of the session (and, in mode `online`, is all the memory there is); the
end-of-session consolidation supersedes it and discards the session's entries.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from infra.deps import Deps, UnitOfWork
from pipeline.extract.rules import extract_turn
from pipeline.values import clean_value
from pipeline.vocabulary import PRIVILEGE_PREDICATES
from schemas.ids import stable_id
from schemas.records import SessionInfo, Turn, WorkingSetEntry, changes_user_facts, removes

#: Working-set entries live this long unless consolidation discards them first.
WORKING_SET_TTL = timedelta(days=2)


def write_working_set(uow: UnitOfWork, deps: Deps, info: SessionInfo, turn: Turn) -> int:
    claims = [c for c in extract_turn(turn, session_id=info.session_id)
              if c.predicate not in PRIVILEGE_PREDICATES and changes_user_facts(c)
              and c.modality != "planned"]  # the working set has no future: consolidation
    uow.working_set.add([WorkingSetEntry(
        entry_id=stable_id("ws", info.sid, turn.index, seq), namespace=info.namespace,
        user_id=info.user_id, session_id=info.session_id, predicate=c.predicate,
        object=clean_value(c.predicate, c.object), op="retract" if removes(c) else "assert",
        turn=turn.index, at=turn.at, expires_at=turn.at + WORKING_SET_TTL)
        for seq, c in enumerate(claims)])
    return len(claims)


def working_set(uow: UnitOfWork, namespace: str, user_id: str, now: datetime,
                *, include_expired: bool = False) -> list[WorkingSetEntry]:
    """The user's working set, oldest first (live entries only, unless `include_expired`)."""
    return uow.working_set.entries(namespace, user_id, now, include_expired=include_expired)


def discard_sessions(uow: UnitOfWork, namespace: str,
                     sessions: list[tuple[str, str]]) -> None:
    """Drop the working-set entries of consolidated (user, session) pairs, one statement."""
    uow.working_set.discard(namespace, sessions)
