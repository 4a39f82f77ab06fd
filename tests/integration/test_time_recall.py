"""Time-aware recall of dated plans on the real stack: a plan whose date has passed is not
served as a memory item any more, even before the nightly expiry retires it."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

T0 = datetime(2027, 9, 8, 16, 0, tzinfo=UTC)   # a Wednesday


def _play(rt, clock, ns, texts):
    clock.set(T0)
    rt.memory.start_session(ns, "u", "s1", T0)
    for i, text in enumerate(texts):
        clock.set(T0 + timedelta(seconds=30 * i))
        rt.memory.append_turn(ns, "u", "s1", "user" if i % 2 == 0 else "assistant", text,
                              clock.now())
    rt.memory.end_session(ns, "u", "s1")


def _plan_items(rt, ns, query):
    return [h.text for h in rt.reader.recall(ns, "u", query, k=10).hits if h.predicate == "plan"]


def test_a_plan_past_its_date_is_not_recalled_as_upcoming(runtime, clock, ns):
    _play(runtime, clock, ns, ["I have a dentist appointment on September 20.", "Noted."])
    clock.set(datetime(2027, 9, 19, 9, 0, tzinfo=UTC))
    assert any("dentist" in t for t in _plan_items(runtime, ns, "dentist appointment"))
    clock.set(datetime(2027, 9, 22, 9, 0, tzinfo=UTC))   # no nightly run in between
    assert _plan_items(runtime, ns, "dentist appointment") == []  # not a stale cache either
