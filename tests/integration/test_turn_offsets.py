"""A turn's own UTC offset survives capture on the real Postgres: buffered, written to the
transcript, replayed, and the days its words name counted on the user's calendar."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from schemas.ids import session_key

PRAIRIE = timezone(timedelta(hours=-6))
TONGA = timezone(timedelta(hours=13))


def _capture(rt, clock, ns, sid, at, texts, user="u"):
    """The session's turns 30 s apart, all in `at`'s offset; the clock a minute on."""
    clock.set(at + timedelta(seconds=30 * len(texts) + 60))
    rt.memory.start_session(ns, user, sid, at)
    for i, text in enumerate(texts):
        rt.memory.append_turn(ns, user, sid, "user" if i % 2 == 0 else "assistant", text,
                              at + timedelta(seconds=30 * i))


def test_a_turn_keeps_its_offset_from_the_buffer_to_the_transcript(runtime, clock, ns):
    evening = datetime(2026, 3, 4, 21, 0, tzinfo=PRAIRIE)  # 03:00 UTC, the next day
    _capture(runtime, clock, ns, "s1", evening, ["I live in Brandon.", "Nice."])
    runtime.memory.append_turn(ns, "u", "s1", "user", "Still there.",
                               (evening + timedelta(minutes=1)).astimezone(UTC).isoformat())
    with runtime.deps.unit_of_work(namespace=ns) as uow:
        buffered = uow.sessions.buffered_turns(session_key(ns, "u", "s1"))
    assert [t.at.utcoffset() for t in buffered] == [timedelta(hours=-6)] * 2 + [timedelta(0)]
    assert buffered[0].at == evening and buffered[0].at.isoformat().endswith("-06:00")
    info = runtime.memory.end_session(ns, "u", "s1")
    assert info.ended_at.utcoffset() == timedelta(0)  # the session's own times stay UTC
    transcript = runtime.deps.transcripts.read(info.transcript_key, info.transcript_checksum)
    assert [t.at for t in transcript.turns] == [t.at for t in buffered]
    assert [t.at.utcoffset() for t in transcript.turns] == [timedelta(hours=-6)] * 2 + [
        timedelta(0)]


def test_a_plan_for_tomorrow_said_in_the_evening_west_of_utc_starts_on_the_users_tomorrow(
        runtime, clock, ns):
    evening = datetime(2026, 3, 4, 21, 0, tzinfo=PRAIRIE)  # Wednesday; UTC is at Thursday
    _capture(runtime, clock, ns, "s1", evening,
             ["I work at Keewatin Feeds. Big news: I start at Norwind Labs tomorrow.",
              "Congratulations!"])
    runtime.memory.end_session(ns, "u", "s1")
    r = runtime.reader
    norwind = [f for f in r.history(ns, "u", "employer") if f.object == "Norwind Labs"]
    assert [f.valid_from for f in norwind] == [datetime(2026, 3, 5, 6, 0, tzinfo=UTC)]
    # Thursday morning in Brandon: the new job holds (read UTC, it would start on Friday).
    clock.set(datetime(2026, 3, 5, 9, 0, tzinfo=PRAIRIE))
    assert [f.object for f in r.current(ns, "u", "employer")] == ["Norwind Labs"]
    assert [f.object for f in r.as_of(ns, "u", datetime(2026, 3, 4, 23, 0, tzinfo=PRAIRIE),
                                      "employer")] == ["Keewatin Feeds"]


def test_yesterday_said_in_the_morning_east_of_utc_is_the_users_yesterday(runtime, clock, ns):
    morning = datetime(2026, 3, 5, 8, 0, tzinfo=TONGA)  # Thursday; UTC is still Wednesday
    _capture(runtime, clock, ns, "s1", morning,
             ["We moved to Neiafu yesterday, the boxes are everywhere.", "Welcome!"])
    runtime.memory.end_session(ns, "u", "s1")
    city = runtime.reader.history(ns, "u", "city")
    assert [(f.object, f.valid_from) for f in city] == [
        ("Neiafu", datetime(2026, 3, 4, tzinfo=TONGA))]  # not Tuesday, the UTC yesterday
