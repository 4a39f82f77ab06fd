"""The MCP server over streamable HTTP at /mcp on the service's app, behind the API key."""
from __future__ import annotations

import json

from fastapi import FastAPI
from mcp.server.transport_security import TransportSecuritySettings
from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from api.keys import verify_key
from api.runtime import Runtime
from schemas.errors import Unauthorized
from server.mcp_tools import build_mcp, http_caller

PATH = "/mcp"


class KeyRequired:
    """Refuse a request without a live API key before the MCP transport sees it (an
    unauthenticated client cannot even list the tools)."""

    def __init__(self, app, runtime: Runtime) -> None:
        self.app = app
        self.runtime = runtime

    async def __call__(self, scope, receive, send):
        headers = dict(scope.get("headers", ()))
        auth = headers.get(b"authorization", b"").decode("latin-1")
        presented = auth[7:] if auth.lower().startswith("bearer ") else ""
        try:
            await run_in_threadpool(verify_key, self.runtime.deps, presented)
        except Unauthorized as exc:
            body = json.dumps({"type": "https://reverie.dev/problems/unauthorized",
                               "title": "unauthorized", "status": 401,
                               "detail": str(exc)}).encode()
            await send({"type": "http.response.start", "status": 401, "headers": [
                (b"content-type", b"application/problem+json"),
                (b"www-authenticate", b"Bearer"),
                (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)


def mount_mcp(app: FastAPI, runtime: Runtime):
    """Add /mcp to `app`; returns the MCP server (its `session_manager.run()` must run in
    the app's lifespan, and its `sessions.end_all()` at shutdown)."""
    server = build_mcp(runtime, http_caller(runtime))
    # The API key guards every request, so the SDK's DNS-rebinding guard (which pins the
    # Host header to localhost names) would only refuse legitimate remote clients.
    starlette_app = server.streamable_http_app(
        streamable_http_path=PATH, stateless_http=False,
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False))
    endpoint = next(r.endpoint for r in starlette_app.routes if getattr(r, "path", "") == PATH)
    app.router.routes.append(Route(PATH, endpoint=KeyRequired(endpoint, runtime)))
    return server
