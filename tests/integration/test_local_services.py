"""The Redis the benchmarks and tests use: the configured one, else a private server."""
from __future__ import annotations

import shutil

import pytest
import redis

from scripts.bench.services import free_port, redis_server


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server not installed")
def test_a_private_redis_is_started_when_nothing_answers_and_stopped_after():
    nothing_there = f"redis://127.0.0.1:{free_port()}/0"
    with redis_server(nothing_there) as url:
        assert url != nothing_there
        assert redis.Redis.from_url(url).ping()
    with pytest.raises(redis.exceptions.ConnectionError):
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()


def test_a_running_redis_is_used_as_it_is(redis_url):
    with redis_server(redis_url) as url:
        assert url == redis_url
