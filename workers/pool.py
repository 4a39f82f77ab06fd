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
"""
from __future__ import annotations

import structlog
from celery.concurrency.prefork import TaskPool

log = structlog.get_logger(__name__)


class RestartingPool(TaskPool):
    def did_start_ok(self) -> bool:
        codes = self._pool._join_exited_workers()  # reaps them: the pool is short of them
        if not codes:
            return True
        if all(code is not None and code < 0 for code in codes):  # killed by a signal
            log.warning("worker.pool_child_killed_at_start", exit_codes=codes,
                        action="forked again")
            self._pool._repopulate_pool(codes)
            return True
        return False
