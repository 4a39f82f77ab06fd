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


def _amqp_answers(url: str) -> bool:
    from kombu import Connection
    try:
        with Connection(url, connect_timeout=2) as conn:
            conn.ensure_connection(max_retries=1)
        return True
    except Exception:  # noqa: BLE001 — refused, auth, timeout: all mean "not usable"
        return False


@contextmanager
def rabbitmq_server(url: str = "amqp://guest:guest@127.0.0.1:5672//") -> Iterator[str]:
    """`url` if a RabbitMQ answers there; else a private rabbitmq-server (its own node
    name, ports and data folder) for the duration of the block. RuntimeError, saying what
    to install, when neither is possible."""
    if _amqp_answers(url):
        yield url
        return
    exe = shutil.which("rabbitmq-server")
    if exe is None:
        raise RuntimeError(f"no RabbitMQ answers at {url} and rabbitmq-server is not "
                           "installed (apt-get install rabbitmq-server, or set AMQP_URL)")
    import os
    import tempfile
    port = free_port()
    base = tempfile.mkdtemp(prefix="reverie-rabbitmq-")
    env = dict(os.environ, RABBITMQ_NODE_PORT=str(port), RABBITMQ_NODENAME=f"reverie{port}@localhost",
               RABBITMQ_DIST_PORT=str(free_port()), RABBITMQ_MNESIA_BASE=base,
               RABBITMQ_LOG_BASE=base, RABBITMQ_ENABLED_PLUGINS_FILE=f"{base}/plugins",
               RABBITMQ_CONFIG_FILE=f"{base}/rabbitmq", HOME=base)
    proc = subprocess.Popen([exe], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    private = f"amqp://guest:guest@127.0.0.1:{port}//"
    try:
        for _ in range(120):
            if _amqp_answers(private):
                break
            if proc.poll() is not None:
                raise RuntimeError(f"rabbitmq-server exited ({proc.returncode}); logs in {base}")
            time.sleep(0.5)
        else:
            raise RuntimeError(f"rabbitmq-server did not answer in 60 s; logs in {base}")
        yield private
    finally:
        import os as _os
        import signal
        try:
            _os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            _os.killpg(proc.pid, signal.SIGKILL)
        shutil.rmtree(base, ignore_errors=True)


class PrivateRedis:
    """A redis-server of our own on a free port, without persistence (like many managed
    setups), that a fault test can kill and start again on the same port: whatever it
    held is lost. Never the machine's shared Redis."""

    def __init__(self) -> None:
        exe = shutil.which("redis-server")
        if exe is None:
            raise RuntimeError("redis-server is not installed (apt-get install redis-server)")
        self._exe, self.port = exe, free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._proc: subprocess.Popen | None = None

    def start(self) -> PrivateRedis:
        import redis
        self._proc = subprocess.Popen(
            [self._exe, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                redis.Redis.from_url(self.url, socket_connect_timeout=0.2).ping()
                return self
            except redis.exceptions.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def kill(self) -> None:
        """SIGKILL: the queued messages are gone with it."""
        if self._proc is not None and self._proc.poll() is None:
            self._proc.kill()
            self._proc.wait(10)
        self._proc = None

    def __enter__(self) -> PrivateRedis:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.kill()
