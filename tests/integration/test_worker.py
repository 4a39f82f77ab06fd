"""Real Celery worker processes on Redis and on RabbitMQ: the session-end event crosses
the broker through the three stage queues, and a worker killed in the middle of a stage
leaves nothing lost and nothing that a second worker duplicates."""
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
#: Tables whose rows a session's consolidation writes (compared with a clean run).
TABLES = ("facts", "fact_evidence", "memory_items", "memory_item_versions", "fragments",
          "decisions", "extraction_runs")


def _start_worker(env: dict, tmp_path, name: str, *, pause: tuple[str, float] | None = None,
                  options: tuple[str, ...] = ("--concurrency=1",)) -> subprocess.Popen:
    log = open(tmp_path / f"{name}.log", "w")
    entry = (["-m", "tests.integration.paused_worker", pause[0], str(pause[1])] if pause
             else ["-m", "scripts.cli", "worker"])
    return subprocess.Popen([sys.executable, *entry, *options, "--loglevel=INFO"], env=env,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


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


def _env(database_url, broker_url, tmp_path) -> dict:
    queue = f"reverie-test-{uuid.uuid4().hex[:8]}"
    return dict(os.environ, DATABASE_URL=database_url, BROKER_URL=broker_url,
                REVERIE_QUEUE=queue, REVERIE_EMBEDDER="hash", REVERIE_DATA_DIR=str(tmp_path),
                REVERIE_OBJECT_STORE_URL=(tmp_path / "objects").as_uri(),
                REVERIE_TASK_TIME_LIMIT_S="8", REVERIE_VISIBILITY_TIMEOUT_S="10",
                REVERIE_UNACKED_RESTORE_INTERVAL_S="2")


@pytest.fixture
def broker_env(database_url, redis_url, tmp_path):
    return _env(database_url, redis_url, tmp_path)


@pytest.fixture(params=["redis", "rabbitmq"])
def any_broker_env(request, database_url, tmp_path):
    """The environment of a worker on each broker (RabbitMQ: `amqp_url`)."""
    url = request.getfixturevalue("redis_url" if request.param == "redis" else "amqp_url")
    env = _env(database_url, url, tmp_path)
    yield env
    if request.param == "rabbitmq":  # its queues are durable: leave none behind
        _delete_amqp_queues(url, env["REVERIE_QUEUE"])


def _delete_amqp_queues(url: str, base: str) -> None:
    from kombu import Connection
    with Connection(url) as conn:
        channel = conn.default_channel
        for name in (base, f"{base}.extract", f"{base}.consolidate", f"{base}.forget"):
            channel.queue_delete(name)


def _queue_depth(url: str, name: str) -> int:
    from kombu import Connection
    with Connection(url) as conn:
        if url.startswith("redis"):
            return conn.default_channel.client.llen(name)
        return conn.default_channel.queue_declare(name, passive=True).message_count


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


def _checkpoints(rt, ns) -> dict[str, int]:
    with rt.deps.engine.connect() as c:
        return dict(c.execute(text("SELECT stage, count(*) FROM checkpoints WHERE "
                                   "namespace = :ns GROUP BY 1"), {"ns": ns}).all())


def _finished(rt, ns) -> bool:
    return _checkpoints(rt, ns).get("forget", 0) == 1


def _outcome(rt, ns) -> dict:
    """What a session's dream left: rows per table, checkpoints, the current facts."""
    with rt.deps.engine.connect() as c:
        rows = {t: c.execute(text(f"SELECT count(*) FROM {t} WHERE namespace = :ns"),
                             {"ns": ns}).scalar() for t in TABLES}
    return {"rows": rows, "checkpoints": _checkpoints(rt, ns), "state": _state(rt, ns),
            "facts": sorted((f.predicate, f.object) for f in rt.reader.current(ns, "u1"))}


@pytest.mark.parametrize("layout", ["one-worker", "split"])
def test_session_end_event_crosses_the_broker_to_a_worker_process(any_broker_env, tmp_path,
                                                                   ns, layout):
    """One `reverie worker` (every queue): with rules its extract event runs every stage
    itself and publishes nothing more. Split (an extract worker, a consolidate and forget
    worker): each stage's event crosses the broker on its own queue."""
    env = any_broker_env
    names = ["w1"] if layout == "one-worker" else ["extract", "rest"]
    options = {"w1": ("--concurrency=1",), "extract": ("--queues=extract", "--concurrency=1"),
               "rest": ("--queues=consolidate,forget", "--concurrency=1")}
    workers = [_start_worker(env, tmp_path, n, options=options[n]) for n in names]
    rt = _publisher(env)
    try:
        _story(rt, ns)
        _wait(lambda: _finished(rt, ns), 90, "the three stages in the worker",
              [tmp_path / f"{n}.log" for n in names])
        assert _state(rt, ns) == "consolidated"
        assert _checkpoints(rt, ns) == {s: 1 for s in
                                        ("replay", "reconcile", "consolidate", "forget")}
        facts = rt.reader.current(ns, "u1")
        assert {(f.predicate, f.object) for f in facts} >= {("city", "Munich")}
        # It really went through the broker (received: the banner lists the names too).
        logs = {n: (tmp_path / f"{n}.log").read_text() for n in names}
        if layout == "one-worker":
            assert "Task dream.extract.v1[" in logs["w1"]
            for task in ("dream.consolidate.v1", "dream.forget.v1"):
                assert f"Task {task}[" not in logs["w1"]  # run in the extract event
        else:
            assert "Task dream.extract.v1[" in logs["extract"]
            for task in ("dream.consolidate.v1", "dream.forget.v1"):
                assert f"Task {task}[" in logs["rest"]
                assert f"Task {task}[" not in logs["extract"]
        queue = env["REVERIE_QUEUE"]
        for name in (f"{queue}.extract", f"{queue}.consolidate", f"{queue}.forget"):
            assert _queue_depth(env["BROKER_URL"], name) == 0
    finally:
        for w in workers:
            _stop(w)
        rt.deps.dispose()


def test_a_worker_serves_only_the_queues_it_is_given(broker_env, tmp_path, ns):
    """`--queues extract`: the session is extracted, and its consolidate event waits in
    its queue until a worker for that queue runs."""
    env = broker_env
    extractor = _start_worker(env, tmp_path, "extract",
                              options=("--queues=extract", "--pool=threads",
                                       "--concurrency=4"))
    rt = _publisher(env)
    rest = None
    try:
        _story(rt, ns)
        consolidate_queue = env["REVERIE_QUEUE"] + ".consolidate"
        _wait(lambda: _queue_depth(env["BROKER_URL"], consolidate_queue) == 1, 90,
              "the consolidate event in its queue", [tmp_path / "extract.log"])
        assert _checkpoints(rt, ns) == {"replay": 1} and _state(rt, ns) == "ended"
        rest = _start_worker(env, tmp_path, "rest",
                             options=("--queues=consolidate,forget", "--concurrency=1"))
        _wait(lambda: _finished(rt, ns), 90, "consolidation by the second worker",
              [tmp_path / "rest.log"])
        assert "Task dream.extract.v1[" not in (tmp_path / "rest.log").read_text()
    finally:
        _stop(extractor)
        if rest is not None:
            _stop(rest)
        rt.deps.dispose()


@pytest.mark.parametrize("stage, options", [
    ("replay", ("--concurrency=1",)), ("consolidate", ("--concurrency=1",)),
    # with rules one worker runs every stage in the extract event: killed between the
    # last two, its event is delivered again and finds the first three checkpointed
    ("forget", ("--concurrency=1",)),
    # the extract queue as operators run it for an LLM: the group commit's writer is killed
    ("replay", ("--pool=threads", "--concurrency=8"))],
    ids=["extract", "consolidate", "forget", "extract-threads"])
def test_worker_killed_mid_stage_loses_and_duplicates_nothing(any_broker_env, tmp_path, ns,
                                                              stage, options):
    """A clean run first; then the same session with a worker killed inside the stage's
    transaction, and another worker finishing it: the same rows, the same facts."""
    env = any_broker_env
    rt = _publisher(env)
    workers = []
    try:
        workers.append(_start_worker(env, tmp_path, "clean"))
        clean_ns = ns + "c"
        _story(rt, clean_ns)
        _wait(lambda: _finished(rt, clean_ns), 90, "the clean run", [tmp_path / "clean.log"])
        _stop(workers.pop())
        expected = _outcome(rt, clean_ns)

        killed = _start_worker(env, tmp_path, "killed", pause=(stage, 6), options=options)
        workers.append(killed)
        _story(rt, ns)
        before = {"consolidate": "replay", "forget": "consolidate"}.get(stage)

        def in_stage() -> bool:
            if before is not None:
                return _checkpoints(rt, ns).get(before, 0) == 1
            return "Task dream.extract.v1[" in (tmp_path / "killed.log").read_text()
        _wait(in_stage, 90, f"the worker to enter {stage}", [tmp_path / "killed.log"])
        time.sleep(2.0)  # now inside the paused transaction
        _stop(killed, signal.SIGKILL)
        assert _checkpoints(rt, ns).get(stage, 0) == 0  # the killed transaction left nothing
        assert _state(rt, ns) == ("consolidated" if stage == "forget" else "ended")
        workers.append(_start_worker(env, tmp_path, "rescuer"))
        _wait(lambda: _finished(rt, ns), 120, "the second worker to finish the session",
              [tmp_path / "rescuer.log"])
        assert _outcome(rt, ns) == expected
    finally:
        for w in workers:
            _stop(w, signal.SIGKILL)
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
        assert client.llen(first_queue + ".extract") == 1
    finally:
        first.deps.dispose()
    rt = _publisher(broker_env)
    queue = broker_env["REVERIE_QUEUE"] + ".extract"
    try:
        _story(rt, ns)
        assert client.llen(queue) == 1
        assert client.llen(first_queue + ".extract") == 1
    finally:
        client.delete(queue, first_queue + ".extract")
        rt.deps.dispose()
