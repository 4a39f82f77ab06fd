"""Memory items (with every revision kept) and episodic fragments, with their vectors.

Retirement happens here, in the caller's transaction: a superseded fact retires its item
and the fragments that produced it, so retrieval can never serve them as current.
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from infra.db.models import FactEvidenceRow, FactRow, FragmentRow, MemoryItemRow, MemoryItemVersionRow
from pipeline.statements import item_id_for, statement_for
from pipeline.vocabulary import SHORT_LIVED_PREDICATES, item_kind
from schemas.records import Fact, Fragment, MemoryItem

_ITEM_FIELDS = ("item_id", "namespace", "user_id", "kind", "predicate", "statement", "scope",
                "confidence", "revision", "superseded_by", "retired", "sensitive",
                "created_at", "updated_at", "accessed_at", "ttl_days")


def to_item(row: MemoryItemRow) -> MemoryItem:
    data = {f: getattr(row, f) for f in _ITEM_FIELDS}
    return MemoryItem(**data, sources=tuple(row.sources or ()), tags=tuple(row.tags or ()))


def _source_ref(session_id: str | None, turn: int | None) -> str:
    return f"{session_id}#{turn}" if turn is not None else f"{session_id}"


class ItemStore:
    def __init__(self, session: Session, *, short_lived_ttl_days: int = 14) -> None:
        self._s = session
        self._ttl = short_lived_ttl_days

    def upsert_for_fact(self, fact: Fact, now: datetime) -> str:
        """The item carrying `fact`: created, revived (a value that returns) or sourced."""
        item_id = item_id_for(fact.namespace, fact.user_id, fact.predicate, fact.object)
        ref = _source_ref(fact.session_id, fact.turn)
        row = self._s.get(MemoryItemRow, item_id, with_for_update=True)
        statement = statement_for(fact.predicate, fact.object)
        if row is None:
            self._s.add(MemoryItemRow(
                item_id=item_id, namespace=fact.namespace, user_id=fact.user_id,
                kind=item_kind(fact.predicate), predicate=fact.predicate, statement=statement,
                scope={}, confidence=fact.confidence, sources=[ref], revision=1,
                retired=False, sensitive=fact.sensitive, created_at=now, updated_at=now,
                ttl_days=self._ttl if fact.predicate in SHORT_LIVED_PREDICATES else None,
                tags=[fact.predicate]))
            self._s.flush()
            self._version(item_id, 1, fact, statement, fact.confidence, [ref], now)
        elif row.retired or row.statement != statement:
            row.revision += 1
            row.retired, row.superseded_by = False, None
            row.statement, row.updated_at = statement, now
            row.sources = sorted(set(row.sources or []) | {ref})
            row.confidence = fact.confidence
            self._version(item_id, row.revision, fact, statement, fact.confidence,
                          row.sources, now)
        elif ref not in (row.sources or []):
            row.sources = sorted(set(row.sources or []) | {ref})
            row.updated_at = now
        self._s.execute(update(FactRow).where(FactRow.fact_id == fact.fact_id)
                        .values(item_id=item_id))
        return item_id

    def _version(self, item_id: str, revision: int, fact: Fact, statement: str,
                 confidence: float, sources: list[str], now: datetime) -> None:
        self._s.execute(insert(MemoryItemVersionRow).values(
            item_id=item_id, revision=revision, namespace=fact.namespace,
            user_id=fact.user_id, statement=statement, confidence=confidence,
            sources=list(sources), fact_id=fact.fact_id, created_at=now,
        ).on_conflict_do_nothing())
        self._s.execute(update(MemoryItemVersionRow).where(
            MemoryItemVersionRow.item_id == item_id, MemoryItemVersionRow.revision < revision,
            MemoryItemVersionRow.superseded_at.is_(None)).values(superseded_at=now))

    def add_source(self, fact: Fact, session_id: str | None, turn: int | None,
                   confidence: float, now: datetime) -> None:
        """A reconfirmation: provenance added and confidence raised (noisy-or), no revision."""
        item_id = item_id_for(fact.namespace, fact.user_id, fact.predicate, fact.object)
        row = self._s.get(MemoryItemRow, item_id, with_for_update=True)
        if row is None:
            return
        ref = _source_ref(session_id, turn)
        if ref in (row.sources or []):
            return
        row.sources = sorted(set(row.sources or []) | {ref})
        row.confidence = 1 - (1 - row.confidence) * (1 - confidence * 0.5)
        row.updated_at = now

    def retire_for_fact(self, fact: Fact, successor: Fact | None, now: datetime) -> None:
        """Retire the item of a closed fact and the fragments it came from."""
        item_id = item_id_for(fact.namespace, fact.user_id, fact.predicate, fact.object)
        successor_item = (item_id_for(successor.namespace, successor.user_id,
                                      successor.predicate, successor.object)
                          if successor else None)
        if successor_item != item_id:
            self._s.execute(update(MemoryItemRow).where(
                MemoryItemRow.item_id == item_id, MemoryItemRow.retired.is_(False))
                .values(retired=True, superseded_by=successor_item, updated_at=now))
            self._s.execute(update(MemoryItemVersionRow).where(
                MemoryItemVersionRow.item_id == item_id,
                MemoryItemVersionRow.superseded_at.is_(None)).values(superseded_at=now))
        turns = {(fact.session_id, fact.turn)}
        turns |= {(e.session_id, e.turn) for e in self._s.scalars(
            select(FactEvidenceRow).where(FactEvidenceRow.fact_id == fact.fact_id))}
        self.retire_fragments(fact.namespace, fact.user_id,
                              [t for t in turns if t[0] and t[1] is not None], now)

    def retire_fragments(self, namespace: str, user_id: str,
                         turns: Sequence[tuple[str, int]], now: datetime) -> int:
        if not turns:
            return 0
        conds = [(FragmentRow.session_id == s) & (FragmentRow.turn_start <= t)
                 & (FragmentRow.turn_end >= t) for s, t in turns]
        result = self._s.execute(update(FragmentRow).where(
            FragmentRow.namespace == namespace, FragmentRow.user_id == user_id,
            FragmentRow.retired.is_(False), or_(*conds)).values(retired=True, retired_at=now))
        return result.rowcount

    def add_fragments(self, fragments: Sequence[Fragment], vectors: Sequence[list[float]] | None,
                      model: str | None) -> int:
        if not fragments:
            return 0
        rows = []
        for i, f in enumerate(fragments):
            row = f.model_dump()
            row["embedding"] = vectors[i] if vectors is not None else None
            row["embed_model"] = model
            rows.append(row)
        result = self._s.execute(insert(FragmentRow).values(rows)
                                 .on_conflict_do_nothing(index_elements=["fragment_id"]))
        return result.rowcount

    def items_missing_vectors(self, namespace: str, user_id: str, model: str) -> list[MemoryItemRow]:
        return list(self._s.scalars(select(MemoryItemRow).where(
            MemoryItemRow.namespace == namespace, MemoryItemRow.user_id == user_id,
            or_(MemoryItemRow.embedding.is_(None), MemoryItemRow.embed_model != model))))

    def set_vectors(self, rows: Sequence[MemoryItemRow], vectors: Sequence[list[float]],
                    model: str) -> None:
        for row, vec in zip(rows, vectors, strict=True):
            row.embedding, row.embed_model = vec, model

    def live_items(self, namespace: str, user_id: str) -> list[MemoryItem]:
        return [to_item(r) for r in self._s.scalars(select(MemoryItemRow).where(
            MemoryItemRow.namespace == namespace, MemoryItemRow.user_id == user_id,
            MemoryItemRow.retired.is_(False)))]

    def count_live(self, namespace: str) -> int:
        return self._s.scalar(select(func.count()).select_from(MemoryItemRow).where(
            MemoryItemRow.namespace == namespace, MemoryItemRow.retired.is_(False))) or 0
