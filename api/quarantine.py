"""Claims held back for review: list them, accept one (it becomes the user's own statement)
or reject it (it stays out, and is marked so)."""
from __future__ import annotations

from datetime import datetime
from typing import Literal

from api.admin import correct
from api.memory import Memory, _aware
from pipeline.vocabulary import PRIVILEGE_PREDICATES
from schemas.errors import Conflict, InvalidInput, NotFound
from schemas.ids import check_ident, check_namespace
from schemas.records import QuarantinedClaim


def _entry(q: QuarantinedClaim) -> dict:
    claim = q.claim
    return {"quarantine_id": q.quarantine_id, "predicate": q.predicate, "object": q.object,
            "reason": q.reason, "session_id": q.session_id, "turn": claim.get("turn"),
            "said": claim.get("evidence"), "created_at": q.created_at,
            "resolution": q.resolution, "resolved_at": q.resolved_at}


def list_quarantined(memory: Memory, namespace: str, user_id: str, *,
                     pending_only: bool = True) -> list[dict]:
    """The user's held-back claims, oldest first (unresolved only, by default)."""
    check_namespace(namespace), check_ident(user_id, "user id")
    with memory.deps.unit_of_work(namespace=namespace) as uow:
        rows = uow.facts.quarantined(namespace, user_id)
        return [_entry(q) for q in rows if not pending_only or q.resolved_at is None]


def resolve(memory: Memory, namespace: str, user_id: str, quarantine_id: str,
            action: Literal["accept", "reject"], at: datetime | None = None) -> dict:
    """Accept (applied as a correction by the user, source `user_edit`) or reject one claim.

    Claims about privileges or access are never accepted this way: a conversation, or a key
    an assistant holds, must not be able to grant them."""
    check_namespace(namespace), check_ident(user_id, "user id")
    check_ident(quarantine_id, "quarantine id")
    if action not in ("accept", "reject"):
        raise InvalidInput(f"action must be 'accept' or 'reject', got {action!r}")
    deps = memory.deps
    now = _aware(at, deps.now())
    with deps.unit_of_work(namespace=namespace) as uow:
        q = uow.facts.find_quarantined(namespace, user_id, quarantine_id)
        if q is None:
            raise NotFound(f"no quarantined claim {quarantine_id!r} for user {user_id!r}; "
                           "GET .../quarantine lists them")
        if q.resolved_at is not None:
            if q.resolution == f"{action}ed":
                return _entry(q)  # the same answer twice: a retry, not a conflict
            raise Conflict(f"claim {quarantine_id!r} was already {q.resolution}")
        if action == "accept" and q.predicate in PRIVILEGE_PREDICATES:
            raise InvalidInput("claims about privileges or access cannot be accepted from "
                               "memory review; grant them in your own access control")
        predicate, obj = q.predicate, q.object
        if action == "reject":
            uow.facts.resolve_quarantined(quarantine_id, "rejected", now)
            uow.audit.record(namespace, user_id, "revise", f"quarantine:{quarantine_id}:reject",
                             now)
    if action == "accept":
        correct(memory, namespace, user_id, predicate, obj, now)
        with deps.unit_of_work(namespace=namespace) as uow:
            uow.facts.resolve_quarantined(quarantine_id, "accepted", now)
            uow.audit.record(namespace, user_id, "revise", f"quarantine:{quarantine_id}:accept",
                             now)
    with deps.unit_of_work(namespace=namespace) as uow:
        return _entry(uow.facts.find_quarantined(namespace, user_id, quarantine_id))
