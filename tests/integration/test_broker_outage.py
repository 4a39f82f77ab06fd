"""Session-end events survive a broker outage: a private Redis (no persistence) is killed,
or a RabbitMQ vhost of our own deleted, with events queued, and a publish fails while it is
down; `end_session` still succeeds, and
once it is back the sweeper sends the stranded events again, so a real worker consolidates
every session without the nightly batch."""
from __future__ import annotations

import os
import time
from datetime import timedelta

import pytest
from sqlalchemy import text

from scripts.bench.brokers import PrivateVhost
from scripts.bench.services import PrivateRedis
from tests.integration.test_worker import T0, _env, _publisher, _start_worker, _stop, _wait
from workers.triggers import sweep


@pytest.fixture(params=["redis", "rabbitmq"])
def broker(request):
    """A broker this test may take away: Redis always; RabbitMQ when one answers (skipped
    locally when none does or it cannot be administered, never in CI)."""
    if request.param == "redis":
        try:
            with PrivateRedis() as redis:
                yield redis
        except RuntimeError as exc:
            pytest.fail(str(exc))
        return
    amqp = request.getfixturevalue("amqp_url")
    try:
        vhost = PrivateVhost(amqp)
    except RuntimeError as exc:
        if os.environ.get("CI"):
            pytest.fail(str(exc))
        pytest.skip(str(exc))
    with vhost:
        yield vhost


def _end(rt, ns, sid, at):
    rt.memory.start_session(ns, "u1", sid, at)
    rt.memory.append_turn(ns, "u1", sid, "user", f"I live in Munich ({sid}).", at)
    return rt.memory.end_session(ns, "u1", sid, at + timedelta(minutes=1))


def _count(rt, ns, what: str) -> int:
    with rt.deps.unit_of_work(namespace=ns) as uow:
        return uow.session.execute(text(f"SELECT count(*) FROM {what}")).scalar()


def _states(rt, ns) -> dict[str, str]:
    with rt.deps.unit_of_work(namespace=ns) as uow:
        return dict(uow.session.execute(text("SELECT session_id, state FROM sessions")).all())


def test_events_lost_with_the_broker_are_sent_again_by_the_sweeper(database_url, broker,
                                                                  tmp_path, ns):
    env = _env(database_url, broker.url, tmp_path)
    rt = _publisher(env)
    worker = None
    try:
        _end(rt, ns, "queued", T0)  # its event waits in Redis ...
        broker.kill()  # ... and is lost with it
        ended = _end(rt, ns, "refused", T0 + timedelta(minutes=2))  # publish fails: no raise
        assert ended.state == "ended"
        assert _states(rt, ns) == {"queued": "ended", "refused": "ended"}
        broker.start()  # same place, empty
        worker = _start_worker(env, tmp_path, "w1")
        # Not yet due (5 minutes after each end): nothing is sent twice too early.
        sweep(rt.deps, T0 + timedelta(minutes=4))
        assert _states(rt, ns) == {"queued": "ended", "refused": "ended"}
        sweep(rt.deps, T0 + timedelta(minutes=9))  # both due: sent again
        _wait(lambda: set(_states(rt, ns).values()) == {"consolidated"}
              and _count(rt, ns, "checkpoints") == 8, 90,
              "the worker to take the re-sent sessions through every stage",
              [tmp_path / "w1.log"])
        assert _count(rt, ns, "facts WHERE retracted_at IS NULL") >= 1
        sweep(rt.deps, T0 + timedelta(hours=1))  # finished: nothing is sent again
        time.sleep(2)
        assert _count(rt, ns, "checkpoints") == 8  # four stages each, once: no duplicates
    finally:
        if worker is not None:
            _stop(worker)
        rt.deps.dispose()
