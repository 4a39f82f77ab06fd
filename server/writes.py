"""Writes under an `Idempotency-Key`: the first request runs, a retry gets its answer back."""
from __future__ import annotations

from collections.abc import Callable

from fastapi import Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from api import idempotency
from server.auth import Caller, audited

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"


async def write(request: Request, who: Caller, status_code: int, body,
                action: Callable[[], object]) -> JSONResponse:
    """Run `action` (a use case call) once per Idempotency-Key, answering `status_code`."""
    key = request.headers.get(HEADER)

    def run():
        with audited(who):
            return jsonable_encoder(action())

    if key is None:
        return JSONResponse(await run_in_threadpool(run), status_code=status_code)
    deps = who.runtime.deps
    payload = jsonable_encoder(body) if body is not None else None
    print_ = idempotency.fingerprint(request.method, request.url.path, payload)
    replay = await run_in_threadpool(idempotency.begin, deps, who.namespace, key, print_)
    if replay is not None:
        return JSONResponse(replay.body, status_code=replay.status_code,
                            headers={REPLAYED: "true"})
    try:
        content = await run_in_threadpool(run)
    except BaseException:
        await run_in_threadpool(idempotency.abandon, deps, who.namespace, key)
        raise
    await run_in_threadpool(idempotency.finish, deps, who.namespace, key, status_code, content)
    return JSONResponse(content, status_code=status_code)
