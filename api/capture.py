"""Capture of a whole finished transcript in one call (backfills, imports from elsewhere)."""
from __future__ import annotations

from datetime import datetime

from api.memory import Memory
from schemas.errors import InvalidInput
from schemas.records import InlineClaim, NewTurn, SessionInfo


def import_session(memory: Memory, namespace: str, user_id: str, session_id: str,
                   turns: list[NewTurn], claims: list[InlineClaim] = (), *,
                   started_at: datetime | None = None,
                   ended_at: datetime | None = None) -> SessionInfo:
    """Start, capture every turn and claim, and end the session (its end event is published
    after commit, as for a live session). A session id already used is refused."""
    if not turns:
        raise InvalidInput("an imported session needs at least one turn")
    first = next((t.at for t in turns if t.at is not None), None)
    last = next((t.at for t in reversed(turns) if t.at is not None), None)
    start = started_at or first
    memory.start_session(namespace, user_id, session_id, start)
    memory.append_turns(namespace, user_id, session_id, turns)
    for claim in claims:
        memory.remember(namespace, user_id, session_id, claim)
    return memory.end_session(namespace, user_id, session_id, ended_at or last)
