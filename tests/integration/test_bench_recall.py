"""`reverie bench recall` end to end at a small scale: it loads its own database, times
every path (the bare query, the floor over both memories, the assistant's path, the whole
Reader.recall), reports the ratios and the targets, and drops what it loaded."""
from __future__ import annotations

import psycopg
from typer.testing import CliRunner

from scripts.cli import app


def _databases(url: str) -> set[str]:
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://", 1)) as c:
        return {r[0] for r in c.execute("SELECT datname FROM pg_database")}


def test_bench_recall_times_every_path_and_drops_its_database(settings, monkeypatch) -> None:
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    monkeypatch.setenv("DATABASE_ADMIN_URL", settings.database_admin_url)
    result = CliRunner().invoke(app, [
        "bench", "recall", "--items", "3000", "--per-user", "100", "--fragments-per-user",
        "20", "--queries", "40", "--warmup", "5", "--server", "10", "--explain", "--drop"])
    assert result.exit_code == 0, result.output
    out = result.output
    for label in ("bare pgvector top-10", "floor: items + fragments", "textbook hybrid",
                  "assistant path", "Reader.recall, cache miss", "inside Postgres"):
        assert label in out, label
    assert "system: target p99 < 5 ms" in out and "within 1.5x of bare p99" in out
    assert "floor (both memories read, no ranking)" in out
    assert "Execution Time" in out  # --explain: the bare query's plan
    hits = float(out.split("mean hits returned")[1].split()[0])
    assert hits > 0  # the assistant's path answered (k = 5, plus pinned constraints)
    assert "dropped database reverie_bench" in out
    assert "reverie_bench" not in _databases(settings.database_url)


def test_bench_recall_refuses_fewer_items_than_one_user_holds(settings, monkeypatch) -> None:
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    monkeypatch.setenv("DATABASE_ADMIN_URL", settings.database_admin_url)
    result = CliRunner().invoke(app, ["bench", "recall", "--items", "10", "--per-user", "100"])
    assert result.exit_code != 0
    assert "--items >= --per-user" in result.output
