"""A local spool for dead-letter records the database could not take (it was down).

A permanent failure during an outage must not lose its record: it is appended here, one
JSON line per record, and moved into the dead-letter table at the next beat (the idle
sweeper drains it). Appends are single `write` calls on an O_APPEND file, so the processes
of one worker node can share the spool; a drain first renames the file to a name of its
own, so a record is taken by one drain only, and put back if the database refuses again.
"""
from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path

import structlog

from schemas.tasks import DeadLetter

log = structlog.get_logger(__name__)
_ACTIVE = "dead-letters.jsonl"
#: A claimed file this old belongs to a drain that died: it is drained again.
_STALE_CLAIM_S = 600


class DeadLetterSpool:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def keep(self, record: DeadLetter) -> None:
        """Append one record (durable once this returns)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        line = (record.model_dump_json() + "\n").encode()
        fd = os.open(self.folder / _ACTIVE, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            os.write(fd, line)
            os.fsync(fd)
        finally:
            os.close(fd)
        log.warning("dead_letter.spooled", task=record.task_name, sids=list(record.sids))

    def pending(self) -> int:
        """Records waiting (for the operator's view and the tests)."""
        return sum(len(p.read_text().splitlines()) for p in self._files())

    def drain(self, write: Callable[[Sequence[DeadLetter]], None]) -> int:
        """Hand every spooled record to `write` (one transaction per file); a file whose
        write raises stays for the next drain. Returns the records written."""
        if not self.folder.exists():
            return 0
        active = self.folder / _ACTIVE
        if active.exists():
            try:
                active.rename(self.folder / f"draining-{uuid.uuid4().hex}.jsonl")
            except FileNotFoundError:  # another drain took it first
                pass
        now = time.time()
        for stale in self.folder.glob("claimed-*.jsonl"):  # a drain that died mid-way
            if now - stale.stat().st_mtime > _STALE_CLAIM_S:
                stale.rename(stale.with_name(f"draining-{uuid.uuid4().hex}.jsonl"))
        written = 0
        for path in sorted(self.folder.glob("draining-*.jsonl")):
            claimed = path.with_name(f"claimed-{uuid.uuid4().hex}.jsonl")
            try:
                path.rename(claimed)
            except FileNotFoundError:
                continue
            os.utime(claimed)  # its age is the claim's, not the record's
            records = [DeadLetter.model_validate_json(line)
                       for line in claimed.read_text().splitlines() if line.strip()]
            try:
                write(records)
            except Exception as exc:
                claimed.rename(path.with_name(f"draining-{uuid.uuid4().hex}.jsonl"))
                log.warning("dead_letter.drain_failed", records=len(records), error=str(exc))
                continue
            claimed.unlink()
            written += len(records)
        if written:
            log.info("dead_letter.drained", records=written)
        return written

    def _files(self) -> list[Path]:
        if not self.folder.exists():
            return []
        return sorted(p for p in self.folder.glob("*.jsonl"))
