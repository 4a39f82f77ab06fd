"""Rendered profiles and the per-user cache version (bumped on every change)."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from infra.db.models import ProfileRow


class ProfileStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    def _ensure(self, namespace: str, user_id: str) -> None:
        self._s.execute(insert(ProfileRow).values(
            namespace=namespace, user_id=user_id, text="", facts_digest="", cache_version=0,
            sensitive_consent=False).on_conflict_do_nothing())

    def get(self, namespace: str, user_id: str) -> ProfileRow | None:
        return self._s.scalars(select(ProfileRow).where(
            ProfileRow.namespace == namespace, ProfileRow.user_id == user_id)).one_or_none()

    def cache_version(self, namespace: str, user_id: str) -> int:
        row = self.get(namespace, user_id)
        return row.cache_version if row else 0

    def consent(self, namespace: str, user_id: str) -> bool:
        row = self.get(namespace, user_id)
        return bool(row and row.sensitive_consent)

    def set_consent(self, namespace: str, user_id: str, consent: bool) -> None:
        self._ensure(namespace, user_id)
        self._s.execute(update(ProfileRow).where(
            ProfileRow.namespace == namespace, ProfileRow.user_id == user_id)
            .values(sensitive_consent=consent, facts_digest="",
                    cache_version=ProfileRow.cache_version + 1))

    def save(self, namespace: str, user_id: str, text: str, digest: str,
             now: datetime) -> bool:
        """Store a render; False (and nothing written) when the facts did not change."""
        self._ensure(namespace, user_id)
        result = self._s.execute(update(ProfileRow).where(
            ProfileRow.namespace == namespace, ProfileRow.user_id == user_id,
            ProfileRow.facts_digest != digest).values(
            text=text, facts_digest=digest, rendered_at=now,
            cache_version=ProfileRow.cache_version + 1))
        return result.rowcount == 1

    def bump(self, namespace: str, user_id: str) -> None:
        self._ensure(namespace, user_id)
        self._s.execute(update(ProfileRow).where(
            ProfileRow.namespace == namespace, ProfileRow.user_id == user_id)
            .values(cache_version=ProfileRow.cache_version + 1))
