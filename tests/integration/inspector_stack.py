"""The inspector on a real HTTP server for the tests: a uvicorn on a free loopback port serving
an app that includes `build_inspector(runtime)`, and the story its pages show."""
from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import uvicorn
from fastapi import FastAPI
from sqlalchemy import text

from schemas.records import InlineClaim
from scripts.bench.services import free_port
from server.inspector import build_inspector

#: Munich from March 2026, Berlin from a move told on 10 May; the link is opened in June.
T_MUNICH = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)
T_BERLIN = datetime(2026, 5, 10, 9, 0, tzinfo=UTC)
T_OPEN = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def inspector_app(runtime) -> FastAPI:
    app = FastAPI()
    app.include_router(build_inspector(runtime))
    return app


@contextmanager
def serving(app: FastAPI) -> Iterator[str]:
    """The app on a real uvicorn in a thread; yields its base URL, stops it on exit."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the inspector's test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def _session(rt, clock, ns, user, sid, at, turns, claims=()) -> None:
    clock.set(at)
    rt.memory.start_session(ns, user, sid, at)
    for i, text in enumerate(turns):
        clock.set(at + timedelta(seconds=30 * i))
        rt.memory.append_turn(ns, user, sid, "user", text, clock.now())
        rt.memory.append_turn(ns, user, sid, "assistant", "Noted.", clock.now())
    for claim in claims:
        rt.memory.remember(ns, user, sid, claim)
    rt.memory.end_session(ns, user, sid)


def play_story(rt, clock, ns: str, user: str = "ada", other: str = "bob", *,
               sister: str = "Clara") -> None:
    """Ada: Munich, then Berlin; two allergies (a list); a low-confidence employer held back;
    a phrase about her sister to forget. Bob, in the same namespace: Paris."""
    _session(rt, clock, ns, user, "s1", T_MUNICH,
             ["I live in Munich.", "I am allergic to peanuts and shellfish.",
              f"My sister {sister} visits me every spring."])
    _session(rt, clock, ns, user, "s2", T_BERLIN,
             ["I've just moved from Munich to Berlin.", "Globex might hire me, who knows."],
             [InlineClaim(predicate="employer", object="Globex", confidence=0.3, turn=2)])
    _session(rt, clock, ns, other, "s1", T_MUNICH, ["I live in Paris."])
    clock.set(T_OPEN)


def break_bobs_session(runtime, ns) -> str:
    """Bob's session as a task left it that failed for good: no checkpoints, state failed,
    a dead letter with the reason. Returns its sid."""
    with runtime.deps.engine.begin() as c:
        sid = c.execute(text("SELECT sid FROM sessions WHERE namespace = :ns AND "
                             "user_id = 'bob'"), {"ns": ns}).scalar_one()
        c.execute(text("DELETE FROM checkpoints WHERE sid = :sid"), {"sid": sid})
        c.execute(text("UPDATE sessions SET state = 'failed' WHERE sid = :sid"), {"sid": sid})
    with runtime.deps.unit_of_work() as uow:
        uow.runs.dead_letter("dream.session.v1", {"args": [sid], "kwargs": {}},
                             "PermanentError: the extractor gave up", runtime.deps.now(),
                             sid=sid)
    return sid
