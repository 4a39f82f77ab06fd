"""Idempotency keys: a client's retry of a write gets the first answer, not a second write.

`begin` either lets the request run (None; the caller then calls `finish` with its response,
or `abandon` when it failed) or returns the stored response to replay. A key reused for a
different request, or one whose first request is still running, is a Conflict. Records
expire after `Settings.idempotency_ttl_s`; a pending record older than `STALE_PENDING_S`
belonged to a process that died, and the retry takes it over.
"""
from __future__ import annotations

import hashlib
import json
from datetime import timedelta

from infra.deps import Deps
from schemas.errors import Conflict, InvalidInput
from schemas.records import IdempotentResponse

#: A request still pending after this long is taken to have died with its process.
STALE_PENDING_S = 120
MAX_KEY_CHARS = 255


def fingerprint(method: str, path: str, body) -> str:
    """What identifies one request: the same key must come with the same request."""
    raw = json.dumps([method, path, body], sort_keys=True, default=str)
    return hashlib.sha256(raw.encode()).hexdigest()


def begin(deps: Deps, namespace: str, key: str, print_: str) -> IdempotentResponse | None:
    """None: the request runs now. A record: its stored response, to replay."""
    if not key or len(key) > MAX_KEY_CHARS or not key.isprintable():
        raise InvalidInput(f"Idempotency-Key must be 1-{MAX_KEY_CHARS} printable characters")
    now = deps.now()
    with deps.unit_of_work(namespace=namespace) as uow:
        store = uow.idempotency
        if store.claim(namespace, key, print_, now):
            return None
        expired = now - timedelta(seconds=deps.settings.idempotency_ttl_s)
        if store.restart(namespace, key, print_, now, created_before=expired,
                         pending_only=False):
            return None
        stale = now - timedelta(seconds=STALE_PENDING_S)
        if store.restart(namespace, key, print_, now, created_before=stale, pending_only=True):
            return None
        found = store.find(namespace, key)
    if found is None:
        raise Conflict("the Idempotency-Key's earlier request just failed; retry")
    if found.fingerprint != print_:
        raise Conflict("this Idempotency-Key was used for a different request; use a new "
                       "key for each distinct write")
    if found.status_code is None:
        raise Conflict("a request with this Idempotency-Key is still running; retry it in "
                       "a moment")
    return found


def finish(deps: Deps, namespace: str, key: str, status_code: int, body) -> None:
    with deps.unit_of_work(namespace=namespace) as uow:
        uow.idempotency.complete(namespace, key, status_code, body, deps.now())


def abandon(deps: Deps, namespace: str, key: str) -> None:
    """The request failed: drop its pending record so a retry runs afresh."""
    with deps.unit_of_work(namespace=namespace) as uow:
        uow.idempotency.release(namespace, key)
