"""Local services for benchmarks and tests: a free port, and Redis (the one configured,
else a private redis-server on a free port)."""
from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def redis_server(url: str = "redis://127.0.0.1:6379/0") -> Iterator[str]:
    """`url` if a Redis answers there; else a private redis-server (no persistence) on a
    free port for the duration of the block. RuntimeError, saying what to install, when
    neither is possible."""
    import redis
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
        yield url
        return
    except redis.exceptions.ConnectionError:
        pass
    exe = shutil.which("redis-server")
    if exe is None:
        raise RuntimeError(f"no Redis answers at {url} and redis-server is not installed "
                           "(apt-get install redis-server, or set the URL of a running one)")
    port = free_port()
    proc = subprocess.Popen([exe, "--port", str(port), "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    private = f"redis://127.0.0.1:{port}/0"
    try:
        for _ in range(100):
            try:
                redis.Redis.from_url(private).ping()
                break
            except redis.exceptions.ConnectionError:
                time.sleep(0.05)
        yield private
    finally:
        proc.terminate()
        proc.wait(10)
