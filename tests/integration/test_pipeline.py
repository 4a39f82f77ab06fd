"""The dreaming pipeline end to end on the real Postgres, tasks in process."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import text

from workers import stages

S1 = datetime(2025, 3, 2, 10, 0, tzinfo=UTC)
S2 = datetime(2026, 8, 17, 9, 0, tzinfo=UTC)


def play(rt, clock, ns, user, sid, at, turns):
    clock.set(at)
    rt.memory.start_session(ns, user, sid, at)
    for i, (role, txt) in enumerate(turns):
        clock.set(at + timedelta(seconds=30 * i))
        rt.memory.append_turn(ns, user, sid, role, txt, clock.now())
    return rt.memory.end_session(ns, user, sid)


def munich_to_berlin(rt, clock, ns):
    play(rt, clock, ns, "u", "s1", S1, [
        ("user", "I live in Munich, in the Schwabing district."),
        ("assistant", "Schwabing is a lovely part of Munich."),
        ("user", "I work as a product designer at Siemens."),
        ("assistant", "That sounds interesting.")])
    play(rt, clock, ns, "u", "s2", S2, [
        ("user", "I've just moved from Munich to Berlin."),
        ("assistant", "Congratulations on the move!")])
    clock.set(datetime(2026, 8, 19, 8, 0, tzinfo=UTC))


def test_munich_to_berlin(runtime, clock, ns):
    munich_to_berlin(runtime, clock, ns)
    r = runtime.reader
    assert [f.object for f in r.current(ns, "u", "city")] == ["Berlin"]
    assert [f.object for f in r.as_of(ns, "u", datetime(2025, 9, 1, tzinfo=UTC), "city")] == ["Munich"]
    assert [f.object for f in r.history(ns, "u", "city")] == ["Munich", "Berlin"]
    assert [f.object for f in r.believed_as_of(ns, "u", datetime(2026, 5, 1, tzinfo=UTC),
                                               "city")] == ["Munich"]
    assert r.current(ns, "u", "district") == []
    profile = r.profile(ns, "u")
    assert "Berlin" in profile and "Munich" not in profile and "Schwabing" not in profile
    context = " ".join(h.text for h in r.recall(ns, "u", "Can you recommend a dentist near "
                                                "where I live?").hits)
    assert "Berlin" in context and "Schwabing" not in context


def test_rerunning_finished_stages_is_a_no_op(runtime, clock, ns):
    munich_to_berlin(runtime, clock, ns)
    deps = runtime.deps

    def counts():
        with deps.engine.connect() as c:
            return {t: c.execute(text(f"SELECT count(*) FROM {t} WHERE namespace = :ns"),
                                 {"ns": ns}).scalar()
                    for t in ("facts", "memory_items", "memory_item_versions", "fragments",
                              "decisions", "checkpoints", "fact_evidence")}
    before = counts()
    with deps.unit_of_work() as uow:
        sessions = uow.sessions.for_user(ns, "u")
    for s in sessions:
        for stage in (stages.replay_many, stages.reconcile_many, stages.consolidate_many,
                      stages.forget_many):
            assert stage(deps, [s.sid], clock.now()) == []
    assert counts() == before


def test_reprocessing_everything_keeps_the_store_true(runtime, clock, ns):
    from workers.triggers import reprocess
    munich_to_berlin(runtime, clock, ns)
    with runtime.deps.unit_of_work() as uow:
        sessions = uow.sessions.for_user(ns, "u")
    reprocess(runtime.deps, sessions, clock.now(), force=True)
    r = runtime.reader
    assert [f.object for f in r.current(ns, "u", "city")] == ["Berlin"]
    assert [f.object for f in r.history(ns, "u", "city")] == ["Munich", "Berlin"]
    with runtime.deps.engine.connect() as c:
        dup = c.execute(text("SELECT count(*) FROM facts WHERE namespace = :ns AND "
                             "retracted_at IS NULL GROUP BY predicate, lower(object), valid_from "
                             "HAVING count(*) > 1"), {"ns": ns}).all()
    assert dup == []


def test_idle_sweeper_ends_and_consolidates(runtime, clock, ns):
    from workers.triggers import sweep
    at = datetime(2026, 7, 1, 10, 0, tzinfo=UTC)
    clock.set(at)
    runtime.memory.start_session(ns, "u", "s1", at)
    runtime.memory.append_turn(ns, "u", "s1", "user", "My name is Katherine but please call "
                               "me Kate.", at)
    assert sweep(runtime.deps, at + timedelta(minutes=10)) == []
    assert runtime.reader.current(ns, "u", "preferred_name") == []
    clock.set(at + timedelta(hours=1))
    assert len(sweep(runtime.deps, at + timedelta(hours=1))) == 1
    assert [f.object for f in runtime.reader.current(ns, "u", "preferred_name")] == ["Kate"]


def test_user_edit_outranks_later_extraction(runtime, clock, ns):
    from api.admin import correct
    play(runtime, clock, ns, "u", "s1", datetime(2026, 1, 1, 10, tzinfo=UTC),
         [("user", "I work at Umbrella Corp."), ("assistant", "Ok.")])
    correct(runtime.memory, ns, "u", "employer", "Umbrella Health",
            datetime(2026, 1, 2, 10, tzinfo=UTC))
    play(runtime, clock, ns, "u", "s2", datetime(2026, 1, 3, 10, tzinfo=UTC),
         [("user", "I work at Umbrella Corp, and it has been busy."), ("assistant", "Hm.")])
    assert [f.object for f in runtime.reader.current(ns, "u", "employer")] == ["Umbrella Health"]
