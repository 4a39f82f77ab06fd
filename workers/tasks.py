"""Thin Celery tasks: parse the payload, run a stage, commit it with its checkpoint, then
publish the next stage's event.

The stages are tasks on their own queues (`Settings.stage_queues`, routed in
`workers.app`): extract -> consolidate -> forget. Task names are explicit and versioned.
Every task is idempotent (checkpoints), acks late and retries transient failures with
backoff; a permanent failure lands in the dead-letter table. The next stage is published
after the commit, so a crash in between loses it only until the message is re-delivered
(acks late): the stage then finds its checkpoint and publishes the next one again.
"""
from __future__ import annotations

from datetime import datetime

import structlog
from celery import Task
from pydantic import ValidationError

from infra.deps import current_deps
from schemas.errors import PermanentError
from schemas.tasks import DeadLetter, SessionsTaskArgs, SessionTaskArgs
from workers import consolidation, dreaming, extraction, failures, stages
from workers.app import app
from workers.failures import RETRYABLE, is_transient

log = structlog.get_logger(__name__)


class DreamTask(Task):
    """Base task: outages retried with backoff; any other failure, once final, becomes a
    dead-letter record (see `workers.failures`). A task that carries sessions declares its
    payload (`payload=SessionTaskArgs`): that, not the task's name, says so."""

    autoretry_for = RETRYABLE
    retry_backoff = True
    retry_backoff_max = 120
    retry_jitter = True
    max_retries = 8
    acks_late = True
    payload: type[SessionTaskArgs] | type[SessionsTaskArgs] | None = None

    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:  # noqa: D401
        reason = f"{type(exc).__name__}: {exc}"
        if is_transient(exc):  # the session waits: the sweeper sends its event again
            log.warning("task.gave_up_transient", task=self.name, reason=reason)
            return
        deps = current_deps()
        try:
            sids = self.payload.of_call(args, kwargs).sids if self.payload else ()
        except ValidationError:
            sids = ()
        failures.dead_letter(deps, DeadLetter(
            task_name=self.name, payload={"args": list(args), "kwargs": kwargs},
            reason=reason, failed_at=deps.now(), sids=sids))
        log.error("task.failed", task=self.name, reason=reason,
                  permanent=isinstance(exc, PermanentError))


def _now(at: str | None) -> datetime:
    return datetime.fromisoformat(at) if at else current_deps().now()


@app.task(name="dream.extract.v1", base=DreamTask, payload=SessionTaskArgs)
def extract_session(sid: str, at: str | None = None, deferrals: int = 0) -> None:
    """Stage 1, no user lock (many run at once): the transcript's claims, fragments and
    their vectors, checkpointed; then the session's consolidate event (after the commit;
    also when the checkpoint was there already, in case the crash came before the event).
    With a model the write is shared with the process's other extractions finishing
    meanwhile (`workers.extract_writes`); with rules the event extracts a batch
    (`workers.extraction`). With rules on a worker that serves the later stages' queues
    too, the event runs every stage for a dream batch itself and publishes nothing
    (`workers.dreaming`), or comes back later when another batch holds its user."""
    deps, now = current_deps(), _now(at)
    if dreaming.in_process(deps):
        if dreaming.dream(deps, sid, now) == "busy":
            _defer(extract_session, deps, sid, at, deferrals, "busy")
        return
    extraction.extract(deps, sid, now, at)  # with rules, a batch
    consolidate_session.apply_async((sid, at))


def _defer(task, deps, sid: str, at: str | None, deferrals: int, outcome: str) -> None:
    """Send the event again later (with backoff), or give up after `MAX_DEFERRALS`: the
    session keeps its `resend_at`, and the sweeper sends it again."""
    if deferrals >= consolidation.MAX_DEFERRALS:
        log.warning("session.deferral_abandoned", sid=sid, outcome=outcome)
        return
    log.info("session.deferred", sid=sid, outcome=outcome, deferrals=deferrals + 1)
    task.apply_async((sid, at), {"deferrals": deferrals + 1},
                     countdown=consolidation.defer_delay(deps, deferrals))


@app.task(name="dream.consolidate.v1", base=DreamTask, payload=SessionTaskArgs)
def consolidate_session(sid: str, at: str | None = None, deferrals: int = 0) -> None:
    """Stage 2: reconcile and consolidate the session and the batch it claims, holding
    their users for this database work only (`workers.consolidation`); then their forget
    event. When another worker holds the user, or an earlier session of the user is still
    being extracted, the event comes back later (with backoff): by then its checkpoints
    are there and it does nothing, or it runs."""
    deps, now = current_deps(), _now(at)
    done = consolidation.consolidate_claimed(deps, sid, now,
                                             wait_s=deps.settings.consolidate_claim_wait_s)
    if done.outcome == "unextracted":
        extract_session.apply_async((sid, at))
    if done.forget:
        forget_sessions.apply_async((list(done.forget), at))
    if done.outcome in ("busy", "waiting"):
        _defer(consolidate_session, deps, sid, at, deferrals, done.outcome)


@app.task(name="dream.forget.v1", base=DreamTask, payload=SessionsTaskArgs)
def forget_sessions(sids: list[str], at: str | None = None) -> None:
    """Stage 3: policy forgetting for the sessions' users (one namespace)."""
    stages.forget_many(current_deps(), sids, _now(at))


@app.task(name="dream.session.v1", base=DreamTask, payload=SessionTaskArgs)
def dream_session(sid: str, at: str | None = None, deferrals: int = 0) -> None:
    """The session-end event of earlier releases (messages still queued at an upgrade):
    the chain from its first stage."""
    extract_session.run(sid, at)


def publish_session_end(sid: str, at: str | None = None):
    """Publish the session-end event: the session's first stage, extract."""
    return extract_session.apply_async((sid, at))


@app.task(name="dream.sweep_idle.v1", base=DreamTask)
def sweep_idle(at: str | None = None) -> int:
    """End every session idle past the timeout and dream over it."""
    from workers.triggers import sweep
    return len(sweep(current_deps(), _now(at)))


@app.task(name="dream.nightly.v1", base=DreamTask)
def nightly(at: str | None = None) -> dict:
    from workers.triggers import nightly_batch
    return nightly_batch(current_deps(), _now(at))


@app.task(name="dream.purge_erased.v1", base=DreamTask)
def purge_erased_task(requested_at: str) -> dict:
    """Rewrite the tables and retire the WAL after erasures (`infra.db.purge`); skipped
    when a purge started after `requested_at` (it covered this erasure)."""
    from infra.db.purge import purge_erased
    deps = current_deps()
    return purge_erased(deps.engine, deps.now(),
                        requested_at=datetime.fromisoformat(requested_at))
