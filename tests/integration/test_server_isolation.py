"""Isolation over HTTP: a key of namespace A reaches nothing of namespace B through any route
and method, whatever the request names; without a key every route is refused."""
from __future__ import annotations

from datetime import timedelta

import httpx
import pytest

from tests.integration.service import client, served

#: What a caller might try to name another namespace with: all ignored.
SMUGGLED = {"X-Reverie-Namespace": "{b}", "Namespace": "{b}"}


@pytest.fixture
def two_tenants(runtime, clock, ns):
    a, b = ns + "a", ns + "b"
    m = runtime.memory
    t0 = clock.now()
    clock.set(t0 + timedelta(hours=4))  # every time below is in the past of the clock
    m.start_session(b, "u1", "s1", t0)
    m.append_turn(b, "u1", "s1", "user", "I live in Munich and I work at Siemens.", t0)
    m.end_session(b, "u1", "s1", t0 + timedelta(minutes=1))
    m.start_session(b, "u1", "s2", t0 + timedelta(hours=1))
    m.append_turn(b, "u1", "s2", "user", "Munich is lovely in May.", t0 + timedelta(hours=1))
    from schemas.records import InlineClaim
    m.remember(b, "u1", "s2", InlineClaim(predicate="access_role", object="admin"))
    m.end_session(b, "u1", "s2", t0 + timedelta(hours=2))
    m.start_session(b, "u1", "s3", t0 + timedelta(hours=3))  # left open
    facts = runtime.reader.current(b, "u1")
    from api.quarantine import list_quarantined
    held = list_quarantined(m, b, "u1")
    assert facts and held
    return a, b, facts[0].fact_id, held[0]["quarantine_id"]


def _routes(fact_id: str, qid: str):
    """(method, path, params, json, expected status) for key A, aimed at B's ids."""
    u = "/v1/users/u1"
    turn = {"turns": [{"role": "user", "text": "hello"}]}
    return [
        ("POST", f"{u}/sessions/s3/turns", None, turn, 404),
        ("POST", f"{u}/sessions/s3/claims", None, {"predicate": "city", "object": "Oslo"}, 404),
        ("POST", f"{u}/sessions/s3/end", None, None, 404),
        ("PUT", f"{u}/sessions/s3", None, None, 200),  # A's own session of that name
        ("POST", f"{u}/sessions:import", None, {"session_id": "s1", **turn}, 202),
        ("GET", f"{u}/context", {"query": "where do I live and work?"}, None, 200),
        ("GET", f"{u}/facts", None, None, 200),
        ("GET", f"{u}/facts", {"history": "true"}, None, 200),
        ("GET", f"{u}/facts", {"valid_at": "2026-01-01T09:30:00Z"}, None, 200),
        ("GET", f"{u}/facts", {"known_at": "2026-01-02T00:00:00Z"}, None, 200),
        ("GET", f"{u}/facts/city/explain", None, None, 200),
        ("GET", f"{u}/quarantine", None, None, 200),
        ("POST", f"{u}/quarantine/{qid}", None, {"action": "accept"}, 404),
        ("POST", f"{u}/quarantine/{qid}", None, {"action": "reject"}, 404),
        ("POST", f"{u}/forget", None, {"fact_id": fact_id}, 404),
        ("POST", f"{u}/forget", None, {"text": "Munich"}, 200),
        ("POST", f"{u}/forget", None, {"predicate": "city", "object": "Munich"}, 200),
        ("POST", f"{u}/corrections", None, {"predicate": "city", "value": "Oslo"}, 200),
        ("GET", f"{u}/export", None, None, 200),
        ("POST", f"{u}/forget", None, {"all": True}, 200),
    ]


def _b_state(runtime, b) -> dict:
    from api.export import export_user
    doc = export_user(runtime.memory, b, "u1")
    doc.pop("exported_at")
    doc["audit_log"] = [r for r in doc["audit_log"] if r["action"] != "export"]
    return doc


def test_a_key_of_one_namespace_reaches_nothing_of_another(runtime, two_tenants):
    a, b, fact_id, qid = two_tenants
    before = _b_state(runtime, b)
    routes = _routes(fact_id, qid)
    with served(runtime) as base, client(base, runtime, a) as api:
        spec = api.get("/openapi.json").json()
        covered = {(m, p) for m, p, *_ in routes}
        documented = {(m.upper(), p) for p, ops in spec["paths"].items()
                      if p.startswith("/v1/") for m in ops}
        templated = {(m, p.replace("s3", "{session}").replace(qid, "{quarantine_id}")
                      .replace("/city/", "/{predicate}/").replace("u1", "{user}"))
                     for m, p in covered}
        assert templated == documented, "every route x method is in the table"
        headers = {k: v.format(b=b) for k, v in SMUGGLED.items()}
        for method, path, params, body, expected in routes:
            params = dict(params or {}, namespace=b)
            r = api.request(method, path, params=params, json=body, headers=headers)
            assert r.status_code == expected, (method, path, r.text)
            assert "Munich" not in r.text and "Siemens" not in r.text, (method, path, r.text)
        # Without a key every route is refused.
        for method, path, params, body, _ in routes:
            r = httpx.request(method, base + path, params=params, json=body, timeout=30)
            assert r.status_code == 401, (method, path)
    assert _b_state(runtime, b) == before, "B's data is exactly as it was"
    assert runtime.reader.current(b, "u1")


def test_a_revoked_key_is_refused_everywhere(runtime, two_tenants):
    from api.keys import create_key, revoke_key
    a, b, fact_id, qid = two_tenants
    key, secret = create_key(runtime.deps, b)
    revoke_key(runtime.deps, key.key_id)
    with served(runtime) as base:
        for method, path, params, body, _ in _routes(fact_id, qid):
            r = httpx.request(method, base + path, params=params, json=body, timeout=30,
                              headers={"Authorization": f"Bearer {secret}"})
            assert r.status_code == 401 and "revoked" in r.json()["detail"], (method, path)
    assert _b_state(runtime, b)["facts"]
