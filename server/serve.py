"""Running the service on uvicorn: in the foreground (`reverie serve`), or in a thread of
this process (tests and benchmarks drive it over real loopback HTTP)."""
from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

#: Seconds in-flight requests get to finish on SIGTERM/SIGINT before connections close.
GRACEFUL_SHUTDOWN_S = 20


def app_from_environment():
    """Factory for worker processes (`--workers N`): settings from the environment."""
    from api.runtime import start
    from server.app import create_app
    return create_app(start(warm=False))


def run(app, *, host: str, port: int, workers: int = 1, log_level: str = "warning") -> None:
    """Serve until SIGTERM/SIGINT; in-flight requests finish, then the pool closes.

    With several workers each process builds its own app from the environment (the
    Runtime holds pools and threads that do not survive a fork)."""
    common = dict(host=host, port=port, log_level=log_level, access_log=False,
                  timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S, proxy_headers=False)
    if workers > 1:
        uvicorn.run("server.serve:app_from_environment", factory=True, workers=workers,
                    **common)
    else:
        uvicorn.run(app, **common)


@contextmanager
def serving(app, *, host: str = "127.0.0.1", port: int) -> Iterator[str]:
    """`app` served by uvicorn on a thread of this process; yields the base URL."""
    config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                            access_log=False, timeout_graceful_shutdown=5)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True, name="reverie-http")
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError(f"the HTTP server did not start on {host}:{port}")
        time.sleep(0.02)
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(15)
