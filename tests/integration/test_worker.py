"""Real Celery worker processes on Redis: the session-end event crosses the broker, and a
worker killed in the middle of a stage leaves nothing that a second worker duplicates."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

T0 = datetime(2026, 8, 17, 9, 0, tzinfo=UTC)


def _start_worker(env: dict, tmp_path, name: str) -> subprocess.Popen:
    log = open(tmp_path / f"{name}.log", "w")
    return subprocess.Popen([sys.executable, "-m", "scripts.cli", "worker", "--concurrency=1",
                             "--loglevel=INFO"], env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)


def _stop(proc: subprocess.Popen, sig=signal.SIGTERM) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, sig)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


def _wait(predicate, timeout: float, what: str, logs=()):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    tails = "\n".join(p.read_text()[-3000:] for p in logs if p.exists())
    pytest.fail(f"timed out waiting for {what}\n{tails}")


@pytest.fixture
def broker_env(database_url, redis_url, tmp_path):
    queue = f"reverie-test-{uuid.uuid4().hex[:8]}"
    env = dict(os.environ, DATABASE_URL=database_url, BROKER_URL=redis_url,
               REVERIE_QUEUE=queue, REVERIE_EMBEDDER="hash", REVERIE_DATA_DIR=str(tmp_path),
               REVERIE_OBJECT_STORE_URL=(tmp_path / "objects").as_uri(),
               REVERIE_TASK_TIME_LIMIT_S="8", REVERIE_VISIBILITY_TIMEOUT_S="10",
               REVERIE_UNACKED_RESTORE_INTERVAL_S="2")
    env.pop("REVERIE_DEBUG_STAGE_PAUSE", None)
    return env


def _publisher(env):
    from infra.settings import Settings
    from api.runtime import start
    settings = Settings(database_url=env["DATABASE_URL"], broker_url=env["BROKER_URL"],
                        queue=env["REVERIE_QUEUE"], embedder="hash",
                        object_store_url=env["REVERIE_OBJECT_STORE_URL"],
                        task_time_limit_s=8, visibility_timeout_s=10)
    return start(settings)


def _state(rt, ns):
    with rt.deps.unit_of_work() as uow:
        info = uow.sessions.find(ns, "u1", "s1")
        return info.state if info else None


def _story(rt, ns):
    rt.memory.start_session(ns, "u1", "s1", T0)
    rt.memory.append_turn(ns, "u1", "s1", "user", "I live in Munich and I'm allergic to peanuts.", T0)
    rt.memory.append_turn(ns, "u1", "s1", "assistant", "Noted.", T0 + timedelta(seconds=20))
    rt.memory.end_session(ns, "u1", "s1", T0 + timedelta(minutes=1))


def test_session_end_event_crosses_redis_to_a_worker_process(broker_env, tmp_path, ns):
    import redis
    worker = _start_worker(broker_env, tmp_path, "w1")
    rt = _publisher(broker_env)
    try:
        _story(rt, ns)
        _wait(lambda: _state(rt, ns) == "consolidated", 90, "consolidation by the worker",
              [tmp_path / "w1.log"])
        facts = rt.reader.current(ns, "u1")
        assert {(f.predicate, f.object) for f in facts} >= {("city", "Munich")}
        # It really went through the broker: the worker's log names the task it received.
        assert "dream.session.v1" in (tmp_path / "w1.log").read_text()
        assert redis.Redis.from_url(broker_env["BROKER_URL"]).llen(broker_env["REVERIE_QUEUE"]) == 0
    finally:
        _stop(worker)
        rt.deps.dispose()


def test_worker_killed_mid_stage_is_finished_by_another_without_duplicates(
        broker_env, tmp_path, ns):
    slow = dict(broker_env, REVERIE_DEBUG_STAGE_PAUSE="consolidate:6")
    w1 = _start_worker(slow, tmp_path, "killed")
    rt = _publisher(broker_env)
    w2 = None
    try:
        _story(rt, ns)

        def in_consolidate() -> bool:
            with rt.deps.engine.connect() as c:
                return bool(c.execute(text(
                    "SELECT count(*) FROM checkpoints WHERE namespace = :ns AND "
                    "stage = 'reconcile'"), {"ns": ns}).scalar())
        _wait(in_consolidate, 90, "the reconcile checkpoint", [tmp_path / "killed.log"])
        time.sleep(2.0)  # now inside the paused consolidate transaction
        _stop(w1, signal.SIGKILL)
        assert _state(rt, ns) == "ended"  # the killed transaction left nothing behind
        w2 = _start_worker(broker_env, tmp_path, "rescuer")
        _wait(lambda: _state(rt, ns) == "consolidated", 120,
              "the second worker to finish the session", [tmp_path / "rescuer.log"])
        with rt.deps.engine.connect() as c:
            dup = c.execute(text(
                "SELECT predicate, lower(object), count(*) FROM facts WHERE namespace = :ns "
                "AND retracted_at IS NULL GROUP BY 1, 2 HAVING count(*) > 1"), {"ns": ns}).all()
            items = c.execute(text("SELECT count(*) FROM memory_items WHERE namespace = :ns"),
                              {"ns": ns}).scalar()
            frags = c.execute(text("SELECT count(*) FROM fragments WHERE namespace = :ns"),
                              {"ns": ns}).scalar()
            stages = c.execute(text("SELECT stage, count(*) FROM checkpoints WHERE "
                                    "namespace = :ns GROUP BY 1"), {"ns": ns}).all()
        assert dup == []
        assert items == len(rt.reader.current(ns, "u1"))
        assert frags == 1
        assert all(n == 1 for _, n in stages)
    finally:
        _stop(w1, signal.SIGKILL)
        if w2 is not None:
            _stop(w2)
        rt.deps.dispose()


def test_reconfiguring_in_one_process_publishes_to_the_new_queue(broker_env, settings, clock,
                                                                ns):
    """Two runtimes on Redis in one process, each with its own queue (as the scenario
    runner and the tests do): the second must publish to its own queue, not the first's
    (the app's cached producer pool and queue table are dropped on reconfiguration)."""
    import redis
    from api.runtime import start
    from workers.app import app
    client = redis.Redis.from_url(broker_env["BROKER_URL"])
    # A brokerless runtime whose producer pool was touched (as a metrics scrape does).
    eager = start(settings, clock=clock)
    with app.producer_or_acquire():
        pass
    eager.deps.dispose()
    first_queue = broker_env["REVERIE_QUEUE"] + "-first"
    first = _publisher(dict(broker_env, REVERIE_QUEUE=first_queue))
    try:
        first.memory.start_session(ns, "u0", "s1", T0)
        first.memory.append_turn(ns, "u0", "s1", "user", "I live in Oslo.", T0)
        first.memory.end_session(ns, "u0", "s1", T0 + timedelta(minutes=1))
        assert client.llen(first_queue) == 1
    finally:
        first.deps.dispose()
    rt = _publisher(broker_env)
    try:
        _story(rt, ns)
        assert client.llen(broker_env["REVERIE_QUEUE"]) == 1
        assert client.llen(first_queue) == 1
    finally:
        client.delete(broker_env["REVERIE_QUEUE"], first_queue)
        rt.deps.dispose()
