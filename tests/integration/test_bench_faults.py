"""`reverie bench faults` in its fast form: a few sessions through a private Redis to two
real workers while worker processes are SIGKILLed, the broker is killed and restarted, and
the embedded Postgres is stopped and then frozen; compared row for row with a clean run.

What it holds (the issue's checks, small): nothing lost or doubled; no permanent failure
and no dead letter although the database went away under the workers; `end_session` never
raised; every session consolidated without the nightly batch, none in a state its
checkpoints disagree with; every worker that exited by itself exited non-zero."""
from __future__ import annotations

import shutil

import pytest

from scripts.bench.faults import Options, run


@pytest.mark.slow
def test_faults_fast_form_loses_nothing_and_fails_nothing_for_good(tmp_path):
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is not installed (scripts/test.sh installs it)")
    f = run(Options(users=2, sessions=2, turns=6, kills=6, pg_stop_s=3, pg_freeze_s=2),
            say=lambda *_: None)
    assert (f["lost"], f["duplicated"], f["identical"]) == (0, 0, True), f["tables"]
    assert f["pg_down_s"] >= 3 and f["pg_frozen_processes"] > 1  # the outage happened
    assert (f["permanent_failures"], f["dead_letters"], f["dead_letter_writes_failed"]) == \
        (0, 0, 0)
    assert f["end_raised"] == 0 and f["unconsolidated"] == 0
    assert f["states_disagreeing"] == 0
    assert f["stranded_consolidated_s"] is not None
    assert f["kills_main"] + f["kills_child"] == 6
    assert all(code != 0 for code in f["worker_exits"]), f["worker_exits"]
