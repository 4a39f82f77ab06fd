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
