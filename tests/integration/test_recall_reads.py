"""The assistant's recall runs on the read pool in pipeline mode (`Deps.recall_reads`):
scoped like a unit of work (role reverie_app, the namespace), audited, and nothing of it
reaches the connections the units of work use."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from schemas.errors import InvalidInput, StoreUnavailable

T0 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)


def _ingest(rt, ns, user="u1", sid="s1", said="I moved to Berlin and I am allergic to peanuts."):
    rt.deps.clock.set(T0)
    rt.memory.start_session(ns, user, sid, T0)
    rt.memory.append_turn(ns, user, sid, "user", said, T0)
    rt.memory.append_turn(ns, user, sid, "assistant", "Noted.", T0 + timedelta(seconds=20))
    rt.memory.end_session(ns, user, sid, T0 + timedelta(minutes=2))
    rt.deps.clock.set(T0 + timedelta(days=1))


def test_recall_is_audited_on_a_miss_and_on_a_cache_hit(runtime, ns):
    _ingest(runtime, ns)
    first = runtime.reader.recall(ns, "u1", "where do I live?")
    again = runtime.reader.recall(ns, "u1", "where do I live?")
    assert first.hits and not first.cached and again.cached
    with runtime.deps.unit_of_work(namespace=ns) as uow:
        reads = [r for r in uow.audit.for_user(ns, "u1") if r.target.startswith("recall k=")]
    assert len(reads) == 2 and {r.action for r in reads} == {"read"}


def test_the_reads_are_scoped_and_the_units_of_work_pool_is_untouched(runtime, ns):
    _ingest(runtime, ns)
    deps = runtime.deps
    with deps.recall_reads(ns) as reads:
        role, scope, sync = reads._c.execute(
            "SELECT current_user, current_setting('reverie.namespace'), "
            "current_setting('synchronous_commit')").fetchone()
    assert (role, scope, sync) == ("reverie_app", ns, "off")
    with deps.recall_reads(ns + "-b") as reads:  # the next recall re-scopes the connection
        assert reads._c.execute("SELECT current_setting('reverie.namespace')"
                                ).fetchone()[0] == ns + "-b"
    # The other pool's connections: the login role, unscoped, committing synchronously.
    conns = [deps.engine.connect() for _ in range(3)]
    try:
        for c in conns:
            row = c.execute(text("SELECT current_user, current_setting('reverie.namespace', "
                                 "true), current_setting('synchronous_commit')")).one()
            assert row[0] != "reverie_app" and not row[1] and row[2] == "on"
    finally:
        for c in conns:
            c.close()


def test_row_level_security_hides_other_namespaces_even_from_a_wrong_filter(runtime, ns):
    _ingest(runtime, ns + "-b", said="I moved to Lisbon.")
    with runtime.deps.recall_reads(ns) as reads:
        seen = reads._c.execute("SELECT count(*) FROM fragments WHERE namespace = %s",
                             (ns + "-b",)).fetchone()[0]
    assert seen == 0  # the other namespace's rows exist, but not for this transaction
    assert runtime.reader.recall(ns + "-b", "u1", "Lisbon").hits


def test_a_hostile_namespace_is_refused_before_any_sql(runtime):
    with pytest.raises(InvalidInput):
        with runtime.deps.recall_reads("x'; DROP TABLE facts; --"):
            pass


def test_a_failed_statement_rolls_back_and_the_pool_keeps_working(runtime, ns):
    _ingest(runtime, ns)
    with pytest.raises(StoreUnavailable):
        with runtime.deps.recall_reads(ns) as reads:
            reads._c.execute("SELECT set_config('statement_timeout', '1', false)")
            reads._c.execute("SELECT pg_sleep(0.2)").fetchone()  # cancelled by the timeout
    for _ in range(6):  # more than the pool holds: no connection came back broken
        assert runtime.reader.recall(ns, "u1", "Berlin").hits


def test_a_deadline_does_not_outlive_its_recall_on_the_pooled_connection(runtime, ns):
    from api.safe import safe_recall
    _ingest(runtime, ns)
    with runtime.deps.recall_reads(ns) as reads:
        default = reads._c.execute("SHOW statement_timeout").fetchone()[0]
    assert safe_recall(runtime.reader, ns, "u1", "Berlin?", deadline_ms=5000).hits
    for _ in range(3):  # whichever pooled connection comes next
        with runtime.deps.recall_reads(ns) as reads:
            assert reads._c.execute("SHOW statement_timeout").fetchone()[0] == default


def test_concurrent_recalls_across_namespaces_never_see_each_other(runtime, ns):
    """Pooled read connections carry a namespace between recalls: threads recalling in
    different namespaces at once must each see only their own."""
    import threading
    cities = {f"{ns}-{i}": city for i, city in enumerate(("Berlin", "Lisbon", "Oslo", "Quito"))}
    for space, city in cities.items():
        _ingest(runtime, space, said=f"I moved to {city} and I love it there.")
    others = set(cities.values())
    errors: list[str] = []

    def work(offset: int) -> None:
        spaces = list(cities)
        for i in range(20):
            space = spaces[(offset + i) % len(spaces)]
            try:
                text_ = " ".join(h.text for h in runtime.reader.recall(
                    space, "u1", f"where did I move? ({offset}-{i})").hits)
            except Exception as exc:  # a thread's exception would not fail the test
                errors.append(f"{space}: {type(exc).__name__}: {exc}")
                continue
            leaked = {c for c in others - {cities[space]} if c in text_}
            if cities[space] not in text_ or leaked:
                errors.append(f"{space}: {text_!r}")

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
