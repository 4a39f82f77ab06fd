"""`python -m tests.integration.doomed_worker [worker options]`: `reverie worker` whose
every pool child dies as it starts (the fault injection lives here, not in the product)."""
from __future__ import annotations

import os


def main() -> None:
    import sys

    from celery.signals import worker_process_init

    @worker_process_init.connect(weak=False)
    def _die(**_kw) -> None:
        os._exit(3)
    from scripts.cli.app import app
    app(["worker", *sys.argv[1:]])


if __name__ == "__main__":
    main()
