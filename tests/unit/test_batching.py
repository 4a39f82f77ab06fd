"""Which sessions a dream batch takes: the event's user first, other users whole."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from pipeline.batching import Pending, fair_share, pick_batch

T0 = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)


def p(sid: str, user: str, minute: int | None) -> Pending:
    return Pending(sid, user, None if minute is None else T0 + timedelta(minutes=minute))


def sids(batch) -> list[str]:
    return [x.sid for x in batch]


A1, A2, A3 = p("a1", "a", 1), p("a2", "a", 4), p("a3", "a", 7)
B1, B2 = p("b1", "b", 2), p("b2", "b", 5)
C1 = p("c1", "c", 3)


@pytest.mark.parametrize("trigger, others, size, expected", [
    # the trigger's user's older sessions go with it, before it; then users whole, by age
    (A2, [A1, B1, C1, B2, A3], 16, ["a1", "b1", "c1", "a2", "b2", "a3"]),
    # b (2 sessions) does not fit in the room left, c (1) does: b stays whole elsewhere
    (A1, [B1, C1, B2], 2, ["a1", "c1"]),
    # the user has more waiting than a batch holds: its oldest go first, the trigger later
    (A3, [A1, A2, B1], 2, ["a1", "a2"]),
    # batching off
    (B2, [A1, B1, C1], 1, ["b1"]),
    (C1, [], 1, ["c1"]),
    # a trigger that has not ended (or is re-processed) sorts last among its user's
    (p("a9", "a", None), [A1, B1], 16, ["a1", "b1", "a9"]),
    # the trigger listed among the others too (a stale read) is taken once
    (A1, [A1, B1], 16, ["a1", "b1"]),
])
def test_pick_batch(trigger, others, size, expected):
    assert sids(pick_batch(trigger, others, size)) == expected


def test_no_user_is_split_in_a_way_that_reorders_it():
    others = [p(f"{u}{i}", u, 10 * i + n) for i in range(5) for n, u in enumerate("abcdef")]
    for size in range(1, 32):
        for trigger in others:
            batch = pick_batch(trigger, [o for o in others if o != trigger], size)
            assert len(batch) <= size
            for user in {x.user_id for x in batch}:
                mine = [x for x in batch if x.user_id == user]
                waiting = sorted((o for o in others if o.user_id == user),
                                 key=lambda o: o.ended_at)
                # a user in the batch has its oldest waiting sessions in it, in order
                assert mine == waiting[:len(mine)]


def test_a_batch_leaves_running_peers_their_share_at_the_end_of_a_backlog():
    # 10 users of 5 sessions; 1 peer running: of 20 pending it takes 10 (two users)
    waiting = [p(f"{u}{i}", u, 10 * i + n) for i in range(5) for n, u in enumerate("abcd")]
    trigger, others = waiting[0], waiting[1:]
    assert len(pick_batch(trigger, others, 16)) == 15  # alone: three whole users
    assert sorted({x.user_id for x in pick_batch(trigger, others, 16, peers=1)}) == ["a", "b"]
    assert {x.user_id for x in pick_batch(trigger, others, 16, peers=3)} == {"a"}
    # the trigger's own user is always taken (up to size), however many peers
    assert len(pick_batch(trigger, others, 16, peers=50)) == 5
    assert len(pick_batch(trigger, others, 3, peers=50)) == 3


@pytest.mark.parametrize("pending, size, peers, expected", [
    (20, 16, 0, 16), (20, 16, 1, 10), (21, 16, 1, 11), (64, 16, 1, 16), (1, 16, 5, 1),
    (0, 16, 0, 1),
])
def test_fair_share(pending, size, peers, expected):
    assert fair_share(pending, size, peers) == expected
