"""The session-end event: claim a batch of sessions, take it through the four stages.

The event's worker holds the event's user and, up to `Settings.dream_batch_size` sessions
in all, other users of the same namespace with ended sessions waiting, whole (a
session-level advisory lock per user on one held connection: no two workers' batches ever
hold the same user, so a user's sessions are applied in the order they ended, and a killed
worker's claims go with its connection). Each stage then runs once for the batch, in one
transaction with its checkpoints; the later event of a claimed session finds its
checkpoints and does nothing, and an event whose user another batch holds comes back later.

If a batched stage fails for a reason that is not transient, the batch is taken again one
session at a time, so one bad session cannot hold the others back: only the event's own
session's error propagates (retried or dead-lettered as before); a claimed session that
fails is left to its own event, which fails (and is dead-lettered) on its own.
"""
from __future__ import annotations

from datetime import datetime
from typing import Literal

import structlog
from celery.exceptions import SoftTimeLimitExceeded
from sqlalchemy import Connection
from sqlalchemy.exc import OperationalError

from infra.deps import NOTHING_HELD, Deps
from pipeline.batching import Pending, pick_batch
from schemas.enums import ExtractorKind, RunMode
from schemas.errors import TransientError
from workers.stages import STAGES, consolidate_many, forget_many, reconcile_many, replay_many

log = structlog.get_logger(__name__)
#: Failures a task retries rather than dead-letters; a batch does not split on them either.
RETRYABLE = (TransientError, OperationalError, ConnectionError, TimeoutError,
             SoftTimeLimitExceeded)
_RUN = (replay_many, reconcile_many, consolidate_many, forget_many)
#: Longest wait before a deferred event looks at its session again.
MAX_DEFER_S = 60.0
#: A claim looks at this many times the batch size of the oldest ended sessions (the
#: oldest are often held by other workers' batches: they stay "ended" until consolidated).
_WINDOW = 4

Outcome = Literal["done", "busy", "dreamed"]


def batch_size(deps: Deps) -> int:
    """Sessions per batch. Only mode `full` dreams over sessions nobody asked for; an LLM
    extractor spends seconds per session, so a batch would buy little and could outrun
    the task's time limit."""
    s = deps.settings
    return s.dream_batch_size if s.mode == RunMode.FULL and s.extractor != ExtractorKind.LLM else 1


def defer_delay(deps: Deps, deferrals: int) -> float:
    """Seconds before an event whose session another worker holds is looked at again."""
    return min(MAX_DEFER_S, deps.settings.dream_defer_s * 2 ** deferrals)


def dream(deps: Deps, sid: str, now: datetime, *, wait: bool = False) -> Outcome:
    """Take `sid` (and the batch it claims) through replay, reconcile, consolidate, forget.

    "done": every stage of `sid` had run already (nothing claimed: one query). "busy":
    another worker's batch holds the session's user (the caller defers the event; with
    `wait`, this blocks until it is free instead). "dreamed": the batch ran. When the user
    has more pending sessions than a batch holds, its older ones go first, batch after
    batch, until `sid`'s turn."""
    version, size = deps.extractor.version, batch_size(deps)
    tried: set[str] = set()
    with deps.held_connection() as conn:
        while True:
            with deps.unit_of_work(namespace="*", connection=conn) as uow:
                info, done = uow.sessions.stages_done(sid, version, STAGES)
                if done == len(STAGES):
                    if not tried:
                        conn.info[NOTHING_HELD] = True
                    return "dreamed" if tried else "done"
                ns = info.namespace
                if not tried and not uow.sessions.claim_user(ns, info.user_id, wait=wait):
                    conn.info[NOTHING_HELD] = True
                    return "busy"
                others, peers = uow.sessions.pending_of_free_users(
                    ns, info.user_id, window=_WINDOW * size, exclude=[sid, *tried]) \
                    if size > 1 else ([], 0)
                batch = pick_batch(Pending(sid, info.user_id, info.ended_at), others, size,
                                   peers=peers)
                wanted = sorted({p.user_id for p in batch} - {info.user_id})
                taken = uow.sessions.take_users(ns, wanted)
                if len(taken) < len(wanted):  # another batch took one since we read
                    batch = [p for p in batch if p.user_id == info.user_id or
                             p.user_id in taken]
                # Read again now that the users are held: a session another batch finished
                # just before (our reads predate its commit) has nothing left to do.
                todo = uow.sessions.unfinished([p.sid for p in batch if p.sid not in tried],
                                               version, STAGES)
            if not todo:
                return "dreamed" if tried else "done"
            run_batch(deps, todo, sid, ns, now, conn)
            tried.update(todo)
            if sid in todo:
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
