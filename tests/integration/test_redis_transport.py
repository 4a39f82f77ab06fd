"""The Redis transport that shares one client per channel (`workers.redis_transport`),
against a real Redis: every message published through the app is delivered once and
acked (nothing left unacked), and the clients made do not grow with the messages."""
from __future__ import annotations

import uuid

import pytest
import redis
from kombu import Connection, Consumer, Exchange, Producer, Queue

from workers.redis_transport import TRANSPORT, Channel


@pytest.fixture
def counted_clients(monkeypatch):
    """How many `redis.Redis` clients are made."""
    made = []
    init = redis.Redis.__init__

    def counting(self, *args, **kwargs):
        made.append(1)
        init(self, *args, **kwargs)
    monkeypatch.setattr(redis.Redis, "__init__", counting)
    return made


def _round_trip(url: str, transport: str | None, n: int) -> tuple[list[int], dict]:
    """Publish n messages, consume and ack them; the bodies received, and what the
    channel left in Redis (the queue, the unacked hash)."""
    name = f"reverie-transport-{uuid.uuid4().hex[:8]}"
    queue = Queue(name, Exchange(name, type="direct"), routing_key=name)
    got = []
    with Connection(url, transport=transport) as conn:
        channel = conn.channel()
        producer = Producer(channel, exchange=queue.exchange, routing_key=name)
        for i in range(n):
            producer.publish({"i": i}, declare=[queue], serializer="json")

        def on_message(body, message):
            got.append(body["i"])
            message.ack()
        with Consumer(channel, [queue], callbacks=[on_message], accept=["json"]):
            while len(got) < n:
                conn.drain_events(timeout=5)
        client = redis.Redis.from_url(url)
        left = {"queued": client.llen(name), "unacked": client.hlen(channel.unacked_key)}
        client.delete(name)
        channel.close()
    return got, left


def test_every_message_is_delivered_once_and_acked(redis_url):
    got, left = _round_trip(redis_url, TRANSPORT, 50)
    assert sorted(got) == list(range(50))
    assert left == {"queued": 0, "unacked": 0}


def test_clients_do_not_grow_with_the_messages(redis_url, counted_clients):
    """kombu's own transport makes a client per publish, delivery and ack; this one a
    fixed few per channel."""
    _round_trip(redis_url, None, 40)
    kombus = len(counted_clients)
    counted_clients.clear()
    _round_trip(redis_url, TRANSPORT, 40)
    ours = len(counted_clients)
    assert kombus >= 3 * 40  # the trap: kombu's transport does make one per command
    assert ours <= 10


def test_the_app_uses_it_for_redis(redis_url, settings):
    from workers.app import app, configure
    try:
        configure(settings.model_copy(update={"broker_url": redis_url}))
        with app.connection_for_write() as conn:
            assert isinstance(conn.default_channel, Channel)
    finally:
        configure(settings)
