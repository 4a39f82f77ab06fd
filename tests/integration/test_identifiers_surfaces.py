"""Trailing-newline identifiers are refused on the command line and over HTTP as well as in
the Python API (test_identifiers.py): `'u1\\n'` never reaches `'u1'`'s rows, and nothing is
written."""
from __future__ import annotations

import sys

import pytest
from sqlalchemy import text

from scripts.cli import main
from tests.integration.service import client, served

CLI = [["facts", "{ns}", "{u}"], ["profile", "{ns}", "{u}"], ["opening", "{ns}", "{u}"],
       ["recall", "{ns}", "{u}", "where do I live"], ["export", "{ns}", "{u}"],
       ["explain", "{ns}", "{u}", "city"], ["correct", "{ns}", "{u}", "city", "Oslo"],
       ["forget", "{ns}", "{u}", "--text", "Oslo", "--yes"], ["link", "{ns}", "{u}"],
       ["mcp", "--namespace", "{ns}", "--user", "{u}"]]


def _sessions(rt, ns) -> list[tuple]:
    with rt.deps.unit_of_work(namespace=ns) as uow:
        return [tuple(r) for r in uow.session.execute(text(
            "SELECT user_id, session_id, turn_count FROM sessions ORDER BY 1, 2")).all()]


def _facts(rt, ns) -> int:
    with rt.deps.unit_of_work(namespace=ns) as uow:
        return uow.session.execute(text("SELECT count(*) FROM facts")).scalar()


@pytest.mark.parametrize("args", CLI, ids=lambda a: a[0])
@pytest.mark.parametrize("which", ["namespace", "user"])
def test_the_cli_refuses_trailing_newline_ids(runtime, ns, database_url, tmp_path, args,
                                               which, monkeypatch, capsys):
    """Through `main`, as the `reverie` command runs: one line, status 2."""
    runtime.memory.start_session(ns, "u1", "s1")
    ids = {"ns": ns + "\n" if which == "namespace" else ns,
           "u": "u1\n" if which == "user" else "u1"}
    for key, value in {"DATABASE_URL": database_url, "REVERIE_EMBEDDER": "hash",
                       "OBJECT_STORE_URL": (tmp_path / "objects").as_uri(),
                       "REVERIE_LOG_LEVEL": "ERROR"}.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("BROKER_URL", raising=False)
    monkeypatch.setattr(sys, "argv", ["reverie", *(a.format(**ids) for a in args)])
    with pytest.raises(SystemExit) as exited:
        main()
    out = capsys.readouterr()
    assert exited.value.code == 2, out
    lines = [line for line in out.err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: invalid"), out
    assert _sessions(runtime, ns) == [("u1", "s1", 0)] and _facts(runtime, ns) == 0


@pytest.fixture
def http(runtime, ns):
    with served(runtime) as base:
        with client(base, runtime, ns) as c:
            yield c


HTTP = [("put", "/v1/users/{u}/sessions/{s}", None),
        ("post", "/v1/users/{u}/sessions/{s}/turns",
         {"turns": [{"role": "user", "text": "I live in Oslo."}]}),
        ("post", "/v1/users/{u}/sessions/{s}/claims",
         {"claims": [{"predicate": "city", "object": "Oslo"}]}),
        ("post", "/v1/users/{u}/sessions/{s}/end", None),
        ("get", "/v1/users/{u}/facts", None), ("get", "/v1/users/{u}/context?q=home", None),
        ("get", "/v1/users/{u}/export", None)]


def test_http_refuses_trailing_newline_ids(runtime, ns, http):
    runtime.memory.start_session(ns, "u1", "s1")
    refused = {}
    for method, path, body in HTTP:
        for u, s in (("u1%0A", "s1"), ("u1", "s1%0A"), ("u1%0D%0A", "s1")):
            if "{s}" not in path and s != "s1":
                continue
            r = getattr(http, method)(path.format(u=u, s=s),
                                      **({"json": body} if body is not None else {}))
            refused[(method, path, u, s)] = r.status_code
    assert {k: v for k, v in refused.items() if not 400 <= v < 500} == {}
    assert _sessions(runtime, ns) == [("u1", "s1", 0)] and _facts(runtime, ns) == 0


def test_an_api_key_is_never_made_for_a_trailing_newline_namespace(runtime, ns):
    from api.keys import create_key
    from schemas.errors import InvalidInput
    with pytest.raises(InvalidInput, match="invalid"):
        create_key(runtime.deps, ns + "\n")
