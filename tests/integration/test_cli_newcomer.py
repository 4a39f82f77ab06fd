"""What a newcomer hit on the CLI: --version, `correct --remove`, `db status | stop`, no
kombu warning on every command, metrics bound to loopback by default."""
from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta

import psutil
from typer.testing import CliRunner

from scripts.bench.services import free_port
from scripts.cli import app
from tests.conftest import ROOT

T0 = datetime(2026, 2, 3, 10, 0, tzinfo=UTC)


def _env(**extra) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("REVERIE_") and k not in ("BROKER_URL", "OBJECT_STORE_URL",
                                                         "DATABASE_URL")}
    env.update(REVERIE_EMBEDDER="hash", **extra)
    return env


def _cli(args: list[str], env: dict[str, str], timeout: float = 180):
    return subprocess.run([sys.executable, "-m", "scripts.cli", *args], cwd=ROOT, env=env,
                          text=True, capture_output=True, timeout=timeout)


def test_version():
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.startswith("reverie ")


def test_correct_removes_one_value_of_a_multi_valued_fact(runtime, ns, database_url, tmp_path):
    runtime.deps.clock.set(T0 + timedelta(hours=1))
    runtime.memory.start_session(ns, "u1", "s1", T0)
    runtime.memory.append_turn(ns, "u1", "s1", "user", "I'm allergic to peanuts.", T0)
    runtime.memory.append_turn(ns, "u1", "s1", "user", "I am also allergic to shellfish.",
                               T0 + timedelta(seconds=30))
    runtime.memory.end_session(ns, "u1", "s1", T0 + timedelta(minutes=1))
    env = {"DATABASE_URL": database_url, "REVERIE_EMBEDDER": "hash", "BROKER_URL": None,
           "OBJECT_STORE_URL": (tmp_path / "objects").as_uri()}
    refused = CliRunner().invoke(app, ["correct", ns, "u1", "allergy", "none"], env=env)
    assert refused.exit_code == 2 and "--remove" in refused.output
    removed = CliRunner().invoke(app, ["correct", ns, "u1", "allergy", "peanuts", "--remove"],
                                 env=env)
    assert removed.exit_code == 0, removed.output
    # The CLI ran on the wall clock: read as of then, not the test's fixed clock.
    runtime.deps.clock.set(datetime.now(UTC) + timedelta(minutes=1))
    left = sorted(f.object for f in runtime.reader.current(ns, "u1", "allergy"))
    assert left == ["shellfish"]


def test_no_kombu_hostname_warning_when_tasks_run_in_process(runtime, ns, caplog):
    """Every command that ends a session publishes its dream (in process without a broker):
    kombu warned "No hostname was supplied" each time."""
    runtime.deps.clock.set(T0 + timedelta(hours=1))
    runtime.memory.start_session(ns, "u1", "s1", T0)
    runtime.memory.append_turn(ns, "u1", "s1", "user", "I live in Oslo.", T0)
    with caplog.at_level(logging.WARNING, logger="kombu"):
        runtime.memory.end_session(ns, "u1", "s1", T0 + timedelta(minutes=1))
    assert [f.object for f in runtime.reader.current(ns, "u1", "city")] == ["Oslo"]
    assert not [r for r in caplog.records if "No hostname" in r.getMessage()]


def test_metrics_bind_loopback_unless_told_otherwise(database_url):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "scripts.cli", "metrics", "--port",
                             str(port)], cwd=ROOT, env=_env(DATABASE_URL=database_url),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        listening = []
        deadline = time.monotonic() + 120
        while not listening and time.monotonic() < deadline and proc.poll() is None:
            listening = [c.laddr.ip for c in psutil.Process(proc.pid).net_connections("tcp")
                         if c.status == psutil.CONN_LISTEN and c.laddr.port == port]
            time.sleep(0.2)
        assert listening == ["127.0.0.1"]
    finally:
        proc.terminate()
        proc.wait(20)


def test_db_status_and_stop_the_embedded_postgres(tmp_path):
    env = _env()
    data = str(tmp_path / "state")
    assert "not running" in _cli(["db", "status", "--data-dir", data], env).stdout
    try:
        migrated = _cli(["migrate", "--data-dir", data], env)
        assert migrated.returncode == 0, migrated.stderr[-2000:]
        assert "running (stop it" in _cli(["db", "status", "--data-dir", data], env).stdout
    finally:
        stopped = _cli(["db", "stop", "--data-dir", data], env)
    assert stopped.returncode == 0 and "stopped" in stopped.stdout, stopped.stderr[-2000:]
    assert "not running" in _cli(["db", "status", "--data-dir", data], env).stdout
