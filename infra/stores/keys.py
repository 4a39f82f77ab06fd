"""API keys: one namespace per key, the secret stored only as a hash.

A key reads `rv_<prefix>_<secret>`. The prefix is public (listed, revoked by, and the row a
presented key is looked up by); the secret is shown once at creation and kept as SHA-256
(a 256-bit random secret needs no slow hash: there is nothing to brute-force).
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, text, update
from sqlalchemy.orm import Session

from infra.db.models import ApiKeyRow
from schemas.records import ApiKey


def _key(row: ApiKeyRow) -> ApiKey:
    return ApiKey(key_id=row.key_id, namespace=row.namespace, prefix=row.prefix,
                  label=row.label, created_at=row.created_at, revoked_at=row.revoked_at,
                  last_used_at=row.last_used_at)


class ApiKeyStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    def add(self, key_id: str, namespace: str, prefix: str, secret_hash: str,
            label: str | None, at: datetime) -> ApiKey:
        row = ApiKeyRow(key_id=key_id, namespace=namespace, prefix=prefix,
                        secret_hash=secret_hash, label=label, created_at=at)
        self._s.add(row)
        self._s.flush()
        return _key(row)

    def namespace_of(self, prefix: str, secret_hash: str) -> str | None:
        """The namespace of the key with this prefix and secret hash, or None: before the
        namespace is known, on the application's login (the SECURITY DEFINER lookup of
        migration 0008 answers only a matching pair)."""
        return self._s.execute(text("SELECT reverie_key_namespace(:p, :h)"),
                               {"p": prefix, "h": secret_hash}).scalar()

    def find_by_prefix(self, prefix: str) -> tuple[ApiKey, str] | None:
        """The key and its stored secret hash, or None."""
        row = self._s.scalars(select(ApiKeyRow).where(ApiKeyRow.prefix == prefix)).first()
        return (_key(row), row.secret_hash) if row else None

    def list(self, namespace: str | None = None) -> list[ApiKey]:
        q = select(ApiKeyRow).order_by(ApiKeyRow.namespace, ApiKeyRow.created_at)
        if namespace is not None:
            q = q.where(ApiKeyRow.namespace == namespace)
        return [_key(r) for r in self._s.scalars(q)]

    def revoke(self, key_id_or_prefix: str, at: datetime) -> ApiKey | None:
        """Revoke by id or prefix; None when no such key. Revoking twice keeps the first time."""
        row = self._s.scalars(select(ApiKeyRow).where(
            (ApiKeyRow.key_id == key_id_or_prefix) | (ApiKeyRow.prefix == key_id_or_prefix))
        ).first()
        if row is None:
            return None
        if row.revoked_at is None:
            row.revoked_at = at
            self._s.flush()
        return _key(row)

    def touch(self, key_id: str, at: datetime) -> None:
        self._s.execute(update(ApiKeyRow).where(ApiKeyRow.key_id == key_id)
                        .values(last_used_at=at))
