"""Which failures are worth retrying, and what happens to a task that failed for good.

An outage is transient wherever it surfaces: a lost or refused connection (SQLAlchemy's
`OperationalError`/`InterfaceError`, a raw psycopg one such as "connection is bad", a
connection invalidated under a statement, a transaction left unusable by one), the
project's `StoreUnavailable`, a broker or socket error, a timeout. Such a failure is retried
with backoff and never dead-lettered: when the retries run out the session stays `ended`
and the sweeper sends its event again (`workers.triggers.resend_stranded`). Only a failure
of another kind becomes a dead-letter record; when the database cannot take that record
either, it waits in a local spool (`infra.spool`) until the next beat.
"""
from __future__ import annotations

from collections.abc import Sequence

import structlog
from celery.exceptions import SoftTimeLimitExceeded
from kombu.exceptions import OperationalError as BrokerError

from infra.db.engine import DATABASE_DOWN, connection_invalidated
from infra.deps import Deps
from infra.spool import DeadLetterSpool
from schemas.errors import PermanentError, TransientError
from schemas.tasks import DeadLetter

log = structlog.get_logger(__name__)

#: Failures a task retries rather than dead-letters; a batch does not split on them either.
RETRYABLE = (TransientError, *DATABASE_DOWN, BrokerError, ConnectionError, TimeoutError,
             SoftTimeLimitExceeded)


def is_transient(exc: BaseException | None) -> bool:
    """True when `exc`, or anything it was raised from, is an outage (see the module doc).
    A `PermanentError` raised on purpose stays permanent whatever caused it."""
    seen = 0
    while exc is not None and seen < 20:
        if isinstance(exc, PermanentError):
            return False
        if isinstance(exc, RETRYABLE):
            return True
        if connection_invalidated(exc):
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


def spool_of(deps: Deps) -> DeadLetterSpool:
    return DeadLetterSpool(deps.settings.data_dir / "spool")


def write_dead_letters(deps: Deps, records: Sequence[DeadLetter]) -> None:
    """Record failures for good in one transaction; a session's state then follows from
    its checkpoints (`consolidated` when its stages all ran after all, else `failed`)."""
    from workers.stages import STAGES
    with deps.unit_of_work() as uow:
        for r in records:
            uow.runs.dead_letter(r.task_name, r.payload, r.reason, r.failed_at,
                                 sid=r.sids[0] if r.sids else None)
            for sid in r.sids:
                uow.sessions.settle_failed(sid, deps.extractor.version, STAGES)


def dead_letter(deps: Deps, record: DeadLetter) -> None:
    """Write the record, or keep it in the spool when the database cannot take it."""
    try:
        write_dead_letters(deps, [record])
    except Exception as exc:  # the store is down too: keep it for the next beat
        log.error("task.dead_letter_failed", task=record.task_name, error=str(exc))
        spool_of(deps).keep(record)


def drain_spool(deps: Deps) -> int:
    """Move spooled dead-letter records into the database (the beat calls this)."""
    return spool_of(deps).drain(lambda records: write_dead_letters(deps, records))
