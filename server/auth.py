"""Who is calling: the namespace of the presented API key, and nothing else.

No route takes a namespace from its path, query, body or headers: the key decides, so a key
of one namespace cannot name another's data. The use cases then scope every transaction to
that namespace (row-level security, `UnitOfWork.scope`).
"""
from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from api.keys import verify_key
from api.runtime import Runtime
from infra.stores.audit import acting_as
from schemas.errors import Unauthorized

_bearer = HTTPBearer(auto_error=False, description="An API key from `reverie keys create NS`")


@dataclass(frozen=True)
class Caller:
    namespace: str
    key_id: str
    runtime: Runtime


def runtime_of(request: Request) -> Runtime:
    return request.app.state.runtime


async def caller(request: Request) -> Caller:
    """FastAPI dependency: the verified caller (401 problem otherwise)."""
    credentials: HTTPAuthorizationCredentials | None = await _bearer(request)
    if credentials is None:
        raise Unauthorized("no API key: send `Authorization: Bearer <key>` with a key from "
                           "`reverie keys create NAMESPACE`")
    runtime = runtime_of(request)
    key = await run_in_threadpool(verify_key, runtime.deps, credentials.credentials)
    return Caller(namespace=key.namespace, key_id=key.key_id, runtime=runtime)


def audited(caller_: Caller):
    """Audit rows written by this request name the key that made it."""
    return acting_as(f"key:{caller_.key_id}")
