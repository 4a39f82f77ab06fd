"""Failures on the real Postgres: outages are retried and never dead-lettered, a dead-letter
record the database cannot take waits in the spool, and a session's state follows from its
checkpoints (a task failing after its work is done never marks it failed)."""
from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import psycopg
import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from infra.db.engine import make_engine
from schemas.errors import InvalidInput, NotFound, PermanentError, StoreUnavailable
from scripts.bench.conversations import generate
from scripts.bench.services import free_port
from tests.integration.test_batch import _store
from workers import failures, stages, tasks
from workers.failures import is_transient

NOW = datetime(2025, 6, 1, 9, 0, tzinfo=UTC)


pytestmark = pytest.mark.usefixtures("no_ended_leftovers")


def _lost_connection() -> OperationalError:
    orig = psycopg.OperationalError("connection is bad: server closed the connection")
    return OperationalError("SELECT 1", {}, orig)


def _chained(outer: BaseException, inner: BaseException) -> BaseException:
    try:
        try:
            raise inner
        except BaseException as e:
            raise outer from e
    except BaseException as e:
        return e


@pytest.mark.parametrize(("exc", "transient"), [
    (_lost_connection(), True),
    (psycopg.OperationalError("connection is bad"), True),
    (psycopg.InterfaceError("the connection is closed"), True),
    (StoreUnavailable("database unavailable"), True),
    (ConnectionRefusedError(111, "refused"), True),
    (_chained(RuntimeError("wrapped"), psycopg.OperationalError("connection is bad")), True),
    (ValueError("bad data"), False),
    (NotFound("no session"), False),
    (_chained(InvalidInput("refused"), psycopg.OperationalError("x")), False),
])
def test_outages_are_transient_wherever_they_surface(exc, transient):
    assert is_transient(exc) is transient


def _deps_down(deps):
    """The same bundle with its database gone (a port nothing listens on)."""
    dead = make_engine(f"postgresql+psycopg://reverie@127.0.0.1:{free_port()}/reverie")
    return dataclasses.replace(deps, engine=dead)


def _states(deps, ns) -> dict[str, str]:
    with deps.engine.connect() as c:
        return dict(c.execute(text("SELECT sid, state FROM sessions WHERE namespace = :ns"),
                              {"ns": ns}).all())


def _letters(deps, sids) -> list[str]:
    with deps.unit_of_work() as uow:
        return [d.payload["args"][0] for d in uow.runs.dead_letters()
                if d.payload.get("args") and d.payload["args"][0] in sids]


def test_a_task_that_runs_out_of_retries_in_an_outage_is_not_dead_lettered(runtime, ns,
                                                                           monkeypatch):
    deps = runtime.deps
    [sid] = _store(deps, generate(1, ns, users=1, sessions=1, turns=4))
    monkeypatch.setattr(tasks, "current_deps", lambda: deps)
    tasks.dream_session.on_failure(_lost_connection(), "t1", (sid, None), {}, None)
    assert _letters(deps, [sid]) == []
    assert _states(deps, ns) == {sid: "ended"}  # the sweeper sends its event again


def test_a_dead_letter_the_database_cannot_take_waits_in_the_spool(runtime, ns, monkeypatch):
    deps = runtime.deps
    [sid] = _store(deps, generate(2, ns, users=1, sessions=1, turns=4))
    down = _deps_down(deps)
    monkeypatch.setattr(tasks, "current_deps", lambda: down)
    tasks.dream_session.on_failure(ValueError("bad payload"), "t1", (sid,), {"at": None}, None)
    spool = failures.spool_of(deps)
    assert spool.pending() == 1 and _letters(deps, [sid]) == []
    assert failures.drain_spool(down) == 0 and spool.pending() == 1  # still down: kept
    assert failures.drain_spool(deps) == 1  # the next beat, the database back
    assert spool.pending() == 0
    assert _letters(deps, [sid]) == [sid]
    assert _states(deps, ns) == {sid: "failed"}
    assert failures.drain_spool(deps) == 0  # taken once


def _resend_at(deps, sid):
    with deps.engine.connect() as c:
        return c.execute(text("SELECT resend_at FROM sessions WHERE sid = :s"),
                         {"s": sid}).scalar()


def test_a_task_failing_after_its_work_is_done_leaves_the_session_consolidated(runtime, ns,
                                                                               monkeypatch):
    deps = runtime.deps
    [sid] = _store(deps, generate(3, ns, users=1, sessions=1, turns=4))
    with deps.engine.begin() as c:  # as end_session leaves it: its event due again later
        c.execute(text("UPDATE sessions SET resend_at = :t WHERE sid = :s"),
                  {"t": NOW, "s": sid})
    for stage in (stages.replay_many, stages.reconcile_many, stages.consolidate_many):
        stage(deps, [sid], NOW)
    assert _resend_at(deps, sid) is not None  # forget has not run: still on its way
    stages.forget_many(deps, [sid], NOW)
    assert _states(deps, ns) == {sid: "consolidated"}
    assert _resend_at(deps, sid) is None  # the last checkpoint: nothing to send again
    monkeypatch.setattr(tasks, "current_deps", lambda: deps)
    late = PermanentError("the acknowledgement failed")
    tasks.dream_session.on_failure(late, "t1", (sid, None), {}, None)
    assert _letters(deps, [sid]) == [sid]  # recorded for the operator ...
    assert _states(deps, ns) == {sid: "consolidated"}  # ... but the session is not failed


def test_a_forget_failing_for_good_settles_each_of_its_sessions(runtime, ns, monkeypatch):
    deps = runtime.deps
    sids = _store(deps, generate(6, ns, users=2, sessions=1, turns=4))
    for stage in (stages.replay_many, stages.reconcile_many, stages.consolidate_many):
        stage(deps, sids, NOW)
    monkeypatch.setattr(tasks, "current_deps", lambda: deps)
    tasks.forget_sessions.on_failure(ValueError("x"), "t1", (sids, None), {}, None)
    assert set(_states(deps, ns).values()) == {"failed"}  # forget never ran


def test_a_failure_before_the_last_checkpoint_marks_the_session_failed(runtime, ns,
                                                                       monkeypatch):
    deps = runtime.deps
    [sid] = _store(deps, generate(4, ns, users=1, sessions=1, turns=4))
    stages.replay_many(deps, [sid], NOW)
    monkeypatch.setattr(tasks, "current_deps", lambda: deps)
    tasks.extract_session.on_failure(ValueError("x"), "t1", (sid,), {}, None)
    assert _states(deps, ns) == {sid: "failed"}


def test_a_payload_that_is_not_a_session_is_recorded_without_a_state(runtime, ns,
                                                                     monkeypatch):
    deps = runtime.deps
    [sid] = _store(deps, generate(5, ns, users=1, sessions=1, turns=4))
    monkeypatch.setattr(tasks, "current_deps", lambda: deps)
    tasks.sweep_idle.on_failure(ValueError("x"), "t1", (sid,), {}, None)  # no payload type
    tasks.dream_session.on_failure(ValueError("x"), "t2", (), {"bogus": 1}, None)
    assert _states(deps, ns) == {sid: "ended"}
    assert _letters(deps, [sid]) == [sid]
