"""The consolidate event: claim a user and a batch of extracted sessions, reconcile and
consolidate them in session-end order.

The event's worker holds the event's user and, up to `Settings.dream_batch_size` sessions
in all, other users of the same namespace with extracted sessions waiting, whole (a
session-level advisory lock per user on one held connection: no two workers' batches ever
hold the same user, so a user's sessions are applied in the order they ended, and a killed
worker's claims go with its connection). Each stage then runs once for the batch, in one
transaction with its checkpoints; the later event of a claimed session finds its
checkpoints and does nothing. The user is held only for this database work: extraction
(the model's seconds) ran before, in `dream.extract.v1`, with no lock.

A user's sessions are taken only up to the first one not extracted yet (`pick_batch`).
The event of a session waiting behind one is deferred, but that is only a safety net: the
earlier session's own event, which comes after its extraction committed, finds the later
ones extracted and takes them along.

If a batched stage fails for a reason that is not transient, the batch is taken again one
session at a time, so one bad session cannot hold the others back: only the event's own
session's error propagates (retried or dead-lettered as before); a claimed session that
fails is left to its own event, which fails (and is dead-lettered) on its own.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

import structlog

from infra.deps import NOTHING_HELD, Deps, HeldConnection, UnitOfWork
from pipeline.batching import Pending, pick_batch
from schemas.enums import RunMode
from workers.failures import RETRYABLE
from workers.stages import consolidate_many, reconcile_many

log = structlog.get_logger(__name__)
#: The stages a consolidate batch runs, in order.
_RUN = (reconcile_many, consolidate_many)
_DONE_BY_THIS = ("reconcile", "consolidate")
#: Longest wait before a deferred event looks at its session again.
MAX_DEFER_S = 60.0
#: Deferrals before an event gives up (about a quarter of an hour): the session is left to
#: the event of its user's earlier session, or to the nightly batch.
MAX_DEFERRALS = 20
#: A claim looks at this many times the batch size of the oldest ended sessions (the
#: oldest are often held by other workers' batches: they stay "ended" until consolidated).
_WINDOW = 4

Outcome = Literal["done", "busy", "waiting", "unextracted", "consolidated"]


@dataclass(frozen=True)
class Consolidation:
    """What a consolidate event did. `forget`: sessions (of `namespace`) whose forget
    stage is to follow: those consolidated now, or the event's own when an earlier run
    consolidated it but its forget has not run."""

    outcome: Outcome
    namespace: str | None = None
    forget: tuple[str, ...] = ()


def batch_size(deps: Deps) -> int:
    """Sessions per batch. Only mode `full` consolidates sessions nobody asked for."""
    s = deps.settings
    return s.dream_batch_size if s.mode == RunMode.FULL else 1


def defer_delay(deps: Deps, deferrals: int) -> float:
    """Seconds before a deferred consolidate event is looked at again."""
    return min(MAX_DEFER_S, deps.settings.dream_defer_s * 2 ** deferrals)


def consolidate_claimed(deps: Deps, sid: str, now: datetime, *,
                        wait_s: float = 0.0) -> Consolidation:
    """Reconcile and consolidate `sid` and the batch it claims.

    "done": `sid` was consolidated already (one query, nothing claimed). "unextracted":
    its extract stage has not run for its transcript (the caller publishes it). "busy":
    another worker holds the session's user for longer than `wait_s`. "waiting": an
    earlier session of the user is not extracted yet. "consolidated": it is now. Holding
    the user, batches run until none of its extracted sessions is left (more than one
    batch holds, or some were extracted meanwhile)."""
    version, size = deps.extractor.version, batch_size(deps)
    tried: list[str] = []  # taken in a batch (consolidated, or failed on their own)
    consolidated: list[str] = []
    with deps.held_connection() as conn:
        with deps.unit_of_work(namespace="*", connection=conn) as uow:
            [(info, done)] = uow.sessions.with_checkpoints([sid], version)
            ns, user = info.namespace, info.user_id
            early = _early(info.sid, ns, done)
            if early is None and not claim(uow, ns, user, wait_s):
                early = Consolidation("busy", ns)
            if early is not None:
                conn.info[NOTHING_HELD] = True
                return early
        while True:
            with deps.unit_of_work(namespace="*", connection=conn) as uow:
                todo = next_batch(uow, Pending(sid, user, info.ended_at), ns, version, size,
                                   tried)
            if not todo:
                break
            consolidated.extend(run_batch(deps, todo, sid, ns, now, conn))
            tried.extend(todo)
        if sid not in tried:
            with deps.unit_of_work(namespace="*", connection=conn) as uow:
                [(info, done)] = uow.sessions.with_checkpoints([sid], version)
            if "consolidate" not in done:
                log.info("session.waiting", namespace=ns, user=user, session=info.session_id)
                return Consolidation("waiting", ns, tuple(consolidated))
    return Consolidation("consolidated", ns, tuple(consolidated))


def _early(sid: str, namespace: str, done: dict) -> Consolidation | None:
    """The outcome when the event has nothing to consolidate, else None."""
    if "consolidate" in done:
        return Consolidation("done", namespace, () if "forget" in done else (sid,))
    if "replay" not in done:
        return Consolidation("unextracted", namespace)
    return None


def claim(uow: UnitOfWork, namespace: str, user_id: str, wait_s: float) -> bool:
    """Hold the user, waiting up to `wait_s` for another worker's short batch to end."""
    deadline, pause = time.monotonic() + wait_s, 0.005
    while not uow.sessions.claim_user(namespace, user_id):
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        time.sleep(min(pause, left))
        pause = min(0.2, pause * 2)
    return True


def next_batch(uow: UnitOfWork, trigger: Pending, ns: str, version: str, size: int,
               tried: list[str], *, stages: tuple[str, ...] = _DONE_BY_THIS,
               extracting: bool = False) -> list[str]:
    """The sessions of the next batch still to run (the trigger's user is held already):
    those some of `stages` have not checkpointed. With `extracting` the batch extracts its
    sessions itself (`workers.dreaming`): a session not extracted yet does not stop its
    user's later ones."""
    exclude = [trigger.sid, *tried]
    mine = [p for p in uow.sessions.pending_of_user(ns, trigger.user_id, version=version,
                                                    limit=size + len(tried) + 1)
            if p.sid not in tried]
    others, peers = uow.sessions.pending_of_free_users(
        ns, trigger.user_id, window=_WINDOW * size, version=version, exclude=exclude) \
        if size > 1 else ([], 0)
    others = [p for p in others if p.user_id != trigger.user_id]
    if extracting:
        mine = [replace(p, extracted=True) for p in mine]
        others = [replace(p, extracted=True) for p in others]
    if trigger.sid not in tried:  # also when it is not "ended" (reprocessed): it was asked for
        mine = [trigger, *(p for p in mine if p.sid != trigger.sid)]
    lead = next((p for p in mine if p.sid == trigger.sid), mine[0] if mine else None)
    if lead is None:
        return []
    batch = pick_batch(lead, [*mine, *others], size, peers=peers)
    wanted = sorted({p.user_id for p in batch} - {trigger.user_id})
    taken = uow.sessions.take_users(ns, wanted)
    if len(taken) < len(wanted):  # another batch took one since we read
        batch = [p for p in batch if p.user_id == trigger.user_id or p.user_id in taken]
    # Read again now that the users are held: a session another batch finished just before
    # (our reads predate its commit) has nothing left to do.
    return uow.sessions.unfinished([p.sid for p in batch], version, stages)


def run_batch(deps: Deps, sids: list[str], trigger: str, namespace: str, now: datetime,
              conn: HeldConnection, run: tuple | None = None) -> list[str]:
    """Run the stages `run` (default: reconcile and consolidate) for the whole batch; on a
    failure that is not transient, one session at a time (see the module doc). Returns the
    sessions that went through."""
    run = run or _RUN
    try:
        for stage in run:
            stage(deps, sids, now, namespace=namespace, connection=conn)
        return list(sids)
    except RETRYABLE:
        raise
    except Exception as exc:
        if len(sids) == 1:
            raise
        log.warning("batch.split", namespace=namespace, sessions=len(sids),
                    error=f"{type(exc).__name__}: {exc}")
    failure: BaseException | None = None
    passed = []
    for sid in sids:
        try:
            for stage in run:
                stage(deps, [sid], now, namespace=namespace, connection=conn)
            passed.append(sid)
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
    return passed
