"""ASGI middleware of the service: a request-size limit and request latency metrics."""
from __future__ import annotations

import json
import time

from starlette.exceptions import HTTPException

from infra.metrics import HTTP_SECONDS

PROBLEM = b"application/problem+json"


def _too_large(limit: int) -> str:
    return (f"request body is over the limit of {limit} bytes (REVERIE_MAX_REQUEST_BYTES); "
            "split it into several requests")


async def _refuse(send, limit: int) -> None:
    body = json.dumps({
        "type": "https://reverie.dev/problems/too-large", "title": "too large", "status": 413,
        "detail": _too_large(limit)}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", PROBLEM),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuse bodies over `limit` bytes with 413: by Content-Length up front, and by
    counting for bodies sent without one (chunked)."""

    def __init__(self, app, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_large = int(value) > self.limit
                except ValueError:
                    too_large = False
                if too_large:
                    return await _refuse(send, self.limit)
        seen = 0

        async def counting_receive():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    # Raised inside the app's body read: its error handler answers 413.
                    raise HTTPException(413, _too_large(self.limit))
            return message

        await self.app(scope, counting_receive, send)


class RequestMetrics:
    """Latency of every request by method, route template (never the raw path: user ids
    must not become label values) and status."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = time.perf_counter()
        status = 500

        async def recording_send(message):
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, recording_send)
        finally:
            route = scope.get("route")
            template = getattr(route, "path", None)
            if template is None:
                template = "/mcp" if scope.get("path", "").startswith("/mcp") else "unmatched"
            HTTP_SECONDS.labels(scope.get("method", ""), template, str(status)).observe(
                time.perf_counter() - started)
