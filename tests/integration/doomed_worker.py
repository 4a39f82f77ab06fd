"""`python -m tests.integration.doomed_worker [worker options]`: `reverie worker` whose
pool children die as they start (the fault injection lives here, not in the product).

`DOOMED=exit` (default): every child exits by itself (status 3), as a child whose start-up
fails would. `DOOMED=killed-once:PATH`: the first child SIGKILLs itself (PATH, created
once, says which child was first), as the OOM killer or an operator might; the others
live."""
from __future__ import annotations

import os
import signal


def main() -> None:
    import sys

    from celery.signals import worker_process_init
    mode = os.environ.get("DOOMED", "exit")

    @worker_process_init.connect(weak=False)
    def _die(**_kw) -> None:
        if mode == "exit":
            os._exit(3)
        marker = mode.partition(":")[2]
        try:
            os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return  # not the first child: it lives
        os.kill(os.getpid(), signal.SIGKILL)
    from scripts.cli.app import app
    app(["worker", *sys.argv[1:]])


if __name__ == "__main__":
    main()
