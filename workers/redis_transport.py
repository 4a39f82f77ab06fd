"""kombu's Redis transport with one Redis client per channel instead of one per command.

kombu's Redis channel makes a new `redis.Redis` for every publish, every delivery's
unacked record and every ack (`Channel.conn_or_acquire` with no client given), about
0.1 ms of CPU each: five or more per session through the three stages, in a process whose
GIL 64 extraction threads share. The client made here is the same one kombu would make
(kombu's `_create_client`, on the channel's connection pool); it is made again when the
channel's pool is replaced (after a connection error). A `redis.Redis` over a connection
pool is safe to share between threads: each command takes a pooled connection, and
pipelines and transactions are new objects per call, as before.

Used for `redis://` broker URLs (`workers.app.configure`); RabbitMQ and other Redis
schemes keep kombu's own transport.
"""
from __future__ import annotations

from contextlib import contextmanager

from kombu.transport import redis as kombu_redis

#: Broker URL schemes served by this transport.
SCHEMES = ("redis",)
#: The Celery `broker_transport` setting that selects it.
TRANSPORT = f"{__name__}:Transport"


class Channel(kombu_redis.Channel):
    """A Redis channel that reuses one client for the commands it sends."""

    _shared_client = None

    @contextmanager
    def conn_or_acquire(self, client=None):
        if client:
            yield client
            return
        shared = self._shared_client
        if shared is None or shared.connection_pool is not self.pool:
            shared = self._shared_client = self._create_client()
        yield shared


class Transport(kombu_redis.Transport):
    """kombu's Redis transport on `Channel`."""

    Channel = Channel


def transport_for(broker_url: str | None) -> str | None:
    """The `broker_transport` for a broker URL: this transport for `redis://`, else None
    (the URL's scheme chooses, as kombu does)."""
    if broker_url and broker_url.split("://", 1)[0] in SCHEMES:
        return TRANSPORT
    return None
