"""The REST API over real HTTP: health, readiness, metrics, errors as problem documents,
the size limit, idempotency keys, quarantine review and the erasure receipt."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from datetime import timedelta

import httpx
import pytest

from scripts.bench.services import free_port
from tests.integration.service import client, served

PROBLEM = "application/problem+json"


@pytest.fixture
def api(runtime, ns):
    with served(runtime) as base:
        with client(base, runtime, ns) as c:
            yield c


def _session(c, user="u1", session="s1", *texts, clock=None):
    assert c.put(f"/v1/users/{user}/sessions/{session}").status_code == 200
    r = c.post(f"/v1/users/{user}/sessions/{session}/turns",
               json={"turns": [{"role": "user", "text": t} for t in texts]})
    assert r.status_code == 201, r.text
    if clock is not None:
        clock.set(clock.now() + timedelta(minutes=5))
    r = c.post(f"/v1/users/{user}/sessions/{session}/end")
    assert r.status_code == 202, r.text
    return r.json()


def test_health_readiness_and_metrics(api):
    assert api.get("/healthz").json() == {"status": "ok"}
    ready = api.get("/readyz")
    assert ready.status_code == 200
    assert ready.json()["checks"] == {"embedder": True, "database": True,
                                      "object_store": True}
    api.get("/v1/users/u1/facts")
    # The inspector is mounted on the same server (its pages refuse a bad link).
    assert api.get("/inspect/u/not-a-link/").status_code in (400, 403, 404)
    assert api.get("/inspect/static/htmx.min.js").status_code == 200
    text = api.get("/metrics").text
    assert ('reverie_http_request_duration_seconds_count{method="GET",'
            'route="/v1/users/{user}/facts",status="200"}') in text


def test_errors_are_problem_documents_that_say_what_to_do(api):
    r = httpx.get(str(api.base_url) + "/v1/users/u1/facts", timeout=30)
    assert r.status_code == 401 and r.headers["content-type"] == PROBLEM
    assert "reverie keys create" in r.json()["detail"]
    r = api.get("/v1/users/u1/facts", headers={"Authorization": "Bearer rv_nope_nope"})
    assert r.status_code == 401 and "unknown API key" in r.json()["detail"]
    r = api.post("/v1/users/u1/sessions/none/turns", json={"turns": [{"role": "user",
                                                                      "text": "hi"}]})
    assert r.status_code == 404 and r.headers["content-type"] == PROBLEM
    r = api.post("/v1/users/u1/sessions/s1/turns", json={"turns": [{"role": "robot",
                                                                    "text": "hi"}]})
    assert r.status_code == 422 and "turns.0.role" in r.json()["detail"]
    r = api.get("/v1/users/u1/facts", params={"history": "true",
                                               "valid_at": "2026-01-01T00:00:00Z"})
    assert r.status_code == 422 and "at most one" in r.json()["detail"]
    _session(api, "u1", "s1", "I live in Munich.")
    r = api.post("/v1/users/u1/sessions/s1/turns", json={"turns": [{"role": "user",
                                                                    "text": "more"}]})
    assert r.status_code == 409 and "start a new session" in r.json()["detail"]


def test_request_size_limit(api, runtime):
    limit = runtime.settings.max_request_bytes
    api.put("/v1/users/u1/sessions/s1")
    big = {"turns": [{"role": "user", "text": "x" * 40_000}] * (limit // 40_000 + 1)}
    r = api.post("/v1/users/u1/sessions/s1/turns", json=big)
    assert r.status_code == 413 and "REVERIE_MAX_REQUEST_BYTES" in r.json()["detail"]

    def chunks():  # no Content-Length: counted while read
        for _ in range(limit // 65_536 + 2):
            yield b" " * 65_536
    r = api.post("/v1/users/u1/sessions/s1/turns", content=chunks(),
                 headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert runtime.reader.history  # the server still answers after refusing
    assert api.get("/healthz").status_code == 200


def test_a_retried_write_with_an_idempotency_key_is_not_repeated(api, runtime, ns):
    api.put("/v1/users/u1/sessions/s1")
    body = {"turns": [{"role": "user", "text": "I live in Munich."}]}
    first = api.post("/v1/users/u1/sessions/s1/turns", json=body,
                     headers={"Idempotency-Key": "turn-1"})
    again = api.post("/v1/users/u1/sessions/s1/turns", json=body,
                     headers={"Idempotency-Key": "turn-1"})
    assert first.status_code == 201, first.text
    assert again.status_code == 201, again.text
    assert again.json() == first.json() and again.headers.get("idempotent-replayed") == "true"
    with runtime.deps.unit_of_work(namespace=ns) as uow:
        assert uow.sessions.get(ns, "u1", "s1").turn_count == 1
    other = api.post("/v1/users/u1/sessions/s1/turns", json={"turns": [
        {"role": "user", "text": "something else"}]}, headers={"Idempotency-Key": "turn-1"})
    assert other.status_code == 409 and "different request" in other.json()["detail"]
    # A failed request frees its key: the corrected retry runs.
    bad = api.post("/v1/users/u1/sessions/nope/turns", json=body,
                   headers={"Idempotency-Key": "turn-2"})
    assert bad.status_code == 404
    api.put("/v1/users/u1/sessions/nope")
    assert api.post("/v1/users/u1/sessions/nope/turns", json=body,
                    headers={"Idempotency-Key": "turn-2"}).status_code == 201


def test_import_facts_on_both_axes_explain_and_correct(api, clock):
    t0 = clock.now()
    r = api.post("/v1/users/u1/sessions:import", json={
        "session_id": "old", "turns": [
            {"role": "user", "text": "I live in Munich.", "at": t0.isoformat()},
            {"role": "assistant", "text": "Noted.", "at": (t0 + timedelta(seconds=5)).isoformat()}]})
    assert r.status_code == 202 and r.json()["turn_count"] == 2
    clock.set(clock.now() + timedelta(days=30))
    _session(api, "u1", "new", "I moved to Berlin.")
    current = api.get("/v1/users/u1/facts", params={"predicate": "city"}).json()
    assert [f["object"] for f in current] == ["Berlin"]
    then = api.get("/v1/users/u1/facts", params={"valid_at": (t0 + timedelta(days=1)).isoformat()})
    assert "Munich" in [f["object"] for f in then.json()]
    believed = api.get("/v1/users/u1/facts", params={"known_at": (t0 + timedelta(days=1)).isoformat()})
    assert [f["object"] for f in believed.json() if f["predicate"] == "city"] == ["Munich"]
    hist = api.get("/v1/users/u1/facts", params={"history": "true", "predicate": "city"}).json()
    assert {f["object"] for f in hist} == {"Munich", "Berlin"}
    why = api.get("/v1/users/u1/facts/city/explain").json()
    assert why[0]["object"] == "Berlin" and why[0]["status"] == "current"
    fixed = api.post("/v1/users/u1/corrections", json={"predicate": "city", "value": "Hamburg"})
    assert fixed.status_code == 200 and fixed.json()["decisions"]
    assert [f["object"] for f in api.get("/v1/users/u1/facts",
                                          params={"predicate": "city"}).json()] == ["Hamburg"]


def test_quarantine_review_and_the_erasure_receipt(api, clock):
    _session(api, "u1", "s1", "I live in Munich.")
    api.put("/v1/users/u1/sessions/s2")
    api.post("/v1/users/u1/sessions/s2/claims", json={"predicate": "access_role",
                                                       "object": "admin"})
    api.post("/v1/users/u1/sessions/s2/claims", json={"predicate": "city", "object": "Berlin",
                                                       "confidence": 0.3})
    assert api.post("/v1/users/u1/sessions/s2/end").status_code == 202
    held = {q["predicate"]: q for q in api.get("/v1/users/u1/quarantine").json()}
    assert set(held) == {"access_role", "city"}
    r = api.post(f"/v1/users/u1/quarantine/{held['access_role']['quarantine_id']}",
                 json={"action": "accept"})
    assert r.status_code == 422 and "privileges" in r.json()["detail"]
    r = api.post(f"/v1/users/u1/quarantine/{held['access_role']['quarantine_id']}",
                 json={"action": "reject"})
    assert r.status_code == 200 and r.json()["resolution"] == "rejected"
    r = api.post(f"/v1/users/u1/quarantine/{held['city']['quarantine_id']}",
                 json={"action": "accept"})
    assert r.status_code == 200 and r.json()["resolution"] == "accepted"
    assert [f["object"] for f in api.get("/v1/users/u1/facts",
                                          params={"predicate": "city"}).json()] == ["Berlin"]
    assert api.get("/v1/users/u1/quarantine").json() == []
    assert api.post("/v1/users/u1/quarantine/nope", json={"action": "reject"}).status_code == 404

    preview = api.post("/v1/users/u1/forget", json={"text": "Munich", "dry_run": True}).json()
    assert preview["dry_run"] and preview["counts"]["facts"] >= 1
    receipt = api.post("/v1/users/u1/forget", json={"text": "Munich"}).json()
    assert receipt["counts"]["transcripts_redacted"] == 1
    assert receipt["tombstone_ids"] and receipt["decision_id"]
    export = api.get("/v1/users/u1/export").json()
    assert "Munich" not in str(export)
    assert api.post("/v1/users/u1/forget", json={"text": "a", "all": True}).status_code == 422


def test_reverie_serve_is_ready_only_when_ready_and_stops_gracefully(database_url, tmp_path):
    port = free_port()
    env = dict(os.environ, DATABASE_URL=database_url, REVERIE_EMBEDDER="hash",
               REVERIE_OBJECT_STORE_URL=(tmp_path / "objects").as_uri())
    env.pop("BROKER_URL", None)
    log = open(tmp_path / "serve.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "scripts.cli", "serve", "--port", str(port),
                             "--data-dir", str(tmp_path), "--log-level", "info"], env=env, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        status = None
        while time.monotonic() < deadline:
            try:
                status = httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code
                if status == 200:
                    break
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        assert status == 200, (tmp_path / "serve.log").read_text()[-2000:]
        os.killpg(proc.pid, signal.SIGTERM)
        # uvicorn re-raises the signal once it shut down gracefully.
        assert proc.wait(30) in (0, -signal.SIGTERM)
        text = (tmp_path / "serve.log").read_text()
        assert "Application shutdown complete" in text and "Traceback" not in text, text
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


def test_keys_cli_create_list_revoke(database_url, tmp_path, runtime, ns):
    from api.keys import verify_key
    from schemas.errors import Unauthorized
    env = dict(os.environ, DATABASE_URL=database_url, REVERIE_EMBEDDER="hash",
               REVERIE_OBJECT_STORE_URL=(tmp_path / "objects").as_uri(), COLUMNS="200")

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "scripts.cli", "keys", *args,
                               "--data-dir", str(tmp_path)], env=env, capture_output=True,
                              text=True, timeout=120)
    made = cli("create", ns, "--label", "test assistant")
    assert made.returncode == 0, made.stderr
    key = made.stdout.strip()
    assert key.startswith("rv_") and verify_key(runtime.deps, key).namespace == ns
    prefix = key.split("_")[1]
    listed = cli("list", ns)
    assert prefix in listed.stdout and key not in listed.stdout
    assert cli("revoke", prefix).returncode == 0
    # Ask the database, not this process's cache of verified keys.
    runtime.deps.settings = runtime.settings.model_copy(update={"api_key_cache_s": 0})
    with pytest.raises(Unauthorized, match="revoked"):
        verify_key(runtime.deps, key)
    missing = cli("revoke", "no-such-key")
    assert missing.returncode == 2 and "reverie keys list" in missing.stderr
