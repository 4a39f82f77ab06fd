"""Which broker URLs get the Redis transport that shares one client per channel."""
from __future__ import annotations

import pytest

from workers.redis_transport import TRANSPORT, transport_for


@pytest.mark.parametrize("url, expected", [
    ("redis://127.0.0.1:6379/0", TRANSPORT),
    ("redis://:secret@cache.internal:6380/3", TRANSPORT),
    # kombu's own transports: TLS and sockets parse their URLs differently, AMQP is not Redis
    ("rediss://cache.internal:6380/0", None),
    ("redis+socket:///run/redis.sock", None),
    ("sentinel://10.0.0.5:26379", None),
    ("amqp://guest:guest@127.0.0.1:5672//", None),
    ("memory://localhost//", None),
    (None, None),
])
def test_only_plain_redis_urls_take_the_shared_client_transport(url, expected):
    assert transport_for(url) == expected
