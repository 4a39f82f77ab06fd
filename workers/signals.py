"""Worker process signals: each forked child builds its own dependency bundle (database
connections must not cross a fork)."""
from __future__ import annotations

from celery.signals import worker_process_init

from infra.deps import set_deps


def install() -> None:
    @worker_process_init.connect(weak=False)
    def _fresh_deps(**_kw) -> None:
        set_deps(None)  # rebuilt on first use in the child, from the same environment
