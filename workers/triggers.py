"""Triggers beyond the session-end event: the idle sweeper, the nightly batch, reprocessing."""
from __future__ import annotations

from datetime import datetime

import structlog

from infra.deps import Deps
from schemas.enums import RunMode
from schemas.records import SessionInfo
from workers import plans
from workers.session_end import end_session, idle_cutoff, resend_due

log = structlog.get_logger(__name__)


def _at(deps: Deps, now: datetime) -> str | None:
    """Scenario runs drive the clock; the worker then takes the trigger's time, not its own."""
    return now.isoformat() if deps.fixed_clock else None


def publish_session_end(deps: Deps, sid: str, now: datetime) -> bool:
    """Publish the session-end event; False when the broker refused it.

    Called once the end committed: the end stands whatever the broker does, so a failed
    publish is logged, not raised (the caller's `end_session` succeeded), and the session's
    `resend_at`, written with its end, has the sweeper send the event again. In process
    (no broker) the event runs here and its failures are the caller's, as before."""
    from workers.app import app
    from workers.tasks import publish_session_end as publish
    if app.conf.task_always_eager:
        publish(sid, _at(deps, now))
        return True
    try:
        publish(sid, _at(deps, now))
    except Exception as exc:  # kombu/redis/amqp errors alike: the sweeper re-sends
        log.warning("session.publish_failed", sid=sid, error=f"{type(exc).__name__}: {exc}")
        return False
    return True


def sweep(deps: Deps, now: datetime) -> list[SessionInfo]:
    """End sessions idle past the timeout (locked with SKIP LOCKED: sweepers never collide),
    send again the events of sessions whose pipeline stalled past their `resend_at`, and
    move spooled dead letters into the database."""
    from workers.failures import drain_spool
    ended = []
    with deps.unit_of_work(namespace="*") as uow:  # cross-namespace by design
        for info in uow.sessions.claim_idle(idle_cutoff(deps, now)):
            ended.append(end_session(uow, deps, info, reason="idle", now=now))
            if deps.settings.mode == RunMode.FULL:
                uow.after_commit(lambda sid=info.sid: publish_session_end(deps, sid, now))
    if ended:
        log.info("sweep.ended", sessions=len(ended))
    resend_stranded(deps, now)
    drain_spool(deps)
    retry_purge(deps, now)
    return ended


def retry_purge(deps: Deps, now: datetime) -> dict | None:
    """Purge again when an erasure is still in Postgres's files past the purge delay (a
    table whose lock timed out, a purge task lost with the broker): the retry cadence is
    `Settings.erasure_purge_delay_s` plus one sweep."""
    from infra.db.purge import purge_due, purge_if_wanted
    if not purge_due(deps.engine, now, deps.settings.erasure_purge_delay_s):
        return None
    return purge_if_wanted(deps.engine, now)


def resend_stranded(deps: Deps, now: datetime) -> list[str]:
    """Send the session-end event again for every session whose pipeline has not finished
    by its `resend_at`.

    A message lost with the broker (Redis restarted without persistence, a publish refused
    during an outage, a task that gave up on a transient failure) stalls its session's
    chain: within `Settings.resend_after_minutes` plus one sweep, this sends the first
    event again, and each stage that finds its checkpoint passes the chain on (events may
    run more than once). In process there is no broker to lose an event."""
    from workers.app import app
    if deps.settings.mode != RunMode.FULL or app.conf.task_always_eager:
        return []
    with deps.unit_of_work(namespace="*") as uow:
        due = uow.sessions.claim_stranded(now, resend_due(deps, now))
    sent = [info.sid for info in due if publish_session_end(deps, info.sid, now)]
    if due:
        log.info("sweep.resent", sessions=len(due), published=len(sent))
    return sent


def nightly_batch(deps: Deps, now: datetime) -> dict:
    """Consolidate anything still pending, then expiry by policy (TTLs, quotas) for every
    user."""
    from workers.expiry import enforce_quotas, expire_user
    from workers.tasks import publish_session_end as publish
    swept = sweep(deps, now)
    with deps.unit_of_work(namespace="*") as uow:
        # Only mode `full` consolidates; `online`/`none` sessions stay ended, not dreamed.
        pending = ([s.sid for s in uow.sessions.pending()]
                   if deps.settings.mode == RunMode.FULL else [])
    for sid in pending:
        try:
            publish(sid, _at(deps, now))
        except Exception as exc:  # noqa: BLE001 - one session's failure must not stop the batch
            # In process the dream runs inside publish; a session that cannot be dreamed
            # (its transcript gone, say) stays pending and is logged, and the expiry below
            # still runs for every user.
            log.warning("nightly.session_failed", session=sid, error=str(exc))
    expired: list[dict] = []
    with deps.unit_of_work(namespace="*") as uow:
        # In the order dream batches lock users in (sorted): this transaction holds them
        # all, so any other order could deadlock with a batch.
        for namespace, user_id in uow.items.users_with_items():
            uow.facts.lock_user(namespace, user_id)
            got = expire_user(uow, namespace, user_id, now)
            if got:
                plans.refresh_profile(uow, namespace, user_id, now, force_bump=True)
            expired.extend(got)
        quota = enforce_quotas(uow, deps, now)
    from infra.db.purge import purge_if_wanted
    report = {"purge": purge_if_wanted(deps.engine, now), "swept": len(swept),
              "pending": len(pending), "expired": expired, "quota": quota}
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


def request_purge(deps: Deps, now: datetime) -> None:
    """After an erasure committed: have its bytes leave Postgres's files (`infra.db.purge`).

    With a broker, a purge task runs `Settings.erasure_purge_delay_s` later (erasures in
    the meantime share it: a purge that started after an erasure covers it), and the wish
    is recorded so that the sweeper (`retry_purge`) or the nightly batch purges should that
    task be lost or leave a table; in process the purge runs here and now (recorded too: a
    table it leaves is purged by the next sweep or nightly batch)."""
    from infra.db.purge import purge_erased, want_purge
    from workers.app import app
    from workers.tasks import purge_erased_task
    want_purge(deps.app_engine, now)  # a request path: the application's login (0009)
    if app.conf.task_always_eager:
        purge_erased(deps.engine, now)
        return
    try:
        purge_erased_task.apply_async((now.isoformat(),),
                                      countdown=deps.settings.erasure_purge_delay_s)
    except Exception as exc:  # the nightly batch purges instead
        log.warning("erasure.purge_publish_failed", error=f"{type(exc).__name__}: {exc}")

