"""Rendered profiles and the per-user cache version (bumped on every change)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from infra.db.models import ProfileRow


@dataclass(frozen=True)
class ProfileState:
    """What consolidation needs of a profile row (a missing row reads as `exists=False`)."""

    cache_version: int = 0
    facts_digest: str = ""
    sensitive_consent: bool = False
    exists: bool = False


_P = ProfileRow.__table__
#: New users' rows, one statement for many (built once: its cache key is the same for any
#: number of rows); the users it inserted come back.
_INSERT_NEW = insert(_P).on_conflict_do_nothing().returning(_P.c.user_id)


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

    def states(self, namespace: str, user_ids: Sequence[str]) -> dict[str, ProfileState]:
        """Cache version, digest and consent of several users' profiles, in one query."""
        out = {u: ProfileState() for u in user_ids}
        if user_ids:
            for row in self._s.execute(select(_P.c.user_id, _P.c.cache_version,
                                              _P.c.facts_digest, _P.c.sensitive_consent)
                                       .where(_P.c.namespace == namespace,
                                              _P.c.user_id.in_(list(user_ids)))):
                out[row.user_id] = ProfileState(row.cache_version, row.facts_digest,
                                                bool(row.sensitive_consent), True)
        return out

    def save_many(self, namespace: str, states: dict[str, ProfileState],
                  renders: dict[str, tuple[str, str]], bumps: Sequence[str],
                  now: datetime) -> set[str]:
        """`save` for several users, given their `states` as read in this transaction:
        `renders` is user -> (text, digest); users in `bumps` whose facts did not change get
        their cache version bumped anyway. Returns the users whose render changed."""
        changed = {u for u, (_, digest) in renders.items() if states[u].facts_digest != digest}
        bumped = [u for u in bumps if u not in changed]
        missing = [u for u in sorted(changed | set(bumped)) if not states[u].exists]
        if missing:  # written with their render (or bump) at once: version 1, as from 0
            made = set(self._s.scalars(_INSERT_NEW, [dict(
                namespace=namespace, user_id=u, sensitive_consent=False, cache_version=1,
                **({"text": renders[u][0], "facts_digest": renders[u][1], "rendered_at": now}
                   if u in changed else {"text": "", "facts_digest": "", "rendered_at": None}))
                for u in missing]))
            bumped = [u for u in bumped if u not in made]
        else:
            made = set()
        if changed - made:
            self._s.execute(update(_P).where(
                _P.c.namespace == namespace, _P.c.user_id == bindparam("b_user"),
                _P.c.facts_digest != bindparam("b_digest")).values(
                text=bindparam("b_text"), facts_digest=bindparam("b_digest"), rendered_at=now,
                cache_version=_P.c.cache_version + 1),
                [{"b_user": u, "b_text": renders[u][0], "b_digest": renders[u][1]}
                 for u in sorted(changed - made)])
        if bumped:
            self._s.execute(update(_P).where(
                _P.c.namespace == namespace, _P.c.user_id.in_(bumped))
                .values(cache_version=_P.c.cache_version + 1))
        return changed

    def bump(self, namespace: str, user_id: str) -> None:
        self._ensure(namespace, user_id)
        self._s.execute(update(ProfileRow).where(
            ProfileRow.namespace == namespace, ProfileRow.user_id == user_id)
            .values(cache_version=ProfileRow.cache_version + 1))
