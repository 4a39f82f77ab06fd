"""The session-end event: claim a batch of sessions, take it through the four stages.

The event's worker claims the event's session plus up to `Settings.dream_batch_size - 1`
other ended sessions of the same namespace (session-level advisory locks on one held
connection: no two workers ever hold the same session, and a killed worker's claims go with
its connection). Each stage then runs once for the batch, in one transaction with its
checkpoints; the later event of a claimed session finds its checkpoints and does nothing.

If a batched stage fails for a reason that is not transient, the batch is taken again one
session at a time, so one bad session cannot hold the others back: only the event's own
session's error propagates (retried or dead-lettered as before); a claimed session that
fails is left to its own event, which fails (and is dead-lettered) on its own.
"""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

import structlog
from celery.exceptions import SoftTimeLimitExceeded
from sqlalchemy import Connection
from sqlalchemy.exc import OperationalError

from infra.deps import NOTHING_HELD, Deps
from schemas.errors import TransientError
from workers.stages import STAGES, consolidate_many, forget_many, reconcile_many, replay_many

log = structlog.get_logger(__name__)
#: Failures a task retries rather than dead-letters; a batch does not split on them either.
RETRYABLE = (TransientError, OperationalError, ConnectionError, TimeoutError,
             SoftTimeLimitExceeded)
_RUN = (replay_many, reconcile_many, consolidate_many, forget_many)
#: Longest wait before a deferred event looks at its session again.
MAX_DEFER_S = 60.0

Outcome = Literal["done", "busy", "dreamed"]


def batch_size(deps: Deps) -> int:
    """Sessions per batch. Only mode `full` dreams over sessions nobody asked for; an LLM
    extractor spends seconds per session, so a batch would buy little and could outrun
    the task's time limit."""
    s = deps.settings
    return s.dream_batch_size if s.mode == "full" and s.extractor != "llm" else 1


def defer_delay(deps: Deps, deferrals: int) -> float:
    """Seconds before an event whose session another worker holds is looked at again."""
    return min(MAX_DEFER_S, deps.settings.dream_defer_s * 2 ** deferrals)


def dream(deps: Deps, sid: str, now: datetime, *, wait: bool = False) -> Outcome:
    """Take `sid` (and the batch it claims) through replay, reconcile, consolidate, forget.

    "done": every stage of `sid` had run already (nothing claimed: one query), or had by
    the time the lock on it was taken (with `wait`). "busy":
    another worker's batch holds `sid` (the caller defers the event; with `wait`, this
    blocks until it is free instead). "dreamed": the batch ran."""
    version = deps.extractor.version
    with deps.held_connection() as conn:
        with deps.unit_of_work(namespace="*", connection=conn) as uow:
            info, done = uow.sessions.stages_done(sid, version, STAGES)
            if done == len(STAGES):
                conn.info[NOTHING_HELD] = True
                return "done"
            claimed = uow.sessions.claim(sid, info.namespace, batch_size(deps), wait=wait)
            if not claimed:
                return "busy"
            # Read again now that the locks are held: a session another batch finished
            # just before we locked it (our reads predate its commit) has nothing to do.
            todo = uow.sessions.unfinished(list(claimed), version, STAGES)
        if not todo:
            return "done"
        claimed[sid] = info.ended_at
        # Sessions of one user go in the order they ended, as their events would.
        never = datetime.max.replace(tzinfo=UTC)
        order = sorted(todo, key=lambda s: (claimed[s] or never, s))
        run_batch(deps, order, sid, info.namespace, now, conn)
    return "dreamed"


def run_batch(deps: Deps, sids: list[str], trigger: str, namespace: str, now: datetime,
              conn: Connection) -> None:
    """Every stage for the whole batch; on a failure that is not transient, every stage
    for one session at a time (see the module doc)."""
    try:
        for stage in _RUN:
            stage(deps, sids, now, namespace=namespace, connection=conn)
        return
    except RETRYABLE:
        raise
    except Exception as exc:
        if len(sids) == 1:
            raise
        log.warning("batch.split", namespace=namespace, sessions=len(sids),
                    error=f"{type(exc).__name__}: {exc}")
    failure: BaseException | None = None
    for sid in sids:
        try:
            for stage in _RUN:
                stage(deps, [sid], now, namespace=namespace, connection=conn)
        except RETRYABLE:
            raise
        except Exception as exc:
            if sid == trigger:
                failure = exc
            else:  # its own event runs it again, and dead-letters it if it fails for good
                log.warning("batch.session_failed", namespace=namespace, sid=sid,
                            error=f"{type(exc).__name__}: {exc}")
    if failure is not None:
        raise failure
