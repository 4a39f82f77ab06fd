"""The Munich -> Berlin story end to end over HTTP: a real uvicorn server publishes each
session's end to Redis, and a real Celery worker process consolidates it."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.integration.service import client, served
from tests.integration.test_worker import _start_worker, _stop, _wait, broker_env  # noqa: F401

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _runtime(env):
    from api.runtime import start
    from infra.settings import Settings
    return start(Settings(database_url=env["DATABASE_URL"], broker_url=env["BROKER_URL"],
                          queue=env["REVERIE_QUEUE"], embedder="hash",
                          object_store_url=env["REVERIE_OBJECT_STORE_URL"],
                          task_time_limit_s=8, visibility_timeout_s=10))


def _state(api, session: str) -> str | None:
    export = api.get("/v1/users/maria/export").json()
    return next((s["state"] for s in export["sessions"] if s["session_id"] == session), None)


def _session(api, session: str, at: datetime, *turns: tuple[str, str]) -> None:
    assert api.put(f"/v1/users/maria/sessions/{session}",
                   json={"started_at": at.isoformat()}).status_code == 200
    body = {"turns": [{"role": role, "text": text,
                       "at": (at + timedelta(seconds=10 * i)).isoformat()}
                      for i, (role, text) in enumerate(turns)]}
    assert api.post(f"/v1/users/maria/sessions/{session}/turns", json=body,
                    headers={"Idempotency-Key": f"{session}-turns"}).status_code == 201
    ended = api.post(f"/v1/users/maria/sessions/{session}/end",
                     json={"ended_at": (at + timedelta(minutes=5)).isoformat()})
    assert ended.status_code == 202 and ended.json()["state"] == "ended"


def test_munich_to_berlin_over_http_with_a_celery_worker(broker_env, tmp_path, ns):
    worker = _start_worker(broker_env, tmp_path, "w-http")
    rt = _runtime(broker_env)
    logs = [tmp_path / "w-http.log"]
    try:
        with served(rt) as base, client(base, rt, ns) as api:
            _session(api, "s1", T0, ("user", "I live in Munich and I'm allergic to peanuts."),
                     ("assistant", "Noted, Munich and no peanuts."))
            _wait(lambda: _state(api, "s1") == "consolidated", 90, "the first session", logs)
            facts = api.get("/v1/users/maria/facts").json()
            assert {("city", "Munich"), ("allergy", "peanuts")} <= {
                (f["predicate"], f["object"]) for f in facts}

            moved = T0 + timedelta(days=40)
            ctx = api.get("/v1/users/maria/context", params={"query": "any plans?"}).json()
            assert "Munich" in ctx["text"] and not ctx["degraded"]
            _session(api, "s2", moved, ("user", "I moved to Berlin."),
                     ("assistant", "Berlin, nice."))
            _wait(lambda: _state(api, "s2") == "consolidated", 90, "the second session", logs)

            city = api.get("/v1/users/maria/facts", params={"predicate": "city"}).json()
            assert [f["object"] for f in city] == ["Berlin"]
            then = api.get("/v1/users/maria/facts", params={
                "predicate": "city", "valid_at": (T0 + timedelta(days=1)).isoformat()}).json()
            assert [f["object"] for f in then] == ["Munich"]
            history = api.get("/v1/users/maria/facts",
                              params={"predicate": "city", "history": "true"}).json()
            assert {f["object"] for f in history} == {"Munich", "Berlin"}
            ctx = api.get("/v1/users/maria/context",
                          params={"query": "where do I live?", "k": 3}).json()
            assert "Berlin" in ctx["profile"] and "Munich" not in ctx["profile"]
            assert any("Berlin" in m["text"] for m in ctx["memories"])
            assert all(m["sources"] for m in ctx["memories"])  # provenance on every memory
            why = api.get("/v1/users/maria/facts/city/explain").json()
            assert [e["status"] for e in why[:2]] == ["current", "past (closed)"]
        assert "dream.session.v1" in logs[0].read_text()
    finally:
        _stop(worker)
        rt.deps.dispose()
