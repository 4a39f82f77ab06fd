"""Start-up failures an operator can act on: one line that says what to do, exit code 2,
no traceback, nothing written. Through the real `reverie` command, as a subprocess."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from scripts.bench.services import free_port

REVERIE = Path(sys.executable).with_name("reverie")
#: A PostgreSQL 15 without pgvector on this machine (the one the issue names).
NO_VECTOR_URL = "postgresql://postgres@127.0.0.1:5432/test"


def _reverie(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items()
            if not k.startswith(("REVERIE_", "DATABASE_URL", "BROKER_URL", "OBJECT_STORE"))}
    return subprocess.run([str(REVERIE), *args], capture_output=True, text=True, timeout=120,
                          env={**base, "REVERIE_DATA_DIR": str(tmp_path),
                               "REVERIE_EMBEDDER": "hash", "COLUMNS": "60",
                               # Warnings (a superuser login) are logs, not the error line.
                               "REVERIE_LOG_LEVEL": "ERROR", **env})


def _one_line_error(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr + result.stdout, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def _no_vector_server() -> psycopg.Connection:
    try:
        return psycopg.connect(NO_VECTOR_URL, connect_timeout=3, autocommit=True)
    except psycopg.OperationalError:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no Postgres without pgvector answers at {NO_VECTOR_URL}")


def _public_tables(conn: psycopg.Connection) -> list[str]:
    return [r[0] for r in conn.execute(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]


def test_a_postgres_without_pgvector_is_refused_with_what_to_do(tmp_path):
    with _no_vector_server() as conn:
        if conn.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'").fetchone():
            pytest.skip(f"the server at {NO_VECTOR_URL} has pgvector now")
        before = _public_tables(conn)
        line = _one_line_error(_reverie(tmp_path, "migrate", DATABASE_URL=NO_VECTOR_URL))
        assert "pgvector" in line and "127.0.0.1:5432/test" in line
        assert "install pgvector" in line and "unset DATABASE_URL" in line
        assert _public_tables(conn) == before  # refused before any migration ran


def test_an_unreachable_database_is_one_line(tmp_path):
    url = f"postgresql://postgres@127.0.0.1:{free_port()}/reverie"
    line = _one_line_error(_reverie(tmp_path, "facts", "acme", "u1", DATABASE_URL=url))
    assert "cannot reach the database at 127.0.0.1:" in line
    assert "start Postgres there or fix DATABASE_URL" in line


def test_an_unreachable_object_store_is_one_line(tmp_path, database_url):
    endpoint = f"http://127.0.0.1:{free_port()}"
    line = _one_line_error(_reverie(
        tmp_path, "migrate", DATABASE_URL=database_url, OBJECT_STORE_URL="s3://b",
        OBJECT_STORE_ENDPOINT=endpoint, AWS_ACCESS_KEY_ID="x", AWS_SECRET_ACCESS_KEY="x"))
    assert f"object store bucket 'b' at {endpoint}" in line
    assert "fix OBJECT_STORE_URL / OBJECT_STORE_ENDPOINT" in line
