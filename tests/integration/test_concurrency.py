"""The single-valued invariant under two workers reconciling the same user at once."""
from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from infra.stores.facts import FactStore
from pipeline.reconcile import new_fact
from schemas.records import Claim, InlineClaim
from workers import stages
from workers.session_end import end_session

T0 = datetime(2026, 2, 1, 10, 0, tzinfo=UTC)


def _ended_session(rt, ns, user, sid, at, city):
    rt.memory.start_session(ns, user, sid, at)
    rt.memory.append_turn(ns, user, sid, "user", f"I live in {city}.", at)
    rt.memory.remember(ns, user, sid, InlineClaim(predicate="city", object=city, turn=0))
    with rt.deps.unit_of_work() as uow:
        info = uow.sessions.get(ns, user, sid, lock=True)
        return end_session(uow, rt.deps, info, reason="event", now=at).sid


@pytest.mark.parametrize("round_", range(3))
def test_two_workers_on_one_user_keep_one_current_city(settings, clock, ns, round_):
    from api.runtime import start
    rt = start(settings.model_copy(update={"mode": "online"}), clock=clock)  # no auto-dream
    clock.set(T0 + timedelta(days=1))  # after the sessions below
    try:
        cities = ["Berlin", "Paris", "Rome", "Oslo", "Lima", "Kyiv"]
        sids = [_ended_session(rt, ns, "u", f"s{i}", T0 + timedelta(hours=i), c)
                for i, c in enumerate(cities)]
        for sid in sids:
            stages.replay_many(rt.deps, [sid], T0)
        errors: list[BaseException] = []
        barrier = threading.Barrier(2)

        def worker(mine):
            try:
                barrier.wait()
                for sid in mine:
                    stages.reconcile_many(rt.deps, [sid], T0 + timedelta(days=1))
                    stages.consolidate_many(rt.deps, [sid], T0 + timedelta(days=1))
            except BaseException as exc:  # surfaced below
                errors.append(exc)

        threads = [threading.Thread(target=worker, args=(sids[i::2],)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert errors == []
        with rt.deps.engine.connect() as c:
            current = c.execute(text(
                "SELECT object FROM facts WHERE namespace = :ns AND predicate = 'city' AND "
                "valid_to IS NULL AND retracted_at IS NULL"), {"ns": ns}).all()
            versions = c.execute(text(
                "SELECT count(DISTINCT object) FROM facts WHERE namespace = :ns AND "
                "predicate = 'city'"), {"ns": ns}).scalar()
            held_back = c.execute(text(
                "SELECT count(DISTINCT object) FROM quarantine WHERE namespace = :ns"),
                {"ns": ns}).scalar()
        assert len(current) == 1
        # Every claim is accounted for: a version in the store, or held back because it was
        # dated before a value that another worker had already recorded.
        assert versions + held_back == len(cities)
    finally:
        rt.deps.dispose()


def test_the_database_itself_refuses_a_second_current_value(runtime, ns):
    claims = [Claim(predicate="city", object=c, session_id="s", turn=i, valid_from=T0)
              for i, c in enumerate(["Berlin", "Paris"])]
    with pytest.raises(IntegrityError):
        with runtime.deps.unit_of_work() as uow:
            store = FactStore(uow.session)
            for c in claims:
                store.insert(new_fact(c, namespace=ns, user_id="u", now=T0,
                                      cardinality="single"))
    assert runtime.reader.current(ns, "u", "city") == []
