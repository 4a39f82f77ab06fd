"""`reverie bench serve` end to end at a small scale: a real `reverie serve` process, the
context endpoint at two concurrency levels beside in-process Reader.recall, the ratio."""
from __future__ import annotations

from typer.testing import CliRunner

from scripts.cli import app


def test_bench_serve_reports_http_beside_in_process(settings, monkeypatch) -> None:
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    monkeypatch.setenv("DATABASE_ADMIN_URL", settings.database_admin_url)
    result = CliRunner().invoke(app, [
        "bench", "serve", "--items", "300", "--per-user", "100", "--queries", "12",
        "--clients", "1,4", "--embedder", "hash"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "context endpoint vs Reader.recall" in out and "p99 ratio" in out
    rows = [line for line in out.splitlines() if line.strip().startswith("│")]
    assert len(rows) == 2 and all("x" in r for r in rows)
    assert "degraded context answers: 0" in out
    # The server logs in as the application's ordinary role, as a deployment does.
    assert "the server's connections log in as: reverie_app_login\n" in out, out


def test_bench_serve_refuses_bad_levels(settings, monkeypatch) -> None:
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    result = CliRunner().invoke(app, ["bench", "serve", "--clients", "one"])
    assert result.exit_code != 0 and "--clients" in result.output
