"""The inspector: web pages where a user sees, questions, corrects and erases what Reverie
remembers about them (`/inspect/u/<signed link>/`), and an operator sees the pipeline
(`/inspect/operator/`). `build_inspector(runtime)` is the router the server includes."""
from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from api.runtime import Runtime
from server.inspector.operator_view import operator_router
from server.inspector.user_view import user_router
from server.inspector.web import static_file

PREFIX = "/inspect"


def build_inspector(runtime: Runtime) -> APIRouter:
    """Every inspector route, under /inspect (include it in the app as it is)."""
    router = APIRouter(prefix=PREFIX, include_in_schema=False)

    @router.get("/static/{name}", name="inspect_static")
    def static(name: str) -> Response:
        return static_file(name)

    router.include_router(user_router(runtime))
    router.include_router(operator_router(runtime))
    return router


__all__ = ["PREFIX", "build_inspector"]
