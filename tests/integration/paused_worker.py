"""`python -m tests.integration.paused_worker STAGE SECONDS [worker options]`: `reverie
worker` with a pause inside STAGE's transaction, just before its checkpoints are written,
so a test can kill the worker there. The fault injection lives here, not in the product."""
from __future__ import annotations

import sys
import time

from infra.stores.runs import RunStore


def main() -> None:
    stage, seconds, *options = sys.argv[1:]
    real = RunStore.mark_done_many

    def paused(self, rows, done_stage, version, now):
        if done_stage == stage:
            time.sleep(float(seconds))
        return real(self, rows, done_stage, version, now)
    RunStore.mark_done_many = paused
    from scripts.cli.app import app
    app(["worker", *options])


if __name__ == "__main__":
    main()
