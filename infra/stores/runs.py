"""Checkpoints, dead letters and extraction runs: the pipeline's own bookkeeping."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from infra.db.models import CheckpointRow, DeadLetterRow, ExtractionRunRow, SessionRow
from schemas.ids import stable_id
from schemas.records import DeadLetter


def to_dead_letter(row: DeadLetterRow) -> DeadLetter:
    return DeadLetter.model_validate(row, from_attributes=True)


class RunStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    def checkpoint(self, sid: str, stage: str, input_hash: str, version: str) -> dict | None:
        """The stored output of a finished stage, or None when it has not run for this key."""
        row = self._s.get(CheckpointRow, (sid, stage, input_hash, version))
        return None if row is None else (row.output or {})

    def finished(self, sid: str, stage: str, input_hash: str) -> bool:
        """Whether `stage` has a checkpoint for this transcript, under any extractor
        version."""
        return self._s.scalar(select(CheckpointRow.sid).where(
            CheckpointRow.sid == sid, CheckpointRow.stage == stage,
            CheckpointRow.input_hash == input_hash).limit(1)) is not None

    def mark_done(self, sid: str, namespace: str, stage: str, input_hash: str, version: str,
                  output: dict | None, now: datetime) -> bool:
        """Record a finished stage; False when a concurrent run recorded it first."""
        result = self._s.execute(insert(CheckpointRow).values(
            sid=sid, namespace=namespace, stage=stage, input_hash=input_hash, version=version,
            output=output, completed_at=now).on_conflict_do_nothing())
        return result.rowcount == 1

    def mark_done_many(self, rows: Sequence[dict], stage: str, version: str,
                       now: datetime) -> None:
        """`mark_done` for several sessions in one statement: `rows` hold sid, namespace,
        input_hash and output."""
        if rows:
            self._s.execute(insert(CheckpointRow).on_conflict_do_nothing(), [
                {**r, "stage": stage, "version": version, "completed_at": now} for r in rows])

    def clear(self, sid: str) -> None:
        self._s.execute(delete(CheckpointRow).where(CheckpointRow.sid == sid))

    def dead_letter(self, task_name: str, payload: dict, reason: str, now: datetime,
                    namespace: str | None = None, sid: str | None = None) -> None:
        """Record a failure for good. Without `namespace`, a session's task (`sid`) is
        recorded under its session's namespace, so the namespace's operator reads it on the
        application's login (row-level security); a record of no session stays the
        administrative login's."""
        if namespace is None and sid is not None:
            namespace = self._s.scalar(select(SessionRow.namespace).where(SessionRow.sid == sid))
        self._s.execute(insert(DeadLetterRow).values(
            dead_letter_id=stable_id("dead", task_name, sorted(payload.items()), reason),
            task_name=task_name, namespace=namespace, payload=payload, reason=reason[:4000],
            failed_at=now).on_conflict_do_nothing())

    def dead_letters(self) -> list[DeadLetter]:
        """Every dead letter, oldest first (`InspectionStore.dead_letters` is per namespace)."""
        return [to_dead_letter(r) for r in
                self._s.scalars(select(DeadLetterRow).order_by(DeadLetterRow.failed_at))]

    def record_extractions(self, runs: Sequence[dict], now: datetime) -> None:
        """Extraction run records (sid, namespace, extractor, claims, dropped, tokens,
        cost), one statement."""
        if runs:
            self._s.execute(insert(ExtractionRunRow).on_conflict_do_nothing(), [
                {**r, "run_id": stable_id("extraction", r["sid"], r["extractor"]),
                 "created_at": now} for r in runs])
