"""Thin Celery tasks: parse the payload, run the stages, commit each with its checkpoint.

Task names are explicit and versioned. Every task is idempotent (checkpoints), acks late and
retries transient failures with backoff; a permanent failure lands in the dead-letter table.
"""
from __future__ import annotations

from datetime import datetime

import structlog
from celery import Task

from infra.deps import current_deps
from schemas.enums import SessionState
from schemas.errors import PermanentError
from workers import dreaming, steps
from workers.app import app
from workers.dreaming import RETRYABLE

log = structlog.get_logger(__name__)


class DreamTask(Task):
    """Base task: dead-letter record with the reason once a failure is final."""

    autoretry_for = RETRYABLE
    retry_backoff = True
    retry_backoff_max = 120
    retry_jitter = True
    max_retries = 5
    acks_late = True

    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:  # noqa: D401
        deps = current_deps()
        reason = f"{type(exc).__name__}: {exc}"
        try:
            with deps.unit_of_work() as uow:
                uow.runs.dead_letter(self.name, {"args": list(args), "kwargs": kwargs}, reason,
                                     deps.now())
                if args and self.name.startswith("dream.") and isinstance(args[0], str):
                    try:
                        uow.sessions.set_state(args[0], SessionState.FAILED)
                    except Exception:  # the payload was not a session key
                        pass
        except Exception as dl_exc:  # the store is down too: the log is all we have
            log.error("task.dead_letter_failed", task=self.name, error=str(dl_exc))
        log.error("task.failed", task=self.name, reason=reason,
                  permanent=isinstance(exc, PermanentError))


def _now(at: str | None) -> datetime:
    return datetime.fromisoformat(at) if at else current_deps().now()


@app.task(name="dream.replay_session.v1", base=DreamTask)
def replay_session(sid: str, at: str | None = None) -> None:
    steps.replay(current_deps(), sid, _now(at))


@app.task(name="dream.reconcile_session.v1", base=DreamTask)
def reconcile_session(sid: str, at: str | None = None) -> None:
    steps.reconcile_stage(current_deps(), sid, _now(at))


@app.task(name="dream.consolidate_session.v1", base=DreamTask)
def consolidate_session(sid: str, at: str | None = None) -> None:
    steps.consolidate_stage(current_deps(), sid, _now(at))


@app.task(name="dream.forget_session.v1", base=DreamTask)
def forget_session(sid: str, at: str | None = None) -> None:
    steps.forget_stage(current_deps(), sid, _now(at))


@app.task(name="dream.session.v1", base=DreamTask)
def dream_session(sid: str, at: str | None = None, deferrals: int = 0) -> None:
    """The session-end event: replay -> reconcile -> consolidate -> forget, in one task, for
    the session and the batch it claims (`workers.dreaming`).

    Each stage still commits on its own with its checkpoints, so a re-delivery after a
    crash skips the stages that finished and redoes only the one that was cut off. When
    another worker's batch holds the session, the event comes back later (with backoff):
    by then its checkpoints are there and it does nothing, or the holder died and it runs."""
    deps, now = current_deps(), _now(at)
    eager = bool(app.conf.task_always_eager)  # in process: no broker to come back through
    if dreaming.dream(deps, sid, now, wait=eager) == "busy":
        log.info("session.deferred", sid=sid, deferrals=deferrals + 1)
        dream_session.apply_async((sid, at), {"deferrals": deferrals + 1},
                                  countdown=dreaming.defer_delay(deps, deferrals))


def dream(sid: str, at: str | None = None):
    """Publish the session-end event."""
    return dream_session.apply_async((sid, at))


@app.task(name="dream.sweep_idle.v1", base=DreamTask)
def sweep_idle(at: str | None = None) -> int:
    """End every session idle past the timeout and dream over it."""
    from workers.triggers import sweep
    return len(sweep(current_deps(), _now(at)))


@app.task(name="dream.nightly.v1", base=DreamTask)
def nightly(at: str | None = None) -> dict:
    from workers.triggers import nightly_batch
    return nightly_batch(current_deps(), _now(at))
