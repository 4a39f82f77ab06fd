"""The stages for one session (tasks, tests and the CLI), and the end of a session.

The stages themselves live in `workers.stages` and run for a batch of sessions; here each
runs for one. Each stage runs in one transaction and ends by recording its checkpoint
(session, stage, transcript checksum, extractor version) in that same transaction, so a stage
re-delivered after a crash either finds its checkpoint (and does nothing) or finds none of
its writes (and does everything). Jobs may run more than once; this is designed for.
"""
from __future__ import annotations

from datetime import datetime, timedelta

import structlog

from infra.deps import Deps, UnitOfWork
from pipeline.opening import summarize_thread
from pipeline.redact import redact_pii
from schemas.enums import SessionState
from schemas.errors import SessionClosed
from schemas.records import SessionInfo, Transcript
from workers.plans import apply_plan, embed_pending, plan_for, refresh_profile
from workers.stages import (STAGES, consolidate_many, forget_many, load_transcript,
                            reconcile_many, replay_many)

log = structlog.get_logger(__name__)


# ---- session end -------------------------------------------------------------------------
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
    ended_at = max([info.last_activity_at, *(t.at for t in turns)])
    transcript = Transcript(namespace=info.namespace, user_id=info.user_id,
                            session_id=info.session_id, started_at=info.started_at,
                            ended_at=ended_at, turns=tuple(turns),
                            claims=tuple(uow.sessions.buffered_claims(info.sid)))
    key, checksum, size = deps.transcripts.write(transcript)
    summary = summarize_thread([t.text for t in turns if t.role == "user" and not t.injected])
    uow.sessions.mark_ended(info.sid, ended_at=ended_at, reason=reason, key=key,
                            checksum=checksum, size=size, summary=summary)
    log.info("session.ended", namespace=info.namespace, user=info.user_id,
             session=info.session_id, reason=reason, turns=len(turns), bytes=size)
    return uow.sessions.get_by_sid(info.sid)


# ---- one session's stages ----------------------------------------------------------------
def replay(deps: Deps, sid: str, now: datetime) -> bool:
    """Extract claims and store fragments. Returns False when the checkpoint existed."""
    return bool(replay_many(deps, [sid], now))


def reconcile_stage(deps: Deps, sid: str, now: datetime) -> bool:
    return bool(reconcile_many(deps, [sid], now))


def consolidate_stage(deps: Deps, sid: str, now: datetime) -> bool:
    return bool(consolidate_many(deps, [sid], now))


def forget_stage(deps: Deps, sid: str, now: datetime) -> bool:
    """Policy forgetting for the session's user (TTL expiry); erasure has its own path."""
    return bool(forget_many(deps, [sid], now))


def idle_cutoff(deps: Deps, now: datetime) -> datetime:
    return now - timedelta(minutes=deps.settings.idle_timeout_minutes)


__all__ = ["STAGES", "end_session", "replay", "reconcile_stage", "consolidate_stage",
           "forget_stage", "apply_plan", "refresh_profile", "embed_pending", "plan_for",
           "load_transcript"]
