"""Consolidate batches on the real Postgres: claims are exclusive, a claimed session's own
event does nothing, a batch leaves exactly what one session at a time leaves, a user's
sessions wait for the earlier ones' extraction, and one bad session does not hold the
others back."""
from __future__ import annotations

import dataclasses
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text
from sqlalchemy.dialects.postgresql import insert

from schemas.ids import user_scope
from schemas.records import InlineClaim
from scripts.bench.conversations import generate
from workers import consolidation, stages

NOW = datetime(2025, 6, 1, 9, 0, tzinfo=UTC)
#: Tables a dream writes, the columns that may differ between a batch and one at a time
#: (the profile's cache version is bumped once per user and batch, not once per session).
TABLES = {"facts": (), "fact_evidence": (), "memory_items": (), "memory_item_versions": (),
          "fragments": (), "decisions": (), "quarantine": (), "extraction_runs": (),
          "working_set": (), "profiles": ("cache_version",)}


pytestmark = pytest.mark.usefixtures("no_ended_leftovers")


def _deps(runtime, **settings):
    return dataclasses.replace(runtime.deps,
                               settings=runtime.deps.settings.model_copy(update=settings))


def _store(deps, transcripts) -> list[str]:
    """Ended sessions as `end_session` leaves them, oldest first (by end time)."""
    from infra.db.models import SessionRow
    from schemas.ids import session_key
    rows = []
    for t in sorted(transcripts, key=lambda t: (t.ended_at, t.user_id)):
        key, checksum, size = deps.transcripts.write(t)
        rows.append(dict(sid=session_key(t.namespace, t.user_id, t.session_id),
                         namespace=t.namespace, user_id=t.user_id, session_id=t.session_id,
                         started_at=t.started_at, last_activity_at=t.ended_at,
                         ended_at=t.ended_at, state="ended", end_reason="event",
                         transcript_key=key, transcript_checksum=checksum,
                         transcript_bytes=size, turn_count=len(t.turns)))
    with deps.unit_of_work() as uow:
        uow.session.execute(insert(SessionRow), rows)
    return [r["sid"] for r in rows]


def _with_inline_claims(transcripts):
    """Inline claims dated in another time zone, and a correction within the session."""
    out = []
    for i, t in enumerate(transcripts):
        if i % 3 == 0:
            at = t.started_at.astimezone(UTC).replace(tzinfo=None)
            from datetime import timezone
            local = (at - timedelta(days=40)).replace(tzinfo=timezone(timedelta(hours=2)))
            t = t.model_copy(update={"claims": (
                InlineClaim(predicate="city", object=f"Town{i}", valid_from=local, turn=0),
                InlineClaim(predicate="pet", object=f"cat named Tom{i}", turn=1),
                InlineClaim(predicate="pet", object=f"Tom{i}", op="retract", turn=2))})
        out.append(t)
    return out


def _snapshot(deps, ns) -> dict[str, list]:
    out = {}
    with deps.engine.connect() as c:
        for table, skip in TABLES.items():
            cols = [r[0] for r in c.execute(text(
                "SELECT column_name FROM information_schema.columns WHERE table_name = :t "
                "ORDER BY ordinal_position"), {"t": table}) if r[0] not in skip]
            rows = c.execute(text(f"SELECT {', '.join(cols)} FROM {table} WHERE namespace = "
                                  f":ns"), {"ns": ns}).all()
            out[table] = sorted((tuple(str(v) for v in r) for r in rows))
        out["sessions"] = sorted(c.execute(text(
            "SELECT sid, state FROM sessions WHERE namespace = :ns"), {"ns": ns}).all())
        out["checkpoints"] = sorted(c.execute(text(
            "SELECT sid, stage FROM checkpoints WHERE namespace = :ns"), {"ns": ns}).all())
    return out


def _forget_dreams(deps, ns) -> None:
    """Back to ended sessions with nothing derived (the transcripts stay)."""
    with deps.engine.begin() as c:
        for table in (*TABLES, "checkpoints", "audit_log"):
            c.execute(text(f"DELETE FROM {table} WHERE namespace = :ns"), {"ns": ns})
        c.execute(text("UPDATE sessions SET state = 'ended' WHERE namespace = :ns"), {"ns": ns})


def _dream(deps, sid: str, *, wait_s: float = 0.0) -> str:
    """The session's three tasks in a row, as the chain runs them: extract, consolidate
    (with the batch it claims), forget; the consolidate outcome."""
    stages.replay_many(deps, [sid], NOW)
    done = consolidation.consolidate_claimed(deps, sid, NOW, wait_s=wait_s)
    if done.forget:
        stages.forget_many(deps, list(done.forget), NOW)
    return done.outcome


def _consolidate(deps, sid: str) -> str:
    done = consolidation.consolidate_claimed(deps, sid, NOW)
    if done.forget:
        stages.forget_many(deps, list(done.forget), NOW)
    return done.outcome


def _stage_calls(monkeypatch) -> list[tuple[str, str, list[str]]]:
    """Record (thread, stage, sids) of every stage call a consolidate batch makes."""
    calls: list[tuple[str, str, list[str]]] = []

    def spy(fn):
        def run(deps, sids, now, **kw):
            calls.append((threading.current_thread().name, fn.__name__, list(sids)))
            return fn(deps, sids, now, **kw)
        return run
    monkeypatch.setattr(consolidation, "_RUN", tuple(spy(f) for f in consolidation._RUN))
    return calls


def _dreamed_one_at_a_time(runtime, ns, transcripts) -> tuple[list[str], list[str], dict]:
    """Each session dreamed alone (batch size 1), then the dreams forgotten: the session ids,
    their outcomes and the snapshot that one-at-a-time dreaming leaves, to compare with."""
    one = _deps(runtime, dream_batch_size=1)
    sids = _store(one, transcripts)
    outcomes = [_dream(one, sid) for sid in sids]
    alone = _snapshot(one, ns)
    _forget_dreams(one, ns)
    return sids, outcomes, alone


def test_a_batch_leaves_exactly_what_one_session_at_a_time_leaves(runtime, ns):
    transcripts = _with_inline_claims(generate(11, ns, users=4, sessions=5, turns=20))
    sids, outcomes, alone = _dreamed_one_at_a_time(runtime, ns, transcripts)
    assert outcomes == ["consolidated"] * len(sids)

    batched = _deps(runtime, dream_batch_size=16)
    stages.replay_many(batched, sids, NOW)  # extraction runs ahead, all at once
    outcomes = [_consolidate(batched, sid) for sid in sids]
    assert outcomes.count("consolidated") == 2 and outcomes.count("done") == 18
    together = _snapshot(batched, ns)
    assert {t: len(v) for t, v in together.items()} == {t: len(v) for t, v in alone.items()}
    for table in alone:
        assert together[table] == alone[table], table
    assert len(alone["facts"]) > 40 and len(alone["decisions"]) > 60  # a real workload


def test_claims_hold_users_exclusively_until_released(runtime, ns):
    deps = _deps(runtime, dream_batch_size=4)
    sids = _store(deps, generate(3, ns, users=3, sessions=3, turns=4))
    users = {sid: f"u{i % 3}" for i, sid in enumerate(sids)}  # ended u0, u1, u2, u0, ...
    with deps.held_connection() as a, deps.held_connection() as b:
        with deps.unit_of_work("*", connection=a) as uow:
            assert uow.sessions.claim_user(ns, "u0")
            seen, peers = uow.sessions.pending_of_free_users(ns, "u0", window=12,
                                                             version="v", exclude=[sids[0]])
            assert [p.sid for p in seen] == sids[1:]  # oldest first; reading takes nothing
            assert peers == 0
            assert uow.sessions.take_users(ns, ["u1"]) == {"u1"}
        # Committing does not release them: the locks live with the connection, across the
        # batch's stage transactions.
        with deps.unit_of_work("*", connection=b) as uow:
            assert not uow.sessions.claim_user(ns, "u0")
            assert not uow.sessions.claim_user(ns, "u1")
            assert uow.sessions.take_users(ns, ["u1", "u2"]) == {"u2"}  # a read took none
            seen, peers = uow.sessions.pending_of_free_users(ns, "u2", window=12, version="v")
            assert {users[p.sid] for p in seen} == {"u2"}  # u0 and u1 are a's: skipped
            assert peers == 1  # a's batch, holding users of this namespace
            assert not uow.sessions.claim_user(ns, "u1")
    with deps.held_connection() as c, deps.unit_of_work("*", connection=c) as uow:
        assert uow.sessions.claim_user(ns, "u1")  # released on exit


def test_peers_are_the_batches_holding_users_of_the_same_namespace(runtime, ns):
    deps = _deps(runtime, dream_batch_size=4)
    _store(deps, generate(5, ns, users=2, sessions=1, turns=4))
    other = ns + "x"  # a claim needs no session: none is stored there
    with deps.held_connection() as a, deps.held_connection() as b, \
            deps.held_connection() as c:
        with deps.unit_of_work("*", connection=a) as uow:
            assert uow.sessions.claim_user(other, "u0")  # another namespace: not a peer
        with deps.unit_of_work("*", connection=b) as uow:
            assert uow.sessions.claim_user(ns, "u0")
            seen, peers = uow.sessions.pending_of_free_users(ns, "u0", window=8, version="v")
            assert peers == 0 and {p.user_id for p in seen} == {"u0", "u1"}
        with deps.unit_of_work("*", connection=c) as uow:
            assert uow.sessions.claim_user(ns, "u1")
            seen, peers = uow.sessions.pending_of_free_users(ns, "u1", window=8, version="v")
            assert peers == 1 and {p.user_id for p in seen} == {"u1"}


def _two_workers(sids: list[str], run, calls, stage: str) -> dict[str, set[str]]:
    """Two threads start together, each running `run` on every other session; which threads
    took each session into a `stage` batch (from the recorded stage calls)."""
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def worker(mine: list[str]) -> None:
        try:
            barrier.wait()
            for sid in mine:
                run(sid)
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(sids[i::2],), name=f"w{i}")
               for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert errors == []
    taken: dict[str, set[str]] = {}
    for thread, name, batch in calls:
        if name == stage:
            for sid in batch:
                taken.setdefault(sid, set()).add(thread)
    return taken


def test_two_workers_never_take_the_same_session(runtime, ns, monkeypatch):
    """...and, holding users rather than sessions, leave what one worker taking one
    session at a time leaves: no user's later session is applied before an earlier one."""
    sids, _, alone = _dreamed_one_at_a_time(runtime, ns,
                                            generate(5, ns, users=6, sessions=4, turns=6))
    deps = _deps(runtime, dream_batch_size=5)
    calls = _stage_calls(monkeypatch)
    def dream_until_done(sid: str) -> None:
        outcome = _dream(deps, sid)
        while outcome in ("busy", "waiting"):  # the event comes back later
            time.sleep(0.01)
            outcome = _dream(deps, sid, wait_s=1.0)

    taken = _two_workers(sids, dream_until_done, calls, "reconcile_many")
    assert set(taken) == set(sids)
    assert all(len(t) == 1 for t in taken.values()), "a session was in both workers' batches"
    with deps.engine.connect() as c:
        states = c.execute(text("SELECT state, count(*) FROM sessions WHERE namespace = :ns "
                                "GROUP BY 1"), {"ns": ns}).all()
        stages_done = c.execute(text("SELECT count(*) FROM checkpoints WHERE namespace = :ns"),
                                {"ns": ns}).scalar()
    assert states == [("consolidated", len(sids))]
    assert stages_done == 4 * len(sids)
    assert _snapshot(deps, ns) == alone


def test_a_claimed_sessions_own_event_does_nothing(runtime, ns, monkeypatch):
    deps = _deps(runtime, dream_batch_size=8)
    sids = _store(deps, generate(9, ns, users=2, sessions=3, turns=8))
    stages.replay_many(deps, sids, NOW)
    assert _consolidate(deps, sids[0]) == "consolidated"
    before = _snapshot(deps, ns)
    assert before["sessions"] == sorted((s, "consolidated") for s in sids)
    calls = _stage_calls(monkeypatch)
    statements = []
    from sqlalchemy import Engine, event

    def count(*_a, **_k):
        statements.append(1)
    event.listen(Engine, "before_cursor_execute", count)
    try:
        from workers import tasks
        monkeypatch.setattr(tasks, "current_deps", lambda: deps)
        for sid in sids[1:]:
            assert _consolidate(deps, sid) == "done"
            tasks.consolidate_session.run(sid)  # the task itself: nothing either
    finally:
        event.remove(Engine, "before_cursor_execute", count)
    assert calls == []  # no stage ran
    assert len(statements) <= 2 * 2 * len(sids[1:])  # scope + one probe per event
    assert _snapshot(deps, ns) == before


def test_an_event_whose_session_another_batch_holds_is_deferred(runtime, ns, monkeypatch):
    from workers import tasks
    deps = _deps(runtime, dream_batch_size=4, consolidate_claim_wait_s=0.05)
    sids = _store(deps, generate(4, ns, users=2, sessions=2, turns=4))
    stages.replay_many(deps, sids, NOW)
    published = []
    monkeypatch.setattr(tasks, "current_deps", lambda: deps)
    monkeypatch.setattr(tasks.consolidate_session, "apply_async",
                        lambda args, kwargs, countdown: published.append((args, kwargs,
                                                                          countdown)))
    with deps.engine.connect() as c:
        user = dict(c.execute(text("SELECT sid, user_id FROM sessions WHERE namespace = :ns"),
                              {"ns": ns}).all())
    with deps.held_connection() as other, deps.unit_of_work("*", connection=other) as uow:
        assert uow.sessions.claim_user(ns, user[sids[1]])  # another worker holds the user
        tasks.consolidate_session.run(sids[1], None, deferrals=2)
    assert published == [((sids[1], None), {"deferrals": 3}, 4.0)]
    # nothing ran while it was held
    assert {stage for _, stage in _snapshot(deps, ns)["checkpoints"]} == {"replay"}
    assert consolidation.defer_delay(deps, 10) == consolidation.MAX_DEFER_S


@pytest.mark.parametrize("bad_is_trigger", [False, True], ids=["claimed", "trigger"])
def test_one_bad_session_does_not_hold_the_batch_back(runtime, ns, monkeypatch,
                                                      bad_is_trigger):
    from pydantic import ValidationError

    from workers import tasks
    deps = _deps(runtime, dream_batch_size=8)
    monkeypatch.setattr(tasks, "current_deps", lambda: deps)
    sids = _store(deps, generate(6, ns, users=3, sessions=2, turns=8))
    stages.replay_many(deps, sids, NOW)
    bad = sids[3]
    with deps.engine.begin() as c:  # its extraction result is unreadable
        c.execute(text("UPDATE checkpoints SET output = '{\"claims\": [{\"x\": 1}]}' "
                       "WHERE sid = :s AND stage = 'replay'"), {"s": bad})
    trigger = bad if bad_is_trigger else sids[0]
    if bad_is_trigger:
        result = tasks.consolidate_session.apply(args=(trigger,), throw=False)  # dead-letters
        assert isinstance(result.result, ValidationError)
    else:
        assert _consolidate(deps, trigger) == "consolidated"
    states = dict(_snapshot(deps, ns)["sessions"])
    assert states.pop(bad) == ("failed" if bad_is_trigger else "ended")
    assert set(states.values()) == {"consolidated"}
    with deps.unit_of_work() as uow:
        letters = [d.payload["args"][0] for d in uow.runs.dead_letters()
                   if d.payload.get("args") and d.payload["args"][0] in sids]
    assert letters == ([bad] if bad_is_trigger else [])
    with deps.engine.connect() as c:
        assert c.execute(text("SELECT stage FROM checkpoints WHERE sid = :s"),
                         {"s": bad}).scalars().all() == ["replay"]


def test_a_later_session_waits_for_the_earlier_ones_extraction(runtime, ns):
    """Extraction finishes out of order; consolidation keeps the order the sessions ended
    in: the later session's event waits, the earlier one's takes both."""
    deps = _deps(runtime, dream_batch_size=8)
    first, second = _store(deps, generate(8, ns, users=1, sessions=2, turns=8))
    stages.replay_many(deps, [second], NOW)
    assert _consolidate(deps, second) == "waiting"
    assert {s: st for s, st in _snapshot(deps, ns)["sessions"]} == {first: "ended",
                                                                     second: "ended"}
    assert _dream(deps, first) == "consolidated"
    assert _consolidate(deps, second) == "done"  # its deferred event finds it done
    snap = _snapshot(deps, ns)
    assert {st for _, st in snap["sessions"]} == {"consolidated"}
    assert sorted(stage for _, stage in snap["checkpoints"]) == sorted(
        ["replay", "reconcile", "consolidate", "forget"] * 2)
    with deps.engine.connect() as c:
        after = dict(c.execute(text(
            "SELECT sid, output -> 'after' FROM checkpoints WHERE namespace = :ns AND "
            "stage = 'reconcile'"), {"ns": ns}).all())
    assert after == {first: [], second: [first]}  # planned in the order they ended


def test_reconcile_in_a_batch_sees_the_earlier_sessions_of_its_user(runtime, ns, monkeypatch):
    """Without the in-memory replay of earlier plans, the second session of a user would be
    planned against the facts before the first, and consolidate would plan it again."""
    deps = _deps(runtime, dream_batch_size=8)
    sids = _store(deps, generate(12, ns, users=2, sessions=4, turns=10))
    replans = []
    real = stages.plan_for
    monkeypatch.setattr(stages, "plan_for", lambda *a, **k: replans.append(1) or real(*a, **k))
    stages.replay_many(deps, sids, NOW)
    assert _consolidate(deps, sids[0]) == "consolidated"
    assert replans == []
    with deps.engine.connect() as c:
        after = [r[0] for r in c.execute(text(
            "SELECT output -> 'after' FROM checkpoints WHERE namespace = :ns AND "
            "stage = 'reconcile'"), {"ns": ns})]
    assert sorted(len(a) for a in after) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_an_erasure_between_extraction_and_the_locked_write_is_honoured(runtime, ns,
                                                                         monkeypatch):
    """Replay extracts before it takes the users' locks; a tombstone written in between
    (an erasure) makes it extract again under the lock, so nothing erased is stored."""
    from infra.db.models import TombstoneRow
    from pipeline.tombstones import text_tombstone
    from schemas.records import Transcript, Turn
    deps = _deps(runtime, dream_batch_size=4)
    at = datetime(2025, 3, 1, 10, 0, tzinfo=UTC)
    sid, = _store(deps, [Transcript(
        namespace=ns, user_id="u", session_id="s1", started_at=at, ended_at=at,
        turns=(Turn(index=0, role="user", text="I live in Munich.", at=at),
               Turn(index=1, role="assistant", text="Noted.", at=at)))])
    real = stages._replay_unlocked

    def erase_meanwhile(*args, **kwargs):
        early = real(*args, **kwargs)
        assert [c.object for c in early[sid].claims] == ["Munich"]
        stone = text_tombstone("Munich", key=deps.settings.secret_key,
                               scope=user_scope(ns, "u"))
        with deps.unit_of_work() as uow:
            uow.session.add(TombstoneRow(tombstone_id="t1", namespace=ns, user_id="u",
                                         kind=stone.kind, digest=stone.digest,
                                         words=stone.words, created_at=at))
        return early
    monkeypatch.setattr(stages, "_replay_unlocked", erase_meanwhile)
    assert _dream(deps, sid) == "consolidated"
    with deps.engine.connect() as c:
        texts = c.execute(text("SELECT text FROM fragments WHERE namespace = :ns"),
                          {"ns": ns}).scalars().all()
        facts = c.execute(text("SELECT object FROM facts WHERE namespace = :ns"),
                          {"ns": ns}).scalars().all()
    assert facts == [] and not any("Munich" in t for t in texts)


def test_a_rule_extract_event_takes_the_oldest_unextracted_sessions_along(runtime, ns):
    """With a local extractor one extract event extracts a batch: its own session and the
    namespace's oldest ended sessions not extracted yet, in end order (each user's
    extracted sessions stay a prefix); the others' events then find their checkpoints,
    and a model extractor's event extracts only its own."""
    from workers import extraction
    deps = _deps(runtime, dream_batch_size=4)
    sids = _store(deps, generate(9, ns, users=3, sessions=2, turns=6))  # by end time
    stages.replay_many(deps, [sids[0]], NOW)  # extracted already: not taken again
    trigger = sids[5]
    with deps.held_connection() as conn:
        assert extraction.batch_of(deps, trigger, conn) == [trigger, *sids[1:4]]
        with deps.held_connection() as other:  # another event: those are held
            assert extraction.batch_of(deps, sids[4], other) == [sids[4]]
    extraction.extract(deps, trigger, NOW, None)
    left = {sid for sid, stage in _snapshot(deps, ns)["checkpoints"] if stage == "replay"}
    assert left == {sids[0], *sids[1:4], trigger}
    with deps.held_connection() as conn:
        assert extraction.batch_of(deps, sids[2], conn) == []  # its own event: done
    assert not extraction.batches(_deps(runtime, dream_batch_size=4, extractor="llm"))
    for sid in sids:  # the rest of the chain as before
        _dream(deps, sid)
    assert {st for _, st in _snapshot(deps, ns)["sessions"]} == {"consolidated"}


def test_a_session_taken_along_that_cannot_be_extracted_fails_only_its_own_event(
        runtime, ns):
    """A batch with a session whose transcript is lost is dropped: the event extracts its
    own session alone, and the lost one is left to its own event (which fails)."""
    from schemas.errors import PermanentError
    from workers import extraction
    deps = _deps(runtime, dream_batch_size=4)
    lost, mine = _store(deps, generate(10, ns, users=2, sessions=1, turns=6))
    with deps.engine.begin() as c:
        c.execute(text("UPDATE sessions SET transcript_key = 'gone/nowhere.json' "
                       "WHERE sid = :s"), {"s": lost})
    with deps.held_connection() as conn:
        assert extraction.batch_of(deps, mine, conn) == [mine, lost]
    extraction.extract(deps, mine, NOW, None)
    done = {sid for sid, stage in _snapshot(deps, ns)["checkpoints"] if stage == "replay"}
    assert done == {mine}
    with pytest.raises(PermanentError):  # dead-lettered by its task, as before
        extraction.extract(deps, lost, NOW, None)
