"""Group commit for the extract stage: the threads of one worker process that finish an
extraction around the same time write their results in one transaction.

With an LLM extractor on a thread pool, dozens of extractions are in flight and each ends
with a short write (its fragments, extraction run and checkpoint: ~10 statements and a
commit). Written one by one those writes cost more CPU, in the worker and in Postgres,
than the model call's own client work. Here a thread that finishes hands its result over;
if no write is running it writes everything waiting (of its namespace and time, up to
`Settings.dream_batch_size` sessions) at once, and the threads whose results it wrote
return as soon as that commit is done. Nobody waits for a batch to fill: results gather
only while a write is running. A prefork worker (one thread) writes its own result alone,
as before.

Each task still acks only after its own result committed (acks late): a process killed
mid-write loses the whole uncommitted batch, and every session in it is re-delivered and
finds no checkpoint. A batch that fails for a reason that is not transient is written
again one session at a time, so one bad session fails only its own task.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime

from infra.deps import Deps
from workers.failures import RETRYABLE
from workers.stages import Prepared, replay_many


@dataclass(eq=False)
class _Result:
    sid: str
    prepared: Prepared
    now: datetime
    key: tuple
    done: threading.Event = field(default_factory=threading.Event)
    lead: bool = False  # woken to write, not because its result was written
    error: BaseException | None = None


class GroupCommit:
    """One process's writer of finished extractions (see the module doc)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: list[_Result] = []
        self._writing = False

    def write(self, deps: Deps, sid: str, prepared: Prepared, now: datetime,
              at: str | None) -> None:
        """Write `sid`'s replay (with whatever else is waiting); raises its own error."""
        ns = prepared.namespace  # None: nothing extracted (done already, or failing): alone
        me = _Result(sid, prepared, now, (ns, at) if ns else (sid,))
        with self._lock:
            self._waiting.append(me)
            leading = not self._writing
            self._writing = True
        while not leading:
            me.done.wait()
            if not me.lead:
                break
            me.lead, leading = False, True
            me.done.clear()
        if leading:
            self._lead(deps, me)
        if me.error is not None:
            raise me.error

    def _lead(self, deps: Deps, me: _Result) -> None:
        """Write batches until `me` is written, then hand the writing to a waiting thread
        (so no thread keeps writing for others while its own task waits to ack)."""
        limit = max(1, deps.settings.dream_batch_size)
        try:
            while not me.done.is_set():
                with self._lock:  # `me` waits here until a batch takes it: never empty
                    key = self._waiting[0].key
                    batch = [r for r in self._waiting if r.key == key][:limit]
                    self._waiting = [r for r in self._waiting if r not in batch]
                try:
                    _write(deps, batch)
                except BaseException as exc:  # the others' tasks must not wait forever
                    for r in batch:
                        r.error = r.error or exc
                    raise
                finally:
                    for r in batch:
                        r.done.set()
        finally:
            with self._lock:
                if self._waiting:
                    nxt = self._waiting[0]
                    nxt.lead = True
                    nxt.done.set()
                else:
                    self._writing = False


def _write(deps: Deps, batch: list[_Result]) -> None:
    """Replay's write for the batch in one transaction; each result's error on it."""
    sids = [r.sid for r in batch]
    merged = batch[0].prepared
    for r in batch[1:]:
        merged = merged.merge(r.prepared)
    try:
        replay_many(deps, sids, batch[0].now, prepared=merged)
        return
    except RETRYABLE as exc:  # every task retries: nothing of the batch was written
        for r in batch:
            r.error = exc
        return
    except Exception as exc:  # noqa: BLE001 — given to its task below
        if len(batch) == 1:
            batch[0].error = exc
            return
    for r in batch:  # one at a time: only the bad session's task fails
        try:
            replay_many(deps, [r.sid], r.now, prepared=r.prepared)
        except Exception as exc:  # noqa: BLE001 — its task raises it
            r.error = exc


#: The process's writer (thread pools share it; a prefork child has its own).
WRITES = GroupCommit()
