"""The capture API on the real Postgres: clear errors, and nothing half-written or lost."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from infra.stores.objects import open_object_store
from schemas.errors import InvalidInput, NotFound, SessionClosed

T0 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _clock_after_the_turns(clock):
    """The turns below happened before now (a client's time later than now is refused)."""
    clock.set(T0 + timedelta(hours=1))


def _session(rt, ns, user="u1", sid="s1", turns=("I live in Oslo.", "Lovely.")):
    rt.deps.clock.set(T0 + timedelta(minutes=5))  # facts hold from their turn's time
    rt.memory.start_session(ns, user, sid, T0)
    for i, text in enumerate(turns):
        rt.memory.append_turn(ns, user, sid, "user" if i % 2 == 0 else "assistant", text,
                              T0 + timedelta(seconds=30 * i))


def test_end_writes_an_immutable_checksummed_transcript(runtime, ns):
    _session(runtime, ns)
    info = runtime.memory.end_session(ns, "u1", "s1", T0 + timedelta(minutes=1))
    assert info.state in ("ended", "consolidated")
    t = runtime.deps.transcripts.read(info.transcript_key, info.transcript_checksum)
    assert [x.text for x in t.turns] == ["I live in Oslo.", "Lovely."]
    assert runtime.deps.transcripts.list_user(ns, "u1") == [info.transcript_key]


def test_turn_after_end_is_refused(runtime, ns):
    _session(runtime, ns)
    runtime.memory.end_session(ns, "u1", "s1")
    with pytest.raises(SessionClosed, match="ended"):
        runtime.memory.append_turn(ns, "u1", "s1", "user", "late", T0)


def test_duplicate_end_event_is_a_clear_error_and_changes_nothing(runtime, ns):
    _session(runtime, ns)
    first = runtime.memory.end_session(ns, "u1", "s1")
    with pytest.raises(SessionClosed, match="already ended"):
        runtime.memory.end_session(ns, "u1", "s1")
    with runtime.deps.unit_of_work() as uow:
        again = uow.sessions.get(ns, "u1", "s1")
    assert again.transcript_key == first.transcript_key
    assert again.transcript_checksum == first.transcript_checksum


def test_unknown_session_is_not_found(runtime, ns):
    with pytest.raises(NotFound, match="start it first"):
        runtime.memory.append_turn(ns, "u1", "nope", "user", "hi", T0)
    with pytest.raises(NotFound):
        runtime.memory.end_session(ns, "u1", "nope")


def test_oversize_turn_is_refused_and_the_session_keeps_its_turns(runtime, ns):
    runtime.deps.settings.max_transcript_bytes = 2_000
    _session(runtime, ns)
    with pytest.raises(InvalidInput, match="transcript limit"):
        runtime.memory.append_turn(ns, "u1", "s1", "user", "x" * 5_000, T0)
    info = runtime.memory.end_session(ns, "u1", "s1")
    t = runtime.deps.transcripts.read(info.transcript_key)
    assert len(t.turns) == 2


@pytest.mark.parametrize("bad", ["", "acme'; DROP TABLE facts;--", "a b", "../x", "x" * 200,
                                 "ns\x00", "' OR 1=1 --"])
def test_hostile_namespaces_are_refused_before_any_query(runtime, bad):
    with pytest.raises(InvalidInput, match="invalid namespace"):
        runtime.memory.start_session(bad, "u1", "s1", T0)
    with pytest.raises(InvalidInput):
        runtime.reader.current(bad, "u1")


def test_bad_role_naive_time_and_nul_bytes_are_refused(runtime, ns):
    runtime.memory.start_session(ns, "u1", "s1", T0)
    with pytest.raises(InvalidInput, match="role"):
        runtime.memory.append_turn(ns, "u1", "s1", "robot", "hi", T0)
    with pytest.raises(InvalidInput, match="timezone"):
        runtime.memory.append_turn(ns, "u1", "s1", "user", "hi", datetime(2026, 1, 1))
    with pytest.raises(InvalidInput, match="NUL"):
        runtime.memory.append_turn(ns, "u1", "s1", "user", "a\x00b", T0)
    info = runtime.memory.end_session(ns, "u1", "s1")
    assert runtime.deps.transcripts.read(info.transcript_key).turns == ()


def test_hostile_text_is_stored_verbatim_not_executed(runtime, ns):
    text = "Robert'); DROP TABLE facts;-- <script>alert(1)</script> \u202e"
    _session(runtime, ns, turns=(text, "ok"))
    info = runtime.memory.end_session(ns, "u1", "s1")
    assert runtime.deps.transcripts.read(info.transcript_key).turns[0].text == text
    assert runtime.reader.current(ns, "u1") is not None


def test_transcripts_on_s3_over_http(settings, clock, s3_endpoint, ns):
    from api.runtime import start
    s = settings.model_copy(update={"object_store_url": f"s3://rev-{ns}/raw",
                                    "object_store_endpoint": s3_endpoint})
    rt = start(s, clock=clock)
    try:
        _session(rt, ns)
        info = rt.memory.end_session(ns, "u1", "s1")
        store = open_object_store(f"s3://rev-{ns}/raw", endpoint_url=s3_endpoint)
        assert store.list() == [info.transcript_key]
        assert rt.reader.current(ns, "u1", "city")[0].object == "Oslo"
    finally:
        rt.deps.dispose()
