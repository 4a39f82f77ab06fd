"""Which sessions a consolidate batch takes. Pure: no I/O, no clock.

A batch holds users, not sessions: every session of a user it holds goes through the
batch in the order the sessions ended, so a user's later session can never be applied
before an earlier one, whichever worker runs which batch. Extraction runs ahead of
consolidation, out of order and many at a time, so a user's sessions are taken only up to
the first one not extracted yet: the later ones wait for it (its own consolidate event
takes them along).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

_NEVER = datetime.max.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Pending:
    """An ended session waiting for consolidation, as a batch claim sees it."""

    sid: str
    user_id: str
    ended_at: datetime | None
    #: Its extract stage is done (consolidation can take it).
    extracted: bool = True


def _order(p: Pending) -> tuple[datetime, str]:
    return (p.ended_at or _NEVER, p.sid)


def pick_batch(trigger: Pending, others: Sequence[Pending], size: int, *,
               peers: int = 0) -> list[Pending]:
    """The batch an event for `trigger` runs, in processing order (by end time).

    First the trigger's user: its pending sessions with the trigger among them, oldest
    first, up to the first not extracted (`ready`), at most `size` (when the user has
    more, the trigger may not be in this batch: its older sessions go first). Then other
    users whole (their ready sessions), in the order of their oldest pending session, each
    only if all of them fit; a user that does not fit is left entirely to another batch.

    With `peers` other batches running in the namespace, a batch takes no more than its
    fair share of the pending sessions it sees (`fair_share`) beyond the trigger's own
    user: at the end of a backlog one worker would otherwise take all that is left while
    the others go idle."""
    mine = ready(sorted({p.sid: p for p in [trigger, *others]
                         if p.user_id == trigger.user_id}.values(), key=_order))[:size]
    users: dict[str, list[Pending]] = {}
    for p in sorted(others, key=_order):
        if p.user_id != trigger.user_id:
            users.setdefault(p.user_id, []).append(p)
    users = {u: ready(sessions) for u, sessions in users.items()}
    seen = len({p.sid for p in [trigger, *others]})
    limit = max(len(mine), fair_share(seen, size, peers))
    batch, room = list(mine), limit - len(mine)
    for sessions in users.values():
        if room <= 0:
            break
        if sessions and len(sessions) <= room:
            batch.extend(sessions)
            room -= len(sessions)
    return sorted(batch, key=_order)


def ready(sessions: Sequence[Pending]) -> list[Pending]:
    """A user's sessions (in end order) up to the first one not extracted yet."""
    out = []
    for p in sessions:
        if not p.extracted:
            break
        out.append(p)
    return out


def fair_share(pending: int, size: int, peers: int) -> int:
    """Sessions one of `peers` + 1 batches should take of `pending`, at most `size`. A
    user's sessions run in order, one batch after another, so only whole users spread
    over workers; a batch always takes its own user's (`pick_batch`)."""
    return min(size, max(1, -(-pending // (peers + 1))))
