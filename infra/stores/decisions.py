"""Decisions the pipeline records outside reconcile plans: what expiry and quotas did."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from infra.db.models import DecisionRow
from schemas.ids import stable_id


class DecisionStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    def record_expiry(self, namespace: str, user_id: str, *, rule: str, reason: str,
                      predicate: str | None, item_id: str, fact_id: str | None, now: datetime,
                      key: object, extra: dict | None = None) -> None:
        """One decision of kind "expired" for an item; its id is fixed by (user, rule, item,
        `key`), so a second run of the same expiry records nothing new."""
        self._s.execute(insert(DecisionRow).values(
            decision_id=stable_id("expired", namespace, user_id, rule, item_id, key),
            namespace=namespace, user_id=user_id, session_id=None, kind="expired", rule=rule,
            reason=reason, predicate=predicate, inputs={"item_id": item_id, **(extra or {})},
            fact_id=fact_id, created_at=now)
            .on_conflict_do_nothing(index_elements=["decision_id"]))
