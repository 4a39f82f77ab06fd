"""The HTTP service for the tests: a real uvicorn server on a free loopback port."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import httpx

from api.keys import create_key
from scripts.bench.services import free_port
from server.app import create_app
from server.serve import serving


@contextmanager
def served(rt) -> Iterator[str]:
    app = create_app(rt)
    with serving(app, port=free_port()) as base:
        assert app.state.ready.wait(30), "the embedder did not load"
        yield base


def client(base: str, rt, namespace: str) -> httpx.Client:
    """A client holding a fresh key of `namespace`."""
    _, key = create_key(rt.deps, namespace)
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"},
                        timeout=30)
