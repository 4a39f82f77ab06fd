"""The whole chain in one extract event, for a local extractor on a worker serving every
stage's queue.

With rules, extraction is a few milliseconds of CPU: a session's cost is the pipeline's
bookkeeping, and the fan-out's three events per session (extract, consolidate, forget:
each a broker round trip, a task and its checkpoint queries) cost more than the stages
themselves (`bench consolidate --embedder hash`, one worker: 11.5 statements and 25-36 ms
of worker CPU per session with three events, 5.2 and 14-20 ms with this; see
BENCHMARKS_consolidate.md). So when the worker that takes the extract event also serves
the consolidate and forget queues (`reverie worker` with no `--queues`, the embedded
setup) and the extractor needs no model, the event runs a dream batch as before the
fan-out: it holds the event's user and other users of the namespace with ended sessions
waiting, whole (`workers.consolidation`'s claim, batch choice and split on failure), and
runs replay, reconcile, consolidate and forget for the batch, each stage in its own
transaction with its checkpoints (`workers.stages`), exactly as the stage's own task
would. Nothing else is published: the later events of the batch's sessions were never
sent, and their own extract events find every checkpoint and return after one query.

Batches hold whole users, as consolidate batches do, rather than the oldest sessions
across users as rule extract batches do: two workers then take disjoint users, and a
worker whose event's user is held defers the event at once instead of waiting for the
other's locks (with three events, a second worker's extract event waited on the first's
extract batch and its consolidate event on the first's users, up to
`consolidate_claim_wait_s`: two workers did less than one).

At least once: an event acks only after its own session's forget checkpoint committed,
or after publishing its own event again (its user held by another batch: deferred, as a
busy consolidate event is). A worker killed between two stages leaves its event unacked:
the broker delivers it again (RabbitMQ when the connection drops, Redis after the
visibility timeout), and the stages that committed find their checkpoints. The batch's
other sessions are their own events' (still queued, or deferred), and every session not
through forget keeps its `resend_at`, so the sweeper sends its event again if all else is
lost. The users are held on one connection: a killed worker's claims go with it.

A worker serving only some queues, or an LLM extractor (whose extractions overlap on a
thread pool, user lock free), keeps the fan-out: `workers.extraction`, then the
consolidate and forget events.
"""
from __future__ import annotations

from datetime import datetime
from typing import Literal

from infra.deps import NOTHING_HELD, Deps
from pipeline.batching import Pending
from schemas.enums import ExtractorKind
from workers.app import serves
from workers.consolidation import batch_size, claim, next_batch, run_batch
from workers.stages import STAGES, consolidate_many, forget_many, reconcile_many, replay_many

#: Every stage, in order, for a batch this event dreams over.
_RUN = (replay_many, reconcile_many, consolidate_many, forget_many)

Outcome = Literal["done", "busy", "dreamed"]


def in_process(deps: Deps) -> bool:
    """Whether an extract event runs the session's later stages itself (see the module
    doc): a local extractor, and this worker serves both later queues."""
    return deps.settings.extractor != ExtractorKind.LLM and \
        serves(deps.settings, "consolidate", "forget")


def dream(deps: Deps, sid: str, now: datetime) -> Outcome:
    """Take `sid` and the batch it claims through every stage.

    "done": every stage of `sid` had run (one query, nothing held). "busy": another
    worker's batch holds the session's user (the caller sends the event again later: by
    then its checkpoints are there, or the holder died and it runs). "dreamed": `sid`
    went through, with the batches before it when its user had more sessions waiting than
    a batch holds (its older ones first)."""
    version, size = deps.extractor.version, batch_size(deps)
    tried: list[str] = []
    with deps.held_connection() as conn:
        with deps.unit_of_work(namespace="*", connection=conn) as uow:
            [(info, done)] = uow.sessions.with_checkpoints([sid], version)
            if "forget" in done:
                conn.info[NOTHING_HELD] = True
                return "done"
            ns, user = info.namespace, info.user_id
            if not claim(uow, ns, user, 0.0):
                conn.info[NOTHING_HELD] = True
                return "busy"
        trigger = Pending(sid, user, info.ended_at)
        while sid not in tried:
            with deps.unit_of_work(namespace="*", connection=conn) as uow:
                todo = next_batch(uow, trigger, ns, version, size, tried, stages=STAGES,
                                  extracting=True)
            if not todo:
                break
            run_batch(deps, todo, sid, ns, now, conn, _RUN)
            tried.extend(todo)
    return "dreamed"
