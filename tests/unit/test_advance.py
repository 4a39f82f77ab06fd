"""`advance`: the fact rows a plan leaves, as the store writes them (what a dream batch plans
a user's next session against)."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from pipeline.reconcile import advance, close_fact, reconcile
from schemas.plan import CloseFact, InsertFact, Plan
from schemas.records import Claim, Fact

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
JAN = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def fact(fid: str, obj: str, *, since=JAN, retracted=None) -> Fact:
    return Fact(fact_id=fid, namespace="n", user_id="u", predicate="city", object=obj,
                cardinality="single", valid_from=since, asserted_at=since, source="stated",
                confidence=0.9, retracted_at=retracted)


def plan(*ops) -> Plan:
    return Plan(namespace="n", user_id="u", session_id="s", ops=ops)


def ids(rows) -> list[tuple[str, bool]]:
    return [(f.fact_id, f.retracted_at is None) for f in rows]


def test_insert_close_and_closed_copy():
    munich = fact("munich", "Munich")
    berlin = fact("berlin", "Berlin", since=NOW - timedelta(days=3))
    close = close_fact(munich, valid_to=berlin.valid_from, now=NOW)
    rows = advance([munich], plan(close, InsertFact(fact=berlin)))
    assert ids(rows) == [("munich", False), (close.closed_copy.fact_id, True),
                         ("berlin", True)]
    assert rows[1].valid_to == berlin.valid_from


def test_what_the_store_ignores_is_ignored():
    gone = fact("gone", "Oslo", retracted=JAN)
    again = fact("gone", "Oslo, again")  # an id the store already holds (retracted)
    rows = advance([gone], plan(InsertFact(fact=again),
                                CloseFact(fact_id="gone", predicate="city", object="Oslo",
                                          retracted_at=NOW, closed_copy=fact("copy", "Oslo")),
                                CloseFact(fact_id="never", predicate="city", object="X",
                                          retracted_at=NOW, closed_copy=None)))
    assert rows == [gone]


def test_times_come_back_in_utc_and_input_is_untouched():
    local = timezone(timedelta(hours=2))
    lisbon = fact("lisbon", "Lisbon", since=datetime(2026, 2, 1, 10, 0, tzinfo=local))
    before = [fact("munich", "Munich")]
    rows = advance(before, plan(InsertFact(fact=lisbon)))
    assert rows[1].valid_from.utcoffset() == timedelta(0)
    assert rows[1].valid_from.isoformat() == "2026-02-01T08:00:00+00:00"
    assert before == [fact("munich", "Munich")]


def test_planning_on_advanced_rows_equals_planning_after_writing():
    """Two sessions in a row: the second, planned on `advance` of the first, closes the
    city the first one set."""
    first = reconcile([Claim(predicate="city", object="Berlin", valid_from=JAN,
                             session_id="s1", turn=0)], [], namespace="n", user_id="u",
                      session_id="s1", now=NOW)
    rows = advance([], first)
    second = reconcile([Claim(predicate="city", object="Rome", valid_from=NOW,
                              session_id="s2", turn=0)],
                       [f for f in rows if f.valid_to is None], namespace="n", user_id="u",
                       session_id="s2", now=NOW, history=rows)
    assert [d.kind for d in second.decisions] == ["superseded"]
    closed = [op for op in second.ops if isinstance(op, CloseFact)]
    assert [c.object for c in closed] == ["Berlin"]
