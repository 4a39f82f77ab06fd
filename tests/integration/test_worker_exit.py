"""A worker whose pool cannot start exits non-zero (it used to exit 0, so a supervisor that
restarts on failure left the node down)."""
from __future__ import annotations

import subprocess
import sys

from tests.integration.test_worker import _stop, broker_env  # noqa: F401


def test_a_worker_whose_pool_cannot_start_exits_non_zero(broker_env, tmp_path):  # noqa: F811
    log_path = tmp_path / "doomed.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "tests.integration.doomed_worker",
                                 "--concurrency=1", "--loglevel=INFO"], env=broker_env,
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        code = proc.wait(90)
    except subprocess.TimeoutExpired:
        _stop(proc)
        raise AssertionError("the worker kept running without a pool:\n"
                             + log_path.read_text()[-3000:]) from None
    text = log_path.read_text()
    assert code != 0, text[-3000:]
    assert "Could not start worker processes" in text


def test_a_pool_child_killed_at_start_is_forked_again(broker_env, tmp_path):  # noqa: F811
    """A child killed by a signal while the pool starts says nothing about whether children
    can start: the worker forks another and serves (it used to give up, exit 1, and wait
    for its supervisor to start it again from scratch)."""
    marker, log_path = tmp_path / "first-child", tmp_path / "killed.log"
    env = dict(broker_env, DOOMED=f"killed-once:{marker}")
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "tests.integration.doomed_worker",
                                 "--concurrency=1", "--loglevel=INFO"], env=env,
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        import time
        deadline = time.monotonic() + 90
        while "ready." not in log_path.read_text() and time.monotonic() < deadline:
            assert proc.poll() is None, log_path.read_text()[-3000:]
            time.sleep(0.2)
        time.sleep(2)  # past the start-up check, and a beat of the pool's maintenance
        text = log_path.read_text()
        assert proc.poll() is None, text[-3000:]
        assert marker.exists() and "ready." in text, text[-3000:]
        assert "Could not start worker processes" not in text
        import psutil
        assert len(psutil.Process(proc.pid).children()) == 1  # the pool is whole again
    finally:
        _stop(proc)


def _worker(tmp_path, **env) -> subprocess.CompletedProcess:
    """`reverie worker` from this checkout with only `env` configured."""
    import os
    from pathlib import Path
    base = {k: v for k, v in os.environ.items()
            if not k.startswith(("REVERIE_", "DATABASE_", "BROKER_URL", "OBJECT_STORE"))}
    return subprocess.run(
        [sys.executable, "-m", "scripts.cli", "worker", "--concurrency=1"],
        capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parents[2],
        env={**base, "REVERIE_DATA_DIR": str(tmp_path), "REVERIE_EMBEDDER": "hash",
             "REVERIE_LOG_LEVEL": "ERROR", "COLUMNS": "60", "REVERIE_METRICS_PORT": "0",
             "OBJECT_STORE_URL": (tmp_path / "objects").as_uri(), **env})


def _one_line(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, result.stdout + result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def test_a_worker_whose_broker_does_not_answer_exits_non_zero(database_url, tmp_path):
    line = _one_line(_worker(tmp_path, DATABASE_URL=database_url,
                             BROKER_URL="redis://:hunter2@127.0.0.1:1/0",
                             REVERIE_BROKER_START_TIMEOUT_S="2"))
    assert "cannot reach the broker at redis://:**@127.0.0.1:1/0 within 2 s" in line
    assert "hunter2" not in line and "fix BROKER_URL" in line


def test_a_worker_whose_database_does_not_answer_exits_non_zero(redis_url, tmp_path):
    line = _one_line(_worker(tmp_path, DATABASE_URL="postgresql://app@127.0.0.1:1/reverie",
                             BROKER_URL=redis_url))
    assert "cannot reach the database at 127.0.0.1:1/reverie" in line
