"""Every request path runs on the application's login: the HTTP API (key verification,
capture, reads, corrections, export, erasure, readiness), the MCP tools over HTTP, the
operator's use cases behind the inspector, and the CLI's read commands. Each statement
any engine sends is recorded with its login while they run; the administrative login
sends none (the erasure's purge wish included: migration 0009).

A broker that nobody consumes takes the tasks, so what runs is the request path alone (in
process, eager tasks would run the pipeline, whose batches are the admin login's)."""
from __future__ import annotations

import asyncio
import uuid

import pytest
from sqlalchemy import Engine, event
from typer.testing import CliRunner

from api import operations
from api.keys import create_key
from infra.db.roles import APP_LOGIN
from tests.integration.service import served


@pytest.fixture
def brokered(settings, clock, redis_url):
    """The stack with a broker: a queue of its own that no worker reads."""
    import redis

    from api.runtime import start
    queue = f"reverie-logins-{uuid.uuid4().hex[:8]}"
    rt = start(settings.model_copy(update={"broker_url": redis_url, "queue": queue}),
               clock=clock)
    yield rt
    rt.deps.dispose()
    r = redis.Redis.from_url(redis_url)
    for key in r.scan_iter(f"{queue}*"):
        r.delete(key)
    start(settings, clock=clock).deps.dispose()  # the Celery app back to eager for others


class Statements:
    """(login, statement) of every statement any engine sends while recording."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []

    def __call__(self, conn, _cursor, statement, *_args) -> None:
        self.seen.append((conn.engine.url.username, " ".join(statement.split())[:200]))

    def admin(self) -> list[str]:
        return [s for login, s in self.seen if login != APP_LOGIN]


@pytest.fixture
def statements():
    rec = Statements()
    event.listen(Engine, "before_cursor_execute", rec)
    yield rec
    event.remove(Engine, "before_cursor_execute", rec)


def _http_paths(c) -> None:
    assert c.get("/readyz").status_code == 200
    assert c.put("/v1/users/u1/sessions/s1").status_code == 200
    r = c.post("/v1/users/u1/sessions/s1/turns",
               json={"turns": [{"role": "user", "text": "I live in Tallinn and keep bees."}]})
    assert r.status_code == 201, r.text
    assert c.post("/v1/users/u1/sessions/s1/claims",
                  json={"predicate": "city", "object": "Tallinn"}).status_code in (200, 201)
    assert c.post("/v1/users/u1/sessions/s1/end").status_code == 202
    for path in ("/v1/users/u1/context?query=where", "/v1/users/u1/facts",
                 "/v1/users/u1/facts/city/explain", "/v1/users/u1/quarantine",
                 "/v1/users/u1/export"):
        assert c.get(path).status_code == 200, (path, c.get(path).text)
    assert c.post("/v1/users/u1/forget", json={"text": "bees"}).status_code == 200


async def _mcp(url, headers) -> None:
    import httpx2
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client
    async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
        async with streamable_http_client(url, http_client=http) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                for name, args in [("remember_fact", {"predicate": "city", "value": "Riga"}),
                                   ("recall", {"query": "where?"}), ("list_facts", {}),
                                   ("get_profile", {})]:
                    assert not (await session.call_tool(name, args)).is_error, name


def test_request_paths_never_use_the_admin_login(brokered, ns, statements, monkeypatch):
    rt = brokered
    assert rt.deps.app_engine.url.username == APP_LOGIN
    _, key = create_key(rt.deps, ns)
    with served(rt) as base:
        import httpx
        statements.seen.clear()  # what start-up and warm-up sent is not a request's
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"},
                          timeout=30) as c:
            _http_paths(c)
        asyncio.run(_mcp(f"{base}/mcp", {"Authorization": f"Bearer {key}",
                                         "Reverie-User": "maria"}))
    for use_case in (operations.users, operations.namespaces, operations.health,
                     operations.dead_letters):
        use_case(rt.deps, ns)
    operations.user_sessions(rt.deps, ns, "u1")
    import importlib
    cli = importlib.import_module("scripts.cli.app")  # the module: the package exports `app`
    monkeypatch.setattr(cli, "_runtime", lambda *_a, **_k: rt)
    for args in (["facts", ns, "u1"], ["profile", ns, "u1"], ["opening", ns, "u1"],
                 ["recall", ns, "u1", "where"], ["explain", ns, "u1", "city"]):
        result = CliRunner().invoke(cli.app, args)
        assert result.exit_code == 0, (args, result.output)
    logins = {login for login, _ in statements.seen}
    assert APP_LOGIN in logins and len(statements.seen) > 50
    assert statements.admin() == []
    assert any("purge_wanted" in s for login, s in statements.seen)  # the erasure's wish


def test_the_app_login_may_touch_only_the_purge_wish(runtime):
    """Of `maintenance_runs` the application's login sees and writes the purge wish alone:
    not when a purge last ran or was tried (the sweeper's to judge)."""
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError
    with runtime.deps.engine.begin() as c:
        c.execute(text("INSERT INTO maintenance_runs VALUES ('purge_tried', now()) "
                       "ON CONFLICT (name) DO NOTHING"))
    with runtime.deps.app_engine.begin() as c:
        names = set(c.execute(text("SELECT name FROM maintenance_runs")).scalars())
        assert names <= {"purge_wanted"}
        assert c.execute(text("UPDATE maintenance_runs SET started_at = now() "
                              "WHERE name = 'purge_tried'")).rowcount == 0
    with pytest.raises(DBAPIError, match="row-level security|permission denied"):
        with runtime.deps.app_engine.begin() as c:
            c.execute(text("INSERT INTO maintenance_runs VALUES ('purge_erased', now())"))
    with pytest.raises(DBAPIError, match="permission denied"):
        with runtime.deps.app_engine.begin() as c:
            c.execute(text("DELETE FROM maintenance_runs"))


def test_a_wrong_key_learns_nothing_from_the_lookup(runtime, ns):
    """The lookup a request makes before its namespace is known answers a matching prefix
    and hash only; the application's login reads no key row without a namespace."""
    from sqlalchemy import text

    from api.keys import _hash
    key, full = create_key(runtime.deps, ns)
    secret = full[len("rv_"):].partition("_")[2]
    with runtime.deps.app_engine.begin() as c:
        ask = text("SELECT reverie_key_namespace(:p, :h)")
        assert c.execute(ask, {"p": key.prefix, "h": _hash(secret)}).scalar() == ns
        assert c.execute(ask, {"p": key.prefix, "h": _hash(secret + "x")}).scalar() is None
        assert c.execute(text("SELECT count(*) FROM api_keys")).scalar() == 0
