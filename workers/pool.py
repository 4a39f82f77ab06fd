"""The prefork pool `reverie worker` runs: a child killed while the pool starts is forked
again instead of taking the whole worker down.

Celery checks once, as its consumer starts, that no pool child has exited since the fork
(`did_start_ok`), and gives up with "Could not start worker processes" when one has; the
process then exits (non-zero, `scripts.cli.app.worker`) and a supervisor restarts it:
imports, migrations check, broker connection, a new pool, seconds each time. A child
killed by a signal in that window (the OOM killer, an operator, a fault injection) says
nothing about whether children can start, so it is replaced, as the pool replaces a child
that dies later. A child that exited by itself (its start-up failed: every fork would)
still fails the start, and the worker exits 1.

The check watches the children for `START_GRACE_S`: Celery's own looks once, and had that
window only by accident (mingle's wait for neighbours' replies, which `reverie worker`
turns off); without it a child whose start-up fails could die just after the look, and
the pool would fork such children for ever.
"""
from __future__ import annotations

import time

import structlog
from celery.concurrency.prefork import TaskPool

log = structlog.get_logger(__name__)
#: Seconds the start-up check watches the new pool children.
START_GRACE_S = 1.0


class RestartingPool(TaskPool):
    def did_start_ok(self) -> bool:
        deadline = time.monotonic() + START_GRACE_S
        while True:
            codes = self._pool._join_exited_workers()  # reaps them: the pool is short
            if codes and not all(code is not None and code < 0 for code in codes):
                return False  # a child exited by itself: children cannot start
            if codes:  # killed by a signal: fork others, and watch them too
                log.warning("worker.pool_child_killed_at_start", exit_codes=codes,
                            action="forked again")
                self._pool._repopulate_pool(codes)
            if time.monotonic() >= deadline:
                return True
            time.sleep(0.05)
