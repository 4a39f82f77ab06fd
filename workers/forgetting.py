"""Forgetting by policy: TTL expiry of short-lived kinds. Each run says what it expired."""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select

from infra.db.models import MemoryItemRow
from infra.deps import UnitOfWork
from pipeline.reconcile import close_fact


def expire_user(uow: UnitOfWork, namespace: str, user_id: str, now: datetime) -> list[dict]:
    """Retire items past their TTL and close the facts behind them (closed, not deleted)."""
    expired = []
    rows = uow.session.scalars(select(MemoryItemRow).where(
        MemoryItemRow.namespace == namespace, MemoryItemRow.user_id == user_id,
        MemoryItemRow.retired.is_(False), MemoryItemRow.ttl_days.is_not(None)))
    for row in rows:
        if row.updated_at + timedelta(days=row.ttl_days) > now:
            continue
        for fact in uow.facts.current(namespace, user_id, row.predicate):
            from pipeline.statements import item_id_for
            if item_id_for(namespace, user_id, fact.predicate, fact.object) == row.item_id:
                uow.facts.close(close_fact(fact, valid_to=now, now=now))
                uow.items.retire_for_fact(fact, None, now)
        expired.append({"item_id": row.item_id, "reason": f"ttl {row.ttl_days} days"})
    return expired
