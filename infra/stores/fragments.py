"""Episodic fragments: the raw exchanges recall can bring back, with their vectors.

Their retirement with the facts they produced is `ItemStore`'s (one transaction with the
items); here they are written, and rewritten when a claim read from them is held back."""
from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import and_, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from infra.db.models import FragmentRow
from schemas.records import Fragment


def to_fragment(row: FragmentRow) -> Fragment:
    return Fragment(fragment_id=row.fragment_id, namespace=row.namespace, user_id=row.user_id,
                    session_id=row.session_id, turn_start=row.turn_start,
                    turn_end=row.turn_end, text=row.text, at=row.at, retired=row.retired)


def _upsert_statement():
    """The fragments' multi-row insert. Replayed under another embedder (reprocessing after
    a model change): the existing fragment's vector is replaced; nothing else about it
    changes (its text may have been held back since: see `rewrite`)."""
    table = FragmentRow.__table__
    stmt = insert(table)
    return stmt.on_conflict_do_update(
        index_elements=["fragment_id"],
        set_={"embedding": stmt.excluded.embedding, "embed_model": stmt.excluded.embed_model},
        where=and_(stmt.excluded.embedding.is_not(None),
                   or_(table.c.embedding.is_(None),
                       table.c.embed_model.is_distinct_from(stmt.excluded.embed_model))))


#: Built once: building it (and its cache key) on every write cost more CPU than its rows
#: (the extract worker writes every session's fragments through it).
_UPSERT = _upsert_statement()


class FragmentStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    def add(self, fragments: Sequence[Fragment], vectors: Sequence[list[float]] | None,
            model: str | None) -> int:
        if not fragments:
            return 0
        rows = []
        for i, f in enumerate(fragments):
            row = f.model_dump()
            row["embedding"] = vectors[i] if vectors is not None else None
            row["embed_model"] = model
            rows.append(row)
        # Parameters apart from the statement: compiled once and cached, sent as one
        # multi-row round trip.
        return self._s.execute(_UPSERT, rows).rowcount

    def covering(self, namespace: str, user_id: str, session_id: str,
                 turns: Sequence[int]) -> list[Fragment]:
        """The session's fragments whose exchange holds one of `turns`, locked (a replay
        of the session writing them at once waits)."""
        if not turns:
            return []
        spans = or_(*(and_(FragmentRow.turn_start <= t, FragmentRow.turn_end >= t)
                      for t in sorted(set(turns))))
        return [to_fragment(r) for r in self._s.scalars(select(FragmentRow).where(
            FragmentRow.namespace == namespace, FragmentRow.user_id == user_id,
            FragmentRow.session_id == session_id, spans)
            .order_by(FragmentRow.fragment_id).with_for_update())]

    def rewrite(self, fragments: Sequence[Fragment], vectors: Sequence[list[float]],
                model: str) -> None:
        """Store new texts (and the vectors of the new texts) of existing fragments."""
        if fragments:
            self._s.execute(update(FragmentRow), [
                {"fragment_id": f.fragment_id, "text": f.text, "embedding": v,
                 "embed_model": model} for f, v in zip(fragments, vectors, strict=True)])
