"""The operator's use cases (the inspector's operator view): who is in a namespace, each
user's sessions with their stage checkpoints, dead letters and their retry, and the figures
of the pipeline's health.

An operator is bound to a namespace by their API key; every call names it, and nothing here
reaches another namespace's rows.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import structlog

from infra import metrics
from infra.deps import Deps
from schemas.errors import NotFound, ReverieError
from schemas.ids import check_ident, check_namespace

log = structlog.get_logger(__name__)

#: Days of history in the memory-size series of the health page.
SIZE_DAYS = 30


@dataclass(frozen=True)
class Health:
    """Rates are None when nothing was counted yet (no session ended, no decision made)."""

    consolidation_success: float | None
    consolidated: int
    failed: int
    correction_rate: float | None
    quarantine_rate: float | None
    decisions: int
    degraded_recall_rate: float | None
    recall_requests: int
    memory_size: tuple[dict, ...]


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def namespaces(deps: Deps, namespace: str) -> list[dict]:
    check_namespace(namespace)
    with deps.unit_of_work(namespace=namespace) as uow:
        return uow.inspection.namespaces([namespace])


def users(deps: Deps, namespace: str) -> list[dict]:
    check_namespace(namespace)
    with deps.unit_of_work(namespace=namespace) as uow:
        return uow.inspection.users(namespace)


def user_sessions(deps: Deps, namespace: str, user_id: str) -> list[tuple]:
    """(session, checkpoints) of the user, newest first."""
    check_namespace(namespace), check_ident(user_id, "user id")
    with deps.unit_of_work(namespace=namespace) as uow:
        return uow.inspection.sessions(namespace, user_id)


def _recall_counts() -> tuple[int, int]:
    """(requests, degraded) counted by safe_recall in this process since it started."""
    def total(metric) -> int:
        return int(sum(s.value for family in metric.collect() for s in family.samples
                       if s.name.endswith("_total")))
    return total(metrics.RECALL_REQUESTS), total(metrics.RECALL_DEGRADED)


def health(deps: Deps, namespace: str, *, days: int = SIZE_DAYS) -> Health:
    """Consolidation success, correction, quarantine and degraded-recall rates, and the
    memory's size per day (as `infra.metrics` defines the rates for the dashboard)."""
    check_namespace(namespace)
    with deps.unit_of_work(namespace=namespace) as uow:
        store = uow.inspection
        states = store.session_states(namespace)
        kinds = store.decision_kinds(namespace)
        size = store.memory_size(namespace, until=deps.now(), days=days)
    consolidated, failed = states.get("consolidated", 0), states.get("failed", 0)
    decided = sum(n for kind, n in kinds.items() if kind != "erased")
    requests, degraded = _recall_counts()
    return Health(
        consolidation_success=_rate(consolidated, consolidated + failed),
        consolidated=consolidated, failed=failed,
        correction_rate=_rate(kinds.get("superseded", 0) + kinds.get("retracted", 0), decided),
        quarantine_rate=_rate(kinds.get("quarantined", 0), decided), decisions=decided,
        degraded_recall_rate=_rate(degraded, requests), recall_requests=requests,
        memory_size=tuple(size))


def dead_letters(deps: Deps, namespace: str) -> list[dict]:
    check_namespace(namespace)
    with deps.unit_of_work(namespace=namespace) as uow:  # the app login: its own records
        return [d.model_dump() for d in uow.inspection.dead_letters(namespace)]


def retry_dead_letter(deps: Deps, namespace: str, dead_letter_id: str,
                      at: datetime | None = None) -> dict:
    """Send a dead letter's task again and drop the record; NotFound when the namespace has
    no such record.

    The record is dropped first (committed), then the task sent: a task that fails again
    writes a new record itself, and a send that fails puts the record back with the reason,
    so a failure is never lost and two operators retrying at once send it once."""
    check_namespace(namespace), check_ident(dead_letter_id, "dead letter id")
    from workers.app import app
    with deps.unit_of_work(namespace=namespace) as uow:
        store = uow.inspection
        dead = store.find_dead_letter(namespace, dead_letter_id)
        if dead is None:
            raise NotFound(f"no dead letter {dead_letter_id!r} in namespace {namespace!r} "
                           "(already retried?)")
        task = app.tasks.get(dead.task_name)
        if task is None:
            raise NotFound(f"task {dead.task_name!r} is not known to this version; it "
                           "cannot be retried")
        store.drop_dead_letter(dead_letter_id)
    payload = dead.payload
    try:
        task.apply_async(tuple(payload.get("args") or ()), dict(payload.get("kwargs") or {}))
    except Exception as exc:  # noqa: BLE001 — recorded, reported, never lost
        reason = f"retry failed: {type(exc).__name__}: {exc}"
        with deps.unit_of_work(namespace=dead.namespace) as uow:
            uow.runs.dead_letter(dead.task_name, payload, reason, at or deps.now(),
                                 namespace=dead.namespace)
        log.warning("dead_letter.retry_failed", task=dead.task_name, reason=reason)
        raise RetryFailed(reason) from exc
    log.info("dead_letter.retried", task=dead.task_name, namespace=namespace)
    return dead.model_dump()


class RetryFailed(ReverieError):
    """A dead letter's task failed again when sent (it is recorded anew)."""
