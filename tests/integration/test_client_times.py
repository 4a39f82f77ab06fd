"""Client times and empty turns: a time in the future (past the allowed skew) or before the
session's start is refused with a clear error and nothing written; ISO-8601 strings are
parsed; empty turns are refused."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from schemas.errors import InvalidInput

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def rt(runtime, ns):
    runtime.deps.clock.set(NOW)
    yield runtime
    # Nothing left open for another test's idle sweeper (the database is shared).
    runtime.deps.clock.set(NOW + timedelta(hours=1))
    with runtime.deps.unit_of_work() as uow:
        open_ = [s.session_id for s in uow.sessions.for_user(ns, "u1") if s.state == "open"]
    for sid in open_:
        runtime.memory.end_session(ns, "u1", sid)


def _turns(rt, ns, sid="s1"):
    with rt.deps.unit_of_work(namespace=ns) as uow:
        info = uow.sessions.get(ns, "u1", sid)
        return info, uow.sessions.buffered_turns(info.sid)


def test_a_far_future_turn_is_refused_and_nothing_written(rt, ns):
    rt.memory.start_session(ns, "u1", "s1", NOW - timedelta(minutes=10))
    with pytest.raises(InvalidInput, match=r"later than now .* allowed skew of 300 s"):
        rt.memory.append_turn(ns, "u1", "s1", "user", "I live in Oslo.",
                              datetime(3000, 1, 1, tzinfo=UTC))
    info, turns = _turns(rt, ns)
    assert turns == [] and info.last_activity_at < NOW + timedelta(days=1)
    # Within the skew is accepted: clients' clocks drift a little.
    rt.memory.append_turn(ns, "u1", "s1", "user", "I live in Oslo.", NOW + timedelta(seconds=60))


def test_the_allowed_skew_is_a_setting(rt, ns):
    rt.deps.settings = rt.deps.settings.model_copy(update={"max_clock_skew_s": 0.0})
    rt.memory.start_session(ns, "u1", "s1", NOW - timedelta(minutes=1))
    with pytest.raises(InvalidInput, match="allowed skew of 0 s"):
        rt.memory.append_turn(ns, "u1", "s1", "user", "hello there", NOW + timedelta(seconds=5))


def test_future_session_start_and_end_are_refused(rt, ns):
    with pytest.raises(InvalidInput, match="session start time 3000"):
        rt.memory.start_session(ns, "u1", "s1", "3000-01-01T00:00:00Z")
    rt.memory.start_session(ns, "u1", "s2", NOW - timedelta(minutes=5))
    rt.memory.append_turn(ns, "u1", "s2", "user", "I work at Globex.", NOW - timedelta(minutes=4))
    with pytest.raises(InvalidInput, match="session end time 3000"):
        rt.memory.end_session(ns, "u1", "s2", datetime(3000, 1, 1, tzinfo=UTC))
    with pytest.raises(InvalidInput, match="before the session's start"):
        rt.memory.end_session(ns, "u1", "s2", NOW - timedelta(hours=1))
    info, _ = _turns(rt, ns, "s2")
    assert info.state == "open"
    rt.memory.end_session(ns, "u1", "s2", NOW)


def test_a_turn_before_the_session_start_is_refused(rt, ns):
    rt.memory.start_session(ns, "u1", "s1", NOW - timedelta(minutes=10))
    with pytest.raises(InvalidInput, match="before the session's start"):
        rt.memory.append_turn(ns, "u1", "s1", "user", "hi", NOW - timedelta(days=2))


def test_iso_strings_are_parsed_or_refused_clearly(rt, ns):
    rt.memory.start_session(ns, "u1", "s1", "2026-06-01T11:50:00+00:00")
    turn = rt.memory.append_turn(ns, "u1", "s1", "user", "I moved to Bergen.",
                                 "2026-06-01T13:55:00+02:00")
    assert turn.at == datetime(2026, 6, 1, 11, 55, tzinfo=UTC)
    assert turn.at.utcoffset() == timedelta(hours=2)  # kept: the user's calendar day
    for bad, why in (("yesterday", "not ISO-8601"), ("2026-06-01T11:56:00", "no timezone"),
                     (1717243200, "datetime or an ISO-8601 string")):
        with pytest.raises(InvalidInput, match=why):
            rt.memory.append_turn(ns, "u1", "s1", "user", "hello", bad)


@pytest.mark.parametrize("text", ["", "   ", "\n\t \n"])
def test_empty_turns_are_refused(rt, ns, text):
    rt.memory.start_session(ns, "u1", "s1", NOW - timedelta(minutes=1))
    with pytest.raises(InvalidInput, match="empty"):
        rt.memory.append_turn(ns, "u1", "s1", "user", text)
    assert _turns(rt, ns)[1] == []


def test_a_long_pasted_turn_is_stored_whole(rt, ns):
    doc = "Clause. " * 12_000  # ~96k characters: a pasted contract
    rt.memory.start_session(ns, "u1", "s1", NOW - timedelta(minutes=1))
    turn = rt.memory.append_turn(ns, "u1", "s1", "user", "Here is my contract:\n" + doc)
    assert len(turn.text) > 90_000
    rt.memory.end_session(ns, "u1", "s1")
