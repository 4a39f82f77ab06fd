"""Tenant isolation, enforced twice: the application's filters and Postgres row-level security.

Reads, recall, export and erasure are tried across users and namespaces through the Python
API and the CLI; malformed namespaces are refused everywhere; and RLS is shown to hold on its
own, with raw SQL that bypasses the application's filters."""
from __future__ import annotations

import json
from datetime import timedelta

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.exc import DBAPIError
from typer.testing import CliRunner

from api.admin import correct
from api.erasure import forget
from api.export import export_user
from api.read import render_context
from infra.deps import set_deps
from schemas.errors import InvalidInput, NotFound
from schemas.records import InlineClaim
from tests.integration.test_erasure import T0, objects_of, play

SECRETS = ("Munich", "peanuts", "Charite", "divorce")


def seed(rt, clock, ns, user="u"):
    play(rt, clock, ns, user, "s1", T0, [
        ("user", "I live in Munich and I work as a nurse at Charite."),
        ("user", "I'm allergic to peanuts."),
        ("user", "My divorce was finalised last month."),
    ])
    clock.set(T0 + timedelta(days=2))


def other_tenant(rt, clock, ns, user="u"):
    play(rt, clock, ns, user, "s1", T0 + timedelta(hours=1), [
        ("user", "I live in Lisbon and I'm allergic to shellfish."),
    ])
    clock.set(T0 + timedelta(days=2))


def namespaced_tables(conn) -> list[str]:
    insp = inspect(conn)
    return sorted(t for t in insp.get_table_names()
                  if "namespace" in {c["name"] for c in insp.get_columns(t)})


@pytest.fixture
def cli(runtime, settings, monkeypatch):
    """Invoke `reverie ...` in process against the test's database and object store."""
    from scripts.cli import app
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    monkeypatch.setenv("DATABASE_ADMIN_URL", settings.database_admin_url)
    monkeypatch.setenv("REVERIE_OBJECT_STORE_URL", settings.object_store_location)
    monkeypatch.setenv("REVERIE_DATA_DIR", str(settings.data_dir))
    monkeypatch.setenv("REVERIE_EMBEDDER", "hash")
    monkeypatch.delenv("BROKER_URL", raising=False)
    runner = CliRunner()

    def invoke(*args, input=None):
        try:
            return runner.invoke(app, list(args), input=input, catch_exceptions=False)
        finally:
            set_deps(runtime.deps)  # the command built its own bundle
    return invoke


# ---- row-level security on its own -------------------------------------------------------
def test_every_namespaced_table_forces_row_level_security(runtime):
    with runtime.deps.engine.connect() as c:
        tables = namespaced_tables(c)
        assert {"facts", "fragments", "memory_items", "sessions", "checkpoints",
                "audit_log", "buffered_turns", "profiles"} <= set(tables)
        rows = {r.relname: r for r in c.execute(text(
            "SELECT relname, relrowsecurity, relforcerowsecurity FROM pg_class "
            "WHERE relname = ANY(:t) AND relkind = 'r'"), {"t": tables})}
        policies = {r[0] for r in c.execute(text(
            "SELECT tablename FROM pg_policies WHERE policyname = 'reverie_tenant' "
            "AND roles = '{reverie_app}' AND qual NOT LIKE '%*%'"))}
        # No policy lets the tenant role declare every namespace (only reverie_admin may).
        wide = c.execute(text(
            "SELECT tablename, policyname FROM pg_policies WHERE qual LIKE '%''*''%' "
            "AND roles <> '{reverie_admin}'")).all()
        role = c.execute(text("SELECT rolcanlogin, rolbypassrls, rolsuper FROM pg_roles "
                              "WHERE rolname = 'reverie_app'")).one()
        truncate = c.execute(text(
            "SELECT bool_or(has_table_privilege('reverie_app', t, 'TRUNCATE')) "
            "FROM unnest(CAST(:t AS text[])) t"), {"t": tables}).scalar()
    for t in tables:
        assert rows[t].relrowsecurity and rows[t].relforcerowsecurity, t
        assert t in policies, t
    assert wide == []
    assert tuple(role) == (False, False, False)
    assert truncate is False  # TRUNCATE ignores RLS: the role must not have it


def test_rls_alone_hides_and_protects_other_namespaces(runtime, clock, ns):
    a, b = ns, ns + "-b"
    seed(runtime, clock, a)
    other_tenant(runtime, clock, b)
    engine = runtime.deps.engine
    with engine.connect() as c:
        tables = namespaced_tables(c)
    with engine.begin() as c:
        c.execute(text("SET LOCAL ROLE reverie_app"))
        c.execute(text("SELECT set_config('reverie.namespace', :a, true)"), {"a": a})
        for t in tables:
            # No application filter in the way: asking for B by name still finds nothing.
            assert c.execute(text(f'SELECT count(*) FROM "{t}" WHERE namespace = :b'),
                             {"b": b}).scalar() == 0, t
            assert c.execute(text(f'SELECT count(*) FROM "{t}" WHERE namespace IS DISTINCT '
                                  "FROM :a"), {"a": a}).scalar() == 0, t
        assert c.execute(text("SELECT count(*) FROM facts")).scalar() > 0  # A's own rows
        assert "Lisbon" not in json.dumps([list(map(str, r)) for r in c.execute(
            text("SELECT * FROM facts"))])
        # Writes: B's rows cannot be changed or deleted, nor rows be moved into B.
        assert c.execute(text("UPDATE facts SET object = 'hacked' WHERE namespace = :b"),
                         {"b": b}).rowcount == 0
        assert c.execute(text("DELETE FROM fragments WHERE namespace = :b"),
                         {"b": b}).rowcount == 0
        for sql in ("INSERT INTO audit_log (audit_id, namespace, user_id, actor, action, "
                    "target, at) VALUES ('x1', :b, 'u', 'evil', 'write', '', now())",
                    "UPDATE audit_log SET namespace = :b WHERE namespace = :a",
                    "TRUNCATE facts"):
            with pytest.raises(DBAPIError) as exc:
                with c.begin_nested():
                    c.execute(text(sql), {"a": a, "b": b})
            assert ("row-level security" in str(exc.value)
                    or "permission denied" in str(exc.value)), sql
    with engine.begin() as c:  # no namespace set: nothing at all
        c.execute(text("SET LOCAL ROLE reverie_app"))
        assert c.execute(text("SELECT count(*) FROM facts")).scalar() == 0
        assert c.execute(text("SELECT count(*) FROM sessions")).scalar() == 0
    assert objects_of(runtime, b, "u", "city") == ["Lisbon"]  # untouched


def test_a_scoped_unit_of_work_is_held_by_the_database(runtime, clock, ns):
    a, b = ns, ns + "-b"
    seed(runtime, clock, a)
    deps = runtime.deps
    with deps.unit_of_work(namespace=a) as uow:
        sid = uow.sessions.get(a, "u", "s1").sid
        assert uow.facts.current(a, "u")
    with deps.unit_of_work(namespace=b) as uow:
        # The stores are asked for A by name; the database answers for B only.
        assert uow.facts.current(a, "u") == []
        assert uow.facts.all_versions(a, "u") == []
        assert uow.profiles.get(a, "u") is None
        with pytest.raises(NotFound):
            uow.sessions.get_by_sid(sid)
    with pytest.raises(DBAPIError):
        with deps.unit_of_work(namespace=b) as uow:
            uow.audit.record(a, "u", "write", "smuggled", clock.now())
            uow.session.flush()
    with deps.unit_of_work(namespace="*") as uow:  # the admin scope sees both
        assert uow.sessions.get_by_sid(sid).namespace == a


# ---- the API across users and namespaces --------------------------------------------------
def _all_read_text(rt, ns, user) -> str:
    r, at = rt.reader, T0 + timedelta(days=1)
    parts = [str(r.current(ns, user)), str(r.history(ns, user)), str(r.as_of(ns, user, at)),
             str(r.believed_as_of(ns, user, at)), r.profile(ns, user),
             r.opening(ns, user, T0 + timedelta(days=3))]
    for q in SECRETS + ("where do I live", "What do you know about me?"):
        parts.append(render_context(rt.reader.recall(ns, user, q, k=10)))
    parts.append(json.dumps(export_user(rt.memory, ns, user)))
    return "\n".join(parts).lower()


def test_nothing_leaks_across_users_or_namespaces(runtime, clock, ns):
    rt = runtime
    seed(rt, clock, ns, "u")
    other_tenant(rt, clock, ns + "-b", "u")        # same user id, another namespace
    other_tenant(rt, clock, ns, "neighbour")       # another user, same namespace
    assert "munich" in _all_read_text(rt, ns, "u")  # the probe can see it where it is
    for probe_ns, probe_user in ((ns + "-b", "u"), (ns, "neighbour"), (ns, "nobody"),
                                 (ns + "-c", "u")):
        body = _all_read_text(rt, probe_ns, probe_user)
        for secret in SECRETS:
            assert secret.lower() not in body, (probe_ns, probe_user, secret)
    # Erasure is scoped the same way: erasing elsewhere leaves this user's data alone.
    forget(rt.memory, ns + "-b", "u", text="Munich")
    forget(rt.memory, ns, "neighbour", all=True)
    correct(rt.memory, ns + "-b", "u", "city", "Porto")
    assert objects_of(rt, ns, "u", "city") == ["Munich"]
    assert "peanuts" in objects_of(rt, ns, "u", "allergy")
    assert len(rt.deps.transcripts.list_user(ns, "u")) == 1


def test_the_cli_is_scoped_too(runtime, clock, ns, cli):
    seed(runtime, clock, ns, "u")
    other_tenant(runtime, clock, ns + "-b", "u")
    out = cli("export", ns + "-b", "u")
    assert out.exit_code == 0, out.output
    doc = json.loads(out.stdout)
    assert doc["namespace"] == ns + "-b" and doc["facts"]
    assert not any(s.lower() in out.stdout.lower() for s in SECRETS)
    out = cli("forget", ns + "-b", "u", "--all", "--yes")
    assert out.exit_code == 0, out.output
    assert objects_of(runtime, ns, "u", "city") == ["Munich"]
    assert objects_of(runtime, ns + "-b", "u", "city") == []


BAD_NAMESPACES = ["", " ", "a b", "x'; DROP TABLE facts; --", "*", "%", "../etc", "a" * 65,
                  "ns\x00", "Ω", "-lead", "a/b", "t' OR '1'='1"]


@pytest.mark.parametrize("bad", BAD_NAMESPACES)
def test_malformed_namespaces_are_refused_everywhere(runtime, clock, bad):
    rt, at = runtime, clock.now()
    r, m = rt.reader, rt.memory
    calls = [
        lambda: m.start_session(bad, "u", "s1", at),
        lambda: m.append_turn(bad, "u", "s1", "user", "hello", at),
        lambda: m.remember(bad, "u", "s1", InlineClaim(predicate="city", object="X")),
        lambda: m.end_session(bad, "u", "s1", at),
        lambda: r.current(bad, "u"), lambda: r.history(bad, "u"),
        lambda: r.as_of(bad, "u", at), lambda: r.believed_as_of(bad, "u", at),
        lambda: r.profile(bad, "u"), lambda: r.opening(bad, "u", at),
        lambda: r.recall(bad, "u", "anything"),
        lambda: export_user(m, bad, "u"),
        lambda: forget(m, bad, "u", text="anything"),
        lambda: forget(m, bad, "u", all=True),
        lambda: correct(m, bad, "u", "city", "X", at),
    ]
    for call in calls:
        with pytest.raises(InvalidInput):
            call()
    if bad != "*":  # "*" is the explicit admin scope of a unit of work, never a namespace
        with pytest.raises(InvalidInput):
            with rt.deps.unit_of_work(namespace=bad):
                pass
    with rt.deps.engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM sessions WHERE namespace = :b"),
                         {"b": bad.replace("\x00", "")}).scalar() == 0


@pytest.mark.parametrize("bad", ["x'; DROP TABLE facts; --", "*", ""])
def test_the_cli_refuses_malformed_namespaces(runtime, cli, bad):
    for args in (["export", bad, "u"], ["forget", bad, "u", "--text", "abc", "--yes"]):
        out = cli(*args)
        assert out.exit_code == 2, out.output
        assert "invalid namespace" in out.output
