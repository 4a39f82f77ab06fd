"""The HTTP service: REST under /v1, health and readiness, Prometheus metrics.

`create_app(runtime)` builds the app over one process's Runtime; `reverie serve` runs it on
uvicorn. The routes are thin adapters over the `api/` use cases; errors become
`application/problem+json` (server/problems.py).
"""
from __future__ import annotations

import threading
from contextlib import asynccontextmanager

import structlog
from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.concurrency import run_in_threadpool

from api.runtime import Runtime
from server import problems, rest_admin, rest_capture, rest_read
from server.bodies import Problem
from server.inspector import build_inspector
from server.mcp_http import mount_mcp
from server.middleware import BodyLimit, RequestMetrics

log = structlog.get_logger(__name__)

API_VERSION = "1"
#: Statuses every /v1 operation may answer with a problem document.
PROBLEM_STATUSES = {"401": "No valid API key.", "404": "Nothing by that id.",
                    "409": "Clashes with an earlier request or a closed session.",
                    "413": "Request body too large.", "422": "Invalid request.",
                    "503": "A backing store is unavailable; retry."}


def _warm_up(runtime: Runtime, done: threading.Event) -> None:
    """Load the embedder and open the pools while /readyz says 503 (a cold model is not
    a user's wait); /healthz answers meanwhile."""
    try:
        runtime.warm_up()
    except Exception:
        log.exception("server.warm_up_failed")
    finally:
        done.set()


def _openapi(app: FastAPI):
    """The spec, with every error documented as the problem document it is."""
    if app.openapi_schema:
        return app.openapi_schema
    spec = get_openapi(title=app.title, version=app.version, routes=app.routes,
                       description=app.description)
    schemas = spec.setdefault("components", {}).setdefault("schemas", {})
    schemas["Problem"] = Problem.model_json_schema(ref_template="#/components/schemas/{model}")
    for schema in ("HTTPValidationError", "ValidationError"):
        schemas.pop(schema, None)
    ref = {"$ref": "#/components/schemas/Problem"}
    for path, operations in spec.get("paths", {}).items():
        if not path.startswith("/v1/"):
            continue
        for op in operations.values():
            responses = op.setdefault("responses", {})
            for status, text in PROBLEM_STATUSES.items():
                responses[status] = {"description": text,
                                     "content": {problems.PROBLEM: {"schema": ref}}}
    app.openapi_schema = spec
    return spec


def create_app(runtime: Runtime, *, warm_up: bool = True) -> FastAPI:
    """The service over `runtime` (one per process)."""
    ready = threading.Event()

    mcp_server = None

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        if warm_up:
            threading.Thread(target=_warm_up, args=(runtime, ready), daemon=True,
                             name="reverie-warm-up").start()
        else:
            ready.set()
        async with mcp_server.session_manager.run():
            yield
        # Uvicorn lets in-flight requests finish before this runs: the MCP sessions end
        # (their remembered facts consolidate), then the pool closes.
        await run_in_threadpool(mcp_server.sessions.end_all)
        runtime.deps.dispose()

    app = FastAPI(title="Reverie", version=API_VERSION, lifespan=lifespan,
                  description="Memory for AI assistants. Every /v1 request carries "
                              "`Authorization: Bearer <key>`; the key's namespace is the "
                              "only one it reaches.")
    app.state.runtime = runtime
    app.state.ready = ready
    problems.install(app)
    for module in (rest_capture, rest_read, rest_admin):
        app.include_router(module.router)
    app.include_router(build_inspector(runtime))
    mcp_server = mount_mcp(app, runtime)

    @app.get("/healthz", tags=["ops"], summary="Alive (the process answers)")
    def healthz() -> dict:
        return {"status": "ok"}

    @app.get("/readyz", tags=["ops"], summary="Ready: embedder loaded, database and object "
                                              "store reachable (503 until then)")
    def readyz():
        checks = runtime.readiness()
        ok = ready.is_set() and all(checks.values())
        return JSONResponse({"ready": ok, "checks": checks}, status_code=200 if ok else 503)

    @app.get("/metrics", tags=["ops"], include_in_schema=False)
    def metrics() -> Response:
        return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)

    app.openapi = lambda: _openapi(app)
    app.add_middleware(BodyLimit, limit=runtime.settings.max_request_bytes)
    app.add_middleware(RequestMetrics)
    return app
