"""Triggers beyond the session-end event: the idle sweeper, the nightly batch, reprocessing."""
from __future__ import annotations

from datetime import datetime

import structlog

from infra.deps import Deps
from schemas.enums import RunMode
from schemas.records import SessionInfo
from workers import plans
from workers.session_end import end_session, idle_cutoff

log = structlog.get_logger(__name__)


def _at(deps: Deps, now: datetime) -> str | None:
    """Scenario runs drive the clock; the worker then takes the trigger's time, not its own."""
    return now.isoformat() if deps.fixed_clock else None


def publish_session_end(deps: Deps, sid: str, now: datetime) -> None:
    from workers.tasks import publish_session_end as publish
    publish(sid, _at(deps, now))


def sweep(deps: Deps, now: datetime) -> list[SessionInfo]:
    """End sessions idle past the timeout (locked with SKIP LOCKED: sweepers never collide)."""
    ended = []
    with deps.unit_of_work(namespace="*") as uow:  # cross-namespace by design
        for info in uow.sessions.claim_idle(idle_cutoff(deps, now)):
            ended.append(end_session(uow, deps, info, reason="idle", now=now))
            if deps.settings.mode == RunMode.FULL:
                uow.after_commit(lambda sid=info.sid: publish_session_end(deps, sid, now))
    if ended:
        log.info("sweep.ended", sessions=len(ended))
    return ended


def nightly_batch(deps: Deps, now: datetime) -> dict:
    """Consolidate anything still pending, then forgetting by policy for every user."""
    from workers.forgetting import expire_user
    from workers.tasks import publish_session_end as publish
    swept = sweep(deps, now)
    with deps.unit_of_work(namespace="*") as uow:
        # Only mode `full` consolidates; `online`/`none` sessions stay ended, not dreamed.
        pending = ([s.sid for s in uow.sessions.pending()]
                   if deps.settings.mode == RunMode.FULL else [])
    for sid in pending:
        publish(sid, _at(deps, now))
    expired: list[dict] = []
    with deps.unit_of_work(namespace="*") as uow:
        from sqlalchemy import select
        from infra.db.models import MemoryItemRow
        # In the order dream batches lock users in (sorted): this transaction holds them
        # all, so any other order could deadlock with a batch.
        users = uow.session.execute(select(MemoryItemRow.namespace, MemoryItemRow.user_id)
                                    .distinct().order_by(MemoryItemRow.namespace,
                                                         MemoryItemRow.user_id)).all()
        for namespace, user_id in users:
            uow.facts.lock_user(namespace, user_id)
            got = expire_user(uow, namespace, user_id, now)
            if got:
                plans.refresh_profile(uow, namespace, user_id, now, force_bump=True)
            expired.extend(got)
        from workers.forgetting import enforce_quotas
        quota = enforce_quotas(uow, deps, now)
    report = {"swept": len(swept), "pending": len(pending), "expired": expired,
              "quota": quota}
    log.info("nightly.finished", swept=len(swept), pending=len(pending), expired=len(expired))
    return report


def reprocess(deps: Deps, sessions: list[SessionInfo], now: datetime, *, force: bool = False,
              progress=None) -> int:
    """Dream again over sessions from the raw layer.

    Checkpoints are keyed by transcript checksum and extractor version, so a session whose
    stages already ran with this extractor is a no-op, and a new extractor version (or a
    redacted transcript) re-derives. `force` drops the checkpoints first."""
    done = 0
    for info in sessions:
        if force:
            with deps.unit_of_work(namespace=info.namespace) as uow:
                uow.runs.clear(info.sid)
        publish_session_end(deps, info.sid, now)
        done += 1
        if progress:
            progress(info)
    return done
