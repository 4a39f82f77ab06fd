"""The end of a session: its immutable transcript written, its row marked ended.

What follows (extract, consolidate, forget) is published once the caller's unit of work
commits (`workers.tasks.publish_session_end`).
"""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import structlog

from infra.deps import Deps, UnitOfWork
from pipeline.opening import summarize_thread
from pipeline.redact import redact_pii
from schemas.enums import SessionState
from schemas.errors import SessionClosed
from schemas.records import SessionInfo, Transcript

log = structlog.get_logger(__name__)


def end_session(uow: UnitOfWork, deps: Deps, info: SessionInfo, *, reason: str,
                now: datetime) -> SessionInfo:
    """Write the immutable transcript and mark the session ended (caller holds the row lock).

    The object is written before the row changes; if the commit then fails, the next attempt
    writes byte-identical content, which the store accepts as a no-op.
    """
    if info.state != SessionState.OPEN:
        raise SessionClosed(f"session {info.session_id!r} already ended ({info.state}); "
                            "a duplicate end event changes nothing")
    turns = uow.sessions.buffered_turns(info.sid)
    if deps.settings.redact_pii:
        turns = [t.model_copy(update={"text": redact_pii(t.text)}) for t in turns]
    ended_at = max([info.last_activity_at, *(t.at for t in turns)]).astimezone(UTC)
    transcript = Transcript(namespace=info.namespace, user_id=info.user_id,
                            session_id=info.session_id, started_at=info.started_at,
                            ended_at=ended_at, turns=tuple(turns),
                            claims=tuple(uow.sessions.buffered_claims(info.sid)))
    key, checksum, size = deps.transcripts.write(transcript)
    summary = summarize_thread([t.text for t in turns if t.role == "user" and not t.injected])
    uow.sessions.mark_ended(info.sid, ended_at=ended_at, reason=reason, key=key,
                            checksum=checksum, size=size, summary=summary,
                            resend_at=resend_due(deps, now))
    log.info("session.ended", namespace=info.namespace, user=info.user_id,
             session=info.session_id, reason=reason, turns=len(turns), bytes=size)
    return uow.sessions.get_by_sid(info.sid)


def resend_due(deps: Deps, now: datetime) -> datetime:
    """When a session-end event sent at `now` is sent again if its pipeline has not
    finished by then."""
    return now + timedelta(minutes=deps.settings.resend_after_minutes)


def idle_cutoff(deps: Deps, now: datetime) -> datetime:
    """Sessions with no activity since this time are idle."""
    return now - timedelta(minutes=deps.settings.idle_timeout_minutes)
