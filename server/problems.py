"""Errors as RFC 9457 `application/problem+json`, each with a message that says what to do.

The project's error tree maps onto statuses once, here; routes raise the errors the use
cases raise and never build error responses themselves.
"""
from __future__ import annotations

import structlog
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from schemas.errors import (
    Conflict, InvalidInput, NotFound, ObjectExists, ReverieError, SessionClosed,
    StoreUnavailable, TransientError, Unauthorized,
)

log = structlog.get_logger(__name__)
PROBLEM = "application/problem+json"

#: Most specific first: SessionClosed is an InvalidInput, StoreUnavailable a TransientError.
STATUSES: tuple[tuple[type[ReverieError], int, str], ...] = (
    (Unauthorized, 401, "unauthorized"),
    (SessionClosed, 409, "session-closed"),
    (Conflict, 409, "conflict"),
    (ObjectExists, 409, "conflict"),
    (NotFound, 404, "not-found"),
    (InvalidInput, 422, "invalid-input"),
    (StoreUnavailable, 503, "store-unavailable"),
    (TransientError, 503, "unavailable"),
)


def problem(status: int, kind: str, detail: str, **extra) -> JSONResponse:
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    if status == 503:
        headers = {"Retry-After": "5"}
    body = {"type": f"https://reverie.dev/problems/{kind}", "title": kind.replace("-", " "),
            "status": status, "detail": detail, **extra}
    return JSONResponse(body, status_code=status, media_type=PROBLEM, headers=headers)


def status_of(exc: ReverieError) -> tuple[int, str]:
    for cls, status, kind in STATUSES:
        if isinstance(exc, cls):
            return status, kind
    return 400, "bad-request"


async def _reverie_error(_request: Request, exc: ReverieError) -> JSONResponse:
    status, kind = status_of(exc)
    return problem(status, kind, str(exc))


async def _validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
    errors = exc.errors()
    first = errors[0] if errors else {}
    where = ".".join(str(p) for p in first.get("loc", ()))
    detail = f"{where}: {first.get('msg', 'invalid')}" if where else "invalid request"
    return problem(422, "invalid-input", f"{detail}; fix the request and send it again",
                   errors=[{"loc": [str(p) for p in e.get("loc", ())], "msg": e.get("msg")}
                           for e in errors[:20]])


async def _http_error(_request: Request, exc: HTTPException) -> JSONResponse:
    detail = exc.detail if isinstance(exc.detail, str) else "request refused"
    hints = {404: "no such route; the API is under /v1 (see /openapi.json)",
             405: "this route does not take that method (see /openapi.json)"}
    return problem(exc.status_code, "http-error",
                   hints.get(exc.status_code, detail) if detail in ("Not Found",
                                                                    "Method Not Allowed")
                   else detail)


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.exception("http.failed", path=request.url.path)
    return problem(500, "internal-error", "the server failed on this request; it is logged, "
                   "retry later or report it with the time of the request")


def install(app: FastAPI) -> None:
    app.add_exception_handler(ReverieError, _reverie_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(Exception, _unexpected)
