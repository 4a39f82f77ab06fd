"""Least privilege: the application logs in as an ordinary role, and no setting or statement
it can send shows it more than one namespace at a time; the all-namespaces scope works on
the administrative login alone.

(Which namespace a transaction declares is the application's to say, per request: the
database holds it to that one. Reading every tenant at once is what must be impossible.)"""
from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from infra.db.roles import APP_LOGIN, login_privileges
from tests.integration.test_isolation import namespaced_tables, other_tenant, seed

#: Attempts to widen the view: each runs in its own transaction on the application's login,
#: then every namespaced table is read. `{b}` is the other tenant's namespace.
ATTEMPTS = {
    "nothing set": [],
    "star, local": ["SELECT set_config('reverie.namespace', '*', true)"],
    "star, session": ["SELECT set_config('reverie.namespace', '*', false)"],
    "SET star": ["SET reverie.namespace = '*'"],
    "empty": ["SELECT set_config('reverie.namespace', '', true)"],
    "SET ROLE reverie_app, star": ["SET ROLE reverie_app", "SET reverie.namespace = '*'"],
    "RESET ROLE, star": ["SET ROLE reverie_app", "RESET ROLE",
                         "SET reverie.namespace = '*'"],
    "SET ROLE NONE, star": ["SET ROLE NONE", "SET reverie.namespace = '*'"],
    "role via set_config": ["SELECT set_config('role', 'reverie_admin', true)"],
    "SET ROLE reverie_admin": ["SET ROLE reverie_admin", "SET reverie.namespace = '*'"],
    "SET ROLE postgres": ["SET ROLE postgres"],
    "SESSION AUTHORIZATION": ["SET SESSION AUTHORIZATION postgres"],
    "row_security off": ["SET row_security = off"],
    "replication role": ["SET session_replication_role = replica"],
    "disable RLS": ["ALTER TABLE facts DISABLE ROW LEVEL SECURITY"],
    "drop policy": ["DROP POLICY reverie_tenant ON facts"],
    "new policy": ["CREATE POLICY open ON facts FOR SELECT USING (true)"],
    "grant admin": ["GRANT reverie_admin TO CURRENT_USER"],
    "SECURITY DEFINER": ["CREATE FUNCTION public.peek() RETURNS bigint LANGUAGE sql "
                         "SECURITY DEFINER AS 'SELECT count(*) FROM facts'"],
    "both names": ["SELECT set_config('reverie.namespace', '{a},{b}', true)"],
    "LIKE pattern": ["SELECT set_config('reverie.namespace', '%', true)"],
}


#: What the server answers to a statement the login may not send.
REFUSALS = ("permission denied", "must be owner", "must be superuser", "row-level security")


@pytest.fixture
def tenants(runtime, clock, ns):
    a, b = ns, ns + "-b"
    seed(runtime, clock, a)
    other_tenant(runtime, clock, b)
    return a, b


def test_the_application_login_is_an_ordinary_role(runtime):
    deps = runtime.deps
    assert deps.app_engine is not deps.engine
    assert deps.app_engine.url.username == APP_LOGIN
    assert login_privileges(deps.app_engine) == {"superuser": False, "bypassrls": False,
                                                 "admin": False}
    with deps.app_engine.connect() as c:
        owned = c.execute(text("SELECT count(*) FROM pg_class WHERE relowner = "
                               "(SELECT oid FROM pg_roles WHERE rolname = current_user)")
                          ).scalar()
        memberships = c.execute(text(
            "SELECT r.rolname FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid "
            "WHERE m.member = (SELECT oid FROM pg_roles WHERE rolname = current_user)")
        ).scalars().all()
        flags = c.execute(text("SELECT rolcreaterole, rolcreatedb, rolreplication "
                               "FROM pg_roles WHERE rolname = current_user")).one()
    assert owned == 0 and memberships == ["reverie_app"] and tuple(flags) == (False,) * 3
    assert login_privileges(deps.engine)["superuser"]  # the admin login is apart


def test_no_setting_or_statement_shows_the_app_login_more_than_one_namespace(runtime,
                                                                            tenants):
    a, b = tenants
    engine = runtime.deps.app_engine
    with engine.connect() as c:
        tables = namespaced_tables(c)
    outcomes, wide = {}, {}
    for attempt, statements in ATTEMPTS.items():  # one seeding for all: they are many
        with engine.connect() as c:
            try:
                with c.begin():
                    for sql in statements:
                        c.execute(text(sql.format(a=a, b=b)))
                    seen = {t: set(c.execute(text(f'SELECT DISTINCT namespace FROM "{t}"'))
                                 .scalars()) for t in tables}
            except DBAPIError as exc:
                message = str(exc.orig)
                assert any(m in message for m in REFUSALS), (attempt, message)
                outcomes[attempt] = "refused"
                continue
        outcomes[attempt] = "nothing"
        wide.update({(attempt, t): s for t, s in seen.items() if s})
    assert wide == {}
    assert outcomes["nothing set"] == outcomes["star, local"] == "nothing"
    assert outcomes["SET ROLE reverie_admin"] == outcomes["SESSION AUTHORIZATION"] == "refused"


def test_a_declared_namespace_is_the_only_one_the_app_login_sees(runtime, tenants):
    a, b = tenants
    with runtime.deps.app_engine.begin() as c:
        c.execute(text("SELECT set_config('reverie.namespace', :a, true)"), {"a": a})
        assert set(c.execute(text("SELECT DISTINCT namespace FROM facts")).scalars()) == {a}
        c.execute(text("RESET ROLE"))
        assert c.execute(text("SELECT count(*) FROM facts")).scalar() > 0
        assert c.execute(text("SELECT count(*) FROM facts WHERE namespace = :b"),
                         {"b": b}).scalar() == 0


def test_the_all_namespaces_scope_is_the_admin_logins_alone(runtime, tenants):
    a, b = tenants
    deps = runtime.deps
    with deps.unit_of_work(namespace="*") as uow:  # administrative: both
        spaces = set(uow.session.execute(text("SELECT DISTINCT namespace FROM sessions"))
                     .scalars())
    assert {a, b} <= spaces
    with deps.unit_of_work(namespace=a) as uow:  # a request path: the app login, its own
        assert uow.session.execute(text("SELECT current_user")).scalar() == "reverie_app"
        assert uow.session.execute(text("SELECT session_user")).scalar() == APP_LOGIN
        uow.session.execute(text("SELECT set_config('reverie.namespace', '*', true)"))
        assert uow.session.execute(text("SELECT count(*) FROM sessions")).scalar() == 0
