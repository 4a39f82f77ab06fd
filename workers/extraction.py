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
stay a prefix of its sessions in end order (what a consolidate batch takes). Two workers
taking the same session both extract it; the second write finds the checkpoint and
keeps nothing (replay's write checks under the users' locks).
"""
from __future__ import annotations

from datetime import datetime

import structlog

from infra.deps import Deps
from schemas.enums import ExtractorKind, SessionState
from workers.consolidation import batch_size
from workers.extract_writes import WRITES
from workers.failures import RETRYABLE
from workers.stages import prepare_replay, replay_many

log = structlog.get_logger(__name__)


def extract(deps: Deps, sid: str, now: datetime, at: str | None) -> None:
    """The extract stage for `sid` (and, with a local extractor, the batch it takes)."""
    sids = batch_of(deps, sid)
    if not sids:  # extracted already (by another event's batch): nothing to write
        return
    prepared = prepare_replay(deps, sids)
    if len(sids) > 1:
        try:
            replay_many(deps, sids, now, prepared=prepared)
            return
        except RETRYABLE:
            raise
        except Exception as exc:  # noqa: BLE001 — the event's own session goes alone
            log.warning("extract_batch.split", sessions=len(sids),
                        error=f"{type(exc).__name__}: {exc}")
    WRITES.write(deps, sid, prepared, now, at)


def batch_of(deps: Deps, sid: str) -> list[str]:
    """`sid` and the sessions its extract event takes along (see the module doc); none
    when a local extractor's batch extracted `sid` already."""
    size = batch_size(deps)
    if size <= 1 or deps.settings.extractor == ExtractorKind.LLM:
        return [sid]
    version = deps.extractor.version
    with deps.unit_of_work(namespace="*") as uow:
        [(info, done)] = uow.sessions.with_checkpoints([sid], version)
        if "replay" in done:
            return []  # its own event after a batch took it
        if info.state != SessionState.ENDED:
            return [sid]  # reprocessed (a re-extraction asked for): alone
        return [sid, *uow.sessions.unextracted(info.namespace, version=version,
                                               limit=size - 1, exclude=[sid])]
