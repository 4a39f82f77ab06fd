"""The nightly batch goes on past a session it cannot dream: another user's ended session
whose transcript is gone stays pending (and is logged), and expiry still runs for every
user. In process the dream runs inside the publish, so before the fix its error stopped the
batch before any expiry."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from api.runtime import start
from tests.integration.test_time_and_values import T0, play
from workers.triggers import nightly_batch


def test_a_session_that_cannot_be_dreamed_does_not_stop_expiry(runtime, settings, clock, ns):
    online = start(settings.model_copy(update={"mode": "online"}), clock=clock)  # no dream
    try:
        play(online, clock, ns, "s0", T0 - timedelta(days=3), ["I live in Lisbon.", "Nice."],
             user="other")
    finally:
        online.deps.dispose()
    with runtime.deps.unit_of_work() as uow:
        (lost,) = [s for s in uow.sessions.pending() if s.namespace == ns]
    (Path(settings.data_dir) / "objects" / lost.transcript_key).unlink()  # its object lost
    play(runtime, clock, ns, "s1", T0,
         ["I'm flying to Valletta on October 2 for a friend's wedding.", "Lovely!"])
    after = datetime(2027, 10, 4, 3, 0, tzinfo=UTC)
    clock.set(after)
    report = nightly_batch(runtime.deps, after)
    assert report["pending"] >= 1
    with runtime.deps.unit_of_work() as uow:
        live = [i for i in uow.items.live_items(ns, "u") if i.predicate == "plan"]
        still = [s.sid for s in uow.sessions.pending() if s.namespace == ns]
    assert live == []            # the plan past its date expired all the same
    assert still == [lost.sid]   # the session it could not dream waits for the next run
