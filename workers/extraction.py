"""Which sessions an extract event extracts.

With a model (the LLM extractor) an event extracts its own session only: extractions
overlap across the threads of a pool, and one task taking others along would wait for
their calls one after another. With a local extractor (rules) extraction is a few
milliseconds of CPU and the task's bookkeeping is most of its cost, so the event takes
along up to `Settings.dream_batch_size` of the namespace's oldest ended sessions not
extracted yet and writes them in one transaction; their own events then find their
checkpoints, and the consolidate event that follows finds a batch extracted. Without
this a worker serving every queue alternated one extraction and one consolidation of a
single session (measured: 56 statements per session instead of 5 to 8).

A batch that fails for a reason that is not transient (a session taken along whose
transcript is lost, say) is dropped, and the event extracts its own session alone: only
its own session's error is its task's.

Sessions are taken oldest first across the namespace, so each user's extracted sessions
stay a prefix of its sessions in end order (what a consolidate batch takes). An event
holds the sessions it extracts (advisory locks on one connection, gone with it) and takes
along only sessions no other event holds: two workers do not extract the same sessions
(measured before the locks, two workers spent 25 ms of CPU per session against 15 for
one). Were one extracted twice anyway, replay's write finds the checkpoint under the
users' locks and keeps nothing.
"""
from __future__ import annotations

from datetime import datetime

import structlog

from infra.deps import Deps, HeldConnection
from schemas.enums import ExtractorKind, SessionState
from workers.consolidation import batch_size
from workers.extract_writes import WRITES
from workers.failures import RETRYABLE
from workers.stages import prepare_replay, replay_many

log = structlog.get_logger(__name__)


def extract(deps: Deps, sid: str, now: datetime, at: str | None) -> None:
    """The extract stage for `sid` (and, with a local extractor, the batch it takes)."""
    if not batches(deps):
        WRITES.write(deps, sid, prepare_replay(deps, [sid]), now, at)
        return
    with deps.held_connection() as conn:  # the batch's sessions held until written
        sids = batch_of(deps, sid, conn)
        if not sids:  # extracted already (by another event's batch): nothing to write
            return
        prepared = prepare_replay(deps, sids, connection=conn)
        if len(sids) > 1:
            try:
                replay_many(deps, sids, now, prepared=prepared, connection=conn)
                return
            except RETRYABLE:
                raise
            except Exception as exc:  # noqa: BLE001 — the event's own session goes alone
                log.warning("extract_batch.split", sessions=len(sids),
                            error=f"{type(exc).__name__}: {exc}")
        replay_many(deps, [sid], now, prepared=prepared, connection=conn)


def batches(deps: Deps) -> bool:
    """Whether an extract event takes other sessions along (not with a model)."""
    return batch_size(deps) > 1 and deps.settings.extractor != ExtractorKind.LLM


def batch_of(deps: Deps, sid: str, conn: HeldConnection) -> list[str]:
    """`sid` and the sessions its extract event takes along, held on `conn` (waiting for
    `sid` while another event's batch holds it); none when that batch extracted it."""
    version = deps.extractor.version
    with deps.unit_of_work(namespace="*", connection=conn) as uow:
        uow.sessions.hold_extraction(sid)
        [(info, done)] = uow.sessions.with_checkpoints([sid], version)
        if "replay" in done:
            return []  # its own event after a batch took it
        if info.state != SessionState.ENDED:
            return [sid]  # reprocessed (a re-extraction asked for): alone
        return [sid, *uow.sessions.unextracted(info.namespace, version=version,
                                               limit=batch_size(deps) - 1, exclude=[sid])]
