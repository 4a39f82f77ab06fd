"""The deadline of the request this context serves (`api.safe.safe_recall` sets it): the
database work it starts may not outlive it (`statement_timeout`)."""
from __future__ import annotations

import time
from contextvars import ContextVar

DEADLINE: ContextVar[float | None] = ContextVar("reverie_recall_deadline", default=None)


def remaining_ms() -> int | None:
    """Milliseconds left before the deadline (at least 1), or None without one."""
    deadline = DEADLINE.get()
    if deadline is None:
        return None
    return max(1, int((deadline - time.monotonic()) * 1000))
