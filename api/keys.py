"""API keys of the HTTP service: create, list, revoke, and verify a presented key.

A key is bound to one namespace; every request made with it runs in that namespace, which
comes from the key alone, never from the request.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
import uuid

from infra.deps import Deps
from schemas.errors import NotFound, Unauthorized
from schemas.ids import check_namespace
from schemas.records import ApiKey

#: Every key starts with this, so a leaked one is recognisable (secret scanners, logs).
KEY_PREFIX = "rv_"


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def create_key(deps: Deps, namespace: str, label: str | None = None) -> tuple[ApiKey, str]:
    """A new key for `namespace`; returns the record and the full key (shown only now)."""
    check_namespace(namespace)
    prefix = secrets.token_hex(6)
    secret = secrets.token_urlsafe(32)
    with deps.unit_of_work(namespace=namespace) as uow:
        key = uow.keys.add(str(uuid.uuid4()), namespace, prefix, _hash(secret), label,
                           deps.now())
    return key, f"{KEY_PREFIX}{prefix}_{secret}"


def list_keys(deps: Deps, namespace: str | None = None) -> list[ApiKey]:
    if namespace is not None:
        check_namespace(namespace)
    with deps.unit_of_work(namespace=namespace or "*") as uow:
        return uow.keys.list(namespace)


def revoke_key(deps: Deps, key_id: str) -> ApiKey:
    """Revoke by key id or prefix; NotFound when neither names a key."""
    with deps.unit_of_work(namespace="*") as uow:
        key = uow.keys.revoke(key_id, deps.now())
    if key is None:
        raise NotFound(f"no API key {key_id!r}; `reverie keys list` shows the ids")
    _VERIFIED.clear()
    return key


class _Verified:
    """Keys verified in the last `ttl` seconds, by the hash of the whole presented key: most
    requests then cost no database round trip. A revocation reaches other processes within
    `ttl` (Settings.api_key_cache_s)."""

    def __init__(self) -> None:
        self._d: dict[str, tuple[float, ApiKey]] = {}
        self._lock = threading.Lock()

    def get(self, digest: str, ttl: float) -> ApiKey | None:
        with self._lock:
            hit = self._d.get(digest)
            if hit is None or time.monotonic() - hit[0] > ttl:
                return None
            return hit[1]

    def put(self, digest: str, key: ApiKey) -> None:
        with self._lock:
            if len(self._d) > 10_000:
                self._d.clear()
            self._d[digest] = (time.monotonic(), key)

    def clear(self) -> None:
        with self._lock:
            self._d.clear()


_VERIFIED = _Verified()

_UNAUTHORIZED = ("send `Authorization: Bearer <key>` with a key from `reverie keys create "
                 "NAMESPACE`")


def verify_key(deps: Deps, presented: str | None) -> ApiKey:
    """The live key a request presented; Unauthorized, saying what to do, otherwise."""
    if not presented:
        raise Unauthorized(f"no API key: {_UNAUTHORIZED}")
    ttl = deps.settings.api_key_cache_s
    digest = _hash(presented)
    if ttl > 0 and (cached := _VERIFIED.get(digest, ttl)) is not None:
        return cached
    body = presented[len(KEY_PREFIX):] if presented.startswith(KEY_PREFIX) else ""
    prefix, _, secret = body.partition("_")
    if not prefix or not secret:
        raise Unauthorized(f"malformed API key: {_UNAUTHORIZED}")
    # A request path: the application's login throughout. The namespace comes from the
    # key (a lookup that answers only a matching prefix and hash), then the check runs
    # under row-level security in that namespace.
    with deps.unit_of_work(undeclared=True) as uow:
        namespace = uow.keys.namespace_of(prefix, _hash(secret))
    if namespace is None:
        raise Unauthorized(f"unknown API key: {_UNAUTHORIZED}")
    with deps.unit_of_work(namespace=namespace) as uow:
        found = uow.keys.find_by_prefix(prefix)
        if found is None or not hmac.compare_digest(found[1], _hash(secret)):
            raise Unauthorized(f"unknown API key: {_UNAUTHORIZED}")
        key = found[0]
        if key.revoked_at is not None:
            raise Unauthorized(f"API key {prefix} was revoked; create a new one with "
                               "`reverie keys create NAMESPACE`")
        uow.keys.touch(key.key_id, deps.now())
    if ttl > 0:
        _VERIFIED.put(digest, key)
    return key
