"""A small Python client for Reverie's HTTP API (`reverie serve`), on httpx.

    from reverie_client import Reverie
    memory = Reverie("http://127.0.0.1:8420", api_key="rv_...")
    memory.start_session("maria", "s1")
    memory.add_turns("maria", "s1", [("user", "I moved to Berlin.")])
    memory.end_session("maria", "s1")
    block = memory.context("maria", "where do I live?")   # block["text"] goes in the prompt

Errors come back as `ReverieError` carrying the server's problem document (its `detail`
says what to do). Writes send an Idempotency-Key, so `retries` never duplicate a turn.
"""
from __future__ import annotations

import time
import uuid
from collections.abc import Iterable, Sequence
from typing import Any

import httpx

__all__ = ["Reverie", "ReverieError"]


class ReverieError(Exception):
    """An error answer from the server (`status`, and `problem`: its problem document)."""

    def __init__(self, status: int, problem: dict) -> None:
        super().__init__(f"{status}: {problem.get('detail') or problem}")
        self.status = status
        self.problem = problem


class Reverie:
    """One API key's view of Reverie: every call acts in the key's namespace."""

    def __init__(self, base_url: str, api_key: str, *, timeout: float = 10.0,
                 retries: int = 2, transport: httpx.BaseTransport | None = None) -> None:
        self._http = httpx.Client(base_url=base_url.rstrip("/"), timeout=timeout,
                                  headers={"Authorization": f"Bearer {api_key}"},
                                  transport=transport)
        self.retries = retries

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Reverie:
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    # ---- transport -------------------------------------------------------------------
    def _call(self, method: str, path: str, *, json: Any = None, params: dict | None = None,
              write: bool = False) -> Any:
        headers = {"Idempotency-Key": str(uuid.uuid4())} if write else {}
        params = {k: v for k, v in (params or {}).items() if v is not None}
        for attempt in range(self.retries + 1):
            try:
                r = self._http.request(method, path, json=json, params=params,
                                       headers=headers)
            except httpx.TransportError:
                if attempt == self.retries:
                    raise
                time.sleep(0.2 * 2 ** attempt)
                continue
            if r.status_code == 503 and attempt < self.retries:
                time.sleep(0.2 * 2 ** attempt)
                continue
            if r.status_code >= 400:
                try:
                    problem = r.json()
                except ValueError:
                    problem = {"detail": r.text}
                raise ReverieError(r.status_code, problem)
            return r.json()
        raise AssertionError("unreachable")

    # ---- capture ---------------------------------------------------------------------
    def start_session(self, user: str, session: str, started_at: str | None = None) -> dict:
        return self._call("PUT", f"/v1/users/{user}/sessions/{session}",
                          json={"started_at": started_at}, write=True)

    def add_turns(self, user: str, session: str,
                  turns: Iterable[tuple[str, str] | dict]) -> list[dict]:
        """Turns as (role, text) pairs or dicts with role, text and optionally at, injected."""
        body = [t if isinstance(t, dict) else {"role": t[0], "text": t[1]} for t in turns]
        return self._call("POST", f"/v1/users/{user}/sessions/{session}/turns",
                          json={"turns": body}, write=True)["turns"]

    def remember(self, user: str, session: str, predicate: str, value: str,
                 **extra: Any) -> dict:
        return self._call("POST", f"/v1/users/{user}/sessions/{session}/claims",
                          json={"predicate": predicate, "object": value, **extra}, write=True)

    def end_session(self, user: str, session: str, ended_at: str | None = None) -> dict:
        return self._call("POST", f"/v1/users/{user}/sessions/{session}/end",
                          json={"ended_at": ended_at}, write=True)

    def import_session(self, user: str, session: str, turns: Sequence[tuple[str, str] | dict],
                       claims: Sequence[dict] = ()) -> dict:
        body = [t if isinstance(t, dict) else {"role": t[0], "text": t[1]} for t in turns]
        return self._call("POST", f"/v1/users/{user}/sessions:import", write=True, json={
            "session_id": session, "turns": body, "claims": list(claims)})

    # ---- read ------------------------------------------------------------------------
    def context(self, user: str, query: str, *, k: int | None = None,
                budget_tokens: int | None = None) -> dict:
        """The block for the prompt: profile, opening, memories and `text` (empty and
        `degraded` when memory cannot answer in time)."""
        return self._call("GET", f"/v1/users/{user}/context",
                          params={"query": query, "k": k, "budget_tokens": budget_tokens})

    def facts(self, user: str, *, predicate: str | None = None, valid_at: str | None = None,
              known_at: str | None = None, history: bool = False) -> list[dict]:
        return self._call("GET", f"/v1/users/{user}/facts", params={
            "predicate": predicate, "valid_at": valid_at, "known_at": known_at,
            "history": "true" if history else None})

    def explain(self, user: str, predicate: str) -> list[dict]:
        return self._call("GET", f"/v1/users/{user}/facts/{predicate}/explain")

    # ---- control ---------------------------------------------------------------------
    def correct(self, user: str, predicate: str, value: str = "", *,
                remove: bool = False) -> dict:
        return self._call("POST", f"/v1/users/{user}/corrections", write=True,
                          json={"predicate": predicate, "value": value, "remove": remove})

    def forget(self, user: str, **what: Any) -> dict:
        """One of text=, predicate= (+ object=), fact_id=, all=True; dry_run=True previews."""
        return self._call("POST", f"/v1/users/{user}/forget", json=what, write=True)

    def export(self, user: str) -> dict:
        return self._call("GET", f"/v1/users/{user}/export")

    def quarantine(self, user: str) -> list[dict]:
        return self._call("GET", f"/v1/users/{user}/quarantine")

    def review(self, user: str, quarantine_id: str, action: str) -> dict:
        return self._call("POST", f"/v1/users/{user}/quarantine/{quarantine_id}",
                          json={"action": action}, write=True)
