"""Our own scenario sets, written in other words than the dev set: a regression gate for the
extractor, the reconcile rules and recall. Full mode must pass nearly all of them, and
online mode must visibly lose the cases that need the end-of-session view."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from scripts.cli import app

SETS = Path(__file__).resolve().parents[1] / "scenarios"


def run_eval(tmp_path, mode: str, pg_server_url: str) -> dict:
    report = tmp_path / f"{mode}.json"
    result = CliRunner().invoke(
        app, ["eval", str(SETS / "paraphrased"), str(SETS / "paraphrased2"), "--mode", mode,
              "--report", str(report)],
        env={"BROKER_URL": None, "OBJECT_STORE_URL": None, "REVERIE_EMBEDDER": "hash",
             "REVERIE_LOG_LEVEL": "ERROR", "DATABASE_URL": pg_server_url})
    assert result.exit_code == 0, result.output
    return json.loads(report.read_text())["totals"]


def test_full_mode_passes_nearly_all_and_online_visibly_less(tmp_path, pg_server_url):
    full = run_eval(tmp_path, "full", pg_server_url)
    assert full["total"] > 200
    assert full["passed"] / full["total"] >= 0.97, full
    online = run_eval(tmp_path, "online", pg_server_url)
    assert online["passed"] < 0.8 * full["passed"], (online, full)
