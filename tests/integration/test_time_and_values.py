"""Time and clean values on the real stack: a planned job switches on its date with no new
session, a dated plan expires by its own date, and every write path stores a clean value."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from api.admin import correct
from schemas.errors import InvalidInput
from schemas.records import InlineClaim
from workers.triggers import nightly_batch

T0 = datetime(2027, 9, 8, 16, 0, tzinfo=UTC)   # a Wednesday


def play(rt, clock, ns, sid, at, texts, user="u"):
    clock.set(at)
    rt.memory.start_session(ns, user, sid, at)
    for i, text in enumerate(texts):
        clock.set(at + timedelta(seconds=30 * i))
        rt.memory.append_turn(ns, user, sid, "user" if i % 2 == 0 else "assistant", text,
                              clock.now())
    return rt.memory.end_session(ns, user, sid)


def objects(facts):
    return [f.object for f in facts]


def test_a_planned_job_becomes_current_on_its_date_without_another_session(runtime, clock,
                                                                          ns):
    play(runtime, clock, ns, "s1", T0 - timedelta(days=200),
         ["I work at Pellwood Foods as a buyer.", "Nice."])
    play(runtime, clock, ns, "s2", T0,
         ["I handed in my notice last week. I start at Norwind Labs on the 20th.", "Good luck!"])
    r = runtime.reader
    clock.set(T0 + timedelta(days=1))
    assert objects(r.current(ns, "u", "employer")) == ["Pellwood Foods"]
    assert "Pellwood" in r.profile(ns, "u") and "Norwind" not in r.profile(ns, "u")
    clock.set(datetime(2027, 9, 25, 9, 0, tzinfo=UTC))
    assert objects(r.current(ns, "u", "employer")) == ["Norwind Labs"]
    profile = r.profile(ns, "u")
    assert "Norwind" in profile and "Pellwood" not in profile
    assert objects(r.history(ns, "u", "employer")) == ["Pellwood Foods", "Norwind Labs"]
    assert objects(r.believed_as_of(ns, "u", T0 + timedelta(days=2), "employer")) == [
        "Pellwood Foods"]


def test_a_dated_plan_expires_by_its_date_not_by_processing_time(runtime, clock, ns):
    play(runtime, clock, ns, "s1", T0,
         ["I'm flying to Valletta on October 2 for a friend's wedding.", "Lovely!"])
    r = runtime.reader
    clock.set(datetime(2027, 10, 1, 12, 0, tzinfo=UTC))
    assert any("Valletta" in o for o in objects(r.current(ns, "u", "plan")))
    # Well inside the TTL counted from processing (14 days), but past the trip's date.
    after = datetime(2027, 10, 4, 3, 0, tzinfo=UTC)
    clock.set(after)
    assert r.current(ns, "u", "plan") == []
    nightly_batch(runtime.deps, after)
    with runtime.deps.unit_of_work() as uow:
        live = [i for i in uow.items.live_items(ns, "u") if i.predicate == "plan"]
    assert live == []


def test_an_undated_plan_expires_by_when_it_was_told_not_by_processing_time(runtime, clock,
                                                                          ns):
    """A session left open and dreamed three weeks later by the nightly batch: the plan's
    14-day TTL is counted from its turn, so it is gone by the next night, not in two weeks."""
    m = runtime.memory
    clock.set(T0)
    m.start_session(ns, "u", "s1", T0)
    m.append_turn(ns, "u", "s1", "user", "I'm planning to repaint the hallway this weekend.",
                  T0)
    m.append_turn(ns, "u", "s1", "assistant", "Nice.", T0 + timedelta(seconds=30))
    later = T0 + timedelta(days=21)
    clock.set(later)
    nightly_batch(runtime.deps, later)  # ends the idle session and consolidates it
    assert [f.object for f in runtime.reader.history(ns, "u", "plan")] == [
        "repaint the hallway"]
    nightly_batch(runtime.deps, later + timedelta(days=1))
    with runtime.deps.unit_of_work() as uow:
        assert [i for i in uow.items.live_items(ns, "u") if i.predicate == "plan"] == []
    clock.set(later + timedelta(days=1, hours=1))
    assert runtime.reader.current(ns, "u", "plan") == []


def test_remember_and_correct_validate_and_clean_the_value(runtime, clock, ns):
    clock.set(T0)
    m = runtime.memory
    m.start_session(ns, "u", "s1", T0)
    m.append_turn(ns, "u", "s1", "user", "Note where I work, please.", T0)
    with pytest.raises(InvalidInput, match="invalid predicate"):
        m.remember(ns, "u", "s1", InlineClaim(predicate="Employer!", object="Fjord Bank"))
    with pytest.raises(InvalidInput, match="empty value"):
        m.remember(ns, "u", "s1", InlineClaim(predicate="employer", object="\u202e\u202c"))
    m.remember(ns, "u", "s1", InlineClaim(predicate="employer",
                                          object="\u202eFjord\x1b[31m Bank now", turn=0))
    m.end_session(ns, "u", "s1", T0 + timedelta(minutes=1))
    clock.set(T0 + timedelta(hours=1))
    assert objects(runtime.reader.current(ns, "u", "employer")) == ["Fjord Bank"]
    correct(m, ns, "u", "city", "here in Tromsø\u2066", T0 + timedelta(hours=2))
    clock.set(T0 + timedelta(hours=3))
    assert objects(runtime.reader.current(ns, "u", "city")) == ["Tromsø"]
    with pytest.raises(InvalidInput, match="invalid predicate"):
        correct(m, ns, "u", "city name", "Oslo")


def test_a_lease_told_ahead_moves_the_city_on_its_day_not_before(runtime, clock, ns):
    play(runtime, clock, ns, "s1", T0 - timedelta(days=100),
         ["I live in Namur with my husband.", "Nice."])
    play(runtime, clock, ns, "s2", T0,
         ["We signed! The lease on our new place in Liège starts on 1 March next year.",
          "Congratulations!"])
    r = runtime.reader
    clock.set(T0 + timedelta(days=30))
    assert objects(r.current(ns, "u", "city")) == ["Namur"]
    clock.set(datetime(2028, 3, 2, 9, 0, tzinfo=UTC))
    assert objects(r.current(ns, "u", "city")) == ["Liège"]
