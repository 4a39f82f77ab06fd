"""Natural conversations of our own (tests/scenarios/natural: other people, places and
employers than the dev set; facts said in passing, traps beside them): full mode must keep
nearly all of them, and online mode — which never consolidates — must visibly lose some."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from scripts.cli import app

NATURAL = Path(__file__).resolve().parents[1] / "scenarios" / "natural"


def run_eval(tmp_path, mode: str, pg_server_url: str) -> dict:
    report = tmp_path / f"natural-{mode}.json"
    result = CliRunner().invoke(
        app, ["eval", str(NATURAL), "--mode", mode, "--report", str(report)],
        env={"BROKER_URL": None, "OBJECT_STORE_URL": None, "REVERIE_EMBEDDER": "hash",
             "REVERIE_LOG_LEVEL": "ERROR", "DATABASE_URL": pg_server_url})
    assert result.exit_code == 0, result.output
    return json.loads(report.read_text())


def test_natural_conversations_in_full_mode_and_online_less(tmp_path, pg_server_url):
    full = run_eval(tmp_path, "full", pg_server_url)
    totals = full["totals"]
    failed = [(s["name"], c) for s in full["scenarios"] for c in s["checks"] if not c["passed"]]
    assert totals["total"] >= 25
    assert totals["passed"] / totals["total"] >= 0.9, failed
    traps = [c for s in full["scenarios"] for c in s["checks"]
             if c["kind"] == "absent" or (c["kind"] == "profile" and c.get("must_exclude"))]
    assert traps and all(c["passed"] for c in traps), failed
    online = run_eval(tmp_path, "online", pg_server_url)["totals"]
    assert online["passed"] < totals["passed"], (online, totals)
