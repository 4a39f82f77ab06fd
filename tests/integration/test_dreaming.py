"""The whole chain in one extract event (rules, a worker serving every queue), on the real
Postgres: it leaves exactly what the fan-out's three events leave, a session its batch
took costs its own event one probe, two workers never take the same session, a busy user
defers the event, and a batch cut off between two stages is finished by the events that
were not acknowledged."""
from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import Engine, event, text

from scripts.bench.conversations import generate
from tests.integration.test_batch import NOW, _deps, _dream, _dreamed_one_at_a_time, \
    _forget_dreams, _snapshot, _store, _two_workers, _with_inline_claims
from workers import app as worker_app
from workers import dreaming, stages


pytestmark = pytest.mark.usefixtures("no_ended_leftovers")


def _stage_calls(monkeypatch) -> list[tuple[str, str, list[str]]]:
    """(thread, stage, sids) of every stage call an in-process dream batch makes."""
    calls: list[tuple[str, str, list[str]]] = []

    def spy(fn):
        def run(deps, sids, now, **kw):
            calls.append((threading.current_thread().name, fn.__name__, list(sids)))
            return fn(deps, sids, now, **kw)
        return run
    monkeypatch.setattr(dreaming, "_RUN", tuple(spy(f) for f in dreaming._RUN))
    return calls


def test_one_event_leaves_what_the_three_events_of_each_session_leave(runtime, ns,
                                                                      monkeypatch):
    transcripts = _with_inline_claims(generate(11, ns, users=4, sessions=5, turns=20))
    sids, outcomes, alone = _dreamed_one_at_a_time(runtime, ns, transcripts)
    assert outcomes == ["consolidated"] * len(sids)  # the fan-out, one session at a time

    deps = _deps(runtime, dream_batch_size=16)
    calls = _stage_calls(monkeypatch)
    statements: list[int] = []

    def count(*_a, **_k):
        statements.append(1)
    outcomes = [dreaming.dream(deps, sid, NOW) for sid in sids]
    # Whole users, 16 sessions at most: 3 users (15 sessions) then the fourth user's 5.
    assert outcomes.count("dreamed") == 2 and outcomes.count("done") == 18
    assert [c[1] for c in calls] == ["replay_many", "reconcile_many", "consolidate_many",
                                     "forget_many"] * 2
    event.listen(Engine, "before_cursor_execute", count)
    try:  # an event delivered again, or a sweep's: a probe (and its scope), nothing held
        assert all(dreaming.dream(deps, sid, NOW) == "done" for sid in sids)
    finally:
        event.remove(Engine, "before_cursor_execute", count)
    assert len(statements) <= 2 * len(sids)
    together = _snapshot(deps, ns)
    for table in alone:
        assert together[table] == alone[table], table
    assert len(alone["facts"]) > 40 and len(alone["decisions"]) > 60  # a real workload


def test_two_workers_dreaming_never_take_the_same_session(runtime, ns, monkeypatch):
    sids, _, alone = _dreamed_one_at_a_time(runtime, ns,
                                            generate(5, ns, users=6, sessions=4, turns=6))
    deps = _deps(runtime, dream_batch_size=5)
    calls = _stage_calls(monkeypatch)
    def dream_until_done(sid: str) -> None:
        while dreaming.dream(deps, sid, NOW) == "busy":  # comes back later
            time.sleep(0.01)

    taken = _two_workers(sids, dream_until_done, calls, "replay_many")
    assert set(taken) == set(sids)
    assert all(len(t) == 1 for t in taken.values()), "a session was in both workers' batches"
    assert _snapshot(deps, ns) == alone


def test_an_event_whose_user_another_batch_holds_comes_back_later(runtime, ns, monkeypatch):
    from workers import tasks
    deps = _deps(runtime, dream_batch_size=4)
    sids = _store(deps, generate(4, ns, users=2, sessions=2, turns=4))
    published = []
    monkeypatch.setattr(tasks, "current_deps", lambda: deps)
    monkeypatch.setattr(tasks.dreaming, "in_process", lambda _deps: True)
    monkeypatch.setattr(tasks.extract_session, "apply_async",
                        lambda args, kwargs, countdown: published.append((args, kwargs,
                                                                          countdown)))
    with deps.engine.connect() as c:
        user = dict(c.execute(text("SELECT sid, user_id FROM sessions WHERE namespace = :ns"),
                              {"ns": ns}).all())
    with deps.held_connection() as other, deps.unit_of_work("*", connection=other) as uow:
        assert uow.sessions.claim_user(ns, user[sids[1]])  # another worker holds the user
        tasks.extract_session.run(sids[1], None, deferrals=1)
    assert published == [((sids[1], None), {"deferrals": 2}, 2.0)]
    assert _snapshot(deps, ns)["checkpoints"] == []  # nothing ran while it was held
    tasks.extract_session.run(sids[1], None)  # free now: the batch runs, nothing published
    assert len(published) == 1
    done = _snapshot(deps, ns)["checkpoints"]
    assert {(sid, "forget") for sid in sids} <= set(done)


def test_a_batch_cut_off_between_two_stages_is_finished_by_its_events(runtime, ns,
                                                                      monkeypatch):
    """The worker dies after consolidate committed (here: forget fails with an outage, so
    the task is retried): the event's delivery again, and every other session's own
    event, finish the work; nothing is done twice."""
    from schemas.errors import TransientError
    deps = _deps(runtime, dream_batch_size=8)
    sids = _store(deps, generate(13, ns, users=2, sessions=3, turns=8))
    real = stages.forget_many

    def outage(*_a, **_k):
        raise TransientError("database went away")
    monkeypatch.setattr(dreaming, "_RUN", (*dreaming._RUN[:3], outage))
    with pytest.raises(TransientError):
        dreaming.dream(deps, sids[0], NOW)
    cut = _snapshot(deps, ns)
    assert {st for _, st in cut["sessions"]} == {"consolidated"}
    assert not any(stage == "forget" for _, stage in cut["checkpoints"])
    monkeypatch.setattr(dreaming, "_RUN", (*dreaming._RUN[:3], real))
    assert [dreaming.dream(deps, sid, NOW) for sid in sids] == ["dreamed"] * len(sids)
    after = _snapshot(deps, ns)
    assert sorted(after["checkpoints"]) == sorted(
        (sid, st) for sid in sids for st in ("replay", "reconcile", "consolidate", "forget"))
    assert {t: after[t] for t in after if t != "checkpoints"} == \
        {t: cut[t] for t in cut if t != "checkpoints"}  # the first three did not run again
    assert all(dreaming.dream(deps, sid, NOW) == "done" for sid in sids)


def test_only_rules_on_a_worker_serving_the_later_queues_run_in_process(runtime,
                                                                         monkeypatch):
    deps = runtime.deps
    queues = worker_app.queues_of(deps.settings)
    assert not dreaming.in_process(deps)  # not a worker (in process, or a publisher)
    monkeypatch.setattr(worker_app, "_served", None)
    worker_app.serve(list(queues.values()))
    assert dreaming.in_process(deps)
    assert not dreaming.in_process(_deps(runtime, extractor="llm"))
    worker_app.serve([queues["extract"], queues["consolidate"]])
    assert not dreaming.in_process(deps)
    worker_app.serve([queues["consolidate"], queues["forget"]])  # no extract events come
    assert dreaming.in_process(deps)
