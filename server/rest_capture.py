"""REST capture: sessions, their turns and claims, their end, and whole-transcript imports.

Each route is a thin adapter: parse, call the use case in `api/`, answer. Writes honour an
`Idempotency-Key` header (server/writes.py).
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from fastapi import APIRouter, Depends, Request

from api.capture import import_session
from server.auth import Caller, caller
from server.bodies import (
    Accepted, ClaimIn, SessionEnd, SessionId, SessionImport, SessionStart, TurnsIn, TurnsOut,
    UserId,
)
from server.writes import write
from schemas.records import SessionInfo

router = APIRouter(prefix="/v1/users/{user}", tags=["capture"])


async def _at(request: Request, who: Caller, status: int, body,
              use_case: Callable[..., SessionInfo], user: str, session: str,
              at: datetime | None):
    """A session's start or end: `use_case(namespace, user, session, at)` as an idempotent
    write, `at` the client's time (None: now)."""
    return await write(request, who, status, body,
                       lambda: use_case(who.namespace, user, session, at))


@router.put("/sessions/{session}", response_model=SessionInfo,
            summary="Start a session (idempotent while it is open)")
async def start_session(request: Request, user: str = UserId, session: str = SessionId,
                        body: SessionStart | None = None, who: Caller = Depends(caller)):
    return await _at(request, who, 200, body, who.runtime.memory.start_session, user, session,
                     body.started_at if body else None)


@router.post("/sessions/{session}/turns", response_model=TurnsOut, status_code=201,
             summary="Capture one or many turns (all or none)")
async def append_turns(request: Request, body: TurnsIn, user: str = UserId,
                       session: str = SessionId, who: Caller = Depends(caller)):
    def action():
        turns = who.runtime.memory.append_turns(who.namespace, user, session,
                                                [t.record() for t in body.turns])
        return {"turns": turns}
    return await write(request, who, 201, body, action)


@router.post("/sessions/{session}/claims", response_model=Accepted, status_code=201,
             summary="Remember a fact the user stated (consolidated when the session ends)")
async def remember(request: Request, body: ClaimIn, user: str = UserId,
                   session: str = SessionId, who: Caller = Depends(caller)):
    def action():
        who.runtime.memory.remember(who.namespace, user, session, body.record())
        return Accepted(status="remembered", session_id=session)
    return await write(request, who, 201, body, action)


@router.post("/sessions/{session}/end", response_model=SessionInfo, status_code=202,
             summary="End a session: the transcript is stored, consolidation is queued")
async def end_session(request: Request, user: str = UserId, session: str = SessionId,
                      body: SessionEnd | None = None, who: Caller = Depends(caller)):
    return await _at(request, who, 202, body, who.runtime.memory.end_session, user, session,
                     body.ended_at if body else None)


@router.post("/sessions:import", response_model=SessionInfo, status_code=202,
             summary="Import a whole finished transcript in one call (backfills)")
async def import_transcript(request: Request, body: SessionImport, user: str = UserId,
                            who: Caller = Depends(caller)):
    return await write(request, who, 202, body, lambda: import_session(
        who.runtime.memory, who.namespace, user, body.session_id,
        [t.record() for t in body.turns], [c.record() for c in body.claims],
        started_at=body.started_at, ended_at=body.ended_at))
